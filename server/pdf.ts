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
 * fontkit, with each font file parsed once per process: parsing Noto Sans's tables is most of a
 * document's cost, and pdf-lib only reads the parsed font (each document makes its own subset).
 */
const parsed = new Map<Uint8Array, unknown>();

/**
 * pdf-lib and fontkit, loaded with the first document: half a second of loading that every
 * start of the platform paid for the few shoppers who print a page.
 */
let libraries: Promise<{ PDFDocument: typeof PDFDocument; fontkit: Parameters<PDFDocument['registerFontkit']>[0] }> | null = null;
function pdfLibraries(): NonNullable<typeof libraries> {
  libraries ??= Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit')]).then(([pdfLib, fontkitModule]) => {
    const fontkit = fontkitModule.default;
    const cachedFontkit = {
      create(data: Uint8Array, name?: string): unknown {
        let font = parsed.get(data);
        if (font === undefined) {
          font = fontkit.create(data, name);
          parsed.set(data, font);
        }
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

/**
 * Wraps text to the page's width in the given font and size (by the glyphs' real widths).
 * @param text paragraph
 * @param size font size in points
 * @param font the font it is set in
 */
export function wrapText(text: string, size: number, font: Pick<PDFFont, 'widthOfTextAtSize'>): string[] {
  const max = PAGE_W - 2 * MARGIN;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > max) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
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
