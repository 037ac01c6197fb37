import zlib from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef, type PDFDict } from 'pdf-lib';

/*
 * The text of a PDF's pages, read as a PDF reader reads it: each page's content stream, its
 * text-showing operators, and each font's ToUnicode map from glyphs back to characters. For
 * tests that check what a printed sheet says, independently of how the server wrote it.
 */

function streamText(stream: PDFRawStream): string {
  const raw = Buffer.from(stream.contents);
  return (stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode') ? zlib.inflateSync(raw) : raw).toString('latin1');
}

/** glyph code (hex) → text, from a font's ToUnicode CMap. */
function toUnicode(doc: PDFDocument, font: PDFDict): Map<string, string> {
  const map = new Map<string, string>();
  const ref = font.get(PDFName.of('ToUnicode'));
  const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : undefined;
  if (!(stream instanceof PDFRawStream)) return map;
  for (const m of streamText(stream).matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
    const units = ((m[2] as string).match(/.{4}/g) ?? []).map((h) => parseInt(h, 16));
    map.set((m[1] as string).toUpperCase(), String.fromCharCode(...units));
  }
  return map;
}

/**
 * The lines of text on every page, in drawing order.
 * @param pdf the document's bytes
 */
export async function pdfTextLines(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font')) as PDFDict | undefined;
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts?.entries() ?? []) {
      maps.set(name.asString(), toUnicode(doc, doc.context.lookup(ref) as PDFDict));
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      let font = new Map<string, string>();
      for (const m of streamText(stream).matchAll(/(\/[\w-]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
        if (m[1]) font = maps.get(m[1]) ?? new Map();
        else lines.push(((m[2] as string).toUpperCase().match(/.{4}/g) ?? []).map((code) => font.get(code) ?? '\uFFFD').join(''));
      }
    }
  }
  return lines;
}
