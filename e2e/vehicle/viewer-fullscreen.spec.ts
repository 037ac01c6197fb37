import { expect, test, onOneTenant } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';

// Spec §2 "Viewer tabs: Spin, Walkaround, Gallery, Interior, with Fullscreen": every view opens
// fullscreen, not only the Gallery; Escape closes it and focus goes back to its button.

interface ViewerCar {
  slug: string;
  spin_images: string[];
  spin_interior_image: string | null;
  walkaround_videos: { video: { url: string } }[];
}

/** In-stock cars of the site with spin frames (the platform names their views). */
async function spinCars(slug: string): Promise<ViewerCar[]> {
  const answer = await tenantHttp(slug, '/1/indexes/cars/query', { body: { filters: 'status:in_stock', hitsPerPage: 200, attributesToRetrieve: ['slug'] } });
  const cars: ViewerCar[] = [];
  for (const hit of (answer.json as { hits: { slug: string }[] }).hits) {
    const car = (await tenantHttp(slug, `/api/cars/${hit.slug}`)).json as ViewerCar;
    if (car.spin_images.length > 0) cars.push(car);
    if (cars.some((c) => c.spin_interior_image) && cars.some((c) => c.walkaround_videos.length > 0)) break;
  }
  return cars;
}

// Once with the spin viewer and once without; every tenant without it is checked in the server's
// HTML by vehicle-sections.spec.ts (no viewer, no Views group).
test('the Spin, Walkaround and Interior views each open fullscreen and close back to their button', onOneTenant({ variant: (t) => String(t.features.spinViewer) }), async ({ page, tenant, expectNoAxeViolations }) => {
  const cars = tenant.features.spinViewer ? await spinCars(tenant.slug) : [];
  if (!tenant.features.spinViewer) {
    // Without the viewer only the gallery has a Fullscreen button.
    const any = (await tenantHttp(tenant.slug, '/1/indexes/cars/query', { body: { filters: 'status:in_stock', hitsPerPage: 1, attributesToRetrieve: ['slug'] } })).json as { hits: { slug: string }[] };
    await page.goto(`/cars/${any.hits[0]!.slug}`);
    await expect(page.getByRole('group', { name: 'Views' })).toHaveCount(0);
    return;
  }
  const views: { tab: string; car: ViewerCar; content: (dialog: ReturnType<typeof page.getByRole>) => ReturnType<typeof page.getByRole> }[] = [];
  const spin = cars[0];
  expect(spin, 'a car with spin frames').toBeDefined();
  views.push({ tab: 'Spin', car: spin!, content: (dialog) => dialog.getByRole('slider') });
  const walkaround = cars.find((c) => c.walkaround_videos.length > 0);
  if (walkaround) views.push({ tab: 'Walkaround', car: walkaround, content: (dialog) => dialog.getByLabel(/walkaround video$/) as ReturnType<typeof page.getByRole> });
  const interior = cars.find((c) => c.spin_interior_image);
  if (interior) views.push({ tab: 'Interior', car: interior, content: (dialog) => dialog.getByRole('img', { name: /interior$/ }) });

  for (const view of views) {
    await page.goto(`/cars/${view.car.slug}`);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    await page.getByRole('group', { name: 'Views' }).getByRole('button', { name: view.tab, exact: true }).click();
    const open = page.getByRole('button', { name: `Fullscreen ${view.tab}`, exact: true });
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(view.content(dialog)).toBeVisible();
    // It fills the window.
    const size = page.viewportSize()!;
    expect(await dialog.boundingBox()).toMatchObject({ x: 0, y: 0, width: size.width, height: size.height });
    if (view.tab === 'Spin') await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
  }
});
