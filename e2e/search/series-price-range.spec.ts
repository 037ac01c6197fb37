import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, onOneTenant, test } from '../lib/fixtures.ts';
import { holdServerClock, searchApi, shownCount, siteFilter } from './search-api.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { clockHeaders } from '../lib/test-clock.ts';
import { attrOf, byId, elements, parseHtml, plainText, textOf, type HtmlNode } from './html.ts';

// Spec §2: body series sort duo, city, sport (then the rest, most cars first); price range menu
// values sort numerically and read in the URL without currency symbols or commas. A site shows
// either facet only where its facet list names it.

const DEFAULT_PATH = '/search/new-used-and-demo-cars/';
const SERIES_ORDER = ['duo', 'city', 'sport'];
const rank = (value: string) => (SERIES_ORDER.includes(value.toLowerCase()) ? SERIES_ORDER.indexOf(value.toLowerCase()) : SERIES_ORDER.length);
/** The lower bound of a price range label, read here: "$10,000 - $20,000" → 10000. */
const low = (label: string) => Number(/\d[\d,]*/.exec(label)![0].replace(/,/g, ''));
/**
 * Each tenant whose search has the series or the price range facet runs the browser test in its
 * own theme; the tenants with neither share one run, which checks both are absent.
 */
const ownFacets = (t: ResolvedTenant) => (t.search.facets.includes('series') || t.search.facets.includes('price_range') ? t.slug : 'neither facet');

/** The facet counts of the site's stock for `facet`, asked by the test itself at the server clock `now`. */
async function stockFacet(tenant: ResolvedTenant, facet: string, now: string): Promise<[string, number][]> {
  const answer = await tenantHttp(tenant.slug, '/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'content-type': 'text/plain', 'x-algolia-application-id': 'e2e', 'x-algolia-api-key': 'e2e', ...clockHeaders(now) },
    body: JSON.stringify({ requests: [{ indexName: 'cars', query: '', filters: siteFilter(tenant), hitsPerPage: 0, facets: [facet] }] }),
  });
  return Object.entries((answer.json as { results: { facets?: Record<string, Record<string, number>> }[] }).results[0]!.facets?.[facet] ?? {});
}

/** The facet of the filters (a fieldset) whose legend reads `legend`, in the server's HTML. */
function servedFacet(doc: HtmlNode, legend: string): HtmlNode[] {
  const filters = byId(doc, 'search-filters');
  expect(filters, 'the page has its filters').toBeDefined();
  return elements(filters!, (el) => el.tag === 'fieldset').filter((fieldset) => plainText(elements(fieldset, (el) => el.tag === 'legend')[0]) === legend);
}

/** The texts beside a facet's inputs of `type` (the first span of each one's label), in order. */
const optionTexts = (facet: HtmlNode, type: string) =>
  elements(facet, (el) => el.tag === 'label')
    .filter((label) => elements(label, (el) => el.tag === 'input' && el.attr('type') === type).length > 0)
    .map((label) => textOf(elements(label, (el) => el.tag === 'span')[0]) ?? '');

// Every tenant, from the server's HTML of the unrefined default path (the same page the browser
// gets): each facet is there only where the site's facet list names it, with its options in
// order and in the stock's words.
test("the series and price range facets as the server sends them: present only where the site's facets name them, in order", async ({ tenant }) => {
  const now = new Date().toISOString();
  const r = await tenantHttp(tenant.slug, DEFAULT_PATH, { headers: clockHeaders(now) });
  expect(r.status).toBe(200);
  const doc = parseHtml(r.text);

  const series = servedFacet(doc, 'Series');
  if (!tenant.search.facets.includes('series')) expect(series).toHaveLength(0);
  else {
    expect(series).toHaveLength(1);
    const counts = await stockFacet(tenant, 'series', now);
    expect(counts.length, 'the stock has series').toBeGreaterThan(1);
    const expected = [...counts].sort((a, b) => rank(a[0]) - rank(b[0]) || b[1] - a[1] || a[0].localeCompare(b[0], 'en-AU')).map(([value]) => value);
    const shown = optionTexts(series[0]!, 'checkbox');
    expect(shown.length, 'series shown').toBeGreaterThan(0);
    expect(shown).toEqual(expected.slice(0, shown.length));
  }

  const price = servedFacet(doc, 'Price range');
  if (!tenant.search.facets.includes('price_range')) expect(price).toHaveLength(0);
  else {
    expect(price).toHaveLength(1);
    const ranges = await stockFacet(tenant, 'price_range', now);
    expect(ranges.length, 'the stock spans several price ranges').toBeGreaterThan(2);
    const expected = ranges.map(([label]) => label).sort((a, b) => low(a) - low(b));
    expect(optionTexts(price[0]!, 'radio')).toEqual(['Any price', ...expected]);
    const radios = elements(price[0]!, (el) => el.tag === 'input' && el.attr('type') === 'radio');
    expect(radios.map((radio) => attrOf(radio, 'checked') !== undefined)).toEqual([true, ...expected.map(() => false)]);
  }
});

// In the browser, on each tenant that has either facet and once for those with neither (choosing filters the
// results and reads in the URL; axe on each refined state in that tenant's theme). Each test's
// page and its questions to the search are answered for the same instant.
test.describe('choosing a series or a price range', () => {
  test.beforeEach(async ({ page }) => {
    await holdServerClock(page);
  });

  // One page for both facets (a site has either, both or neither): each is checked from the unrefined
  // default path.
  test('the series facet lists duo, city and sport first, then by count, and filters by series; the price range facet lists ranges from the lowest up, a range reads in the URL as digits and filters', onOneTenant({ variant: ownFacets }), async ({ page, tenant, expectNoAxeViolations }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const refined = await checkSeries(page, tenant, expectNoAxeViolations);
    if (refined) {
      await page.goto(DEFAULT_PATH);
      await waitForResults(page);
    }
    await checkPriceRange(page, tenant, expectNoAxeViolations);
  });
});

async function waitForResults(page: Page) {
  await expect(page.getByTestId('result-count')).toBeVisible();
  await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
}

/** The series facet of the unrefined page (or its absence); whether it refined the page. */
async function checkSeries(page: Page, tenant: ResolvedTenant, expectNoAxeViolations: (page: Page) => Promise<void>): Promise<boolean> {
  const facet = page.locator('#search-filters fieldset', { has: page.locator('legend', { hasText: /^Series$/ }) });
  if (!tenant.search.facets.includes('series')) {
    await expect(facet).toHaveCount(0);
    return false;
  }
  const stock = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: 0, facets: ['series'] });
  const counts = Object.entries(stock.facets.series ?? {});
  expect(counts.length, 'the stock has series').toBeGreaterThan(1);
  const expected = [...counts].sort((a, b) => rank(a[0]) - rank(b[0]) || b[1] - a[1] || a[0].localeCompare(b[0], 'en-AU')).map(([value]) => value);
  const shown = await facet.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.querySelector('span')?.textContent ?? ''));
  expect(shown).toEqual(expected.slice(0, shown.length));
  const [series, count] = counts.sort((a, b) => b[1] - a[1])[0]!;
  await facet.getByRole('checkbox', { name: new RegExp(`^${series.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) }).check();
  await expect(page).toHaveURL(new RegExp(`[?&]series=${encodeURIComponent(series).replace(/%20/g, '(\\+|%20)')}(&|$)`));
  await waitForResults(page);
  await expect.poll(() => shownCount(page)).toBe(count);
  await expectNoAxeViolations(page);
  return true;
}

/** The price range facet of the unrefined page (or its absence). */
async function checkPriceRange(page: Page, tenant: ResolvedTenant, expectNoAxeViolations: (page: Page) => Promise<void>): Promise<void> {
  const facet = page.getByRole('group', { name: 'Price range' });
  if (!tenant.search.facets.includes('price_range')) {
    await expect(facet).toHaveCount(0);
    return;
  }
  const stock = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: 0, facets: ['price_range'] });
  const ranges = Object.entries(stock.facets.price_range ?? {});
  expect(ranges.length, 'the stock spans several price ranges').toBeGreaterThan(2);
  const expected = ranges.map(([label]) => label).sort((a, b) => low(a) - low(b));
  await expect(facet.getByRole('radio')).toHaveCount(expected.length + 1);
  await expect(facet.getByRole('radio', { name: 'Any price' })).toBeChecked();
  const labels = await facet.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.closest('label')?.querySelector('span')?.textContent ?? ''));
  expect(labels).toEqual(['Any price', ...expected]);
  // The second range, e.g. "$10,000 - $20,000" → price_range=10000-20000.
  const label = expected[1]!;
  await facet.getByRole('radio', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) }).check();
  await expect(page).toHaveURL(new RegExp(`[?&]price_range=${label.replace(/[$,\s]/g, '').replace('+', '\\+')}(&|$)`));
  await waitForResults(page);
  await expect.poll(() => shownCount(page)).toBe(stock.facets.price_range![label]);
  await expectNoAxeViolations(page);
  await facet.getByRole('radio', { name: 'Any price' }).check();
  await expect(page).not.toHaveURL(/price_range=/);
}
