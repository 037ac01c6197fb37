import type { Page } from '@playwright/test';
import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';

// What a search card lays over its photo (the tag, the Save or watchlist and Compare buttons, the
// location badge, a sold car's SOLD band) when the car has no photo yet: the first import of a
// dealer's feed lists its cars before their photos have downloaded. A car for sale says its photos
// are coming; a sold one, which will get none, says it has none. The cards here are the
// shopper's own search, answered by the site with every photo taken away and every other car sold.
// On every tenant: which buttons a card has and the theme's type both move what can meet.

/**
 * What overlaps on the card `n` (0-based) with its photo's place centred in the window: the
 * placeholder's words against each thing laid over the photo, and each button against whatever of
 * the card's own covers its centre (the page's own bars, such as a consent banner, are not the card's).
 */
async function clashes(page: Page, n: number): Promise<{ placeholder: string | null; sold: boolean; clashes: string[] }> {
  return page.getByTestId('car-card').nth(n).evaluate((card) => {
    const found: string[] = [];
    const media = card.firstElementChild as HTMLElement;
    media.scrollIntoView({ block: 'center' });
    const link = media.querySelector('a[aria-hidden="true"]');
    const placeholder = [...media.querySelectorAll('span')].find((el) => el.textContent === 'Photos coming soon' || el.textContent === 'No photos');
    const sold = [...card.querySelectorAll('span')].some((el) => el.textContent === 'SOLD');
    if (!link || !placeholder) return { placeholder: null, sold, clashes: found };
    // The words' own box (a range over the text), not the placeholder's, which fills the photo's place.
    const range = document.createRange();
    range.selectNodeContents(placeholder);
    const words = range.getBoundingClientRect();
    const photo = media.getBoundingClientRect();
    if (words.left < photo.left || words.right > photo.right || words.top < photo.top || words.bottom > photo.bottom) found.push("the words run outside the photo's place");
    for (const overlay of [...media.children].filter((el) => el !== link)) {
      const box = overlay.getBoundingClientRect();
      if (words.left < box.right && box.left < words.right && words.top < box.bottom && box.top < words.bottom) found.push(`"${placeholder.textContent}" meets "${overlay.textContent?.trim() || overlay.tagName}"`);
    }
    for (const button of media.querySelectorAll<HTMLElement>('button, a:not([aria-hidden="true"])')) {
      const box = button.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (top && card.contains(top) && !button.contains(top)) found.push(`"${button.textContent?.trim()}" is covered by "${top.textContent?.trim()}"`);
    }
    return { placeholder: placeholder.textContent, sold, clashes: found };
  });
}

test('a car with no photo yet says so clear of what its card lays over the photo, and a sold car’s band covers none of its buttons, at desktop and phone widths', async ({ page, tenant }) => {
  await page.route((url) => url.pathname.startsWith('/1/indexes/') && url.pathname.endsWith('/queries'), async (route) => {
    // Asked of the site here (Node cannot resolve *.localhost for route.fetch), then answered changed.
    const sent = route.request();
    const url = new URL(sent.url());
    const answer = await tenantHttp(tenant.slug, url.pathname + url.search, { method: 'POST', headers: { 'content-type': 'application/json' }, body: sent.postData() ?? '' });
    const json = answer.json as { results: { hits?: Record<string, unknown>[] }[] };
    for (const result of json.results) {
      for (const [i, hit] of (result.hits ?? []).entries()) {
        Object.assign(hit, { primary_image_url: null, thumbnails: [], photos_count: 0 });
        if (i % 2 === 1) Object.assign(hit, { status: 'sold', sold: true });
      }
    }
    await route.fulfill({ status: answer.status, json });
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/search/new-used-and-demo-cars/');
  await expect(page.getByTestId('result-count')).toHaveText(/found/);
  // The shopper's own search (a sort) is the one answered without photos.
  await page.getByLabel('Sort by').selectOption({ label: 'Lowest price' });
  await expect(page.getByText('Photos coming soon').first()).toBeVisible();
  await expect(page.getByText('SOLD', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('No photos', { exact: true }).first()).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const count = await page.getByTestId('car-card').count();
    expect(count, 'cards on the page').toBeGreaterThan(1);
    for (let n = 0; n < count; n += 1) {
      const found = await clashes(page, n);
      expect({ width, card: n + 1, ...found }).toEqual({ width, card: n + 1, placeholder: found.sold ? 'No photos' : 'Photos coming soon', sold: found.sold, clashes: [] });
    }
  }
});
