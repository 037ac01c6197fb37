import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, onOneTenant, keepScreenshot } from '../lib/fixtures.ts';
import { onlyMake, urlSlug } from '../lib/spec-values.ts';
import { holdServerClock, searchApi, shownCount, siteFilter } from './search-api.ts';
import { tick } from '../lib/shopper.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { firstTag, parseHtml, textOf } from './html.ts';
import { expectCssInItsHead, expectLandingWithinBudget, expectNotRenderedAgainAsAWhole, watchCommits, watchLayoutShift, watchStylesheets } from './page-weight.ts';

// The shared search journey, run for every tenant (one Playwright project each). Counts and
// results are checked against the tenant's own search endpoint with the site's stock filter.

const DEFAULT_PATH = '/search/new-used-and-demo-cars/';
const SHOTS = path.resolve(import.meta.dirname, '../../test-results/search-screens');

async function waitForResults(page: import('@playwright/test').Page) {
  await expect(page.getByTestId('result-count')).toHaveText(/found/);
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
}

test.describe('search results page', () => {
  // Each test's page and its questions to the search are answered for the same instant.
  test.beforeEach(async ({ page }) => {
    await holdServerClock(page);
  });

  // The path forms read the same everywhere; a used-only site lands on the empty state.
  test('reads the car type path forms', onOneTenant({ variant: (t) => String(t.stockFilter.usedOnly) }), async ({ page, tenant }) => {
    // A used-only site has no new or demo stock: that path form must land on the empty state.
    for (const [route, carTypes] of [['/search/used-cars', 'car_type:used'], ['/search/new-and-demo-cars', '(car_type:new OR car_type:demo)']] as const) {
      await page.goto(route);
      const expected = await searchApi(page, { filters: `${siteFilter(tenant)} AND ${carTypes}`, hitsPerPage: 0 });
      if (expected.nbHits === 0) {
        expect(tenant.stockFilter.usedOnly && route !== '/search/used-cars', `${route} has no stock on ${tenant.slug}`).toBe(true);
        await expect(page.getByText(tenant.labels.noResults)).toBeVisible();
      } else {
        await waitForResults(page);
        expect(await shownCount(page)).toBe(expected.nbHits);
      }
    }
  });

  // The same on every site with the make facet; single-make sites (no make facet) once too.
  test('refines by make then model into /search/{make}/{model}', onOneTenant({ variant: (t) => String(t.search.facets.includes('make')) }), async ({ page, tenant }) => {
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const stock = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: 0, facets: ['make', 'make_model'] });
    if (!tenant.search.facets.includes('make')) {
      // A single-brand site shows no make filter, but its /search/{make}/{model} links still work.
      await expect(page.locator('#search-filters').getByRole('button', { name: /^Select models:/ })).toHaveCount(0);
      const [makeModel, count] = Object.entries(stock.facets.make_model ?? {}).sort((a, b) => b[1] - a[1])[0]!;
      const [make] = Object.entries(stock.facets.make ?? {}).sort((a, b) => b[1] - a[1])[0]!;
      await page.goto(`/search/${urlSlug(make)}/${urlSlug(makeModel.slice(make.length + 1))}`);
      await waitForResults(page);
      expect(await shownCount(page)).toBe(count);
      return;
    }
    const [make] = Object.entries(stock.facets.make ?? {}).sort((a, b) => b[1] - a[1])[0]!;
    const filters = page.locator('#search-filters');
    await tick(filters.getByRole('checkbox', { name: new RegExp(`^${make}\\b`) }).first(), { force: true });
    await expect(page).toHaveURL(new RegExp(`/search/${urlSlug(make)}$`));
    await waitForResults(page);
    expect(await shownCount(page)).toBe(stock.facets.make![make]);

    await filters.getByRole('button', { name: `Select models: ${make}` }).first().click({ force: true });
    const models = Object.entries(stock.facets.make_model ?? {}).filter(([value]) => value.startsWith(`${make} `)).sort((a, b) => b[1] - a[1]);
    const [makeModel, modelCount] = models[0]!;
    const model = makeModel.slice(make.length + 1);
    // Spec §4: one search request per refinement.
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/1/indexes/')) searches.push(request.postData() ?? '');
    });
    await tick(filters.getByRole('list', { name: `${make} models` }).getByRole('checkbox', { name: new RegExp(`^${model}\\b`) }), { force: true });
    await expect(page).toHaveURL(new RegExp(`/search/${urlSlug(make)}/${urlSlug(model)}$`));
    await waitForResults(page);
    expect(await shownCount(page)).toBe(modelCount);
    expect(searches).toHaveLength(1);

    // A shared link reproduces the same results.
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await waitForResults(other);
    expect(await shownCount(other)).toBe(modelCount);
    await other.close();
  });

  test('a slider move updates the URL after its pause and filters the stock', onOneTenant(), async ({ page, tenant }) => {
    expect(tenant.search.facets, 'every sample tenant offers the price slider').toContain('price');
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const stock = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: 0, facets: ['price'] });
    const priceMax = stock.stats.price!.max;

    // Keyboard: the thumb moves at once; the URL follows only after the pause.
    const thumb = page.getByRole('slider', { name: 'Maximum price' });
    const before = Number(await thumb.inputValue());
    await thumb.focus();
    await thumb.press('PageDown');
    // The thumb moves at once (before the page is interactive the browser moves it, and the move
    // is applied when it is).
    await expect.poll(async () => Number(await thumb.inputValue())).toBeLessThan(before);

    // Typed amount: rounds to the nearest 1000 (spec §5) and refines the stock.
    const typed = Math.floor(priceMax / 2000) * 1000 + 499;
    const rounded = Math.round(typed / 1000) * 1000;
    const input = page.getByRole('textbox', { name: 'Maximum price' });
    await input.fill(typed.toLocaleString('en-AU'));
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]price=-${rounded}(&|$)`));
    await waitForResults(page);
    const expected = await searchApi(page, { filters: `${siteFilter(tenant)} AND price <= ${rounded}`, hitsPerPage: 0 });
    expect(await shownCount(page)).toBe(expected.nbHits);

    // The thumb sits on the typed amount and steps from it by whole steps (spec §9: 500 in the
    // price slider), whatever the cheapest car costs: $59,500 from $60,000, not $59,490.
    const step = Number(await thumb.getAttribute('step'));
    expect(Number(await thumb.inputValue())).toBe(rounded);
    await thumb.focus();
    await thumb.press('ArrowLeft');
    await expect(page).toHaveURL(new RegExp(`[?&]price=-${rounded - step}(&|$)`));
    await expect(input).toHaveValue(`$${(rounded - step).toLocaleString('en-AU')}`);
  });

  test("a refined search is listed under Recent searches in the applied filters' words, and its link opens that search again", onOneTenant(), async ({ page, tenant }) => {
    await page.goto(tenant.routes.defaultSearchPath);
    await waitForResults(page);
    const stock = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: 0, facets: ['price'] });
    // A whole thousand above the cheapest car (typed amounts round to 1000, spec §5), so the
    // minimum is inside the slider's range and leaves cars to show.
    const minimum = Math.ceil(stock.stats.price!.min / 1000) * 1000 + 1000;
    const input = page.getByRole('textbox', { name: 'Minimum price' });
    await input.fill(String(minimum));
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]price=${minimum}-?(&|$)`));
    await waitForResults(page);
    const refined = new URL(page.url());
    const chip = `Price: From $${minimum.toLocaleString('en-AU')}`;
    await expect(page.getByRole('list', { name: 'Applied filters' }).getByRole('button', { name: `Remove filter ${chip}` })).toBeVisible();

    // Another visit to the stock: the search just made is the first of Recent searches.
    await page.goto(tenant.routes.defaultSearchPath);
    await waitForResults(page);
    const recent = page.getByRole('navigation', { name: 'Recent searches' }).getByRole('link');
    await expect(recent.first()).toHaveText(chip);
    await expect(recent.first()).toHaveAttribute('href', `${refined.pathname}${refined.search}`);
    await recent.first().click();
    await expect(page).toHaveURL(refined.href);
    await waitForResults(page);
    await expect(page.getByRole('textbox', { name: 'Minimum price' })).toHaveValue(`$${minimum.toLocaleString('en-AU')}`);
    const expected = await searchApi(page, { filters: `${siteFilter(tenant)} AND price >= ${minimum}`, hitsPerPage: 0 });
    expect(await shownCount(page)).toBe(expected.nbHits);
  });

  // The same code on every site: once per way the price slider's range is set (the tenant's own
  // range, or the stock's). Every tenant's model page is named after its model in the HTTP test below.
  test("a price range wider than the shown model's cars is applied at both ends: the slider's range is the stock's or the tenant's, not the results'", onOneTenant({ variant: (t) => JSON.stringify([t.search.sliders.price ?? null, t.search.sliders.defaultMin, t.search.sliders.defaultMax]) }), async ({ page, tenant }) => {
    // A model whose cars' prices sit inside the slider's range with a whole thousand free on each
    // side: amounts typed there lie outside what the model's results span, inside what the slider offers.
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const thumb = page.getByRole('slider', { name: 'Maximum price' });
    const sliderMin = Number(await thumb.getAttribute('min'));
    const sliderMax = Number(await thumb.getAttribute('max'));
    const stock = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: 0, facets: ['make', 'make_model'] });
    const byCount = Object.entries(stock.facets.make_model ?? {}).sort((a, b) => b[1] - a[1]);
    let chosen: { path: string; count: number; low: number; high: number; makeModel: string } | undefined;
    for (const [makeModel] of byCount) {
      const make = Object.keys(stock.facets.make ?? {}).find((m) => makeModel.startsWith(`${m} `));
      if (!make) continue;
      const model = await searchApi(page, { filters: `${siteFilter(tenant)} AND make_model:"${makeModel}"`, hitsPerPage: 0, facets: ['price'] });
      const price = model.stats.price;
      if (!price) continue;
      const low = Math.floor((price.min - 1) / 1000) * 1000;
      const high = Math.ceil((price.max + 1) / 1000) * 1000;
      if (low > sliderMin && high < sliderMax) {
        chosen = { path: `/search/${urlSlug(make)}/${urlSlug(makeModel.slice(make.length + 1))}`, count: model.nbHits, low, high, makeModel };
        break;
      }
    }
    expect(chosen, `a model priced inside ${sliderMin}–${sliderMax} with room on both sides`).toBeDefined();
    const { path: modelPath, count, low, high, makeModel } = chosen!;
    await page.goto(modelPath);
    await waitForResults(page);
    // Amounts typed while the page starts are held and replayed (e2e/ssr.spec.ts); this is about
    // the range they may take, so the page has started first.
    await expect(page.locator('[data-interactive="true"]')).toBeAttached();
    expect(await shownCount(page)).toBe(count);
    // The page is named after its model, as its title is, once it has started too.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${makeModel} for sale`);

    const maximum = page.getByRole('textbox', { name: 'Maximum price' });
    await maximum.fill(high.toLocaleString('en-AU'));
    await maximum.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]price=-${high}(&|$)`));
    const minimum = page.getByRole('textbox', { name: 'Minimum price' });
    await minimum.fill(low.toLocaleString('en-AU'));
    await minimum.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]price=${low}-${high}(&|$)`));
    await waitForResults(page);
    // Every car of the model lies inside the range, so none is lost.
    expect(await shownCount(page)).toBe(count);
    // The boxes keep the amounts (a thumb shows the nearest step of its own scale).
    await expect(minimum).toHaveValue(`$${low.toLocaleString('en-AU')}`);
    await expect(maximum).toHaveValue(`$${high.toLocaleString('en-AU')}`);
  });

  test('the call-to-action card follows the 30th car: none on page one, after the ninth car of page two (spec §9)', onOneTenant(), async ({ page, tenant, expectNoAxeViolations }) => {
    expect(tenant.search.ctaCardPosition).toBe(30);
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const stock = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: 0 });
    expect(stock.nbHits, 'the sample stock has more than 30 cars').toBeGreaterThan(30);
    await expect(page.getByTestId('cta-card')).toHaveCount(0);
    await page.goto(`${DEFAULT_PATH}?page=2`);
    await waitForResults(page);
    const card = page.getByTestId('cta-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading')).toHaveText(tenant.labels.ctaCardHeading);
    await expect(card.getByRole('link', { name: tenant.labels.enquiryFormTitle })).toHaveAttribute('href', '/enquire');
    // Cars before it on this page: 30 minus the first page's cars.
    const carsBefore = await card.evaluate((node) => {
      let count = 0;
      for (let cell = node.closest('li')?.previousElementSibling; cell; cell = cell.previousElementSibling) if (cell.querySelector('[data-testid="car-card"]')) count += 1;
      return count;
    });
    expect(carsBefore).toBe(30 - tenant.search.pageSize);
    await expectNoAxeViolations(page);
  });

  test('a single-make site lists its models first and filters by model; others keep the make facet', onOneTenant({ variant: (t) => String(onlyMake(t) !== null) }), async ({ page, tenant }) => {
    const singleMake = onlyMake(tenant);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    if (!singleMake) {
      // Several makes: the make facet (with its models inside) is offered as configured, no flat model list.
      expect(tenant.search.facets).toContain('make');
      await expect(page.locator('#search-filters legend', { hasText: /^Make$/ })).toHaveCount(1);
      await expect(page.locator('#search-filters legend', { hasText: /^Model$/ })).toHaveCount(0);
      return;
    }
    const first = page.locator('#search-filters fieldset').first();
    await expect(first.locator('legend')).toHaveText('Model');
    await expect(page.locator('#search-filters legend', { hasText: /^Make$/ })).toHaveCount(0);
    const stock = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: 0, facets: ['make_model'] });
    const [makeModel] = Object.entries(stock.facets.make_model ?? {}).filter(([value]) => value.startsWith(`${singleMake} `)).sort((a, b) => b[1] - a[1])[0]!;
    const model = makeModel.slice(singleMake!.length + 1);
    // Spec §4: one search request per refinement — the make and the model go in the same one.
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/1/indexes/')) searches.push(request.postData() ?? '');
    });
    // Labelled without the make ("Sportage", not "Kia Sportage").
    await tick(first.getByRole('checkbox', { name: new RegExp(`^${model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`) }));
    await expect(page).toHaveURL(new RegExp(`/search/${urlSlug(singleMake!)}/${urlSlug(model)}$`));
    await waitForResults(page);
    expect(searches).toHaveLength(1);
    expect(decodeURIComponent(searches[0]!)).toContain(`make_model:${makeModel}`);
    expect(decodeURIComponent(searches[0]!)).toContain(`make:${singleMake}`);
    const expected = await searchApi(page, { filters: `${siteFilter(tenant)} AND make_model:"${makeModel}"`, hitsPerPage: tenant.search.pageSize });
    expect(await shownCount(page)).toBe(expected.nbHits);
    const titles = await page.getByTestId('car-card').getByRole('heading').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain(`${singleMake} ${model}`);
  });

  test('sorts, pages, and restores state with back and forward', onOneTenant(), async ({ page, tenant }) => {
    expect(tenant.search.sortOptions, 'every sample tenant offers the lowest-price sort').toContain('price_asc');
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    // Selected once, as soon as the server-rendered results show: a change made before the page
    // is interactive is held and applied when it is (site/src/lib/hydration-replay.ts).
    await page.getByLabel('Sort by').selectOption({ label: 'Lowest price' });
    await expect(page).toHaveURL(/sortBy=price_asc/);
    await waitForResults(page);
    const cheapest = await searchApi(page, { filters: siteFilter(tenant), index: 'cars_price_asc', hitsPerPage: 1 });
    const hit = cheapest.hits[0] as { year: number; make: string; model: string };
    await expect(page.getByTestId('car-card').first().getByRole('heading')).toContainText(`${hit.year} ${hit.make} ${hit.model}`);

    await page.getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await waitForResults(page);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page).toHaveURL(/sortBy=price_asc/);
    await page.goForward();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  test('the pagination stays where it is once scrolled into view (cards below the first screen do not grow into place)', onOneTenant(), async ({ page }) => {
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const next = page.getByRole('link', { name: 'Next page' });
    // Scrolled into view and read in the page itself, frame by frame, as a tap would meet it.
    const tops = await next.evaluate(async (link) => {
      link.scrollIntoView({ block: 'center' });
      const seen: number[] = [];
      for (let frame = 0; frame < 6; frame++) {
        seen.push(Math.round(link.getBoundingClientRect().top));
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
      return seen;
    });
    expect(new Set(tops).size, `the link's top over six frames: ${tops.join(', ')}`).toBe(1);
  });

  // The mechanism once; the tenant's own no-results words on every tenant by the HTTP test below.
  test('a search without stock answers with the empty state in the tenant\'s own words, server-rendered', async ({ tenant }) => {
    const r = await tenantHttp(tenant.slug, `${tenant.routes.defaultSearchPath}?year=1901-1902`);
    expect(r.status).toBe(200);
    const empty = /data-testid="empty-state">([\s\S]*?)<\/div>/.exec(r.text)?.[1] ?? '';
    expect(empty).toContain(tenant.labels.noResults);
    expect(empty).toContain('Clear Filters');
  });

  test('/search/ keeps the link\'s query on its way to the default path; a path named like an object property is a make, not a server error', async ({ tenant }) => {
    const r = await tenantHttp(tenant.slug, '/search/?query=hilux');
    expect(r.status).toBe(302);
    const target = new URL(String(r.headers.location), 'http://site.invalid');
    expect(`${target.pathname}${target.search}`).toBe(`${tenant.routes.defaultSearchPath}?query=hilux`);
    for (const odd of ['/search/constructor', '/search/__proto__', '/search/used-cars/tostring']) expect((await tenantHttp(tenant.slug, odd)).status, odd).toBeLessThan(500);
  });

  test('text that names no make or dealership of the site is not a page (404, its words in no title); a model not in stock is not indexed', async ({ tenant }) => {
    // A make and one of its models in the site's stock, from the search endpoint.
    const catalog = await tenantHttp(tenant.slug, '/1/indexes/*/queries', { body: { requests: [{ indexName: 'cars', hitsPerPage: 0, facets: ['make_model'], filters: siteFilter(tenant) }] } });
    const makeModel = Object.keys((catalog.json as { results: { facets: { make_model: Record<string, number> } }[] }).results[0]!.facets.make_model)[0]!;
    const facet = await tenantHttp(tenant.slug, '/1/indexes/*/queries', { body: { requests: [{ indexName: 'cars', hitsPerPage: 1, facetFilters: [[`make_model:${makeModel}`]], filters: siteFilter(tenant) }] } });
    const hit = (facet.json as { results: { hits: { make: string }[] }[] }).results[0]!.hits[0]!;
    const make = urlSlug(hit.make);
    const model = urlSlug(makeModel.slice(hit.make.length + 1));
    for (const known of [`/search/${make}`, `/search/${make}/${model}`, `/search/used-cars/${make}`, `/search/${tenant.dealer.dealerships[0]!.slug}`]) {
      expect((await tenantHttp(tenant.slug, known)).status, known).toBe(200);
    }
    for (const known of [`/search/${make}`, `/search/${make}/${model}`]) expect((await tenantHttp(tenant.slug, known)).text, known).not.toMatch(/<meta[^>]*name="robots"[^>]*content="noindex"/);
    // The model's page is named after its model, in the server's HTML.
    const modelPage = parseHtml((await tenantHttp(tenant.slug, `/search/${make}/${model}`)).text);
    expect(textOf(firstTag(modelPage, 'h1'))).toBe(`${makeModel} for sale`);
    for (const spam of ['/search/buy-cheap-watches-online', '/search/used-cars/cheap-watches', `/search/${make}/${model}/extra`]) {
      const answer = await tenantHttp(tenant.slug, spam);
      expect(answer.status, spam).toBe(404);
      expect(answer.text.toLowerCase(), spam).not.toMatch(/<title>[^<]*watches/);
    }
    // A model of a make the site has but none in stock (an offer or a model page may link there): the empty state, kept out of search engines.
    const unlisted = await tenantHttp(tenant.slug, `/search/${make}/cheap-watches-online`);
    expect(unlisted.status).toBe(200);
    expect(unlisted.text).toMatch(/<meta[^>]*name="robots"[^>]*content="noindex"/);
  });

  test('shows the empty state and Clear Filters returns to the default path', onOneTenant(), async ({ page, tenant }) => {
    await page.goto(`${tenant.routes.defaultSearchPath}?year=1901-1902&utm_source=news`);
    await expect(page.getByTestId('empty-state')).toBeVisible();
    await expect(page.getByText(tenant.labels.noResults)).toBeVisible();
    await page.getByTestId('empty-state').getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(new RegExp(`${tenant.routes.defaultSearchPath}$`));
    await waitForResults(page);
    expect(await shownCount(page)).toBeGreaterThan(0);
  });

  test('keeps unknown parameters through refinement changes', onOneTenant(), async ({ page }) => {
    await page.goto(`${DEFAULT_PATH}?utm_source=news&gclid=abc123`);
    await waitForResults(page);
    await page.getByRole('searchbox', { name: 'Search stock' }).fill('a');
    await expect(page).toHaveURL(/query=a/);
    expect(page.url()).toContain('utm_source=news');
    expect(page.url()).toContain('gclid=abc123');
  });

  test('a dealership page lists only that dealership', onOneTenant({ variant: (t) => String(t.dealer.dealerships.length > 1) }), async ({ page, tenant }) => {
    const dealership = tenant.dealer.dealerships[0]!;
    await page.goto(`/search/${dealership.slug}`);
    await waitForResults(page);
    const expected = await searchApi(page, { filters: `${siteFilter(tenant)} AND dealership_slug:"${dealership.slug}"`, hitsPerPage: 0 });
    expect(await shownCount(page)).toBe(expected.nbHits);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${dealership.name} stock`);
  });

  test('certified-only sites hide the value false; others show the facet only when configured', onOneTenant({ variant: (t) => `${t.search.certifiedOnly} ${t.search.facets.includes('certified')}` }), async ({ page, tenant }) => {
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const certified = page.locator('#search-filters fieldset', { has: page.getByText('Certified', { exact: true }) });
    if (!tenant.search.facets.includes('certified')) {
      await expect(certified).toHaveCount(0);
      return;
    }
    if (tenant.search.certifiedOnly) {
      await expect(certified.getByRole('checkbox', { name: /Not certified/ })).toHaveCount(0);
      const uncertified = await searchApi(page, { filters: `${siteFilter(tenant)} AND certified:false`, hitsPerPage: 0 });
      expect(uncertified.nbHits).toBe(0);
    } else {
      const uncertified = await searchApi(page, { filters: `${siteFilter(tenant)} AND certified:false`, hitsPerPage: 0 });
      await expect(certified.getByRole('checkbox', { name: /Not certified/ })).toHaveCount(uncertified.nbHits > 0 ? 1 : 0);
    }
  });

  // One load of the default path for every check of its landing (each load is a cold server
  // render of results and facets): the site's stock hydrated without a search; the landing budget,
  // layout shift, CSS in its head and no render of the whole page after hydration
  // (performance.spec.ts's, helpers in page-weight.ts); axe and the phone's filter sheet.
  test('lands on the default path with the site stock and one search request, within the JS budget and without layout shift, its CSS in its head, not rendered again as a whole once hydrated; is accessible and looks right on phone and desktop', async ({ page, tenant, expectNoAxeViolations }) => {
    test.setTimeout(90_000);
    mkdirSync(SHOTS, { recursive: true });
    const hitRequests: string[] = [];
    page.on('request', (request) => {
      const body = request.postData() ?? '';
      if (request.url().includes('/1/indexes/') && !body.includes('"hitsPerPage":0')) hitRequests.push(body);
    });
    await watchLayoutShift(page);
    const stylesheets = watchStylesheets(page);
    await watchCommits(page);
    // Landed at the browser's own size (1280 × 720), as the budget has always been measured.
    await page.goto(DEFAULT_PATH);
    await waitForResults(page);
    const onMount = [...hitRequests];
    const expected = await searchApi(page, { filters: siteFilter(tenant), hitsPerPage: tenant.search.pageSize });
    expect(await shownCount(page)).toBe(expected.nbHits);
    expect(expected.nbHits).toBeGreaterThan(0);
    const firstHit = expected.hits[0] as { year: number; make: string; model: string };
    await expect(page.getByTestId('car-card').first().getByRole('heading')).toContainText(`${firstHit.year} ${firstHit.make} ${firstHit.model}`);
    expect(onMount, 'the server-rendered first page is hydrated without a search request').toHaveLength(0);
    expect(page.url()).toContain(DEFAULT_PATH);

    await expectNotRenderedAgainAsAWhole(page);
    await expectLandingWithinBudget(page, tenant, DEFAULT_PATH);
    await expectCssInItsHead(page, tenant, stylesheets);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: path.join(SHOTS, `${tenant.slug}-1280.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    // Closed, the phone's filter sheet is not rendered at all; it opens with the focus on its heading.
    const sheet = page.locator('#search-filters');
    await expect(sheet).toBeHidden();
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await expect(page.getByRole('button', { name: /^Show Me [\d,]+ / })).toBeVisible();
    await expect(sheet.getByRole('heading', { level: 2 })).toBeFocused();
    // It slides in over 200 ms (longer on a loaded machine).
    await expect.poll(() => sheet.evaluate((el) => el.getBoundingClientRect().left), { message: 'it has slid in' }).toBe(0);
    await keepScreenshot(page, { path: path.join(SHOTS, `${tenant.slug}-390-filters.png`) });
    await page.getByRole('button', { name: /^Show Me [\d,]+ / }).click();
    await expect(sheet).toBeHidden();
    // The picture once the sheet's closing has finished moving.
    await expect.poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
    await keepScreenshot(page, { path: path.join(SHOTS, `${tenant.slug}-390.png`) });
    await expectNoAxeViolations(page);
  });
});
