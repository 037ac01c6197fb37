import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test, onOneTenant, keepScreenshot } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { tenantOrigin } from '../lib/tenants.ts';
import { siteFilter } from '../search/search-api.ts';
import { answeredPage, attrOf, byRole, byTestId, elements, expectNotFoundPage, firstTag, metaContent, plainText, squash } from '../search/html.ts';
import { eventsWithId } from '../lib/analytics.ts';

// The vehicle page's tools for every tenant, each following the tenant's switch: the delivery
// calculator (features.deliveryCalculator; spec §5 messages, price worked out here from the
// tenant's sales locations), the print page /print?car_id= (features.print; server-rendered,
// noindex, canonical to the car, Print → window.print and event 61, Download PDF with
// 'Preparing...', unknown car → 404, axe, screenshots), view counts (features.viewCounts;
// view.json once per visit, after hydration, no layout shift) and the copy-link toast of
// spec §4 ('Copied {car name} to your clipboard', 3 s).

interface PageCar {
  id: number;
  slug: string;
  name: string;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  stocknum: string;
  price: number;
  offer_price: number | null;
  before_price: number | null;
  preorder: boolean;
  views: number;
  standardEquipment: string[];
  location: { name: string; phone: string | null };
}

async function findSlugs(tenant: ResolvedTenant, filters: string, hitsPerPage = 50): Promise<string[]> {
  const response = await tenantHttp(tenant.slug, '/1/indexes/cars/query', {
    body: { filters: `${siteFilter(tenant)} AND ${filters}`, hitsPerPage, attributesToRetrieve: ['slug'] },
  });
  expect(response.status).toBe(200);
  return (response.json as { hits: { slug: string }[] }).hits.map((hit) => hit.slug);
}

async function pageCar(tenant: ResolvedTenant, slug: string): Promise<PageCar> {
  const response = await tenantHttp(tenant.slug, `/api/cars/${slug}`);
  expect(response.status).toBe(200);
  return response.json as PageCar;
}

/** An available, priced car; `pick` chooses among the first 50 (tests that count views take one no other test opens). */
async function availableCar(tenant: ResolvedTenant, pick: 'first' | 'last' = 'first'): Promise<PageCar> {
  const slugs = await findSlugs(tenant, 'status:in_stock AND NOT reserved:true AND price > 1000');
  const slug = pick === 'first' ? slugs[0] : slugs.at(-1);
  if (!slug) throw new Error(`${tenant.slug}: no available car`);
  return pageCar(tenant, slug);
}

function carTitle(car: PageCar, tenant: ResolvedTenant): string {
  return tenant.features.seriesInTitle ? car.name : [String(car.year), car.make, car.model, car.badge ?? ''].filter(Boolean).join(' ');
}

const money = (n: number) => `$${Math.round(n).toLocaleString('en-AU')}`;

/** The lead price by spec §4, worked out here. */
function leadPrice(car: PageCar, tenant: ResolvedTenant): string {
  if (car.offer_price !== null && car.offer_price > 10 && car.offer_price < car.price) return money(car.offer_price);
  if (car.price <= 10) return car.preorder ? tenant.labels.preorder : tenant.labels.noPrice;
  return money(car.price);
}

/** A promise the test settles when it chooses (holds a response back). */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const hydrated = (page: Page) => page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);

/** A postcode's centroid from the platform's offline table (server/postcodes/au-postcodes.tsv). */
function postcodePlace(postcode: string): { lat: number; lng: number; state: string } {
  const table = readFileSync(path.resolve(import.meta.dirname, '../../server/postcodes/au-postcodes.tsv'), 'utf8');
  const row = table.split('\n').find((line) => line.startsWith(`${postcode}\t`));
  if (!row) throw new Error(`no postcode ${postcode}`);
  const [, state, lat, lng] = row.split('\t');
  return { lat: Number(lat), lng: Number(lng), state: state ?? '' };
}

/**
 * The delivery price to a postcode, worked out here: the nearest sales location by the
 * spherical law of cosines (R = 6371 km), free within 25 km, else $150 + $1.10/km, +$450 across
 * Bass Strait, to the nearest $10; none beyond 4,500 km.
 */
function expectedDelivery(tenant: ResolvedTenant, postcode: string): number | null {
  const to = postcodePlace(postcode);
  const rad = Math.PI / 180;
  const km = (a: { lat: number; lng: number }) =>
    6371 * Math.acos(Math.min(1, Math.sin(a.lat * rad) * Math.sin(to.lat * rad) + Math.cos(a.lat * rad) * Math.cos(to.lat * rad) * Math.cos((to.lng - a.lng) * rad)));
  const sales = tenant.dealer.locations.filter((location) => (location.type ?? 'sales') === 'sales');
  const nearest = sales.map((location) => ({ state: location.address.state, km: km({ lat: location.address.lat, lng: location.address.long }) })).sort((a, b) => a.km - b.km)[0];
  if (!nearest || nearest.km > 4500) return null;
  const whole = Math.round(nearest.km);
  if (whole <= 25) return 0;
  const crossing = (to.state === 'TAS') !== (nearest.state === 'TAS') ? 450 : 0;
  return Math.round((150 + whole * 1.1 + crossing) / 10) * 10;
}

const SORRY = "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.";

test.describe('delivery calculator', () => {
  test('postcode required, digits only, then the price and region for the postcode; the sorry message where there is none', onOneTenant({ has: (t) => t.features.deliveryCalculator }), async ({ page, tenant, expectNoAxeViolations }) => {
    // A whole shopper's session on the page (three lookups) and an axe run.
    test.slow();
    const car = await availableCar(tenant);
    await page.goto(`/cars/${car.slug}`);
    const calculator = page.getByTestId('delivery-calculator');
    if (!tenant.features.deliveryCalculator) {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await hydrated(page);
      await expect(calculator).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Delivery calculator' })).toHaveCount(0);
      return;
    }
    await expect(page.getByRole('heading', { name: 'Delivery calculator' })).toBeVisible();
    const postcode = calculator.getByRole('textbox', { name: 'Postcode' });
    // Asked at once, as a shopper would: a click before the page has hydrated is held and replayed.
    await calculator.getByRole('button', { name: 'Get estimate' }).click();
    await hydrated(page);
    await expect(calculator.getByText('Please enter a postcode.')).toBeVisible();
    await expect(postcode).toHaveAttribute('aria-invalid', 'true');
    await expect(postcode).toBeFocused();

    await postcode.pressSequentially('3,0a0');
    await expect(postcode).toHaveValue('300');
    await expect(calculator.getByText('Please enter a postcode.')).toHaveCount(0);
    // The same keys typed while a part of the page is still starting (what is typed is then held
    // for React, unfiltered, until the page is ready) give the same digits: none is refused for
    // the separator and the letter the filter drops.
    await postcode.fill('');
    await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<div id="still-starting" data-interactive="false"></div>'));
    await postcode.pressSequentially('3,0a0');
    await page.evaluate(() => document.querySelector('#still-starting')?.remove());
    await expect(postcode).toHaveValue('300');
    await calculator.getByRole('button', { name: 'Get estimate' }).click();
    await expect(calculator.getByText('Invalid postcode. Please enter a 4-digit number.')).toBeVisible();
    await keepScreenshot(page.getByRole('region', { name: 'Delivery calculator' }), { path: `test-results/delivery-${tenant.slug}-error.png` });
    // The inline error is readable on the tenant's theme (dark ones too).
    await expectNoAxeViolations(page);
    await postcode.pressSequentially('05');
    await expect(postcode).toHaveValue('3000');

    const price = expectedDelivery(tenant, '3000');
    const api = (await tenantHttp(tenant.slug, '/api/delivery?postcode=3000')).json as { region: string | null };
    await postcode.press('Enter');
    if (price === null) {
      await expect(calculator.getByTestId('delivery-none')).toHaveText(SORRY);
    } else {
      await expect(calculator.getByTestId('delivery-price')).toHaveText(price === 0 ? 'Free' : money(price));
      await expect(calculator.getByTestId('delivery-result')).toContainText(`Delivery to ${api.region} (3000)`);
      await keepScreenshot(page.getByRole('region', { name: 'Delivery calculator' }), { path: `test-results/delivery-${tenant.slug}-estimate.png` });
    }

    // A well-formed postcode that does not exist has no estimate.
    await postcode.fill('0000');
    await calculator.getByRole('button', { name: 'Get estimate' }).click();
    await expect(calculator.getByTestId('delivery-none')).toHaveText(SORRY);
    await keepScreenshot(page.getByRole('region', { name: 'Delivery calculator' }), { path: `test-results/delivery-${tenant.slug}.png` });
    // The page with the calculator's answer (and its error state passed through above) passes axe.
    await expect(page.getByTestId('price-gauge-skeleton')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

// What a browser with JavaScript off shows of the print page is the server's HTML: read here without a browser.
test.describe('print page arrives rendered (the server\'s HTML)', () => {
  test('where the tenant prints: the sheet, its title, noindex and canonical to the car, linked from the car page; otherwise a 404 and no link', async ({ tenant }) => {
    const car = await availableCar(tenant);
    const carPage = await answeredPage(tenant.slug, `/cars/${car.slug}`);
    expect(carPage.status).toBe(200);
    const printLinks = byRole(carPage.doc, carPage.doc, 'link', { name: /^Print/ });
    if (!tenant.features.print) {
      await expectNotFoundPage(tenant.slug, `/print?car_id=${car.slug}`);
      expect(byRole(carPage.doc, carPage.doc, 'heading', { level: 1 })).toHaveLength(1);
      expect(printLinks).toEqual([]);
      return;
    }
    const { status, doc, title: pageTitle, canonical } = await answeredPage(tenant.slug, `/print?car_id=${car.slug}`);
    expect(status).toBe(200);
    const title = carTitle(car, tenant);
    expect(byRole(doc, doc, 'heading', { level: 1 }).map((h) => plainText(h))).toEqual([title]);
    expect(plainText(byTestId(doc, 'print-price')[0])).toContain(leadPrice(car, tenant));
    expect(byRole(doc, doc, 'heading', { name: 'Key information' })).toHaveLength(1);
    expect(byRole(doc, doc, 'heading', { name: tenant.labels.dealerComments })).toHaveLength(1);
    const text = plainText(firstTag(doc, 'body'));
    if (car.standardEquipment[0]) expect(elements(doc, () => true).some((el) => plainText(el) === squash(car.standardEquipment[0])), 'an element reads the first standard equipment item').toBe(true);
    expect(text).toContain(squash(car.location.name));
    if (car.location.phone) expect(byRole(doc, doc, 'link', { name: car.location.phone }).length).toBeGreaterThan(0);
    expect(pageTitle).toBe(`Print: ${title} – Stock ${car.stocknum} | ${tenant.name}`);
    expect(metaContent(doc, 'robots')).toBe('noindex');
    expect(canonical).toBe(`${new URL(tenant.siteUrl).origin}/cars/${car.slug}`);

    // The car page links to it, in a new tab.
    const link = byRole(carPage.doc, carPage.doc, 'link', { name: 'Print (opens in a new tab)' });
    expect(link.map((l) => [attrOf(l, 'href'), attrOf(l, 'target')])).toEqual([[`/print?car_id=${car.slug}`, '_blank']]);
  });
});

test.describe('print page', () => {
  test('an unknown or missing car is a real 404 with the not-found page', async ({ tenant }) => {
    for (const url of ['/print?car_id=no-such-car-anywhere-123', '/print']) await expectNotFoundPage(tenant.slug, url);
  });

  test('opens in a new tab; Print opens the print dialog (event 61); Download PDF reads Preparing... while the PDF downloads', onOneTenant({ has: (t) => t.features.print }), async ({ page, context, tenant }) => {
    const car = await availableCar(tenant);
    if (!tenant.features.print) {
      await page.goto(`/cars/${car.slug}`);
      await hydrated(page);
      await expect(page.getByRole('link', { name: /^Print/ })).toHaveCount(0);
      return;
    }
    await context.addInitScript(() => {
      const w = window as unknown as { fcPrinted: number; print: () => void };
      w.fcPrinted = 0;
      w.print = () => {
        w.fcPrinted += 1;
      };
    });
    await page.goto(`/cars/${car.slug}`);
    const [printPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Print (opens in a new tab)' }).click()]);
    await expect(printPage).toHaveURL(new RegExp(`/print\\?car_id=${car.slug}$`));
    await expect(printPage.getByRole('heading', { level: 1 })).toHaveText(carTitle(car, tenant));

    // Print, pressed at once: held until the page has hydrated, then it opens the dialog.
    await printPage.getByRole('button', { name: 'Print', exact: true }).click();
    await hydrated(printPage);
    await expect.poll(() => printPage.evaluate(() => (window as unknown as { fcPrinted: number }).fcPrinted)).toBe(1);
    expect(await eventsWithId(printPage, 61)).toEqual([{ name: 'print', params: { event_id: 61, car_id: expect.any(Number), format: 'print' } }]);

    // The PDF is held back until 'Preparing...' has been seen.
    const held = deferred();
    await printPage.route('**/api/cars/*/pdf', async (route) => {
      await held.promise;
      await route.continue();
    });
    const download = printPage.waitForEvent('download');
    await printPage.getByRole('button', { name: 'Download PDF' }).click();
    await expect(printPage.getByRole('button', { name: 'Preparing...' })).toBeVisible();
    held.resolve();
    expect((await download).suggestedFilename()).toBe(`${car.slug}.pdf`);
    await expect(printPage.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  });

  test('axe finds no violations on the print page; phone, desktop and paper screenshots', async ({ page, tenant, expectNoAxeViolations }) => {
    // Two page loads with an axe run each, and the paper view.
    test.slow();
    const car = await availableCar(tenant);
    if (!tenant.features.print) {
      // No print page here: its URL is the not-found page, which passes axe too.
      expect((await page.goto(`/print?car_id=${car.slug}`))?.status()).toBe(404);
      await hydrated(page);
      await expectNoAxeViolations(page);
      return;
    }
    for (const [width, height, name] of [
      [1280, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/print?car_id=${car.slug}`);
      await hydrated(page);
      await expectNoAxeViolations(page);
      await keepScreenshot(page, { path: `test-results/print-${tenant.slug}-${name}.png`, fullPage: true });
    }
    // Paper: A4 at 96 dpi.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden();
    await expect(page.locator('body > header')).toBeHidden();
    await keepScreenshot(page, { path: `test-results/print-${tenant.slug}-paper.png`, fullPage: true });
  });
});

test.describe('view counts', () => {
  test('counted once per visit after hydration and shown without moving the page; absent where switched off', async ({ page, tenant }) => {
    const car = await availableCar(tenant, 'last');
    const calls: string[] = [];
    const urls: URL[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/view.json')) {
        calls.push(request.method());
        urls.push(new URL(request.url()));
      }
    });
    if (!tenant.features.viewCounts) {
      await page.goto(`/cars/${car.slug}`);
      await hydrated(page);
      await expect(page.getByTestId('view-count')).toHaveCount(0);
      expect(calls).toEqual([]);
      return;
    }
    // The answer waits until the empty box has been measured.
    const held = deferred();
    await page.route('**/view.json*', async (route) => {
      await held.promise;
      await route.continue();
    });
    const before = (await pageCar(tenant, car.slug)).views;
    // Phone width: the sections come after the sidebar, so a growing count would push them down.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/cars/${car.slug}`);
    await hydrated(page);
    await expect(page.getByTestId('price-gauge-skeleton')).toHaveCount(0);
    const box = page.getByTestId('view-count');
    await expect(box).toHaveText('');
    const section = page.getByRole('heading', { name: 'Key information' });
    const empty = { box: await box.boundingBox(), next: await section.boundingBox() };
    held.resolve();
    await expect(box).toHaveText(`${(before + 1).toLocaleString('en-AU')} ${before + 1 === 1 ? 'view' : 'views'}`);
    expect({ box: await box.boundingBox(), next: await section.boundingBox() }).toEqual(empty);
    // One visit, one view: no second call (StrictMode, hydration) and nothing from the server render.
    // A second call would have been made on mount, before the held answer was let through.
    await page.waitForLoadState('networkidle');
    expect(calls).toEqual(['GET']);
    // Spec §7 view.json's payload: photos_count, updated_at and website_id, as the platform has them.
    const record = (await tenantHttp(tenant.slug, `/api/cars/${car.slug}`)).json as { photos_count: number; updated_at: string };
    const site = (await tenantHttp(tenant.slug, '/api/site')).json as { id: number };
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ photos_count: String(record.photos_count), updated_at: record.updated_at, website_id: String(site.id) });
    expect((await pageCar(tenant, car.slug)).views).toBe(before + 1);
    await keepScreenshot(page, { path: `test-results/vehicle-tools-${tenant.slug}-phone.png`, fullPage: true });
  });
});

test.describe('copy link toast', () => {
  test("Copy link says 'Copied {car name} to your clipboard' for 3 seconds and copies the page URL", onOneTenant({ has: (t) => t.features.sharing }), async ({ page, context, tenant }) => {
    const car = await availableCar(tenant);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: tenantOrigin(tenant.slug) });
    await page.goto(`/cars/${car.slug}`);
    const share = page.locator('summary', { hasText: 'Share' });
    if (!tenant.features.sharing) {
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await hydrated(page);
      await expect(share).toHaveCount(0);
      return;
    }
    await share.click();
    const text = `Copied ${carTitle(car, tenant)} to your clipboard`;
    // The toast's time on screen is measured in the page, where the toast's own timer runs: a
    // clock in the test process would add however late each poll saw the toast appear and go.
    await page.evaluate((wanted) => {
      const w = window as unknown as { toastTimes: { shown?: number; hidden?: number } };
      w.toastTimes = {};
      const onScreen = () =>
        [...document.querySelectorAll('[role="region"][aria-label^="Notifications"] li')].some((el) => el.textContent?.includes(wanted));
      new MutationObserver(() => {
        const now = performance.now();
        if (onScreen()) w.toastTimes.shown ??= now;
        else if (w.toastTimes.shown !== undefined) w.toastTimes.hidden ??= now;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, text);
    await page.getByRole('button', { name: 'Copy link' }).click();
    // The toast in its notifications region (not the screen-reader announcement of it).
    const toast = page.getByRole('region', { name: /^Notifications/ }).getByText(text, { exact: true });
    await expect(toast).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${tenantOrigin(tenant.slug)}/cars/${car.slug}`);
    await expect(toast).toBeHidden({ timeout: 8000 });
    const times = await page.evaluate(() => (window as unknown as { toastTimes: { shown?: number; hidden?: number } }).toastTimes);
    expect(times.shown, 'the toast appeared in the notifications region').toBeDefined();
    expect(times.hidden, 'the toast left the notifications region').toBeDefined();
    const onScreen = (times.hidden ?? 0) - (times.shown ?? 0);
    // 3 s (spec §4) by the page's own clock, so load on the test machine does not shorten it. The
    // observer runs at the end of the task that drew the toast, so the rest of that task (up to
    // ~150 ms measured on a busy machine) is missing from the figure.
    expect(onScreen, 'on screen for about 3 seconds').toBeGreaterThanOrEqual(2750);
    expect(onScreen).toBeLessThan(4500);
  });
});
