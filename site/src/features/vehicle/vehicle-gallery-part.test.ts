import { afterEach, describe, expect, it } from 'vitest';
import { GALLERY_MARK } from './gallery-mark.ts';
import { loadGalleryBeforeHydration } from './vehicle-gallery-part.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the car gallery’s code loads before hydration only where the page shows the gallery at once', () => {
  it('a page whose server HTML shows the gallery loads it before hydrating', async () => {
    document.body.innerHTML = `<section aria-roledescription="carousel" ${GALLERY_MARK}=""></section>`;
    const loading = loadGalleryBeforeHydration();
    expect(loading).not.toBeNull();
    const module = (await loading) as { default: unknown };
    expect(typeof module.default).toBe('function');
  });

  it('a page that opens on the spin viewer, its gallery only for browsers without scripts, loads nothing', () => {
    // The browser does not build a <noscript>'s content when scripts run: it is text.
    document.body.innerHTML = `<div role="group" aria-label="Views"></div><noscript><section ${GALLERY_MARK}=""></section></noscript>`;
    expect(document.querySelector(`[${GALLERY_MARK}]`)).toBeNull();
    expect(loadGalleryBeforeHydration()).toBeNull();
  });
});
