import { cleanup, render, screen } from '@testing-library/react';
// oxlint-disable-next-line no-restricted-imports -- a part that fails to load, as React's own lazy fails
import { lazy } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TenantProvider } from '../../lib/tenant-context.tsx';
import { carFixture } from '../../test/car-fixture.ts';
import { tenantFixture } from '../../test/tenant-fixture.ts';
import { VehicleGallery } from './vehicle-gallery.tsx';
import { GalleryBoundary, loadGalleryBeforeHydration, VehicleGalleryPart } from './vehicle-gallery-part.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

/** The gallery's server HTML, as the car page's server render writes it. */
function galleryHtml(withPhotos = true): string {
  const car = carFixture(withPhotos ? {} : { images: [], video_url: null, external_video_url: null });
  return renderToString(
    <TenantProvider tenant={tenantFixture()}>
      <VehicleGallery car={car} title="2021 Toyota Corolla Ascent Sport" />
    </TenantProvider>,
  );
}

/** A page start the test decides. */
function startControl() {
  const control: { resolve?: () => void } = {};
  const promise = new Promise<void>((resolve) => (control.resolve = resolve));
  return { started: () => promise, start: () => control.resolve?.() };
}

describe('the car gallery’s code loads before hydration only where the page shows the gallery at once', () => {
  it('a page that opens on the spin viewer, its gallery only for browsers without scripts, loads it once the page has started', async () => {
    const load = vi.spyOn(VehicleGalleryPart, 'load').mockResolvedValue({});
    // The browser does not build a <noscript>'s content when scripts run: it is text.
    document.body.innerHTML = `<div role="group" aria-label="Views"></div><noscript>${galleryHtml()}</noscript>`;
    const page = startControl();
    expect(loadGalleryBeforeHydration(document, page.started)).toBeNull();
    expect(load).not.toHaveBeenCalled();
    page.start();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
  });

  it('a page whose server HTML shows the gallery loads it before hydrating', async () => {
    document.body.innerHTML = galleryHtml();
    const page = startControl();
    const loading = loadGalleryBeforeHydration(document, page.started);
    expect(loading).not.toBeNull();
    const module = (await loading) as { default: unknown };
    expect(module.default).toBe(VehicleGallery);
  });

  it('a car without photos shows "Photos coming soon" at once: its code loads before hydrating too', () => {
    document.body.innerHTML = galleryHtml(false);
    expect(document.body.textContent).toContain('Photos coming soon');
    expect(loadGalleryBeforeHydration(document, startControl().started)).not.toBeNull();
  });
});

describe('a gallery whose code fails to load keeps the car page', () => {
  it('says so in its place; the rest of the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Failing = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <main>
        <h1>2021 Toyota Corolla Ascent Sport</h1>
        <GalleryBoundary>
          <Failing />
        </GalleryBoundary>
      </main>,
    );
    expect((await screen.findByRole('status')).textContent).toBe('The photos could not be loaded. Please reload the page to see them.');
    expect(screen.getByRole('heading', { name: '2021 Toyota Corolla Ascent Sport' })).toBeTruthy();
  });
});
