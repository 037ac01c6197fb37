import { expect, test, onOneTenant } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';

// Spec §9 "Thumbnail strip only with more than 3 images; slides scroll from 5 upward": a car with
// many photos has a strip that scrolls and follows the photo shown.

test('from 5 slides upward the thumbnail strip scrolls and keeps the photo shown in view', onOneTenant(), async ({ page, tenant }) => {
  const answer = await tenantHttp(tenant.slug, '/1/indexes/cars/query', { body: { filters: 'status:in_stock', hitsPerPage: 100, attributesToRetrieve: ['slug'] } });
  let slug: string | null = null;
  for (const hit of (answer.json as { hits: { slug: string }[] }).hits) {
    const car = (await tenantHttp(tenant.slug, `/api/cars/${hit.slug}`)).json as { images: { video?: boolean }[]; spin_images: string[] };
    // Many photos, and a page that opens on its gallery.
    if (car.images.filter((image) => !image.video).length >= 10 && car.spin_images.length === 0) {
      slug = hit.slug;
      break;
    }
  }
  expect(slug, 'a car with 10 or more photos').not.toBeNull();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/cars/${slug}`);
  await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
  const strip = page.getByRole('list', { name: 'Choose a photo' });
  await expect(strip).toHaveAttribute('data-scrolls', 'true');
  expect(await strip.evaluate((list) => list.scrollWidth > list.clientWidth), 'more thumbnails than fit').toBe(true);
  await expect(strip.getByRole('button').first()).toHaveAttribute('aria-current', 'true');
  // Back from the first photo is the last (the slider loops): the strip scrolls to its thumbnail.
  await page.getByRole('button', { name: 'Previous photo' }).click();
  const last = strip.getByRole('button').last();
  await expect(last).toHaveAttribute('aria-current', 'true');
  await expect(last).toBeInViewport({ ratio: 0.9 });
  expect(await strip.evaluate((list) => list.scrollLeft)).toBeGreaterThan(0);
});
