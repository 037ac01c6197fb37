import { expect, test } from 'vitest';
import { renderPdf, wrapText } from './pdf.ts';

test('renders a valid single-page PDF with an xref table pointing at each object', () => {
  const pdf = renderPdf('Test', [{ text: '2021 Toyota HiLux SR5 (Auto)', size: 18, bold: true }, { text: 'Price: $45,990' }]);
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4')).toBe(true);
  expect(text).toContain('(2021 Toyota HiLux SR5 \\(Auto\\)) Tj');
  const xref = Number(/startxref\n(\d+)/.exec(text)?.[1]);
  expect(text.slice(xref, xref + 4)).toBe('xref');
  const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  for (const [i, off] of offsets.entries()) expect(text.slice(off, off + 10)).toMatch(new RegExp(`^${i + 1} 0 obj`));
});

test('long text breaks onto more pages and wraps by width', () => {
  const lines = Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i}` }));
  expect(renderPdf('Long', lines).toString('latin1')).toContain('/Count 3');
  expect(wrapText('word '.repeat(100), 11).length).toBeGreaterThan(3);
});
