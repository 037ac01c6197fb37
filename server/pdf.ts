import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/*
 * The printable PDFs (spec §7 car PDF by slug, the history report, the model brochure): A4
 * pages of text written with pdf-lib. The text is set in Noto Sans (Latin, Greek, Cyrillic and
 * Vietnamese), embedded from its npm package and subset to the glyphs used, so a dealer comment
 * in Greek, Cyrillic or Vietnamese prints as written, offline. A character the
 * font lacks (Chinese, Arabic…) prints as the font's empty box rather than breaking the file.
 */

/** One line of text on a page. */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space above the line, points. */
  gap?: number;
}

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 56;

const require = createRequire(import.meta.url);
/** The font files, read once per process (about 0.5 MB each). */
let fontBytes: { regular: Uint8Array; bold: Uint8Array } | null = null;
function fonts(): { regular: Uint8Array; bold: Uint8Array } {
  fontBytes ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  };
  return fontBytes;
}

/**
 * Each font file's decoded tables, once per process: decoding Noto Sans's tables (its character
 * map and layout rules) is most of a document's cost. Only the tables are shared.
 */
const decodedTables = new Map<Uint8Array, object>();

/** The parts of a fontkit font this file touches: the decoded tables it keeps (as fontkit's own `getVariation` shares them) and the subset it makes for a document. */
interface FontTables {
  _tables: object;
  createSubset(): GlyphSubset;
}

/** The part of fontkit's TrueType subset that adds one glyph's outline (`glyf`) and moves its write position (`offset`). */
interface GlyphSubset {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(glyphId: number): number;
}

/**
 * Pads each glyph's outline that fontkit copies into a document's subset to an even length.
 * fontkit writes a small subset's glyph index in the short format, which stores every offset
 * halved: a glyph of odd length (many of Noto Sans's) moved every glyph after it by a byte, and
 * viewers that read the font strictly (Poppler, so most Linux viewers) drew the sheet with most
 * of its letters missing. A trailing zero byte after an outline is allowed padding.
 */
function evenGlyphs(subset: GlyphSubset): GlyphSubset {
  // eslint-disable-next-line no-underscore-dangle -- fontkit's own step that adds one glyph to a subset
  const addGlyph = subset._addGlyph;
  // eslint-disable-next-line no-underscore-dangle -- as above
  subset._addGlyph = function addEvenGlyph(this: GlyphSubset, glyphId: number): number {
    const index = addGlyph.call(this, glyphId);
    const outline = this.glyf[index]!;
    if (outline.length % 2 === 1) {
      // Of the outline's own kind (fontkit writes only its own buffers).
      const padded = new (outline.constructor as new (length: number) => Uint8Array)(outline.length + 1);
      padded.set(outline);
      padded[outline.length] = 0;
      this.glyf[index] = padded;
      this.offset += 1;
    }
    return index;
  };
  return subset;
}

/**
 * pdf-lib and fontkit, loaded with the first document: half a second of loading that every
 * start of the platform paid for the few shoppers who print a page.
 */
let libraries: Promise<{ PDFDocument: typeof PDFDocument; fontkit: Parameters<PDFDocument['registerFontkit']>[0] }> | null = null;
function pdfLibraries(): NonNullable<typeof libraries> {
  libraries ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([pdfLib, fontkitModule]) => {
    const fontkit = fontkitModule.default;
    // A font object of each document's own over the shared tables. A glyph object remembers the
    // characters it was first laid out for, and pdf-lib writes the document's text map (what a
    // reader copies, searches and reads aloud) from them: with one font object for every
    // document, a glyph two characters share (Greek capital Epsilon and Latin E) carried an
    // earlier document's character into a later one's text, which read "Engine" as "�ngine".
    const cachedFontkit = {
      create(data: Uint8Array, name?: string): unknown {
        const font = fontkit.create(data, name) as unknown as FontTables;
        const known = decodedTables.get(data);
        // eslint-disable-next-line no-underscore-dangle -- fontkit's own field of decoded tables, which its getVariation shares the same way
        if (known) font._tables = known; else decodedTables.set(data, font._tables);
        const createSubset = font.createSubset.bind(font);
        font.createSubset = () => evenGlyphs(createSubset());
        return font;
      },
    } as unknown as Parameters<PDFDocument['registerFontkit']>[0];
    return { PDFDocument: pdfLib.PDFDocument, fontkit: cachedFontkit };
  });
  libraries.catch(() => {
    libraries = null;
  });
  return libraries;
}

/** Each character's width at 1,000 pt, per font of a document: the sums wrapText starts from. */
const characterWidths = new WeakMap<object, Map<string, number>>();

/**
 * Wraps text to the page's width in the given font and size (by the glyphs' real widths), each
 * line as many words as fit. Where a line ends is found from the sum of its characters' widths,
 * each character measured once per font; the line is then measured whole, as it will be set (a
 * ligature or a mark can make it narrower or wider than the sum), and words are taken back or
 * added until it fits. Measuring every longer candidate line whole shaped the text once per word
 * (pdf-lib shapes the whole string on every measure): a sheet of forty long lines held the thread
 * for most of a second.
 * @param text paragraph
 * @param size font size in points
 * @param font the font it is set in
 */
export function wrapText(text: string, size: number, font: Pick<PDFFont, 'widthOfTextAtSize'>): string[] {
  const max = PAGE_W - 2 * MARGIN;
  const words = text.split(/\s+/).filter(Boolean);
  let widths = characterWidths.get(font);
  if (!widths) characterWidths.set(font, (widths = new Map()));
  const known = widths;
  const summed = (part: string): number => {
    let total = 0;
    for (const ch of part) {
      let width = known.get(ch);
      if (width === undefined) known.set(ch, (width = font.widthOfTextAtSize(ch, 1000)));
      total += width;
    }
    return (total * size) / 1000;
  };
  const fits = (from: number, to: number): boolean => font.widthOfTextAtSize(words.slice(from, to).join(' '), size) <= max;
  const space = summed(' ');
  const lines: string[] = [];
  let start = 0;
  while (start < words.length) {
    let end = start + 1;
    let width = summed(words[start]!);
    while (end < words.length) {
      const next = width + space + summed(words[end]!);
      if (next > max && !fits(start, end + 1)) break;
      width = next;
      end++;
    }
    while (end - start > 1 && !fits(start, end)) end--;
    lines.push(words.slice(start, end).join(' '));
    start = end;
  }
  return lines;
}

/**
 * Renders lines into a PDF document (pages break automatically).
 * @param title document title (metadata)
 * @param input lines, top to bottom
 */
export async function renderPdf(title: string, input: PdfLine[]): Promise<Buffer> {
  const { PDFDocument, fontkit } = await pdfLibraries();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const bytes = fonts();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  doc.setTitle(title);
  doc.setProducer('Forecourt');
  doc.setCreator('Forecourt');
  let page = doc.addPage([PAGE_W, PAGE_H]);
  let y = PAGE_H - MARGIN;
  for (const l of input) {
    const size = l.size ?? 11;
    const font = l.bold ? bold : regular;
    for (const [i, text] of wrapText(l.text, size, font).entries()) {
      const step = size * 1.35 + (i === 0 ? l.gap ?? 0 : 0);
      if (y - step < MARGIN) {
        page = doc.addPage([PAGE_W, PAGE_H]);
        y = PAGE_H - MARGIN;
      }
      y -= step;
      page.drawText(text, { x: MARGIN, y, size, font });
    }
  }
  return Buffer.from(await doc.save());
}
