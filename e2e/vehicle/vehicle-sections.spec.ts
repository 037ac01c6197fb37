import type { Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test, onOneTenant, keepScreenshot, watchConsole } from '../lib/fixtures.ts';
import { lenderRuleHolds, type Rates } from '../lib/finance-rule.ts';
import { richestCarSlug } from '../lib/hydration-scripts.ts';
import { E2E_PORT } from '../lib/tenants.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { siteFilter } from '../search/search-api.ts';
import { elements, parseHtml, testIds } from '../search/html.ts';

// The vehicle page's finance banner and disclaimer anchor, used-car checks, certified pre-owned
// modal, three-feature banner and location map, per tenant switch, on real seeded cars.

interface Car {
  id: number;
  slug: string;
  name: string;
  make: string;
  car_type: string;
  status: string;
  sold: boolean;
  year: number;
  reserved: boolean;
  price: number;
  km: number;
  finance_lenders: Record<string, Rates & { disclaimer?: string | null }>;
  vin: string | null;
  certified: boolean;
  item_type: string;
  dealership_slug: string;
  youxQuote: { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number } | null;
  location: { slug: string; name: string };
  images: { video?: boolean }[];
  spin_images: unknown[];
  spin_interior_image?: unknown;
}

async function findCar(tenant: ResolvedTenant, filters: string, accept: (car: Car) => boolean = () => true): Promise<Car | null> {
  const answer = await tenantHttp(tenant.slug, '/1/indexes/cars/query', { body: { filters: `${siteFilter(tenant)} AND ${filters}`, hitsPerPage: 40, attributesToRetrieve: ['slug'] } });
  expect(answer.status).toBe(200);
  for (const hit of (answer.json as { hits: { slug: string }[] }).hits) {
    const car = (await tenantHttp(tenant.slug, `/api/cars/${hit.slug}`)).json as Car;
    if (accept(car)) return car;
  }
  return null;
}

/** A car whose page shows its photo gallery: more than three photos and no spin. */
const photos = (c: Car) => c.images.filter((image) => !image.video).length > 3 && c.spin_images.length === 0 && !c.spin_interior_image;

// Repayments are shown in whole dollars, like the page's other prices.
const money = (n: number) => `$${Math.round(n).toLocaleString('en-AU')}`;

async function open(page: Page, car: { slug: string }) {
  const response = await page.goto(`/cars/${car.slug}`);
  expect(response?.status()).toBe(200);
  await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
}

/**
 * The car page's finance disclaimer (spec §7 "finance disclaimer by car id"), at most one: the
 * dealer's disclaimer, then the car's own for the site's finance provider where it has one, a
 * paragraph each; a long one is cut and expands with Show More.
 */
async function expectFinanceDisclaimer(page: Page, tenant: ResolvedTenant, car: Car) {
  const disclaimer = page.locator('#financeDisclaimer');
  // One disclaimer at most (the calculator no longer brings its own).
  expect(await disclaimer.count()).toBeLessThanOrEqual(1);
  if ((await disclaimer.count()) === 1) {
    const own = tenant.finance.provider ? car.finance_lenders[tenant.finance.provider]?.disclaimer : null;
    const paragraphs = [tenant.finance.disclaimer, own].filter((p): p is string => Boolean(p));
    const full = paragraphs.join('\n\n');
    const text = page.locator('#finance-disclaimer-text');
    if (full.length > 197) {
      expect(((await text.textContent()) ?? '').length).toBeLessThanOrEqual(198);
      await disclaimer.getByRole('button', { name: 'Show More' }).click();
      await expect(text.locator('p')).toHaveText(paragraphs);
      await disclaimer.getByRole('button', { name: 'Show Less' }).click();
      await expect(text.locator('p')).not.toHaveText(paragraphs);
    } else {
      await expect(text.locator('p')).toHaveText(paragraphs);
    }
    // The disclaimer call by car id (spec §7) answers the same text.
    expect((await tenantHttp(tenant.slug, `/api/cars/by-id/${car.id}/finance-disclaimer`)).json).toMatchObject({ car_id: car.id, disclaimer: full });
  }
}

test.describe('vehicle page sections', () => {
  // Tenants without the feature run the cheap check that it is absent (see onOneTenant).
  // Once with the estimate on and once off. Every tenant's car page shows the banner or not as its
  // switch says, and its finance disclaimer, in the axe test below.
  test('finance banner for a quote-eligible car where the estimate is on; its asterisk leads to the disclaimer, which expands', onOneTenant({ variant: (t) => String(t.features.financeEstimate) }), async ({ page, tenant }) => {
    // Tenants without the estimate may have no quotes on their cars at all: any car shows no banner there.
    const car =
      // A car the site's lender would lend on (spec §5 lender groups): the estimate shows only for those.
      (await findCar(
        tenant,
        'status:in_stock AND NOT reserved:true AND price > 1000',
        (c) => c.youxQuote !== null && c.youxQuote.weeklyRepaymentAmount > 25 && lenderRuleHolds(tenant, c, tenant.finance.provider ? c.finance_lenders[tenant.finance.provider] : undefined, new Date().getUTCFullYear()),
      )) ??
      (tenant.features.financeEstimate ? null : await findCar(tenant, 'status:in_stock AND NOT reserved:true AND price > 1000'));
    expect(car, 'a quote-eligible car (with a quote where the estimate is on)').not.toBeNull();
    await open(page, car!);
    const banner = page.getByTestId('finance-banner');
    if (!tenant.features.financeEstimate) {
      await expect(banner).toHaveCount(0);
    } else {
      const quote = car!.youxQuote!;
      await expect(banner.getByTestId('finance-banner-weekly')).toHaveText(money(quote.weeklyRepaymentAmount));
      // Monthly = weekly × 4.33, worked out here.
      await expect(banner).toContainText(`${money(Math.round(quote.weeklyRepaymentAmount * 4.33 * 100) / 100)} per month`);
      const query = `preferredDealership=${car!.dealership_slug}&vehiclePriceBudget=${car!.price}&car_id=${car!.id}&car_type=${car!.car_type}${car!.vin ? `&vin=${car!.vin}` : ''}`;
      for (const link of await banner.getByRole('link').all()) {
        const href = (await link.getAttribute('href')) ?? '';
        if (href.startsWith('#')) continue;
        // Each of Get Finance / Pre-Approved leads to a real page with the car's finance parameters.
        expect(href).toContain(`?${query}#finance-form`);
        // A real page: 200 after at most two redirects (the form's own URL, or sign-in where the tenant gates finance, spec §6).
        let answer = await tenantHttp(tenant.slug, href.replace(/#.*$/, ''));
        for (let hop = 0; hop < 2 && answer.status >= 300 && answer.status < 400; hop++) answer = await tenantHttp(tenant.slug, new URL(String(answer.headers.location), 'http://x').pathname + new URL(String(answer.headers.location), 'http://x').search);
        expect({ href, status: answer.status }).toEqual({ href, status: 200 });
      }
      await banner.getByRole('link', { name: 'See the finance disclaimer' }).click();
      await expect(page).toHaveURL(/#financeDisclaimer$/);
      await expect(page.locator('#financeDisclaimer')).toBeInViewport();
    }
    await expectFinanceDisclaimer(page, tenant, car!);
  });

  test('no finance banner for a sold or reserved car', onOneTenant(), async ({ page, tenant }) => {
    const car = await findCar(tenant, '(status:sold OR reserved:true)');
    expect(car, "every tenant's seeded stock has a sold or reserved car").not.toBeNull();
    await open(page, car!);
    await expect(page.getByTestId('finance-banner')).toHaveCount(0);
    await expect(page.getByTestId('finance-strip')).toHaveCount(0);
  });

  test('used-car checks for used cars only, where the tenant has them', onOneTenant({ has: (t) => t.features.usedCarChecks, variant: (t) => String(t.search.itemType === 'caravan') }), async ({ page, tenant }) => {
    const used = await findCar(tenant, 'car_type:used AND status:in_stock');
    if (used) {
      await open(page, used);
      const checks = page.getByTestId('used-car-checks');
      if (!tenant.features.usedCarChecks) {
        await expect(checks).toHaveCount(0);
      } else {
        await expect(page.getByRole('heading', { name: 'Used-car checks' })).toBeVisible();
        if (used.item_type !== 'caravan') await expect(checks.locator('[data-check="odometer"]')).toContainText(`${used.km.toLocaleString('en-AU')} km recorded when listed`);
        await expect(checks.locator('[data-check="registration"]')).toHaveCount(1);
      }
    }
    const other = await findCar(tenant, 'NOT car_type:used AND status:in_stock');
    if (other) {
      await open(page, other);
      await expect(page.getByTestId('used-car-checks')).toHaveCount(0);
    }
  });

  // Once with the modal and once without; every tenant without it is checked in the server's HTML below.
  test('certified pre-owned modal on a certified used car where the tenant has it', onOneTenant({ variant: (t) => String(t.features.certifiedPreOwnedModal) }), async ({ page, tenant }) => {
    const certified = await findCar(tenant, 'certified:true AND car_type:used AND status:in_stock');
    if (certified === null) {
      // Absent here: the tenant sells no certified used car, so no car page offers the modal.
      const used = await findCar(tenant, 'car_type:used AND status:in_stock');
      if (used) {
        await open(page, used);
        await expect(page.getByTestId('certified-pre-owned')).toHaveCount(0);
      }
      return;
    }
    await open(page, certified);
    const button = page.getByTestId('certified-pre-owned');
    if (!tenant.features.certifiedPreOwnedModal) {
      await expect(button).toHaveCount(0);
      return;
    }
    await button.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`${tenant.dealer.manufacturer ?? tenant.name} Certified Pre-Owned`);
    for (const benefit of tenant.content.whatsIncluded) await expect(dialog.getByRole('listitem').filter({ hasText: benefit })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  // Every link of a car page, on every tenant: ssr.spec's link crawl.
  test('three-feature banner tiles each lead to a real page; the location map shows where the car is', onOneTenant({ has: (t) => t.features.threeFeatureBanner }), async ({ page, tenant }) => {
    const car = await findCar(tenant, 'status:in_stock');
    await open(page, car!);
    const banner = page.getByTestId('three-feature-banner');
    if (!tenant.features.threeFeatureBanner) {
      await expect(banner).toHaveCount(0);
    } else if ((await banner.count()) > 0) {
      const links = await banner.getByRole('link').all();
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const href = (await link.getAttribute('href')) ?? '';
        if (/^https?:/.test(href)) continue;
        expect({ href, status: (await tenantHttp(tenant.slug, href.replace(/#.*$/, ''))).status }).toEqual({ href, status: 200 });
      }
    }
    const location = tenant.dealer.locations.find((l) => l.slug === car!.location.slug)!;
    const map = page.locator('#vehicle-map');
    const image = map.getByRole('img', { name: `Map of ${location.name}, ${location.address.street}, ${location.address.suburb}` });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    // The generated map image of the car's location, drawn by the platform (no tile server).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(640);
    expect(new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).pathname).toBe('/api/maps/locations.svg');
    await expect(map.getByRole('link', { name: /Get Directions/ })).toHaveAttribute('href', `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${location.address.lat},${location.address.long}`)}`);
    const details = map.getByRole('link', { name: 'View Location Details' });
    if ((await details.count()) > 0) expect((await tenantHttp(tenant.slug, (await details.getAttribute('href'))!)).status).toBe(200);
  });

  // Once with the spin viewer and once without; every tenant without it is checked in the server's HTML below.
  test('hotspots on spin frames: at their places on the frames of their angle, open to their description; interior ones on the interior view', onOneTenant({ variant: (t) => String(t.features.spinViewer) }), async ({ page, tenant, expectNoAxeViolations }) => {
    test.slow();
    type Spot = { id: string | number; description: string; positions: { activeAngle: number; posX: number; posY: number }[] };
    const car = (await findCar(tenant, 'status:in_stock', (c) => (c as unknown as { spin_images: string[]; hotspots: { exterior: Spot[] } | null }).hotspots?.exterior.length !== undefined && (c as unknown as { spin_images: string[] }).spin_images.length > 0)) as
      | (Car & { spin_images: string[]; hotspots: { exterior: Spot[]; interior: Spot[] } })
      | null;
    if (!tenant.features.spinViewer) {
      // Absent here: without the spin viewer no car page has one (nor its hotspots).
      const any = await findCar(tenant, 'status:in_stock');
      await open(page, any!);
      await expect(page.getByTestId('spin-viewer')).toHaveCount(0);
      return;
    }
    expect(car?.hotspots.exterior.length, 'the spin stock has a car with exterior hotspots').toBeGreaterThan(0);
    await open(page, car!);
    if (tenant.features.viewerDefaultView !== 'spin') await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const spin = page.getByTestId('spin-viewer');
    // Every frame loads first (36 photos the platform draws on first request: slow on a loaded machine).
    await expect(spin).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    const frames = car!.spin_images.length;
    // Turn to 90° with the keyboard (this stops auto-rotation): frame 90 / (360 / frames).
    await spin.focus();
    await page.keyboard.press('ArrowRight');
    const target = Math.round(90 / (360 / frames));
    let frame = Number(await spin.getAttribute('data-frame'));
    while (frame !== target) {
      await page.keyboard.press('ArrowRight');
      frame = (frame + 1) % frames;
    }
    await expect(spin).toHaveAttribute('data-frame', String(target));
    const layer = page.getByRole('list', { name: 'Features at this angle' });
    const at90 = car!.hotspots.exterior.filter((spot) => spot.positions.some((p) => p.activeAngle === 90));
    await expect(layer.getByRole('listitem')).toHaveCount(at90.length);
    for (const spot of at90) {
      const position = spot.positions.find((p) => p.activeAngle === 90)!;
      const item = layer.locator(`[data-hotspot="${spot.id}"]`);
      await expect(item).toHaveAttribute('style', `left: ${position.posX}%; top: ${position.posY}%;`);
    }
    const first = layer.getByRole('button', { name: at90[0]!.description });
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const note = page.locator(`[id="${await first.getAttribute('aria-controls')}"]`);
    await expect(note).toBeVisible();
    await expect(note).toHaveText(at90[0]!.description);
    await expectNoAxeViolations(page);
    await keepScreenshot(page.locator('[data-testid="spin-viewer"]').locator('..'), { path: `test-results/vehicle-hotspots-${tenant.slug}.png` });
    // Two frames on (20° away from any 90° step) no hotspot is shown.
    await spin.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(spin).toHaveAttribute('data-frame', String((target + 2) % frames));
    await expect(page.getByTestId('hotspots')).toHaveCount(0);
    if (car!.hotspots.interior.length > 0 && (await page.getByRole('button', { name: 'Interior', exact: true }).count()) > 0) {
      await page.getByRole('button', { name: 'Interior', exact: true }).click();
      await expect(page.getByRole('list', { name: 'Interior features' }).getByRole('listitem')).toHaveCount(car!.hotspots.interior.filter((spot) => spot.positions.length > 0).length);
    }
  });

  // Both parts are rendered by the server with the car page (its features load before it renders):
  // each tenant's switches, present or absent, in the server's HTML. Their behaviour is tested once
  // per switch above (and in viewer-fullscreen.spec.ts).
  test('a car page has the certified pre-owned modal and the spin viewer\'s views exactly where the tenant has them on (the server\'s HTML)', async ({ tenant }) => {
    /** The server's HTML of a car's page, parsed; it is the car page (its map section is there). */
    const carPage = async (car: Car) => {
      const answer = await tenantHttp(tenant.slug, `/cars/${car.slug}`);
      expect(answer.status).toBe(200);
      const document = parseHtml(answer.text);
      expect(elements(document, (el) => el.attr('id') === 'vehicle-map')).toHaveLength(1);
      return document;
    };
    // A certified used car where the tenant sells one, else any used car: the modal's button only where the switch is on.
    const certified = (await findCar(tenant, 'certified:true AND car_type:used AND status:in_stock')) ?? (await findCar(tenant, 'car_type:used AND status:in_stock'));
    if (certified) expect(testIds(await carPage(certified)).includes('certified-pre-owned'), `the certified pre-owned button on ${certified.slug}`).toBe(tenant.features.certifiedPreOwnedModal && certified.certified);
    // A car with spin photos where the tenant has one, else any car: the viewer's views (Spin,
    // Walkaround, Interior) only where the switch is on; without them only the gallery opens
    // fullscreen (viewer-fullscreen.spec.ts).
    const spin = (await findCar(tenant, 'status:in_stock', (c) => c.spin_images.length > 0)) ?? (await findCar(tenant, 'status:in_stock'));
    expect(spin, 'an in-stock car').not.toBeNull();
    const spinPage = await carPage(spin!);
    const views = elements(spinPage, (el) => el.attr('role') === 'group' && el.attr('aria-label') === 'Views');
    expect(views, `the spin viewer's views on ${spin!.slug}`).toHaveLength(tenant.features.spinViewer && spin!.spin_images.length > 0 ? 1 : 0);
    if (!tenant.features.spinViewer) expect(testIds(spinPage)).not.toContain('spin-viewer');
  });

  test('on a phone the sections hydrate as the shopper comes to them: not while the page starts; Show More pressed before their code arrives opens the server-rendered specifications', onOneTenant(), async ({ page, tenant }) => {
    // The car with the most parts (spin photos where the tenant has them), as the benchmark measures.
    const slug = await richestCarSlug(E2E_PORT, tenant);
    expect(slug, 'an in-stock car').not.toBeNull();
    const problems = watchConsole(page);
    // A small phone's screen (375 × 667): the sections start more than a screen below the top.
    await page.setViewportSize({ width: 375, height: 667 });
    // The sections' code, once the shopper reaches for Show More, is held back until they have pressed it.
    const gate: { release?: () => void } = {};
    const held = new Promise<void>((resolve) => (gate.release = resolve));
    let pressing = false;
    let askedWhileStarting = false;
    let asked = false;
    await page.route(/\/assets\/vehicle-sections-[\w-]+\.js$/, async (route) => {
      if (!pressing) askedWhileStarting = true;
      else asked = true;
      if (pressing) await held;
      await route.continue();
    });
    await open(page, { slug: slug! });
    // The top of the page is hydrated and the page has settled: the sections, well below a
    // phone's screen, are the server's HTML, whole, and their code has not been asked for.
    await page.waitForLoadState('networkidle');
    const specifications = page.locator('#specifications');
    await expect(specifications.getByRole('heading', { name: 'All Specifications' })).toBeAttached();
    expect(askedWhileStarting, 'the sections’ code was asked for while the page started').toBe(false);
    await page.evaluate(() => ((window as { serverSpecifications?: Element | null }).serverSpecifications = document.querySelector('#specifications')));
    const more = specifications.getByRole('button', { name: 'Show More' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(specifications.locator('dl > div:not([hidden])')).toHaveCount(tenant.limits.specsShown);
    // The click scrolls the button into view, which starts the sections' hydration.
    pressing = true;
    await more.click();
    // Held, not lost: nothing has handled the press yet.
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(() => asked, { message: 'the page asked for the sections as they came into view' }).toBe(true);
    gate.release?.();
    const less = specifications.getByRole('button', { name: 'Show Less' });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(await specifications.locator('dl > div[hidden]').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelector('#specifications') === (window as { serverSpecifications?: Element | null }).serverSpecifications), 'the section is the server-rendered one').toBe(true);
    expect(problems, 'console errors and hydration warnings').toEqual([]);
  });

  // The car page's one axe check on every tenant, at both widths: a car with its photo gallery (more
  // than three photos, no spin) and, where the site has them, the finance banner and certified parts,
  // scrolled to the map so every lazy section is on the page. One load: the phone's width is the
  // same page narrowed (its layout is the stylesheet's). On the same page, the tenant's switch for the
  // finance banner and its finance disclaimer (the finance banner test runs once per switch).
  test('axe passes on a car page with its photos and the new sections, desktop and phone; the finance banner as the tenant says, and its finance disclaimer; phone and desktop screenshots', async ({ page, tenant, expectNoAxeViolations }) => {
    // A cold page load, axe twice and full-page screenshots: more than the default 30 s on a loaded machine.
    test.slow();
    const car =
      (await findCar(tenant, 'car_type:used AND status:in_stock AND NOT reserved:true AND price > 1000', (c) => photos(c) && c.youxQuote !== null && (c.certified || !tenant.features.certifiedPreOwnedModal))) ??
      (await findCar(tenant, 'status:in_stock AND NOT reserved:true AND price > 1000', (c) => photos(c) && (c.youxQuote !== null || !tenant.features.financeEstimate)));
    expect(car, 'an in-stock car with more than three photos and, where the site shows estimates, a finance estimate').not.toBeNull();
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, car!);
    await expect(page.getByTestId('price-gauge-skeleton')).toHaveCount(0);
    // Where the site shows estimates, axe sees the finance banner; elsewhere there is none.
    if (tenant.features.financeEstimate) await expect(page.getByTestId('finance-banner')).toBeVisible();
    else await expect(page.getByTestId('finance-banner')).toHaveCount(0);
    for (const [width, height, name] of [
      [1440, 900, 'desktop'],
      [390, 844, 'phone'],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.locator('#vehicle-map').scrollIntoViewIfNeeded();
      await expectNoAxeViolations(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await keepScreenshot(page, { path: `test-results/vehicle-sections-${tenant.slug}-${name}.png`, fullPage: true });
    }
    await expectFinanceDisclaimer(page, tenant, car!);
  });
});
