import type { Page } from '@playwright/test';
import { expect, test, onOneTenant, keepScreenshot } from '../lib/fixtures.ts';
import { hrefsOf, tenantHttp } from '../lib/tenant-http.ts';
import { attrOf, byRole, elements, firstTag, plainText, servedPage, tableRows, type HtmlNode } from '../search/html.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

type Loc = ResolvedTenant['dealer']['locations'][number];

/** Degrees to radians, for the test's own haversine. */
const rad = (d: number) => (d * Math.PI) / 180;
/** Kilometres between two points, worked out here (haversine, R = 6371 km). */
const haversineKm = (lat1: number, lng1: number, lat2: number, lng2: number) =>
  2 * 6371 * Math.asin(Math.sqrt(Math.sin(rad(lat2 - lat1) / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lng2 - lng1) / 2) ** 2));
/** Workshops sit next door to their showroom: same dealership, a few doors up the road. */
const isNextDoor = (a: Loc, b: Loc) => a.dealershipSlug === b.dealershipSlug && haversineKm(a.address.lat, a.address.long, b.address.lat, b.address.long) <= 0.5;

// Dealer presence, every tenant: the location grid, the single location page on its
// three routes, the contact page, hours grouping, holiday hours by keyboard, the type selector,
// reviews and stars, offline maps, real 404s and 301s, axe, links that lead somewhere, and
// phone/desktop screenshots (test-results/presence/).

const origin = (siteUrl: string) => new URL(siteUrl).origin;

/** Hand-written expectations for the hours grouping cases of spec §4 (tenants that have the location). */
const HOURS_CASES: Record<string, { why: string; rows: string[] }> = {
  'harbourside-toyota-newstead': {
    why: 'equal days grouped, late-night Thursday listed separately',
    rows: ['Mon-Wed 8:30 am - 5:30 pm', 'Thu 8:30 am - 8:00 pm', 'Fri 8:30 am - 5:30 pm', 'Sat 8:00 am - 5:00 pm', 'Sun 10:00 am - 4:00 pm'],
  },
  'harbourside-mazda-springwood': {
    why: 'all five weekdays equal → Mon-Fri; closed Sunday',
    rows: ['Mon-Fri 8:30 am - 5:30 pm', 'Sat 8:30 am - 4:00 pm', 'Sun Closed'],
  },
  'redline-midland': {
    why: 'every weekday different → each day listed',
    rows: ['Mon 8:00 am - 5:00 pm', 'Tue 8:30 am - 5:30 pm', 'Wed 9:00 am - 5:30 pm', 'Thu 8:30 am - 7:00 pm', 'Fri 8:00 am - 4:30 pm', 'Sat 8:30 am - 2:00 pm', 'Sun Closed'],
  },
  'range-road-kia-service': {
    why: 'closed weekend of a by-appointment dealer',
    rows: ['Mon-Thu 7:00 am - 5:30 pm', 'Fri 7:00 am - 5:00 pm', 'Sat By appointment only', 'Sun By appointment only'],
  },
  'prestige-richmond-service': {
    why: 'closed weekend',
    rows: ['Mon-Thu 7:00 am - 5:30 pm', 'Fri 7:00 am - 5:00 pm', 'Sat Closed', 'Sun Closed'],
  },
};

/** The rows of the Opening Hours table of a location page as the server sent it. */
function servedHoursRows(doc: HtmlNode): string[] {
  const region = byRole(doc, doc, 'region', { name: 'Opening Hours' })[0];
  const table = region && byRole(doc, region, 'table')[0];
  return table ? tableRows(table) : [];
}

/** The accessible name of a location's drawn map on its card. */
const mapName = (l: Loc) => `Map of ${l.name}, ${l.address.street}, ${l.address.suburb} ${l.address.state} ${l.address.postcode}`;

async function hoursRows(page: Page): Promise<string[]> {
  const table = page.getByRole('region', { name: 'Opening Hours' }).getByRole('table').first();
  return (await table.getByRole('row').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
}

/** Every same-site link of the page's content (no tel:, mailto:, external maps links). */
async function internalLinks(page: Page, host: string): Promise<string[]> {
  const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  return [...new Set(hrefs.filter((h) => new URL(h).host === host).map((h) => { const u = new URL(h); return `${u.pathname}${u.search}`; }))];
}


/**
 * How many places each tenant that counts them in its locations heading ('{count} Big Locations')
 * has, from its locations' addresses: Sundowner's two yards, Caboolture (its RV service centre is
 * next door, at 4 Lear Jet Drive) and Townsville.
 */
const PLACES: Record<string, number> = { 'sundowner-caravans': 2 };

function expectedLocationsHeading(tenant: { slug: string; labels: { locationsHeading: string } }): string {
  const label = tenant.labels.locationsHeading;
  if (!label.includes('{count}')) return label;
  const places = PLACES[tenant.slug];
  if (places === undefined) throw new Error(`${tenant.slug} counts its places in its locations heading: add how many it has to PLACES`);
  return label.replaceAll('{count}', String(places));
}

// What the server sends, read from its HTML (parse5), on every tenant: these pages arrive
// rendered. What needs a browser (the maps shown, the holiday hours button shown) is checked in
// the browser tests below, on the pages they load anyway.
test.describe('locations pages arrive rendered (the server\'s HTML)', () => {
  test('the location grid: heading, a card per visible location, head', async ({ tenant }) => {
    const { doc, main, title, canonical } = await servedPage(tenant.slug, '/dealerships');
    expect(byRole(doc, doc, 'heading', { level: 1 }).map(plainText)).toEqual([expectedLocationsHeading(tenant)]);
    const visible = tenant.dealer.locations.filter((l) => l.visible);
    expect(elements(main, (el) => el.tag === 'article')).toHaveLength(visible.length);
    for (const l of visible) {
      const cards = byRole(doc, doc, 'article', { name: l.name });
      expect(cards, l.slug).toHaveLength(1);
      const card = cards[0]!;
      expect(plainText(card)).toContain(l.address.street);
      const hrefs = (name: RegExp) => byRole(doc, card, 'link', { name }).map((a) => attrOf(a, 'href'));
      expect(hrefs(new RegExp(`^View Details of ${l.name}`)), l.slug).toEqual([`/locations/${l.slug}`]);
      expect(hrefs(new RegExp(`^${tenant.labels.contactLink}`)), l.slug).toEqual([`/contact-us/${l.slug}`]);
      const directions = hrefs(/^Get Directions/);
      expect(directions, l.slug).toHaveLength(1);
      expect(directions[0]).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\//);
      // No image: a map drawn by the platform from the coordinates (that the browser shows it: the axe test below).
      expect(byRole(doc, card, 'img', { name: mapName(l) }), l.slug).toHaveLength(1);
      if (tenant.features.licenceDetails) expect(plainText(card)).toContain(`Dealer licence ${tenant.dealer.dealerships.find((d) => d.slug === l.dealershipSlug)!.dealerLicenceNumber}`);
      else expect(plainText(card)).not.toContain('Dealer licence');
    }
    expect(title).toBe(`Our Locations | ${tenant.name}`);
    expect(canonical).toBe(`${origin(tenant.siteUrl)}/dealerships`);
  });

  test('every location page: name, address, hours, directions, canonical, on all three routes', async ({ tenant }) => {
    for (const l of tenant.dealer.locations.filter((x) => x.visible)) {
      const canonicalUrl = `${origin(tenant.siteUrl)}/locations/${l.slug}`;
      // The two other routes are the same page.
      for (const path of [`/our-location/${l.slug}`, `/contact-us/${l.slug}`]) {
        const other = await servedPage(tenant.slug, path);
        expect(other.canonical, path).toBe(canonicalUrl);
        expect(byRole(other.doc, other.doc, 'heading', { level: 1 }).map(plainText), path).toEqual([l.name]);
      }
      const path = `/locations/${l.slug}`;
      const { doc, main, title, canonical } = await servedPage(tenant.slug, path);
      expect(byRole(doc, doc, 'heading', { level: 1 }).map(plainText), path).toEqual([l.name]);
      expect(canonical, path).toBe(canonicalUrl);
      expect(plainText(firstTag(main, 'address')), path).toBe(`${l.address.street}, ${l.address.suburb} ${l.address.state} ${l.address.postcode}`);
      expect(attrOf(byRole(doc, doc, 'link', { name: /^Get Directions/ })[0]!, 'href'), path).toBe(`https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${l.address.lat},${l.address.long}`)}`);
      expect(title, path).toBe(`${l.name} — ${l.address.suburb} | ${tenant.name}`);
      const rows = servedHoursRows(doc);
      expect(rows.length, `${l.slug} has an hours table`).toBeGreaterThanOrEqual(3);
      const expected = HOURS_CASES[l.slug];
      if (expected) expect(rows, `${l.slug}: ${expected.why}`).toEqual(expected.rows);
      // That it is shown: the holiday hours test below, on one location page per tenant.
      expect(byRole(doc, main, 'button', { name: 'View Holiday Hours' }), path).toHaveLength(1);
    }
  });

  test('the contact page lists every location by type, with the contact link and Get Directions', async ({ tenant }) => {
    const { doc, main, canonical } = await servedPage(tenant.slug, '/contact-us');
    expect(byRole(doc, doc, 'heading', { level: 1 }).map(plainText)).toEqual(['Contact Us']);
    const visible = tenant.dealer.locations.filter((l) => l.visible);
    expect(elements(main, (el) => el.tag === 'article')).toHaveLength(visible.length);
    expect(byRole(doc, doc, 'link', { name: /^Get Directions/ })).toHaveLength(visible.length);
    // The locations carousel: a focusable scrolling list; the hint reads on phones, and on large
    // screens only with more than 3 locations (spec §9; shown or hidden: the carousel test below).
    const lists = byRole(doc, main, 'list', { name: 'Our locations' });
    expect(lists).toHaveLength(1);
    expect(attrOf(lists[0]!, 'tabindex')).toBe('0');
    if (visible.length > 1) expect(plainText(doc)).toContain(`Scroll sideways to see all ${visible.length} locations`);
    expect(canonical).toBe(`${origin(tenant.siteUrl)}/contact-us`);
  });
});

test.describe('status codes', () => {
  test('unknown locations are real 404s; /contact and /locations are real 301s', async ({ tenant }) => {
    for (const path of ['/locations/no-such-place', '/our-location/no-such-place', '/contact-us/no-such-place']) {
      const r = await tenantHttp(tenant.slug, path);
      expect(r.status, path).toBe(404);
      expect(r.text).toContain('Page not found');
    }
    const contact = await tenantHttp(tenant.slug, '/contact');
    expect(contact.status).toBe(301);
    expect(contact.headers.location).toMatch(/\/contact-us$/);
    const locations = await tenantHttp(tenant.slug, '/locations');
    expect(locations.status).toBe(301);
    expect(locations.headers.location).toMatch(/\/dealerships$/);
  });
});

test.describe('sitemap', () => {
  test('lists the location grid, the contact page and every visible location once', async ({ tenant }) => {
    const r = await tenantHttp(tenant.slug, '/sitemap.xml');
    expect(r.status).toBe(200);
    const locs = [...r.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    const o = origin(tenant.siteUrl);
    expect(locs).toContain(`${o}/dealerships`);
    expect(locs).toContain(`${o}/contact-us`);
    for (const l of tenant.dealer.locations) {
      expect(locs.filter((u) => u === `${o}/locations/${l.slug}`), l.slug).toHaveLength(l.visible ? 1 : 0);
    }
    expect(locs.some((u) => u.includes('/our-location/')), 'only canonical location URLs').toBe(false);
  });
});

test.describe('locations pages in the browser', () => {
  test('holiday hours by keyboard, reviews and stars, no request leaves the site', async ({ page, tenant, expectNoAxeViolations }) => {
    const l = tenant.dealer.locations.find((x) => x.visible && (x.type ?? 'sales') === 'sales')!;
    const outside: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (!url.hostname.endsWith('localhost')) outside.push(req.url());
    });
    await page.goto(`/locations/${l.slug}`);
    const button = page.getByRole('button', { name: 'View Holiday Hours' });
    await expect(button).toBeVisible();
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Holiday Hours — ${l.name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row').nth(1)).toBeVisible();
    await expect(dialog).toContainText(/Christmas Day|New Year's Day|Australia Day|Good Friday|Anzac Day/);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    if (tenant.features.locationReviews) {
      // The bundled sample set: 122 reviews averaging 4.7, four full stars and 70 % of the fifth.
      await expect(page.getByRole('link', { name: '122 reviews' })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Rated 4.7 out of 5' }).first()).toBeVisible();
      const fills = await page.getByRole('img', { name: 'Rated 4.7 out of 5' }).first().locator('svg').evaluateAll((svgs) => svgs.map((s) => s.getAttribute('data-fill')));
      expect(fills).toEqual(['1', '1', '1', '1', '0.7']);
      const reviews = page.getByRole('region', { name: 'What our customers say' }).getByRole('listitem');
      await expect(reviews).toHaveCount(tenant.limits.reviewQuantity);
      for (const label of await reviews.getByRole('img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute('aria-label')))) {
        expect(Number(/Rated ([\d.]+)/.exec(label ?? '')?.[1])).toBeGreaterThanOrEqual(tenant.limits.reviewMinRating);
      }
    } else {
      await expect(page.getByText('What our customers say')).toHaveCount(0);
    }
    expect(outside, 'maps and everything else are drawn locally').toEqual([]);
  });

  test('the type selector offers the counters at the same address and shows their hours', async ({ page, tenant }) => {
    const visibleSales = tenant.dealer.locations.filter((s) => s.visible && (s.type ?? 'sales') === 'sales');
    const hasWorkshop = (s: Loc) => tenant.dealer.locations.some((o) => o !== s && isNextDoor(o, s) && (o.type === 'service' || o.type === 'service-and-parts'));
    // A showroom with a workshop beside it where the tenant has one; otherwise a showroom on its own.
    const sales = visibleSales.find(hasWorkshop) ?? visibleSales[0]!;
    const neighbours = tenant.dealer.locations.filter((o) => o !== sales && isNextDoor(o, sales));
    const serves = (types: string[]) => neighbours.some((o) => types.includes(o.type ?? 'sales'));
    const expected = ['Sales', ...(serves(['service', 'service-and-parts']) ? ['Service'] : []), ...(serves(['parts', 'service-and-parts']) ? ['Parts'] : [])];
    await page.goto(`/locations/${sales.slug}`);
    const select = page.getByLabel('Location type');
    await expect(select.locator('option')).toHaveText(expected);
    if (!expected.includes('Service')) return; // a showroom on its own offers its sales hours only (asserted above)
    const before = await hoursRows(page);
    await select.selectOption('service');
    await expect(page).toHaveURL(/\?type=service$/);
    await expect.poll(() => hoursRows(page)).not.toEqual(before);
    expect((await hoursRows(page)).some((r) => r.includes('7:00 am'))).toBe(true);
  });

  test('the locations carousel: columns by count and the scroll hint (spec §9)', async ({ page, tenant }) => {
    const count = tenant.dealer.locations.filter((l) => l.visible).length;
    // Independent of the code: ≤ 3 → one column each; more than 3 → 4; exactly 6 → 3.
    const columns = count <= 3 ? count : count === 6 ? 3 : 4;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/contact-us');
    const list = page.getByRole('main').getByRole('list', { name: 'Our locations' });
    const hint = page.getByText(`Scroll sideways to see all ${count} locations`);
    const widths = await list.evaluate((ul) => ({ list: ul.clientWidth, item: (ul.firstElementChild as HTMLElement).getBoundingClientRect().width }));
    expect(Math.round(widths.list / widths.item)).toBe(columns);
    if (count > 3) await expect(hint).toBeVisible();
    else await expect(hint).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    if (count > 1) await expect(hint).toBeVisible();
    // Keyboard users can scroll it.
    await list.focus();
    await page.keyboard.press('ArrowRight');
    if (count > 1) await expect.poll(() => list.evaluate((ul) => ul.scrollLeft)).toBeGreaterThan(0);
  });

  test('dealership finder: place suggestions, nearby dealerships with their great-circle distances, Invalid postcode', onOneTenant({ variant: (t) => String(t.dealer.locations.filter((l) => l.visible).length > 1) }), async ({ page, tenant, expectNoAxeViolations }) => {
    const here = tenant.dealer.locations.find((l) => l.visible)!;
    // The place the shopper picks, as the places service answers it.
    const places = await tenantHttp(tenant.slug, `/api/places/autocomplete?input=${encodeURIComponent(here.address.suburb)}`);
    const place = (places.json.predictions as { description: string; state: string; lat: number; lng: number }[]).find((p) => p.state === here.address.state)!;
    expect(place, `${here.address.suburb} is a known place`).toBeTruthy();
    await page.goto('/dealer-locator');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin(tenant.siteUrl)}/dealerships`);
    const box = page.getByRole('combobox', { name: 'Find a dealership near you' });
    await box.fill(here.address.suburb);
    const option = page.getByRole('option', { name: new RegExp(`^${place.description}`) });
    await expect(option).toBeVisible();
    await expectNoAxeViolations(page);
    await option.click();
    const near = page.getByRole('region', { name: `Dealerships near ${place.description}` });
    const buttons = near.getByRole('button');
    // Independently computed: haversine with R = 6371 km; within 250 km, nearest first, at most 5.
    const km = (lat: number, lng: number) => haversineKm(place.lat, place.lng, lat, lng);
    const expected = tenant.dealer.locations
      .filter((l) => l.visible)
      .map((l) => ({ name: l.name, km: km(l.address.lat, l.address.long) }))
      .filter((l) => l.km <= tenant.limits.nearbyDealersRadiusKm)
      .sort((a, b) => a.km - b.km)
      .slice(0, tenant.limits.nearbyDealersMax);
    await expect(buttons).toHaveCount(expected.length);
    for (const [i, e] of expected.entries()) {
      await expect(buttons.nth(i)).toContainText(e.name);
      expect(Number(await buttons.nth(i).getAttribute('data-distance-km'))).toBeCloseTo(e.km, 2);
    }
    // A dealership button takes the shopper to that dealership.
    await buttons.first().click();
    await expect(page).toHaveURL(new RegExp(`/locations/`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected[0]!.name);
    // A postcode the geocoder does not know.
    await page.goto('/dealerships');
    await box.fill('0999');
    await box.press('Enter');
    await expect(page.getByRole('search', { name: 'Find a dealership' }).getByRole('alert')).toHaveText('Invalid postcode');
  });

  // The contact page's axe check is the enquiry form's (forms/enquiry.spec.ts, every tenant, the same page and width).
  test('axe: grid and a location page; the links of these and the contact page are the server\'s, which the link crawl follows', async ({ page, tenant, expectNoAxeViolations }) => {
    const l = tenant.dealer.locations.find((x) => x.visible)!;
    for (const path of ['/dealerships', '/contact-us', `/locations/${l.slug}`]) {
      await page.goto(path);
      if (path !== '/contact-us') await expectNoAxeViolations(page);
      if (path === '/dealerships') {
        // Each card's map, drawn by the platform from the coordinates, is shown (its card: the server's HTML test above).
        for (const loc of tenant.dealer.locations.filter((x) => x.visible)) {
          const map = page.getByRole('main').getByRole('img', { name: mapName(loc) });
          await map.scrollIntoViewIfNeeded();
          await expect(map).toBeVisible();
          await expect.poll(() => map.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(420);
        }
      }
      // Every link of these pages is fetched by the one link crawl (ssr.spec.ts) from the server's
      // HTML; the hydrated page adds none of its own (its in-page anchors lead to the page itself).
      const served = new Set(hrefsOf((await tenantHttp(tenant.slug, path)).text));
      const hydrated = await internalLinks(page, new URL(page.url()).host);
      expect(hydrated.length, `${path} links somewhere`).toBeGreaterThan(0);
      expect(hydrated.filter((link) => link !== path && !served.has(link)), `${path}: links the server did not send`).toEqual([]);
    }
  });

  test('screenshots: phone and desktop', async ({ page, tenant }) => {
    const l = tenant.dealer.locations.find((x) => x.visible)!;
    for (const [name, width, height] of [['phone', 390, 844], ['desktop', 1440, 900]] as const) {
      await page.setViewportSize({ width, height });
      for (const [label, path] of [['grid', '/dealerships'], ['location', `/locations/${l.slug}`], ['contact', '/contact-us']] as const) {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${path} fits ${width} px`).toBeLessThanOrEqual(width);
        await keepScreenshot(page, { path: `test-results/presence/${tenant.slug}-${label}-${name}.png`, fullPage: true });
      }
    }
  });
});
