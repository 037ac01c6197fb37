import { expect, test } from 'vitest';
import { html, styleSheet } from './html.ts';

test('a style sheet keeps its quoted font names, and cannot end its element early', () => {
  const sheet = styleSheet(':root{--font-body:system-ui, "Segoe UI", sans-serif}</style><script>alert(1)</script>');
  const page = html`<style>${sheet}</style>`.text;
  expect(page).toContain('--font-body:system-ui, "Segoe UI", sans-serif}');
  expect(page.match(/<\/style>/g)).toEqual(['</style>']);
  expect(page).not.toContain('<script>');
});
