import { mkdirSync } from 'node:fs';
import { expect, test, keepScreenshot, watchConsole } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { accessibleName, answeredPage, attrOf, byRole, elements, parseHtml, plainText, servedPage, squash, type HtmlNode } from '../search/html.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { urlSlug } from '../lib/spec-values.ts';

// Dealer presence, every tenant: the header's banners, the brand mega-menu (logos, click or hover mode, keyboard), the brand directory and
// overview pages where the tenant has them, and the special offers page with its search, window
// and empty state. axe on each; phone and desktop screenshots in test-results/presence/. That every
// header and footer link leads to a page of its own is checked by the one link crawl (ssr.spec.ts).

const SHOTS = 'test-results/presence';
mkdirSync(SHOTS, { recursive: true });

const origin = (siteUrl: string) => new URL(siteUrl).origin;


/** The level-2 headings of a page's main. */
const h2sInMain = (page: { doc: HtmlNode; main: HtmlNode }) => byRole(page.doc, page.main, 'heading', { level: 2 });

/** The texts of a page's level-1 headings. */
const h1s = (doc: HtmlNode) => byRole(doc, doc, 'heading', { level: 1 }).map(plainText);

type Brand = { title: string; slug: string; kind: string; logo: string | null; skipPage: boolean; description: string[] };

test.describe('header and footer', () => {
  // The server's HTML: the header and footer are in the first HTML of every page.
  test('the header shows the announcement bar and emergency banner only where configured', async ({ tenant }) => {
    const { status, doc } = await answeredPage(tenant.slug, '/');
    expect(status).toBe(200);
    const [banner] = byRole(doc, doc, 'banner');
    expect(banner).toBeDefined();
    const announcement = tenant.features.announcementBar ? tenant.content.announcement : undefined;
    if (announcement) expect(plainText(banner)).toContain(squash(announcement));
    const emergency = tenant.features.emergencyBanner ? tenant.content.emergencyBanner : undefined;
    expect(byRole(doc, banner!, 'note').map(plainText)).toEqual(emergency ? [squash(emergency)] : []);
    const [footer] = byRole(doc, doc, 'contentinfo');
    expect(byRole(doc, footer!, 'list', { name: 'Payment methods we accept' })).toHaveLength(tenant.features.paymentLogos ? 1 : 0);
  });
});

test.describe('brand mega-menu', () => {
  test('logos of every make, opened by click or hover as the tenant says, and by keyboard', async ({ page, tenant, expectNoAxeViolations }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // The page's clock is driven past the hover's opening delay instead of waiting it out.
    await page.clock.install();
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const button = nav.getByRole('button', { name: 'Our Brands' });
    // Absent here: only the dealer-group menu (without configured header links) has the brand mega-menu.
    if (tenant.navigation.headerVariant !== 'dealer-group' || tenant.navigation.headerLinks) return await expect(button).toHaveCount(0);
    // Hover needs the scripts (a click before them would be held and replayed).
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true, undefined, { timeout: 30_000 });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.hover();
    await page.clock.runFor(1000);
    if (tenant.navigation.headerDropdownHover) await expect(button).toHaveAttribute('aria-expanded', 'true');
    else {
      await expect(button, 'click mode: hovering does not open it').toHaveAttribute('aria-expanded', 'false');
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
    }
    const makes = [...new Set(tenant.dealer.dealerships.flatMap((d) => d.makes))];
    for (const make of makes) {
      const tile = nav.getByRole('link', { name: make, exact: true });
      await expect(tile).toHaveAttribute('href', `/search/${urlSlug(make)}`);
      // The logo has loaded (a drawn emblem, from this site).
      await expect.poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && new URL(img.src).host === location.host), { message: `${make} logo` }).toBe(true);
    }
    const directory = nav.getByRole('link', { name: 'View all our brands' });
    await expect(directory).toHaveCount(tenant.features.brandDirectory ? 1 : 0);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-brand-menu-desktop.png` });

    // Keyboard: Escape closes and gives the focus back; Enter opens; Tab enters the panel.
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: makes.slice().sort((a, b) => a.localeCompare(b, 'en-AU'))[0]!, exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
  });
});

test.describe('brand directory', () => {
  test("the directory and each brand overview arrive rendered (the server's HTML), or are 404s where switched off", async ({ tenant }) => {
    if (!tenant.features.brandDirectory) {
      expect((await tenantHttp(tenant.slug, '/brands')).status).toBe(404);
      expect((await tenantHttp(tenant.slug, `/${urlSlug(tenant.dealer.dealerships[0]!.makes[0]!)}/overview`)).status).toBe(404);
      const home = await servedPage(tenant.slug, '/');
      expect(elements(home.doc, (el) => el.tag === 'a' && el.attr('href') === '/brands')).toHaveLength(0);
      return;
    }
    const brands = (await tenantHttp(tenant.slug, '/api/brands')).json as Brand[];
    const directory = await servedPage(tenant.slug, '/brands');
    expect(h1s(directory.doc)).toEqual(['Our Brands']);
    expect(directory.title).toBe(`Our Brands | ${tenant.name}`);
    expect(directory.canonical).toBe(`${origin(tenant.siteUrl)}/brands`);
    for (const claim of tenant.content.claims) expect(plainText(directory.main)).toContain(squash(`${claim.value}${claim.label}`));
    for (const brand of brands) {
      const cards = byRole(directory.doc, directory.doc, 'listitem').filter((li) => byRole(directory.doc, li, 'heading', { level: 3, name: brand.title }).length > 0);
      expect(cards, brand.slug).toHaveLength(1);
      const card = cards[0]!;
      if (brand.description[0]) expect(plainText(card)).toContain(squash(brand.description[0]));
      // That the stand-in of a brand without a logo is shown: the axe test below.
      if (brand.logo) expect(elements(card, (el) => el.tag === 'img').map((img) => attrOf(img, 'src')), brand.slug).toEqual([brand.logo]);
      else expect(byRole(directory.doc, card, 'img', { name: `${brand.title} logo not found` }), brand.slug).toHaveLength(1);
      expect(byRole(directory.doc, card, 'link', { name: `About ${brand.title}` }), brand.slug).toHaveLength(brand.skipPage ? 0 : 1);
    }
    for (const brand of brands) {
      const path = `/${brand.slug}/overview`;
      if (brand.skipPage) {
        expect((await tenantHttp(tenant.slug, path)).status, `${brand.slug} has no page`).toBe(404);
        continue;
      }
      const overview = await servedPage(tenant.slug, path);
      expect(h1s(overview.doc), path).toEqual([brand.title]);
      expect(overview.title, path).toBe(`${brand.title} overview | ${tenant.name}`);
      expect(overview.canonical, path).toBe(`${origin(tenant.siteUrl)}/${brand.slug}/overview`);
      for (const paragraph of brand.description) expect(plainText(overview.main), path).toContain(squash(paragraph));
    }
    expect((await tenantHttp(tenant.slug, '/no-such-brand/overview')).status).toBe(404);
  });

  test('directory and overview pass axe; phone and desktop screenshots', async ({ page, tenant, expectNoAxeViolations }) => {
    // Several cold server renders, axe runs and full-page screenshots on a shared machine.
    test.slow();
    // Absent here: no brand directory is a 404.
    if (!tenant.features.brandDirectory) return expect((await tenantHttp(tenant.slug, '/brands')).status).toBe(404);
    const brands = (await tenantHttp(tenant.slug, '/api/brands')).json as Brand[];
    const [first] = brands.filter((b) => !b.skipPage);
    for (const [name, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      for (const [label, path] of [['brands', '/brands'], ['brand-overview', `/${first!.slug}/overview`]] as const) {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits ${width} px`).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page);
        // A brand without a logo shows its stand-in (the directory's cards: the server's HTML test above).
        if (label === 'brands') for (const brand of brands.filter((b) => !b.logo)) await expect(page.getByRole('img', { name: `${brand.title} logo not found` })).toBeVisible();
        await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-${label}-${name}.png`, fullPage: true });
      }
    }
  });
});

/** Absent here: a switched-off special offers page is a 404, and the home page has no link to it (the server's HTML). */
async function expectNoOffersPage(tenant: ResolvedTenant, links = false): Promise<void> {
  expect((await tenantHttp(tenant.slug, '/special-offers')).status).toBe(404);
  if (!links) return;
  const { status, doc } = await answeredPage(tenant.slug, '/');
  expect(status).toBe(200);
  expect(elements(doc, (el) => el.tag === 'a' && (el.attr('href') ?? '').startsWith('/special-offers'))).toEqual([]);
}

test.describe('special offers', () => {
  // The server's HTML: the offers are listed in the first HTML.
  test('offers inside their window only, each with its closing date; outside-window offers are not shown (a 404 with no links where switched off)', async ({ tenant }) => {
    if (!tenant.features.specialOffers) return expectNoOffersPage(tenant, true);
    const api = (await tenantHttp(tenant.slug, '/api/offers')).json as { items: { id: number; title: string; start: string; expiry: string }[]; count: number };
    expect(api.count).toBeGreaterThan(0);
    const page = await servedPage(tenant.slug, '/special-offers');
    expect(page.title).toBe(`Special Offers | ${tenant.name}`);
    expect(page.canonical).toBe(`${origin(tenant.siteUrl)}/special-offers`);
    const now = Date.now();
    const articles = byRole(page.doc, page.main, 'article');
    expect(articles).toHaveLength(api.items.length);
    const card = (title: string) => articles.filter((article) => accessibleName(page.doc, article) === title);
    for (const offer of api.items) {
      expect(Date.parse(offer.start) <= now && now < Date.parse(offer.expiry), `${offer.title} is inside its window`).toBe(true);
      const ends = new Intl.DateTimeFormat('en-AU', { timeZone: tenant.timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(offer.expiry));
      expect(card(offer.title).map(plainText), offer.title).toEqual([expect.stringContaining(`Offer ends ${ends}`)]);
    }
    // The site's other offers (found by id next to the listed ones) are all outside their window, and not on the page.
    const ids = api.items.map((o) => o.id);
    let outside = 0;
    for (let id = Math.min(...ids) - 6; id <= Math.max(...ids) + 6; id++) {
      if (id < 1 || ids.includes(id)) continue;
      const r = await tenantHttp(tenant.slug, `/api/offers/${id}`);
      if (r.status !== 200) continue;
      const offer = r.json as { title: string; start: string; expiry: string };
      expect(Date.parse(offer.start) > now || Date.parse(offer.expiry) <= now, `${offer.title} is listed only inside its window`).toBe(true);
      expect(card(offer.title), offer.title).toEqual([]);
      outside++;
    }
    expect(outside, 'the demo data has offers outside their window').toBeGreaterThan(0);
  });

  test('search by category and text; the empty state and Clear Filters back to /special-offers', async ({ page, tenant, expectNoAxeViolations }) => {
    if (!tenant.features.specialOffers) return expectNoOffersPage(tenant);
    const api = (await tenantHttp(tenant.slug, '/api/offers')).json as { items: { title: string; category: string }[]; categories: string[] };
    const category = api.categories[0]!;
    await page.goto('/special-offers');
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true, undefined, { timeout: 30_000 });
    await page.getByLabel('Category').selectOption(category);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/special-offers\\?category=${encodeURIComponent(category).replace(/%20/g, '(\\+|%20)')}$`));
    const expected = api.items.filter((o) => o.category === category).map((o) => o.title).sort();
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(expected.length);
    expect((await page.getByRole('main').getByRole('article').getByRole('heading').allInnerTexts()).sort()).toEqual(expected);
    await expectNoAxeViolations(page);

    await page.getByRole('searchbox', { name: 'Search offers' }).fill('no offer is called this');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('heading', { name: tenant.labels.noResultsHeading })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(tenant.labels.noOffers);
    await expectNoAxeViolations(page);
    await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-offers-empty-desktop.png`, fullPage: true });
    await page.getByRole('main').getByRole('link', { name: 'Clear Filters' }).last().click();
    await expect(page).toHaveURL(/\/special-offers$/);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(api.items.length);
  });

  test('the search works without JavaScript (a GET form)', async ({ browser, tenant }) => {
    if (!tenant.features.specialOffers) return expect((await tenantHttp(tenant.slug, '/special-offers')).status).toBe(404);
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: test.info().project.use.baseURL! });
    const page = await context.newPage();
    await page.goto('/special-offers');
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('zzzz-nothing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/special-offers\?category=&price=&query=zzzz-nothing$/);
    await expect(page.getByRole('main')).toContainText(tenant.labels.noOffers);
    await context.close();
  });

  test('phone and desktop screenshots pass axe', async ({ page, tenant, expectNoAxeViolations }) => {
    if (!tenant.features.specialOffers) return expectNoOffersPage(tenant);
    // Several cold server renders, axe runs and full-page screenshots on a shared machine.
    test.slow();
    for (const [name, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/special-offers');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-offers-${name}.png`, fullPage: true });
    }
  });
});

test.describe('model pages', () => {
  type ApiModel = { slug: string; name: string; full_name: string; status: string; colours: { name: string; model_variant_name: string; body_type: string | null }[]; variants: { name: string; price: number | null }[]; model_specifications: unknown[]; driver_assistance: string[] };
  const models = async (slug: string) => (await tenantHttp(slug, '/api/models')).json as ApiModel[];

  test("a model page arrives rendered (the server's HTML) with its head, or is a 404 where switched off", async ({ tenant }) => {
    const [model] = await models(tenant.slug);
    if (!tenant.features.modelPages) {
      if (model) expect((await tenantHttp(tenant.slug, `/models/${model.slug}`)).status).toBe(404);
      expect((await tenantHttp(tenant.slug, '/models/anything')).status).toBe(404);
      return;
    }
    const { doc, title, canonical } = await servedPage(tenant.slug, `/models/${model!.slug}`);
    expect(h1s(doc)).toEqual([model!.full_name]);
    expect(title).toBe(`${model!.full_name}${model!.status === 'coming_soon' ? ' (coming soon)' : ''} | ${tenant.name}`);
    expect(canonical).toBe(`${origin(tenant.siteUrl)}/models/${model!.slug}`);
    const region = (name: string) => {
      const found = byRole(doc, doc, 'region', { name });
      expect(found, name).toHaveLength(1);
      return found[0]!;
    };
    // Specs: 4 shown; driver assistance: 6 of the 18 shown (spec §2, §9).
    expect(byRole(doc, region('Specifications'), 'listitem')).toHaveLength(Math.min(4, model!.model_specifications.length));
    expect(model!.driver_assistance).toHaveLength(18);
    expect(byRole(doc, region('Driver assistance'), 'listitem')).toHaveLength(tenant.limits.driverAssistShown);
    // Variant cards: Test Drive, or Register Interest when the model is coming soon (spec §4).
    const action = model!.status === 'coming_soon' ? 'Register Interest' : 'Test Drive';
    const variants = region('Variants and prices');
    const cards = byRole(doc, variants, 'listitem').filter((li) => byRole(doc, li, 'heading', { level: 3 }).length > 0);
    expect(cards).toHaveLength(model!.variants.length);
    for (const variant of model!.variants) {
      const card = cards.filter((li) => byRole(doc, li, 'heading', { level: 3, name: variant.name }).length > 0);
      expect(card, variant.name).toHaveLength(1);
      if (variant.price !== null) expect(plainText(card[0])).toContain(`$${variant.price.toLocaleString('en-AU')}`);
      expect(byRole(doc, card[0]!, 'link', { name: new RegExp(`^${action}`) }), variant.name).toHaveLength(1);
    }
    expect((await tenantHttp(tenant.slug, '/models/no-such-model')).status).toBe(404);
  });

  test('colour viewer: body-type order, arrows wrap around; driver assistance expands; axe; screenshots', async ({ page, tenant, expectNoAxeViolations }) => {
    // Several cold server renders, axe runs and full-page screenshots on a shared machine.
    test.slow();
    // Absent here: no model pages (a 404).
    if (!tenant.features.modelPages) return expect((await tenantHttp(tenant.slug, '/models/any-model')).status).toBe(404);
    const [model] = await models(tenant.slug);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/models/${model!.slug}`);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true, undefined, { timeout: 30_000 });
    const viewer = page.getByRole('region', { name: 'Colours' });
    const variant = model!.colours[0]!.model_variant_name;
    const order = ['wagon', 'sedan', 'hatch', 'ute', 'cab chassis', 'van', 'people mover', 'coupe', 'convertible'];
    const rank = (b: string | null) => (order.indexOf(b ?? '') === -1 ? order.length : order.indexOf(b ?? ''));
    const colours = model!.colours.filter((c) => c.model_variant_name === variant).map((c, i) => ({ ...c, i })).sort((a, b) => rank(a.body_type) - rank(b.body_type) || a.i - b.i);
    const n = colours.length;
    expect(n).toBeGreaterThan(2);
    await expect(viewer.getByRole('list', { name: 'Colours' }).getByRole('button')).toHaveCount(n);
    const caption = viewer.locator('p[aria-live="polite"]');
    await expect(caption).toHaveText(`${colours[0]!.name} (1 of ${n})`);
    // Previous from the first colour wraps to the last; Next from the last wraps to the first.
    await viewer.getByRole('button', { name: 'Previous colour' }).click();
    await expect(caption).toHaveText(`${colours[n - 1]!.name} (${n} of ${n})`);
    await viewer.getByRole('button', { name: 'Next colour' }).click();
    await expect(caption).toHaveText(`${colours[0]!.name} (1 of ${n})`);
    await viewer.getByRole('button', { name: 'Next colour' }).click();
    await expect(caption).toHaveText(`${colours[1]!.name} (2 of ${n})`);
    // Driver assistance: Show all 18.
    const assist = page.getByRole('region', { name: 'Driver assistance' });
    await assist.getByRole('button', { name: 'Show all 18 systems' }).click();
    await expect(assist.getByRole('listitem')).toHaveCount(18);
    await expectNoAxeViolations(page);
    for (const [name, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-model-${name}.png`, fullPage: true });
    }
  });
});

test.describe('blog and news', () => {
  type ApiPost = { slug: string; heading: string; description: string; category: string; href: string; featured: boolean };

  test("landing, categories, news and articles arrive rendered (the server's HTML) with cut card texts, or are 404s where switched off", async ({ tenant }) => {
    if (!tenant.features.blog) {
      for (const path of ['/blog', '/news', '/blog/vehicle-reviews']) expect((await tenantHttp(tenant.slug, path)).status, path).toBe(404);
      return;
    }
    const posts = ((await tenantHttp(tenant.slug, '/api/blog')).json as { items: ApiPost[] }).items;
    const landing = await servedPage(tenant.slug, '/blog');
    expect(landing.title).toBe(`Blog | ${tenant.name}`);
    expect(landing.canonical).toBe(`${origin(tenant.siteUrl)}/blog`);
    const inRegion = (name: string, role: string) => byRole(landing.doc, byRole(landing.doc, landing.doc, 'region', { name })[0] ?? parseHtml(''), role);
    expect(inRegion('Categories', 'link').map(plainText)).toEqual(tenant.content.blogCategories);
    expect(inRegion('Featured articles', 'listitem')).toHaveLength(Math.min(3, posts.filter((p) => p.featured).length));
    // Card titles at most 80 characters and descriptions at most 100 (spec §9), plus the ellipsis when cut.
    for (const post of posts) {
      const title = plainText(elements(landing.main, (el) => el.tag === 'a' && el.attr('href') === post.href)[0]);
      if (post.heading.length <= tenant.limits.blogTitleLength) expect(title, post.slug).toBe(post.heading);
      else expect(title.length <= tenant.limits.blogTitleLength + 1 && title.endsWith('…') && post.heading.startsWith(title.slice(0, -1).trimEnd()), `${post.slug}: "${title}"`).toBe(true);
    }
    for (const category of tenant.content.blogCategories) {
      const path = `/blog/${urlSlug(category)}`;
      const page = await servedPage(tenant.slug, path);
      expect(h1s(page.doc), path).toEqual([category]);
      const own = ((await tenantHttp(tenant.slug, `/api/blog?category=${encodeURIComponent(category)}`)).json as { items: ApiPost[] }).items;
      expect(h2sInMain(page), path).toHaveLength(own.length);
    }
    expect(h2sInMain(await servedPage(tenant.slug, '/news'))).toHaveLength(posts.length);
    const [post] = posts;
    const article = await servedPage(tenant.slug, post!.href);
    expect(h1s(article.doc)).toEqual([post!.heading]);
    expect(article.title).toBe(`${post!.heading} | ${tenant.name}`);
    expect((await tenantHttp(tenant.slug, '/blog/no-such-article')).status).toBe(404);
  });

  test("an article's dealer HTML arrives sanitised: headings, lists, checked links, no script and no javascript: link; it hydrates cleanly", async ({ page, tenant }) => {
    if (!tenant.features.blog) return expect((await tenantHttp(tenant.slug, '/blog/buying-a-car-at-the-end-of-the-financial-year')).status).toBe(404);
    // The seeded CMS HTML of these two carries a leftover tracking script and a javascript: link.
    const slugs = ['buying-a-car-at-the-end-of-the-financial-year', 'road-trip-checklist-for-the-school-holidays'];
    // What the server sends, from its HTML.
    let last: { doc: HtmlNode; article: HtmlNode } | undefined;
    for (const slug of slugs) {
      const r = await tenantHttp(tenant.slug, `/blog/${slug}`);
      expect(r.status, slug).toBe(200);
      const body = r.text.slice(r.text.indexOf('<main'), r.text.indexOf('</main>'));
      expect(body, slug).not.toMatch(/<script|dataLayer|javascript:|style="|onclick/i);
      const doc = parseHtml(r.text);
      const article = byRole(doc, doc, 'article')[0]!;
      const prose = elements(article, (el) => (el.attr('class') ?? '').split(/\s+/).includes('prose'))[0]!;
      expect(prose, `${slug} has its prose`).toBeDefined();
      expect(byRole(doc, prose, 'heading', { level: 2 }).length, slug).toBeGreaterThan(0);
      expect(byRole(doc, prose, 'listitem').length, slug).toBeGreaterThan(1);
      // The page owns its only h1.
      expect(byRole(doc, doc, 'heading', { level: 1 }), slug).toHaveLength(1);
      for (const link of byRole(doc, prose, 'link')) {
        const href = attrOf(link, 'href')!;
        if (href.startsWith('/')) expect((await tenantHttp(tenant.slug, href)).status, href).toBe(200);
        else {
          expect(href).toMatch(/^https:\/\//);
          expect(attrOf(link, 'rel'), href).toBe('noopener noreferrer');
          expect(attrOf(link, 'target'), href).toBe('_blank');
        }
      }
      last = { doc, article };
    }
    // The javascript: link's text stays, without the link.
    expect(plainText(last!.article)).toContain('Print this checklist');
    expect(byRole(last!.doc, last!.doc, 'link', { name: /Print this checklist/i })).toHaveLength(0);
    // In the browser: each hydrates cleanly, its headings and the kept text shown.
    const problems = watchConsole(page);
    for (const slug of slugs) {
      await page.goto(`/blog/${slug}`);
      await page.waitForFunction(() => window.fcHydrated === true);
      await expect(page.getByRole('article').locator('.prose').getByRole('heading', { level: 2 }).first()).toBeVisible();
    }
    await expect(page.getByRole('article').getByText('Print this checklist')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Print this checklist' })).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test('blog pages pass axe; phone and desktop screenshots', async ({ page, tenant, expectNoAxeViolations }) => {
    // Several cold server renders, axe runs and full-page screenshots on a shared machine.
    test.slow();
    // Absent here: no blog is a 404.
    if (!tenant.features.blog) return expect((await tenantHttp(tenant.slug, '/blog')).status).toBe(404);
    const [post] = ((await tenantHttp(tenant.slug, '/api/blog')).json as { items: ApiPost[] }).items;
    for (const [name, width, height] of [['phone', 390, 844], ['desktop', 1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      for (const [label, path] of [['blog', '/blog'], ['article', post!.href]] as const) {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits ${width} px`).toBeLessThanOrEqual(width);
        await expectNoAxeViolations(page);
        await keepScreenshot(page, { path: `${SHOTS}/${tenant.slug}-${label}-${name}.png`, fullPage: true });
      }
    }
  });
});
