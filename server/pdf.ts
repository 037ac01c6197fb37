/*
 * A minimal PDF writer: one or more A4 pages of Helvetica text, enough for the printable car
 * sheet (spec §7 car PDF by slug). Text is encoded as WinAnsi; characters outside it become '?'.
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

function escapeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    const c = code === 0x2019 ? 39 : code === 0x2013 || code === 0x2014 ? 45 : code;
    if (c === 40 || c === 41 || c === 92) out += `\\${String.fromCharCode(c)}`;
    else if (c >= 32 && c < 127) out += String.fromCharCode(c);
    else if (c >= 160 && c < 256) out += `\\${c.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return out;
}

/**
 * Wraps text to a maximum number of characters per line (Helvetica averages ~0.5 em per glyph).
 * @param text paragraph
 * @param size font size in points
 */
export function wrapText(text: string, size: number): string[] {
  const max = Math.floor((PAGE_W - 2 * MARGIN) / (size * 0.5));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Renders lines into a PDF document (pages break automatically).
 * @param title document title (metadata)
 * @param input lines, top to bottom
 */
export function renderPdf(title: string, input: PdfLine[]): Buffer {
  const pages: string[] = [];
  let ops: string[] = [];
  let y = PAGE_H - MARGIN;
  for (const l of input) {
    const size = l.size ?? 11;
    for (const [i, text] of wrapText(l.text, size).entries()) {
      const step = size * 1.35 + (i === 0 ? l.gap ?? 0 : 0);
      if (y - step < MARGIN) {
        pages.push(ops.join('\n'));
        ops = [];
        y = PAGE_H - MARGIN;
      }
      y -= step;
      ops.push(`BT /${l.bold ? 'F2' : 'F1'} ${size} Tf ${MARGIN} ${y.toFixed(1)} Td (${escapeText(text)}) Tj ET`);
    }
  }
  pages.push(ops.join('\n'));

  const objects: string[] = [];
  const add = (body: string) => objects.push(body) ;
  add('<< /Type /Catalog /Pages 2 0 R >>');
  const pageIds = pages.map((_, i) => 5 + i * 2);
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  for (const [i, content] of pages.entries()) {
    const contentId = 6 + i * 2;
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`);
    add(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`);
  }
  const infoId = objects.length + 1;
  add(`<< /Title (${escapeText(title)}) /Producer (Forecourt) >>`);

  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
