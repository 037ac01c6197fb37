import { mkdirSync } from 'node:fs';
import { expect, test, keepScreenshot, watchConsole } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { answeredPage, byRole, elements, expectNotFoundPage, firstTag, metaContent, plainText } from '../search/html.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { clockHeaders, setServerClock } from '../lib/test-clock.ts';

// EOFY sale pages (spec §2 /eofy and /pages/eofy-*), every tenant: where the tenant has
// them (features.eofySale), /eofy and each dealer EOFY page arrive rendered with JavaScript off,
// with their own title, description and canonical, hydrate without console errors and pass axe at
// phone and desktop widths, in June (the sale on, with the test server's clock) and outside it
// (it says the sale is coming or has ended); an unknown /pages/eofy-* is the not-found page; the
// special offers page and the sitemap lead to them. A tenant without them answers 404 and links
// to none. Screenshots in test-results/presence/.

const SHOTS = 'test-results/presence';
mkdirSync(SHOTS, { recursive: true });

const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * The June the demo EOFY offers are seeded for: the coming one (1–30 June, Brisbane time), from the
 * day the test server seeded its data (today). The test server's clock is driven to mid-June of
 * that year, before it and just after it (1 July, 00:30 in Brisbane, still 30 June in UTC), so the
 * checks hold whatever day the suite runs.
 */
const today = new Date();
const SALE_YEAR = today.getUTCFullYear() + (today.getTime() > Date.UTC(today.getUTCFullYear(), 5, 30, 13, 59, 59) ? 1 : 0);
const IN_SALE = `${SALE_YEAR}-06-15T02:00:00.000Z`;
const BEFORE_SALE = `${SALE_YEAR}-05-20T02:00:00.000Z`;
const AFTER_SALE = `${SALE_YEAR}-06-30T14:30:00.000Z`;

const origin = (siteUrl: string) => new URL(siteUrl).origin;

/** Each EOFY page of the tenant: path, h1 and page title. */
function eofyPages(tenant: ResolvedTenant): { path: string; heading: string }[] {
  const sale = tenant.content.eofySale;
  return [{ path: '/eofy', heading: sale.heading ?? 'EOFY Sale' }, ...sale.pages.map((page) => ({ path: `/pages/${page.slug}`, heading: page.title }))];
}

/** A tenant without the EOFY pages: 404s, no sitemap entries, no link from its special offers page. */
async function expectNoEofyPages(tenant: ResolvedTenant) {
  for (const path of ['/eofy', '/pages/eofy-nope']) await expectNotFoundPage(tenant.slug, path);
  expect((await tenantHttp(tenant.slug, '/sitemap.xml')).text).not.toContain('/eofy');
  const { status, doc } = await answeredPage(tenant.slug, tenant.features.specialOffers ? '/special-offers' : '/');
  expect(status).toBe(200);
  expect(byRole(doc, doc, 'heading', { level: 1 }).length).toBeGreaterThan(0);
  expect(elements(doc, (el) => el.tag === 'a' && /^\/eofy$|^\/pages\/eofy-/.test(el.attr('href') ?? '')), 'links to EOFY pages').toEqual([]);
}

test.describe('EOFY sale pages', () => {
  // What a browser with JavaScript off shows is the server's HTML: read here without a browser.
  test('arrive rendered (the server\'s HTML), each with its own head; an unknown EOFY page is a 404', async ({ tenant }) => {
    if (!tenant.features.eofySale) return expectNoEofyPages(tenant);
    const descriptions = new Set<string>();
    for (const { path, heading } of eofyPages(tenant)) {
      const { status, doc, title, canonical } = await answeredPage(tenant.slug, path, { headers: clockHeaders(IN_SALE) });
      expect(status, path).toBe(200);
      expect(byRole(doc, doc, 'heading', { level: 1 }).map((h) => plainText(h)), path).toEqual([heading]);
      expect(title).toBe(`${heading} | ${tenant.name}`);
      expect(canonical).toBe(`${origin(tenant.siteUrl)}${path}`);
      const description = metaContent(doc, 'description') ?? '';
      expect(description.length, `${path} has a description`).toBeGreaterThan(40);
      descriptions.add(description);
      // The sale closes at the end of 30 June in the site's time zone.
      expect(plainText(firstTag(doc, 'main')), path).toContain(`Sale ends 11:59 pm, 30 June ${SALE_YEAR}`);
    }
    expect(descriptions.size, 'every EOFY page has its own description').toBe(eofyPages(tenant).length);
    for (const path of ['/pages/eofy-nope', '/pages/eofy-']) await expectNotFoundPage(tenant.slug, path);
    const sitemap = (await tenantHttp(tenant.slug, '/sitemap.xml')).text;
    for (const { path } of eofyPages(tenant)) expect(sitemap, path).toContain(`${origin(tenant.siteUrl)}${path}<`);
  });

  test('in June: the live offers of the sale (of the page’s make), the stock search and the dealer EOFY pages; hydrated, axe at both widths', async ({ page, tenant, expectNoAxeViolations }) => {
    if (!tenant.features.eofySale) return expectNoEofyPages(tenant);
    test.slow();
    const problems = watchConsole(page);
    await setServerClock(page, IN_SALE);
    // The dealer's EOFY offers inside their window in mid-June, asked of the API at that time (the
    // demo EOFY offers are seeded for the coming June).
    const at = Date.parse(IN_SALE);
    const answer = await tenantHttp(tenant.slug, '/api/offers?per_page=60&campaign=eofy', { headers: clockHeaders(IN_SALE) });
    const all = (answer.json as { items: { make: string | null; start: string; expiry: string; campaign: string | null }[] }).items;
    const live = all.filter((o) => o.campaign === 'eofy' && Date.parse(o.start) <= at && at < Date.parse(o.expiry));
    // Seeded for the June after the seed's day, which is the June the clock is driven to.
    expect(live.length).toBeGreaterThan(0);
    const sale = tenant.content.eofySale;
    for (const { path, heading } of eofyPages(tenant)) {
      const dealerPage = sale.pages.find((p) => `/pages/${p.slug}` === path);
      const make = dealerPage?.make;
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        expect((await page.goto(path))?.status(), path).toBe(200);
        await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
        const main = page.getByRole('main');
        await expect(main.getByRole('heading', { level: 1 })).toHaveText(heading);
        const offers = main.getByRole('region', { name: make ? `${make} EOFY offers` : 'EOFY offers' });
        const expected = live.filter((o) => !make || o.make?.toLowerCase() === make.toLowerCase());
        await expect(offers.getByRole('article')).toHaveCount(Math.min(expected.length, 21));
        await expect(main.getByRole('link', { name: make ? `Browse ${make} stock` : 'Browse all stock' })).toHaveAttribute('href', make ? new RegExp(`^/search/${make.toLowerCase()}`) : tenant.routes.defaultSearchPath);
        // The other EOFY pages of the dealer are linked (from /eofy: every dealer page).
        for (const other of sale.pages.filter((p) => p !== dealerPage)) await expect(main.getByRole('link', { name: other.title, exact: true })).toHaveAttribute('href', `/pages/${other.slug}`);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-eofy${dealerPage ? `-${dealerPage.slug}` : ''}-${size.name}.png`, fullPage: true });
      }
    }
    expect(problems).toEqual([]);
  });

  test('before June it is coming, from 1 July it has ended; both lead to the special offers', async ({ page, tenant, expectNoAxeViolations }) => {
    if (!tenant.features.eofySale) return expectNoEofyPages(tenant);
    const problems = watchConsole(page);
    for (const [now, says, name] of [[BEFORE_SALE, `Coming soon. The ${SALE_YEAR} EOFY sale runs from 1 June ${SALE_YEAR} to 30 June ${SALE_YEAR}.`, 'before'], [AFTER_SALE, `This sale has ended. The ${SALE_YEAR} EOFY sale closed on 30 June ${SALE_YEAR}`, 'after']] as const) {
      await setServerClock(page, now);
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        expect((await page.goto('/eofy'))?.status()).toBe(200);
        await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
        const main = page.getByRole('main');
        await expect(main).toContainText(says);
        await expect(main.getByRole('region', { name: 'EOFY offers' })).toHaveCount(0);
        await expect(main.getByRole('link', { name: 'See current special offers' })).toHaveAttribute('href', '/special-offers');
        await expectNoAxeViolations(page);
        await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-eofy-${name}-${size.name}.png`, fullPage: true });
      }
    }
    expect(problems).toEqual([]);
  });

  test('the special offers page leads to the EOFY sale', async ({ page, tenant }) => {
    if (!tenant.features.eofySale) return expectNoEofyPages(tenant);
    const banner = page.getByRole('complementary', { name: tenant.content.eofySale.heading ?? 'EOFY Sale' });
    for (const size of WIDTHS) {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/special-offers');
      await expect(banner).toBeVisible();
      await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-eofy-banner-${size.name}.png` });
    }
    await banner.getByRole('link', { name: 'See the EOFY sale' }).click();
    await expect(page).toHaveURL(/\/eofy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tenant.content.eofySale.heading ?? 'EOFY Sale');
  });
});
