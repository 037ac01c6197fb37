import type { Page } from '@playwright/test';
import { expect, historyListeners, test, onOneTenant, watchConsole } from './lib/fixtures.ts';
import { onlyMake, SPEC_INFO_PAGES, urlSlug } from './lib/spec-values.ts';
import { siteFilter } from './search/search-api.ts';
import { answeredPage, attrOf, byId, byRole, byTestId, elements, expectNotFoundPage, firstTag, jsonLdBlocks, jsonLdTypes, metaContent, plainText, squash, textOf } from './search/html.ts';
import { followedAnswer, hrefsOf, regionOf, tenantHttp } from './lib/tenant-http.ts';
import { clockHeaders } from './lib/test-clock.ts';

// Server rendering, for every tenant: the first HTML holds the page (JavaScript off), the
// browser hydrates it without a mismatch and without searching again, input made while the
// scripts load is not lost, and the platform answers real status codes, robots and sitemaps.

const origin = (siteUrl: string) => new URL(siteUrl).origin;

/** Asks the tenant's search endpoint over HTTP (no page needed, so it works with JavaScript off). */
async function searchFacets(slug: string, filters: string, facets: string[], now?: string) {
  const headers = clockHeaders(now);
  const response = await tenantHttp(slug, '/1/indexes/*/queries', { headers, body: { requests: [{ indexName: 'cars', hitsPerPage: 0, facets, maxValuesPerFacet: 1000, filters }] } });
  expect(response.status).toBe(200);
  const json = response.json as { results: { nbHits: number; facets?: Record<string, Record<string, number>> }[] };
  return json.results[0]!;
}

/** Holds the page's scripts back until the function it returns is called: what the shopper does meanwhile lands before hydration. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// What a browser with JavaScript off shows is the server's HTML: read here without a browser.
test.describe('pages arrive rendered (the server\'s HTML)', () => {
  test('home: content, head and the organisation JSON-LD', async ({ tenant }) => {
    const { status, doc, title, canonical } = await answeredPage(tenant.slug, '/');
    expect(status).toBe(200);
    expect(byRole(doc, doc, 'heading', { level: 1 })).toHaveLength(1);
    expect(byRole(doc, doc, 'banner')).toHaveLength(1);
    expect(byRole(doc, doc, 'contentinfo')).toHaveLength(1);
    expect(title).toBe(tenant.name);
    expect(metaContent(doc, 'description')?.length).toBeGreaterThan(20);
    expect(canonical).toBe(`${origin(tenant.siteUrl)}/`);
    expect(attrOf(firstTag(doc, 'html')!, 'lang')).toBe('en-AU');
    expect(metaContent(doc, 'og:title')).toBe(tenant.name);
    const types = jsonLdTypes(doc);
    expect(types).toContain('Organization');
    expect(types.filter((t) => t === 'AutoDealer')).toHaveLength(tenant.dealer.locations.filter((l) => l.visible).length);
    // Styled before any script: the stylesheet and then the tenant's theme, which sets the colours
    // last, are in the head of the first HTML (the browser tests of the home page see them applied).
    const head = firstTag(doc, 'head')!;
    const styles = elements(head, (el) => el.tag === 'style').map((el) => textOf(el) ?? '');
    const primaries = styles.flatMap((css) => [...css.matchAll(/--color-primary:\s*([^;}]+)/g)].map((m) => m[1]!.trim().toLowerCase()));
    expect(primaries.at(-1), 'the last --color-primary the head sets').toBe(tenant.theme.colours.primary.toLowerCase());
    expect(elements(head, (el) => el.tag === 'style' && el.attr('id') === 'tenant-theme')).toHaveLength(1);
  });

  test('a search page with refinements: results, counts, facets, a head named after them and an ItemList', async ({ tenant }) => {
    const filters = siteFilter(tenant);
    // The page and the test's own searches are answered for the same instant.
    const now = new Date().toISOString();
    const all = await searchFacets(tenant.slug, filters, ['make', 'car_type'], now);
    const [make] = Object.entries(all.facets?.make ?? {}).sort((a, b) => b[1] - a[1])[0]!;
    const refined = await searchFacets(tenant.slug, `${filters} AND make:"${make}"`, [], now);
    const { status, doc, title, canonical } = await answeredPage(tenant.slug, `/search/${urlSlug(make)}?utm_source=newsletter&gclid=abc`, { headers: clockHeaders(now) });
    expect(status).toBe(200);
    const noun = tenant.search.itemType === 'car' ? 'car' : tenant.search.itemType;
    expect(byTestId(doc, 'result-count').map((n) => plainText(n))).toEqual([`${refined.nbHits.toLocaleString('en-AU')} ${noun}${refined.nbHits === 1 ? '' : 's'} found`]);
    expect(byTestId(doc, 'car-card')).toHaveLength(Math.min(refined.nbHits, tenant.search.pageSize));
    // Facets with their counts are in the first HTML too.
    const facets = byId(doc, 'search-filters');
    expect(facets && elements(facets, (el) => el.tag === 'input' && el.attr('type') === 'checkbox').length).toBeGreaterThan(0);
    expect(title).toBe(`${make} for sale | ${tenant.name}`);
    expect(byRole(doc, doc, 'heading', { level: 1 }).map((h) => plainText(h)), 'the heading names the make, as the title does').toEqual([`${make} for sale`]);
    expect(metaContent(doc, 'description')).toContain(`${refined.nbHits.toLocaleString('en-AU')} ${make}`);
    expect(canonical, 'tracking parameters are not part of the canonical URL').toBe(`${origin(tenant.siteUrl)}/search/${urlSlug(make)}`);
    const itemList = jsonLdBlocks(doc).find((d) => d['@type'] === 'ItemList') as { itemListElement?: { url: string }[] } | undefined;
    expect(itemList?.itemListElement?.length).toBeGreaterThan(0);
    expect(itemList?.itemListElement?.[0]?.url).toMatch(new RegExp(`^${origin(tenant.siteUrl)}/cars/`));
  });

  test('an information page: copy, head and canonical', async ({ tenant }) => {
    const entry = Object.entries(SPEC_INFO_PAGES).find(([, key]) => tenant.content.pages?.[key]);
    if (!entry) {
      // A tenant without copy still has the standard privacy policy, terms and About us.
      expect((await tenantHttp(tenant.slug, '/about-us')).status).toBe(200);
      return;
    }
    const [infoPath, key] = entry;
    const copy = tenant.content.pages![key]!;
    const { status, doc, title, canonical } = await answeredPage(tenant.slug, infoPath);
    expect(status).toBe(200);
    expect(byRole(doc, doc, 'heading', { level: 1, name: copy.title })).toHaveLength(1);
    expect(plainText(firstTag(doc, 'main'))).toContain(squash(copy.paragraphs[0]!.slice(0, 40)));
    expect(title).toBe(`${copy.title} | ${tenant.name}`);
    expect(canonical).toBe(`${origin(tenant.siteUrl)}${infoPath}`);
    expect(metaContent(doc, 'description')?.length).toBeGreaterThan(10);
    expect(jsonLdTypes(doc)).toContain('AutoDealer');
  });
});

test.describe('before any script runs (JavaScript off)', () => {
  test.use({ javaScriptEnabled: false });

  test('links navigate and the stock and home searches submit as plain GETs before any script runs', async ({ page, tenant }) => {
    await page.goto('/search/new-used-and-demo-cars/');
    await page.getByRole('searchbox', { name: 'Search stock' }).fill('auto');
    await page.getByRole('searchbox', { name: 'Search stock' }).press('Enter');
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/\?query=auto/);
    await expect(page.getByRole('searchbox', { name: 'Search stock' })).toHaveValue('auto');
    await page.getByRole('banner').getByRole('link', { name: `${tenant.name} home` }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The home page's hero search goes to the stock search with the words typed.
    const hero = page.getByRole('main').getByRole('searchbox');
    await hero.fill('auto');
    await hero.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${tenant.routes.defaultSearchPath.replace(/[/]/g, '\\/')}\\?query=auto`));
  });
});

test.describe('hydration', () => {
  test('home, search and an information page hydrate with no mismatch and no second search', async ({ page, tenant }) => {
    const problems = watchConsole(page);
    const searches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/1/indexes/')) searches.push(r.url());
    });
    const infoPath = Object.entries(SPEC_INFO_PAGES).find(([, key]) => tenant.content.pages?.[key])?.[0];
    for (const path of ['/', '/search/new-used-and-demo-cars/', ...(infoPath ? [infoPath] : [])]) {
      await page.goto(path);
      await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
      if (path === '/') {
        // The header and footer the shopper gets after hydration link where the server's do (the
        // link crawl below follows the server's): hydration adds no link of its own.
        const host = new URL(page.url()).host;
        const hydrated = await page.getByRole('banner').or(page.getByRole('contentinfo')).locator('a[href]').evaluateAll((as, h) => as.map((a) => new URL((a as HTMLAnchorElement).href)).filter((u) => u.host === h).map((u) => `${u.pathname}${u.search}`), host);
        const served = (await tenantHttp(tenant.slug, '/')).text;
        const shell = new Set([...hrefsOf(regionOf(served, 'header')), ...hrefsOf(regionOf(served, 'footer'))]);
        expect(hydrated.length).toBeGreaterThan(5);
        expect(hydrated.filter((href) => !shell.has(href)), 'header and footer links the server did not send').toEqual([]);
      }
      if (path.startsWith('/search/')) {
        // The app hydrates first; the search page says it is interactive once InstantSearch's effects have run.
        await expect(page.locator('[data-interactive="true"]')).toHaveCount(1);
        expect(await historyListeners(page), 'one InstantSearch listens to the URL').toBe(2);
      }
    }
    expect(searches, 'the server-rendered results are hydrated, not fetched again').toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a page paints once, whole: the input-holding script precedes the CSS and the first frame waits for the content', async ({ page, tenant }) => {
    const html = (await tenantHttp(tenant.slug, tenant.routes.defaultSearchPath)).text;
    const head = html.slice(0, html.indexOf('</head>'));
    const holdScript = head.indexOf('window.fcHeldInput');
    expect(holdScript, 'the input-holding script is in the head').toBeGreaterThan(0);
    // A script after a stylesheet stops the parser until the stylesheet has loaded. The page's
    // CSS is in the head itself (no stylesheet to wait for), and the script still comes first.
    expect(head.indexOf('<style'), 'the page carries its CSS in the head').toBeGreaterThan(0);
    expect(holdScript, 'it comes before the page’s CSS').toBeLessThan(head.indexOf('<style'));
    expect(head, 'no stylesheet holds the first paint back').not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
    expect(head.indexOf('<meta charSet="UTF-8"'), 'the charset declaration stays first').toBe(html.indexOf('<head>') + '<head>'.length);
    expect(head).toMatch(/<link rel="expect" href="#content-end" blocking="render"/);
    const end = html.indexOf('id="content-end"');
    expect(end, 'the marker comes after the footer').toBeGreaterThan(html.indexOf('</footer>'));
    expect(html.slice(html.indexOf('</head>'), end), 'and before any script in the body').not.toContain('<script');
    // The browser's first frame (its first animation frame comes before its first paint) already has the whole page.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        (window as { fcFirstFrame?: unknown }).fcFirstFrame = { marker: document.getElementById('content-end') !== null, footer: document.querySelector('footer') !== null };
      });
    });
    await page.goto(tenant.routes.defaultSearchPath);
    await page.waitForFunction(() => (window as { fcFirstFrame?: unknown }).fcFirstFrame !== undefined);
    expect(await page.evaluate(() => (window as { fcFirstFrame?: unknown }).fcFirstFrame)).toEqual({ marker: true, footer: true });
  });

  test('leaving a server-rendered search page and coming back leaves one InstantSearch listening to the URL', onOneTenant(), async ({ page }) => {
    await page.goto('/search/new-used-and-demo-cars/');
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    await expect(page.locator('[data-interactive="true"]')).toHaveCount(1);
    // In-app navigation to a car and back: the search page unmounts and mounts again.
    await page.getByTestId('car-card').first().getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/cars\//);
    await expect(page.getByTestId('results')).toHaveCount(0);
    await expect.poll(() => historyListeners(page), { message: 'the search page left nothing listening' }).toBe(1);
    await page.goBack();
    await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\/$/);
    await expect(page.locator('[data-interactive="true"]')).toHaveCount(1);
    expect(await historyListeners(page), 'one InstantSearch listens to the URL').toBe(2);
    // And it still refines: a sort reaches the URL.
    await page.getByLabel('Sort by').selectOption({ label: 'Lowest price' });
    await expect(page).toHaveURL(/sortBy=price_asc/);
  });

  // The held-input script is the same in every build; the first facet is a model on single-make
  // sites and a make elsewhere, so it runs once for each.
  test('a filter ticked while the scripts load (CPU 4× slower) is applied once the page hydrates', onOneTenant({ variant: (t) => String(onlyMake(t) !== null) }), async ({ page }) => {
    // The suite runs in Chromium only (CPU throttling is a DevTools feature).
    await page.setViewportSize({ width: 1280, height: 900 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // Hold the scripts back until the click has been made, so it certainly lands before hydration.
    const releaseScripts = await holdScripts(page);
    await page.goto('/search/new-used-and-demo-cars/', { waitUntil: 'commit' });
    const checkbox = page.locator('#search-filters input[type="checkbox"]').first();
    await expect(checkbox).toBeVisible();
    const label = ((await checkbox.locator('xpath=ancestor::label').textContent()) ?? '').trim();
    const before = await page.getByTestId('result-count').textContent();
    expect(await page.evaluate(() => (window as { fcHydrated?: unknown }).fcHydrated), 'clicked before hydration').not.toBe(true);
    await checkbox.click();
    releaseScripts();
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true, undefined, { timeout: 30_000 });
    await expect(checkbox).toBeChecked({ timeout: 15_000 });
    await expect(page).not.toHaveURL(/\/search\/new-used-and-demo-cars\/$/);
    await expect(page.getByTestId('result-count')).not.toHaveText(before ?? '');
    expect(label.length).toBeGreaterThan(0);
    // The click landed while the page hydrated, which makes React render it again: still one InstantSearch.
    expect(await historyListeners(page), 'one InstantSearch listens to the URL').toBe(2);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  });

  test('a price thumb moved and a minimum typed with Enter while the scripts load are both applied once the page hydrates', onOneTenant(), async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const releaseScripts = await holdScripts(page);
    await page.goto('/search/new-used-and-demo-cars/', { waitUntil: 'commit' });
    const thumb = page.getByRole('slider', { name: 'Maximum price' });
    const box = page.getByRole('textbox', { name: 'Minimum price' });
    await expect(box).toBeVisible();
    const top = Number(await thumb.inputValue());
    await thumb.focus();
    await thumb.press('PageDown');
    const moved = Number(await thumb.inputValue());
    expect(moved, 'the browser moves the thumb before any script').toBeLessThan(top);
    const bottom = Number(await thumb.getAttribute('min'));
    // An amount inside the range that lands on a whole thousand (spec §5 rounds typed amounts).
    const typed = Math.ceil((bottom + 1) / 1000) * 1000;
    expect(typed).toBeLessThan(moved);
    await box.fill(typed.toLocaleString('en-AU'));
    await box.press('Enter');
    expect(await page.evaluate(() => (window as { fcHydrated?: unknown }).fcHydrated), 'all before hydration').not.toBe(true);
    releaseScripts();
    // Both reach the URL after the slider's pause: neither is lost (React records the moved thumb
    // as its value when it hydrates it, so a replay that only set the value again went unseen).
    await expect(page).toHaveURL(new RegExp(`[?&]price=${typed}-${moved}(&|$)`), { timeout: 15_000 });
    await expect(thumb).toHaveValue(String(moved));
    await expect(box).toHaveValue(`$${typed.toLocaleString('en-AU')}`);
  });

  test('a page scrolled while the scripts load stays where the shopper scrolled once it hydrates', onOneTenant(), async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // The scripts wait until the shopper has scrolled, as on a slow phone.
    const releaseScripts = await holdScripts(page);
    await page.goto('/search/new-used-and-demo-cars/', { waitUntil: 'commit' });
    await expect(page.getByRole('contentinfo')).toBeAttached();
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const at = await page.evaluate(() => window.scrollY);
    releaseScripts();
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true, undefined, { timeout: 30_000 });
    // The search page says when its effects have run; the router's first render is done by then.
    await expect(page.locator('[data-interactive="true"]')).toBeAttached();
    // Then the frames after its first render, and no request left whose answer would render.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY), 'not thrown back to the top').toBe(at);
    // A later navigation still starts the next page at its top.
    await page.getByTestId('car-card').nth(2).getByRole('heading').getByRole('link').click();
    await expect(page).toHaveURL(/\/cars\//);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('status codes, robots and sitemap', () => {
  test('unknown paths and unknown cars answer 404 with the not-found page', async ({ tenant }) => {
    for (const path of ['/no-such-page', '/cars/no-such-car-123', '/pages/no-such-page']) await expectNotFoundPage(tenant.slug, path);
  });

  test('switched-off and gated paths: 404 when off, a real 302 to sign-in when signed out', async ({ tenant }) => {
    const garage = await tenantHttp(tenant.slug, '/my-garage');
    if (tenant.features.garage) {
      expect(garage.status).toBe(302);
      expect(garage.headers.location).toMatch(/^\/sign-in\?/);
      expect(garage.headers.location).toContain('type=my-garage');
    } else {
      expect(garage.status).toBe(404);
      expect(garage.text).toContain('Page not found');
    }
    const watchlist = await tenantHttp(tenant.slug, '/watchlist');
    expect(watchlist.status).toBe(tenant.features.favouritesMechanism === 'watchlist' ? 302 : 404);
    const bareSearch = await tenantHttp(tenant.slug, '/search');
    expect(bareSearch.status).toBe(302);
    expect(bareSearch.headers.location).toContain(tenant.routes.defaultSearchPath);
  });

  // One crawl per tenant for every link check of the server's pages: the home, stock, contact,
  // dealerships, a location, information and car pages (the location tests and the header and
  // footer tests used to crawl much the same links again). The links a hydrated page adds to these
  // are compared with the server's in the hydration and location tests, so this crawl covers them.
  test('every link of the home, stock, contact, dealerships, a location, information and car pages leads to a page of this tenant; each header and footer link to a page of its own', async ({ tenant }) => {
    // About two hundred server renders (make searches, car pages, forms about a car), four at a time.
    test.setTimeout(90_000);
    const home = await tenantHttp(tenant.slug, '/');
    const stock = await tenantHttp(tenant.slug, tenant.routes.defaultSearchPath);
    const firstCar = hrefsOf(stock.text).find((href) => /^\/cars\/[^/?]+$/.test(href) && href !== '/cars/trade-in');
    const location = tenant.dealer.locations.find((l) => l.visible);
    const starts = ['/', tenant.routes.defaultSearchPath, '/contact-us', '/dealerships', ...(location ? [`/locations/${location.slug}`] : []), ...Object.keys(SPEC_INFO_PAGES), ...(firstCar ? [firstCar] : [])];
    const pages = new Map<string, string>([['/', home.text], [tenant.routes.defaultSearchPath, stock.text]]);
    const links = new Map<string, string>();
    for (const start of starts) {
      const html = pages.get(start) ?? (await tenantHttp(tenant.slug, start)).text;
      for (const href of hrefsOf(html)) if (!links.has(href)) links.set(href, start);
    }
    expect(links.size, 'the pages link somewhere').toBeGreaterThan(20);
    // The header's and footer's links (the same on every page): each leads, through the site's own
    // redirects, to a page of its own with a heading, never to the not-found page.
    const shell = new Set([...hrefsOf(regionOf(home.text, 'header')), ...hrefsOf(regionOf(home.text, 'footer'))]);
    expect(shell.size, 'the header and footer link somewhere').toBeGreaterThan(5);
    const broken: string[] = [];
    const queue = [...links.keys()];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let href = queue.shift(); href !== undefined; href = queue.shift()) {
          if (shell.has(href)) {
            const r = await followedAnswer(tenant.slug, href);
            if (r.status !== 200) broken.push(`${r.status} ${href} (in the header or footer)`);
            else if (!/<h1[\s>]/.test(r.text)) broken.push(`${href} has no heading (in the header or footer)`);
            else if (r.text.includes('<title>Page not found')) broken.push(`${href} is the not-found page (in the header or footer)`);
            continue;
          }
          const response = await tenantHttp(tenant.slug, href);
          if (![200, 301, 302].includes(response.status)) broken.push(`${response.status} ${href} (on ${links.get(href)})`);
        }
      }),
    );
    expect(broken).toEqual([]);
  });

  test('robots.txt points at the sitemap, which lists every make and model search path with stock', async ({ tenant }) => {
    const robots = await tenantHttp(tenant.slug, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain(`Sitemap: ${origin(tenant.siteUrl)}/sitemap.xml`);
    const sitemap = await tenantHttp(tenant.slug, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(origin(tenant.siteUrl), ''));
    const stock = await searchFacets(tenant.slug, siteFilter(tenant), ['make', 'make_model']);
    for (const make of Object.keys(stock.facets?.make ?? {})) expect(locs).toContain(`/search/${urlSlug(make)}`);
    for (const makeModel of Object.keys(stock.facets?.make_model ?? {})) {
      const make = Object.keys(stock.facets?.make ?? {}).find((m) => makeModel.startsWith(`${m} `));
      if (make) expect(locs).toContain(`/search/${urlSlug(make)}/${urlSlug(makeModel.slice(make.length + 1))}`);
    }
    expect(locs).toContain('/');
    expect(locs).toContain(tenant.routes.defaultSearchPath);
  });
});
