import { describe, expect, it } from 'vitest';
import { inlinedStylesheetMarkers, inlinedStylesheets } from './inlined-css.ts';

describe('inlinedStylesheets', () => {
  const manifest = {
    routes: {
      __root__: { css: ['/assets/index-a.css', '/assets/start-b.css'] },
      '/cars/$slug': { css: ['/assets/vehicle-c.css', { href: '/assets/start-b.css' }, '/assets/gauge-d.css'] },
      '/search/$': { css: ['/assets/search-e.css'] },
    },
    inlineCss: { styles: { '/assets/index-a.css': 'a{}', '/assets/start-b.css': 'b{}', '/assets/vehicle-c.css': 'c{}', '/assets/search-e.css': 'e{}' } },
  };

  it('names the matched routes’ stylesheets the page carries, root first, each once', () => {
    expect(inlinedStylesheets(manifest, ['__root__', '/cars/$slug'])).toEqual(['/assets/index-a.css', '/assets/start-b.css', '/assets/vehicle-c.css']);
    expect(inlinedStylesheets(manifest, ['__root__', '/search/$'])).toEqual(['/assets/index-a.css', '/assets/start-b.css', '/assets/search-e.css']);
  });

  it('names none the page links instead (no text for it, or no inline CSS at all)', () => {
    expect(inlinedStylesheets(manifest, ['/cars/$slug'])).not.toContain('/assets/gauge-d.css');
    expect(inlinedStylesheets({ routes: manifest.routes }, ['__root__'])).toEqual([]);
  });
});

describe('inlinedStylesheetMarkers', () => {
  it('writes one disabled stylesheet link per file, its address escaped', () => {
    const html = inlinedStylesheetMarkers(['/assets/a.css', '/assets/b"<&.css']);
    const doc = new DOMParser().parseFromString(`<!doctype html><html><head>${html}</head><body></body></html>`, 'text/html');
    const links = [...doc.querySelectorAll('link')];
    expect(links.map((link) => [link.getAttribute('rel'), link.getAttribute('href'), link.hasAttribute('disabled')])).toEqual([
      ['stylesheet', '/assets/a.css', true],
      ['stylesheet', '/assets/b"<&.css', true],
    ]);
    expect(inlinedStylesheetMarkers([])).toBe('');
  });
});
