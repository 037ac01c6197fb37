import zlib from 'node:zlib';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { expect, test } from 'vitest';
import { renderPdf, wrapText } from './pdf.ts';
import { pdfTextLines } from './test-support/pdf-text.ts';

/** Every code point the document's fonts map glyphs back to (their ToUnicode CMaps). */
async function mappedCodePoints(pdf: Buffer): Promise<Set<number>> {
  const doc = await PDFDocument.load(pdf);
  const points = new Set<number>();
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const filter = object.dict.get(PDFName.of('Filter'));
    const raw = Buffer.from(object.contents);
    const text = (filter === PDFName.of('FlateDecode') ? zlib.inflateSync(raw) : raw).toString('latin1');
    if (!text.includes('beginbfchar') && !text.includes('beginbfrange')) continue;
    // bfchar lines: <glyph> <unicode as UTF-16BE hex>
    for (const m of text.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]{4,8})>/g)) {
      const hex = m[1] as string;
      points.add(String.fromCharCode(...(hex.match(/.{4}/g) as string[]).map((h) => parseInt(h, 16))).codePointAt(0) as number);
    }
  }
  return points;
}

test('renders a PDF a reader opens: one A4 page, its title', async () => {
  const pdf = await renderPdf('Test', [{ text: '2021 Toyota HiLux SR5 (Auto)', size: 18, bold: true }, { text: 'Price: $45,990' }]);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const doc = await PDFDocument.load(pdf);
  expect(doc.getPageCount()).toBe(1);
  expect(doc.getTitle()).toBe('Test');
  expect(doc.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
});

test('long text breaks onto more pages', async () => {
  const lines = Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i}` }));
  // 120 lines of 11 pt at 1.35 line height on 730 pt of page: 49 a page.
  expect((await PDFDocument.load(await renderPdf('Long', lines))).getPageCount()).toBe(3);
});

test('a dealer comment in Greek, Cyrillic and Vietnamese is set in real glyphs, not question marks', async () => {
  const comment = 'Ελληνικά — русский — tiếng Việt — it’s “one owner”';
  const pdf = await renderPdf('Comment', [{ text: comment }]);
  const points = await mappedCodePoints(pdf);
  for (const ch of comment.replace(/\s/g, '')) expect(points, `missing ${ch}`).toContain(ch.codePointAt(0));
  expect(await pdfTextLines(pdf)).toEqual([comment]);
});

test('a character no embedded font has (Chinese) does not break the document', async () => {
  const doc = await PDFDocument.load(await renderPdf('Chinese', [{ text: '一手车 low kms' }]));
  expect(doc.getPageCount()).toBe(1);
});

test('wraps by the width of the text in its font', () => {
  // A stand-in font: every character half an em wide.
  const halfEm = { widthOfTextAtSize: (text: string, size: number) => text.length * size * 0.5 };
  // 483 pt of line at 11 pt: 87 characters.
  const lines = wrapText('word '.repeat(100), 11, halfEm);
  expect(lines.length).toBe(6);
  for (const line of lines) expect(line.length).toBeLessThanOrEqual(87);
});

test('a document reads as written whatever documents were made before it', async () => {
  // Greek capital Epsilon and Latin E are one glyph in Noto Sans: an earlier sheet that set the
  // Greek letter first must not change what a later sheet's E reads as.
  await renderPdf('Earlier', [{ text: 'Ελληνικά: Εε' }]);
  const text = 'Engine: Keyless Entry — Ελληνικά: ένας ιδιοκτήτης';
  expect(await pdfTextLines(await renderPdf('Later', [{ text }]))).toEqual([text]);
});

test('each line holds as many words as fit by the width of the whole line, where it differs from its characters’ widths added up', () => {
  const size = 10;
  const max = 595 - 2 * 56;
  const words = Array.from({ length: 120 }, (_, i) => ['fit', 'office', 'wide', 'a', 'fifty', 'Wm'][i % 6]!);
  // Stand-in fonts measured as a whole line: "fi" set as one narrower ligature, and a line
  // wider than its characters by a fixed edge.
  const fonts = {
    ligature: (text: string) => (text.length - 0.6 * (text.match(/fi/g)?.length ?? 0)) * size * 0.55,
    edge: (text: string) => text.length * size * 0.55 + (text.length > 1 ? 9 : 0),
  };
  for (const [name, width] of Object.entries(fonts)) {
    const lines = wrapText(words.join(' '), size, { widthOfTextAtSize: (text: string, at: number) => (width(text) * at) / size });
    const overflowing = lines.filter((line) => width(line) > max);
    const couldTakeTheNextWord = lines.slice(0, -1).filter((line, i) => width(`${line} ${lines[i + 1]!.split(' ')[0]}`) <= max);
    expect({ font: name, text: lines.join(' '), overflowing, couldTakeTheNextWord }).toEqual({ font: name, text: words.join(' '), overflowing: [], couldTakeTheNextWord: [] });
    expect(lines.length).toBeGreaterThan(3);
  }
});

/** A stream's bytes, inflated where it is compressed. */
function streamBytes(stream: PDFRawStream): Buffer {
  const raw = Buffer.from(stream.contents);
  return stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? zlib.inflateSync(raw) : raw;
}

test('every glyph of the embedded fonts is the font’s own outline for its character, as any reader draws it', async () => {
  const require = createRequire(import.meta.url);
  const original = {
    Regular: fontkit.create(readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'))),
    Bold: fontkit.create(readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'))),
  };
  const pdf = await renderPdf('Outlines', [
    { text: '2021 Toyota HiLux SR5 (Auto)', size: 18, bold: true },
    { text: 'Alloy Wheels, Bluetooth Connectivity, Bull Bar, Digital Radio (DAB+) — Ελληνικά, русский, tiếng Việt' },
  ]);
  const doc = await PDFDocument.load(pdf);
  const wrong: string[] = [];
  let checked = 0;
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Subtype')) !== PDFName.of('Type0')) continue;
    const descendant = doc.context.lookup((object.get(PDFName.of('DescendantFonts')) as PDFArray).get(0) as PDFRef) as PDFDict;
    const descriptor = doc.context.lookup(descendant.get(PDFName.of('FontDescriptor')) as PDFRef) as PDFDict;
    const embedded = fontkit.create(streamBytes(doc.context.lookup(descriptor.get(PDFName.of('FontFile2')) as PDFRef) as PDFRawStream));
    const weight = String(object.get(PDFName.of('BaseFont'))).includes('Bold') ? 'Bold' : 'Regular';
    const toUnicode = streamBytes(doc.context.lookup(object.get(PDFName.of('ToUnicode')) as PDFRef) as PDFRawStream).toString('latin1');
    for (const m of toUnicode.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]{4,8})>/g)) {
      const character = String.fromCharCode(...(m[2]!.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));
      let drawn: string;
      try {
        drawn = embedded.getGlyph(parseInt(m[1]!, 16)).path.toSVG();
      } catch {
        drawn = 'an outline that cannot be read';
      }
      const own = original[weight].glyphForCodePoint(character.codePointAt(0)!).path.toSVG();
      checked++;
      if (drawn !== own) wrong.push(`${weight} "${character}"`);
    }
  }
  expect(checked).toBeGreaterThan(60);
  expect(wrong).toEqual([]);
});
