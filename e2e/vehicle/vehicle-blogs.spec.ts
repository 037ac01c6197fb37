import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, keepScreenshot, onOneTenant, test } from '../lib/fixtures.ts';
import { elements, parseHtml } from '../search/html.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { siteFilter } from '../search/search-api.ts';

// Blogs on the vehicle detail page (spec §2 "similar cars …, blogs"), for every tenant:
// where features.blog is on, the site's three latest posts as blog cards below similar cars, titles
// cut at limits.blogTitleLength and descriptions at limits.blogDescriptionLength (spec §9, 80 / 100),
// each leading to its article page (/blog/{slug}). The block is not in the server's HTML and
// neither its code nor its call loads before it comes near the viewport; hydration stays clean and
// axe finds nothing. Where the blog is off there is no block and no blog call.

interface Post {
  id: number;
  slug: string;
  heading: string;
  description: string;
  href: string;
  date: string;
}

const hydrated = (page: Page) => page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);

/** The page of an in-stock car of the site. */
async function inStockCarPath(tenant: ResolvedTenant): Promise<string> {
  const search = await tenantHttp(tenant.slug, '/1/indexes/cars/query', { body: { filters: `${siteFilter(tenant)} AND status:in_stock`, hitsPerPage: 1, attributesToRetrieve: ['slug'] } });
  const slug = (search.json as { hits: { slug: string }[] }).hits[0]?.slug ?? '';
  expect(slug).not.toBe('');
  return `/cars/${slug}`;
}

/** The text a card shows for `text` cut at `limit`: whole when it fits, else a prefix ending in '…'. */
function expectCut(shown: string, text: string, limit: number) {
  if (text.length <= limit) {
    expect(shown).toBe(text);
    return;
  }
  expect(shown.endsWith('…'), `'${shown}' ends with …`).toBe(true);
  const kept = shown.slice(0, -1);
  expect(kept.length).toBeLessThanOrEqual(limit);
  expect(text.startsWith(kept), `'${kept}' begins '${text}'`).toBe(true);
}

// Every tenant with the blog runs this (its posts, its limits, its theme); of the tenants without
// it, one runs it (with no block, nothing asks for posts as the page scrolls: the same code on
// each), and every one is checked in the server's HTML by the next test.
test('the latest blog posts on the vehicle page, lazy, cut and linked to their articles', onOneTenant({ has: (t) => !t.features.blog }), async ({ page, tenant, expectNoAxeViolations }) => {
  test.slow();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) problems.push(message.text());
    if (/hydrat|#418|#419|#423|#425/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const blogCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/blog')) blogCalls.push(request.url());
  });

  const path = await inStockCarPath(tenant);

  // The server's page has no block: it follows hydration, near the viewport.
  const html = (await tenantHttp(tenant.slug, path)).text;
  expect(html.includes('data-testid="vehicle-blog-card"')).toBe(false);

  await page.goto(path);
  await hydrated(page);
  const slot = page.getByTestId('vehicle-blogs-slot');
  if (!tenant.features.blog) {
    await expect(slot).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    // A block near the viewport would be seen at the next rendering steps and ask for posts at once.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.waitForLoadState('networkidle');
    expect(blogCalls).toEqual([]);
    expect(problems).toEqual([]);
    return;
  }
  await expect(slot).toHaveCount(1);
  const farBelow = await slot.evaluate((node) => node.getBoundingClientRect().top > window.innerHeight + 600);
  if (farBelow) expect(blogCalls, 'no blog call before the block is near the viewport').toEqual([]);

  // Expected: the three newest posts, worked out here from the blog API.
  const posts = ((await tenantHttp(tenant.slug, '/api/blog')).json as { items: Post[] }).items;
  const latest = posts.toSorted((a, b) => b.date.slice(0, 10).localeCompare(a.date.slice(0, 10)) || b.id - a.id).slice(0, 3);
  expect(latest.length).toBeGreaterThan(0);

  await slot.scrollIntoViewIfNeeded();
  const block = page.getByTestId('vehicle-blogs');
  // Its code and the posts load now: on a loaded machine that can take longer than the default wait.
  await expect(block).toBeVisible({ timeout: 20_000 });
  await expect(block.getByRole('heading', { level: 2, name: 'From Our Blog' })).toBeVisible();
  const cards = block.getByTestId('vehicle-blog-card');
  await expect(cards).toHaveCount(latest.length);
  for (const [index, post] of latest.entries()) {
    const card = cards.nth(index);
    const link = card.getByRole('heading', { level: 3 }).getByRole('link');
    await expect(link).toHaveAttribute('href', `/blog/${post.slug}`);
    expectCut(((await link.textContent()) ?? '').trim(), post.heading, tenant.limits.blogTitleLength);
    expectCut(((await card.locator('p').last().textContent()) ?? '').trim(), post.description, tenant.limits.blogDescriptionLength);
  }
  expect(blogCalls.length).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await keepScreenshot(block, { path: `test-results/vehicle/blogs-${tenant.slug}-desktop.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await block.scrollIntoViewIfNeeded();
  await keepScreenshot(block, { path: `test-results/vehicle/blogs-${tenant.slug}-phone.png` });
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(problems).toEqual([]);

  // A card leads to its article, a real page.
  const first = latest[0]!;
  await cards.nth(0).getByRole('heading', { level: 3 }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/blog/${first.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.heading, { timeout: 15_000 });
  expect((await tenantHttp(tenant.slug, `/blog/${first.slug}`)).status).toBe(200);
});

test('a car page has a place for the blog block exactly where the tenant has a blog (the server\'s HTML)', async ({ tenant }) => {
  const answer = await tenantHttp(tenant.slug, await inStockCarPath(tenant));
  expect(answer.status).toBe(200);
  const document = parseHtml(answer.text);
  // The car page with its sections (its map), and the block's place only where the blog is on.
  expect(elements(document, (el) => el.attr('id') === 'vehicle-map')).toHaveLength(1);
  expect(elements(document, (el) => el.attr('data-testid') === 'vehicle-blogs-slot')).toHaveLength(tenant.features.blog ? 1 : 0);
});
