import type { Locator, Page } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test, onOneTenant, watchConsole } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { siteFilter } from '../search/search-api.ts';
import { answeredPage, byRole, byTestId, jsonLdBlocks, plainText } from '../search/html.ts';

// The vehicle detail page for every tenant, on real seeded stock: the first HTML is the page
// (JavaScript off) with its own head and Vehicle/Offer JSON-LD; unknown cars are 404s; a sold car
// shows the SOLD panel and no finance; it hydrates without a mismatch; the gallery works from the
// keyboard; the sticky header and mobile bar follow the scroll. The car page's axe check (phone and
// desktop, a car with its photo gallery and every section) is in vehicle-sections.spec.ts.

interface FullCar {
  id: number;
  slug: string;
  name: string;
  year: number;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  stocknum: string;
  price: number;
  offer_price: number | null;
  before_price: number | null;
  preorder: boolean;
  status: string;
  reserved: boolean;
  simple_fuel: string | null;
  item_type: string;
  images: { image: { url: string }; video?: boolean }[];
  spin_images: string[];
  spin_interior_image: string | null;
  standardEquipment: string[];
  dealercomments: string;
  location: { slug: string; name: string; city: string | null };
}

/** Cars of the tenant's listed stock matching `filters` (search API over HTTP). */
async function findCars(tenant: ResolvedTenant, filters: string, hitsPerPage = 50): Promise<{ slug: string; simple_fuel: string | null; price: number }[]> {
  const response = await tenantHttp(tenant.slug, '/1/indexes/cars/query', {
    body: { filters: `${siteFilter(tenant)} AND ${filters}`, hitsPerPage, attributesToRetrieve: ['slug', 'simple_fuel', 'price'] },
  });
  expect(response.status).toBe(200);
  return (response.json as { hits: { slug: string; simple_fuel: string | null; price: number }[] }).hits;
}

async function fullCar(tenant: ResolvedTenant, slug: string): Promise<FullCar> {
  const response = await tenantHttp(tenant.slug, `/api/cars/${slug}`);
  expect(response.status).toBe(200);
  return response.json as FullCar;
}

/** An in-stock, priced car with more than 3 photos whose page opens on its gallery (no spin views). */
async function inStockCar(tenant: ResolvedTenant): Promise<FullCar> {
  for (const hit of await findCars(tenant, 'status:in_stock AND NOT reserved:true AND price > 1000')) {
    const car = await fullCar(tenant, hit.slug);
    if (car.images.filter((image) => !image.video).length > 3 && car.spin_images.length === 0 && !car.spin_interior_image) return car;
  }
  throw new Error(`${tenant.slug}: no in-stock car with more than 3 photos`);
}

/** An in-stock car with spin frames and more than one photo. */
async function spinCar(tenant: ResolvedTenant): Promise<FullCar> {
  for (const hit of await findCars(tenant, 'status:in_stock', 200)) {
    const car = await fullCar(tenant, hit.slug);
    if (car.spin_images.length > 0 && car.images.filter((image) => !image.video).length > 1) return car;
  }
  throw new Error(`${tenant.slug}: no in-stock car with spin frames`);
}

const money = (n: number) => `$${Math.round(n).toLocaleString('en-AU')}`;

/** The price text a shopper should see, worked out here from the spec's rule (not the page's code). */
function expectedPrice(car: FullCar, tenant: ResolvedTenant): { text: string; amount: number | null } {
  if (car.offer_price !== null && car.offer_price > 10 && car.offer_price < car.price) return { text: money(car.offer_price), amount: car.offer_price };
  if (car.price <= 10) return { text: car.preorder ? tenant.labels.preorder : tenant.labels.noPrice, amount: null };
  return { text: money(car.price), amount: car.price };
}

function expectedTitle(car: FullCar, tenant: ResolvedTenant): string {
  const base = [String(car.year), car.make, car.model, car.badge ?? ''].filter(Boolean).join(' ');
  return tenant.features.seriesInTitle ? car.name : base;
}

async function vehicleJsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data['@type'] === 'Car') as
    | { name: string; url: string; offers: { price?: number; availability: string; priceCurrency: string } }
    | undefined;
}

/** Without JavaScript: the car's photos show and scroll sideways, one at a time; no control that needs a script is shown. */
async function expectPhotosScrollWithoutScripts(page: Page, title: string) {
  const gallery = page.getByRole('region', { name: `${title} photos` });
  await expect(gallery.getByRole('img', { name: title, exact: true })).toBeVisible();
  const slides = gallery.getByRole('group');
  expect(await slides.count()).toBeGreaterThan(1);
  for (const name of ['Previous photo', 'Next photo', 'Fullscreen']) await expect(gallery.getByRole('button', { name })).toBeHidden();
  await expect(page.getByRole('list', { name: 'Choose a photo' })).toBeHidden();
  const first = (await slides.first().boundingBox())!;
  expect((await slides.nth(1).boundingBox())!.x).toBeCloseTo(first.x + first.width, 0);
  // A phone's swipe must reach the browser's own scrolling (with a script, the carousel takes
  // sideways swipes itself).
  expect(await slides.first().evaluate((slide) => getComputedStyle(slide.parentElement!).touchAction)).toMatch(/^(auto|manipulation)$|pan-x/);
  // A trackpad's sideways scroll of 70 % of a photo: a whole gesture (begin, moves, end), which the
  // protocol answers once it has ended. A lone wheel event has no end; under load the browser was
  // seen to scroll it without ever snapping.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.synthesizeScrollGesture', {
    x: Math.round(first.x + first.width / 2),
    y: Math.round(first.y + first.height / 2),
    xDistance: -Math.round(first.width * 0.7),
    yDistance: 0,
    gestureSourceType: 'mouse',
  });
  // Snapped to the second photo, which loads as it comes into view.
  await expect.poll(async () => Math.round((await slides.nth(1).boundingBox())!.x)).toBe(Math.round(first.x));
  await expect(slides.nth(1).getByRole('img')).toHaveJSProperty('complete', true);
  expect(await slides.nth(1).getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

// What a browser with JavaScript off shows is the server's HTML: read here without a browser.
test.describe('vehicle page arrives rendered (the server\'s HTML)', () => {
  test('a sold car in the sold window shows the SOLD panel and no finance or reserve', async ({ tenant }) => {
    const sold = await findCars(tenant, 'status:sold', 1);
    // Tenants whose stock filter lists no sold cars have no sold car pages to show.
    if (sold.length === 0) {
      expect(siteFilter(tenant)).not.toMatch(/status:sold/);
      return;
    }
    const car = await fullCar(tenant, sold[0]!.slug);
    const { status, doc } = await answeredPage(tenant.slug, `/cars/${car.slug}`);
    expect(status).toBe(200);
    expect(plainText(byTestId(doc, 'sold-panel')[0])).toContain('SOLD');
    expect(byTestId(doc, 'finance-strip')).toEqual([]);
    expect(byRole(doc, doc, 'link', { name: tenant.labels.reserveCarNow })).toEqual([]);
    expect(byRole(doc, doc, 'heading', { name: 'Reserve Online' })).toEqual([]);
    const json = jsonLdBlocks(doc).find((data) => data['@type'] === 'Car') as { offers: { availability: string } } | undefined;
    expect(json?.offers.availability).toBe('https://schema.org/SoldOut');
  });
});

test.describe('vehicle page arrives rendered (JavaScript off)', () => {
  test.use({ javaScriptEnabled: false });

  test('an in-stock car: content, breadcrumbs, head and Vehicle/Offer JSON-LD that match the page', async ({ page, tenant }) => {
    const car = await inStockCar(tenant);
    const response = await page.goto(`/cars/${car.slug}`);
    expect(response?.status()).toBe(200);
    const title = expectedTitle(car, tenant);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const price = expectedPrice(car, tenant);
    await expect(page.getByTestId('vehicle-price')).toContainText(price.text);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    await expect(crumbs.first()).toHaveText('Home');
    await expect(crumbs.last()).toHaveText(title);
    await expect(page.getByRole('heading', { name: 'Key information' })).toBeVisible();
    await expect(page.getByRole('heading', { name: tenant.labels.dealerComments })).toBeVisible();
    await expect(page.getByTestId('dealer-comments')).not.toBeEmpty();
    // The first photo is in the HTML, and the others scroll into view sideways; the controls that
    // need a script (arrows, counter, fullscreen, thumbnails) are not shown.
    await expectPhotosScrollWithoutScripts(page, title);

    expect(await page.title()).toBe(`${title} – Stock ${car.stocknum} | ${tenant.name}`);
    const canonical = `${new URL(tenant.siteUrl).origin}/cars/${car.slug}`;
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(canonical);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(car.stocknum);
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toContain(car.images[0]!.image.url);
    const json = await vehicleJsonLd(page);
    expect(json?.url).toBe(canonical);
    expect(json?.offers.availability).toBe(car.status === 'coming_soon' ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock');
    expect(json?.offers.priceCurrency).toBe('AUD');
    expect(json?.offers.price ?? null).toBe(price.amount);

    // The price gauge comes with the page (the server fetches its data): drawn with the market
    // provider's figures, or absent when the spec hides it; never a skeleton the page moves under.
    await expect(page.getByTestId('price-gauge-skeleton')).toHaveCount(0);
    const gauge = page.getByTestId('price-gauge');
    const market = await tenantHttp(tenant.slug, `/api/cars/${car.slug}/autogauge`);
    const m = (market.status === 200 ? market.json : {}) as Record<string, number | string | null | undefined>;
    const numbers = ['fill', 'listing_price', 'market_range_min', 'market_range_max', 'confidence'].map((key) => m[key]);
    const shown =
      tenant.features.priceGauge &&
      price.amount !== null &&
      numbers.every((n) => typeof n === 'number') &&
      Boolean(m.description) &&
      (m.confidence as number) > 0.2 &&
      (m.market_range_max as number) >= (m.listing_price as number);
    if (shown) {
      await expect(gauge).toContainText(`$${(m.listing_price as number).toLocaleString('en-AU')} listed price`);
      await expect(gauge).toContainText(m.description as string);
    } else await expect(gauge).toHaveCount(0);
  });

  // An unknown car's 404 page: e2e/ssr.spec.ts (status codes).

  test('a car with spin frames shows its photos, not the spin\'s loading screen or view tabs that need a script', onOneTenant({ has: (t) => t.features.spinViewer }), async ({ page, tenant }) => {
    // Where the viewer is on it opens on the spin (the tenants here that have it); elsewhere the gallery shows alone.
    const car = tenant.features.spinViewer ? await spinCar(tenant) : await inStockCar(tenant);
    await page.goto(`/cars/${car.slug}`);
    const title = expectedTitle(car, tenant);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(/Loading 360° view/)).toBeHidden();
    await expect(page.getByRole('group', { name: 'Views' })).toBeHidden();
    await expect(page.getByTestId('spin-viewer')).toBeHidden();
    await expectPhotosScrollWithoutScripts(page, title);
  });

  test('the fuel calculator is hidden for electric cars and shown with the spec defaults otherwise', onOneTenant(), async ({ page, tenant }) => {
    const electric = (await findCars(tenant, 'simple_fuel:Electric', 1))[0];
    if (electric) {
      await page.goto(`/cars/${electric.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('fuel-calculator')).toHaveCount(0);
    }
    const petrol = (await findCars(tenant, 'NOT simple_fuel:Electric', 1))[0]!;
    await page.goto(`/cars/${petrol.slug}`);
    if (!tenant.features.fuelCalculator) {
      await expect(page.getByTestId('fuel-calculator')).toHaveCount(0);
      return;
    }
    // 250 km a week at $1.70 a litre (spec §9) with the car's own L/100 km, worked out here.
    const litres = Number(await page.getByLabel('Fuel use (L/100 km)').inputValue());
    const weekly = (250 / 100) * litres * 1.7;
    await expect(page.getByTestId('fuel-weekly')).toHaveText(`$${weekly.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  });
});

/** The calculator shows the repayment per `frequency` of what its sliders say, worked out here (an annuity of the amount and the tenant's establishment fee). */
async function expectStandardRepayment(calculator: Locator, tenant: ResolvedTenant, frequency: { perYear: number }): Promise<void> {
  const amount = Number(await calculator.getByRole('slider', { name: /Loan amount/ }).inputValue());
  const years = Number(await calculator.getByRole('slider', { name: /Loan term/ }).inputValue());
  // The rate as printed (the car's own rate, which need not sit on the slider's 0.5 grid).
  const rate = Number((await calculator.getByRole('slider', { name: /Interest rate/ }).getAttribute('aria-valuetext'))?.replace(/% p\.a\.$/, ''));
  const n = Math.round(years * frequency.perYear);
  const r = rate / 100 / frequency.perYear;
  const principal = amount + tenant.finance.calculator.establishmentFee;
  const repayment = Math.round(((principal * r) / (1 - (1 + r) ** -n)) * 100) / 100;
  await expect(calculator.getByTestId('finance-repayment')).toHaveText(`$${Math.round(repayment).toLocaleString('en-AU')}`);
}

/** Tenants whose car pages have a finance calculator with more than one repayment frequency. */
const hasChoice = (t: ResolvedTenant) => Boolean(t.features.financeCalculator && t.finance.provider && t.finance.calculator.frequencies.length > 1);

/*
 * React's scheduler made to slice each render into a few units of work per task, a task apart by
 * 10 ms (while `window.fcSlicing` is set): its clock moves 2 ms each time it is read, so it yields
 * after every few units (its slice is 5 ms), and the message that resumes it is posted late. What a slow phone does to a part's
 * hydration, with the window between React rendering a control and committing it held open.
 */
const SLICED_HYDRATION = `(() => {
  const now = performance.now.bind(performance);
  let skew = 0;
  performance.now = () => (window.fcSlicing ? (skew += 2) : skew) + now();
  const Channel = window.MessageChannel;
  window.MessageChannel = function () {
    const channel = new Channel();
    const post = channel.port2.postMessage.bind(channel.port2);
    channel.port2.postMessage = (message) => (window.fcSlicing ? setTimeout(() => post(message), 10) : post(message));
    return channel;
  };
})();`;

test.describe('vehicle page in the browser', () => {
  test("a car the platform cannot load just now (its database down): the page says the problem is ours, not the shopper's connection, passes axe, and Try again shows the car once the platform answers", onOneTenant(), async ({ page, expectNoAxeViolations }) => {
    await page.goto('/search/new-used-and-demo-cars/');
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    // What the platform answers for the car while its database cannot serve: 503, Retry-After and its message.
    const carAnswer = /\/api\/cars\/[^/?]+(\?.*)?$/;
    await page.route(carAnswer, (route) =>
      route.fulfill({ status: 503, headers: { 'Retry-After': '30' }, contentType: 'application/json', body: JSON.stringify({ error: 'We could not save this just now because of a problem on our side. Nothing was lost: please try again in a minute.' }) }),
    );
    const card = page.getByTestId('car-card').first();
    const title = (await card.getByRole('heading').first().innerText()).trim();
    await card.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/cars\//);
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The problem is on our side, not your connection. Please try again in a minute.');
    await expect(alert).not.toContainText(/connection and try again|could not save/);
    await expectNoAxeViolations(page);
    // The platform answers again: Try again shows the car, at the same address.
    const address = page.url();
    await page.unroute(carAnswer);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(page.url()).toBe(address);
  });

  test('hydrates without a mismatch; the gallery pages from the keyboard in fullscreen', async ({ page, tenant }) => {
    const problems = watchConsole(page);
    const car = await inStockCar(tenant);
    await page.goto(`/cars/${car.slug}`);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    const gallery = page.getByRole('region', { name: `${expectedTitle(car, tenant)} photos` });
    const count = await gallery.getByRole('group').count();
    await gallery.getByRole('button', { name: 'Next photo' }).click();
    await expect(gallery.getByText(`2 / ${count}`, { exact: true })).toBeVisible();
    await gallery.getByRole('button', { name: 'Fullscreen' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`2 / ${count}`);
    await page.keyboard.press('ArrowRight');
    await expect(dialog).toContainText(`3 / ${count}`);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog).toContainText(`1 / ${count}`);
    await page.keyboard.press('ArrowLeft');
    await expect(dialog, 'wraps around').toContainText(`${count} / ${count}`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(gallery.getByText(`${count} / ${count}`, { exact: true }), 'the slider shows the photo last seen fullscreen').toBeVisible();
    expect(problems).toEqual([]);
  });

  test('the sticky header appears after 500 px and the phone bar changes style beyond 900 px', onOneTenant({ variant: (t) => `${t.features.stickyCarHeader} ${t.features.mobileCtaBar}` }), async ({ page, tenant }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    // Nothing on the page moves by itself (CLS): the scroll stays where the shopper put it.
    await page.addInitScript(() => {
      const w = window as unknown as { fcShifts: { value: number; at: number }[] };
      w.fcShifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.fcShifts.push({ value: entry.value, at: Math.round(entry.startTime) });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const car = await inStockCar(tenant);
    await page.goto(`/cars/${car.slug}`);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    const header = page.getByTestId('sticky-header');
    const bar = page.getByTestId('mobile-cta-bar');
    if (tenant.features.stickyCarHeader) await expect(header).toHaveAttribute('data-visible', 'false');
    else await expect(header).toHaveCount(0);
    if (tenant.features.mobileCtaBar) {
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Call Now' })).toBeVisible();
    } else await expect(bar).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    if (tenant.features.stickyCarHeader) {
      await expect(header).toHaveAttribute('data-visible', 'true');
      // It covers the site header (both stick to the top): no strip of the site header's buttons shows under it.
      await expect
        .poll(async () => {
          const [carBox, siteBox] = await Promise.all([header.boundingBox(), page.locator('header[data-site-header]').boundingBox()]);
          return carBox && siteBox ? Math.round(carBox.y + carBox.height) - Math.round(siteBox.y + siteBox.height) : null;
        })
        .toBeGreaterThanOrEqual(0);
    }
    if (tenant.features.mobileCtaBar) await expect(bar).toHaveAttribute('data-raised', 'false');
    await page.evaluate(() => window.scrollTo(0, 950));
    if (tenant.features.mobileCtaBar) await expect(bar).toHaveAttribute('data-raised', 'true');
    expect(await page.evaluate(() => window.scrollY)).toBe(950);
    const shifts = await page.evaluate(() => (window as unknown as { fcShifts: { value: number; at: number }[] }).fcShifts);
    expect(shifts.reduce((sum, shift) => sum + shift.value, 0), JSON.stringify(shifts)).toBeLessThan(0.01);
  });

  test('a frequency picked before the calculator has hydrated is the one it shows, however React slices its hydration', onOneTenant({ has: hasChoice }), async ({ page, tenant }) => {
    const car = await inStockCar(tenant);
    const calculator = page.getByTestId('finance-calculator');
    if (!hasChoice(tenant)) {
      await page.goto(`/cars/${car.slug}`);
      await expect(calculator.getByRole('heading').first().or(page.getByRole('contentinfo'))).toBeVisible();
      expect(await calculator.getByRole('radio').count(), 'no frequencies to choose between').toBeLessThan(2);
      return;
    }
    await page.addInitScript({ content: SLICED_HYDRATION });
    // The calculator's code is held back until the shopper has picked a frequency.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/finance-calculator-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/cars/${car.slug}`);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    // The page around the calculator hydrated (it may wait to be near the viewport), so that only
    // the calculator's own hydration is left to slice.
    await calculator.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => {
      const around = document.querySelector('[data-testid="finance-calculator"]')?.parentElement;
      return around !== null && around !== undefined && Object.keys(around).some((key) => key.startsWith('__reactProps$'));
    });
    // One the calculator does not start on.
    const frequencies = tenant.finance.calculator.frequencies;
    let picked: (typeof frequencies)[number] | undefined;
    for (const frequency of frequencies) if (!(await calculator.getByRole('radio', { name: frequency.label }).isChecked())) picked ??= frequency;
    const radio = calculator.getByRole('radio', { name: picked!.label });
    // Picked as a screen reader picks it: a click with no press before it (a press makes React
    // mark the part to hydrate in one go when its code arrives, which would close the window).
    await radio.dispatchEvent('click');
    expect(await page.evaluate(() => (window as { fcHeldInput?: unknown[] }).fcHeldInput?.length), 'held while the code loads').toBe(1);
    await page.evaluate(() => ((window as { fcSlicing?: boolean }).fcSlicing = true));
    release();
    await expect.poll(() => page.evaluate(() => (window as { fcHeldInput?: unknown[] }).fcHeldInput?.length), { timeout: 15_000 }).toBe(0);
    await page.evaluate(() => ((window as { fcSlicing?: boolean }).fcSlicing = false));
    await expect(radio).toBeChecked();
    await expectStandardRepayment(calculator, tenant, picked!);
  });

  test('the finance calculator answers the standard repayment; similar cars load when scrolled near', async ({ page, tenant }) => {
    const car = await inStockCar(tenant);
    const similarRequests: string[] = [];
    page.on('request', (request) => {
      // The similar cars call (made by the block, whose code also loads only when it is near).
      if (/\/api\/cars\/[^/]+\/similar/.test(request.url())) similarRequests.push(request.url());
    });
    await page.goto(`/cars/${car.slug}`);
    const calculator = page.getByTestId('finance-calculator');
    if (tenant.features.financeCalculator && tenant.finance.provider) {
      const monthly = tenant.finance.calculator.frequencies.find((f) => f.label === 'Monthly');
      // Chosen as soon as it shows, as a shopper would: the calculator hydrates when its code has
      // loaded, and a choice made before then is held and played back (lib/hydration-replay.ts).
      if (monthly) {
        await calculator.getByRole('radio', { name: 'Monthly' }).click();
        await expect(calculator.getByRole('radio', { name: 'Monthly' })).toBeChecked();
      }
      await expectStandardRepayment(calculator, tenant, monthly ?? tenant.finance.calculator.frequencies[0]!);
    } else {
      await expect(calculator).toHaveCount(0);
    }
    const slot = page.getByTestId('similar-cars-slot');
    const ids = ((await tenantHttp(tenant.slug, `/api/cars/${car.slug}/similar`)).json as { ids: number[] }).ids;
    const farBelow = await slot.evaluate((node) => node.getBoundingClientRect().top > window.innerHeight + 600);
    if (farBelow) expect(similarRequests, 'not loaded before it is near the viewport').toEqual([]);
    await slot.scrollIntoViewIfNeeded();
    // Every tenant's car page fills its block (the search behind it is checked on one tenant in similar-cars.spec.ts).
    expect(ids.length, 'the car has similar cars in stock').toBeGreaterThan(0);
    const similar = page.getByTestId('similar-cars');
    await expect(similar).toBeVisible();
    await expect(similar.getByRole('article')).toHaveCount(Math.min(ids.length, tenant.limits.similarCarsCount));
  });

  test('the spin viewer loads every frame, hints until the first drag, turns 20 px a frame and stops auto-rotating', onOneTenant({ has: (t) => t.features.spinViewer }), async ({ page, tenant }) => {
    const car = await spinCar(tenant).catch(() => null);
    if (!tenant.features.spinViewer || !car) {
      // Tenants without the viewer (or without spin stock) show the gallery alone.
      await page.goto(`/cars/${car?.slug ?? (await inStockCar(tenant)).slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByTestId('spin-viewer')).toHaveCount(0);
      return;
    }
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    // The page's clock, driven below past several auto-rotation steps instead of waiting them out.
    await page.clock.install();
    await page.goto(`/cars/${car.slug}`);
    await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
    if (tenant.features.viewerDefaultView === 'spin') {
      // The photos the page carries for browsers without scripts are neither built nor downloaded.
      await expect(page.getByRole('region', { name: `${expectedTitle(car, tenant)} photos` })).toHaveCount(0);
      await expect(page.getByTestId('spin-viewer')).toHaveAttribute('data-ready', 'true');
      expect(images.filter((url) => url.includes(car.images[0]!.image.url))).toEqual([]);
    } else await page.getByRole('button', { name: 'Spin', exact: true }).click();
    const spin = page.getByTestId('spin-viewer');
    await expect(spin).toHaveAttribute('data-ready', 'true');
    await expect(page.getByTestId('spin-hint')).toHaveText('Swipe to spin');
    // The hint never covers the Fullscreen button (on a phone it covered the button's label).
    const fullscreen = page.getByRole('button', { name: /^Fullscreen/ }).filter({ visible: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      const [hint, button] = [(await page.getByTestId('spin-hint').boundingBox())!, (await fullscreen.boundingBox())!];
      const apart = hint.x + hint.width <= button.x || button.x + button.width <= hint.x || hint.y + hint.height <= button.y || button.y + button.height <= hint.y;
      expect(apart, `the hint and the Fullscreen button apart at ${width} px`).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    if (tenant.features.spinAutoRotate) await expect(spin).not.toHaveAttribute('data-frame', '0');
    const box = (await spin.boundingBox())!;
    await page.mouse.move(box.x + 100, box.y + box.height / 2);
    await page.mouse.down();
    const start = Number(await spin.getAttribute('data-frame'));
    await page.mouse.move(box.x + 165, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('spin-hint')).toHaveCount(0);
    const frames = Number(await spin.getAttribute('aria-valuemax'));
    await expect(spin).toHaveAttribute('data-frame', String((start + 3) % frames));
    // Auto-rotation has stopped: the frame stays where the drag left it.
    await page.clock.runFor(tenant.limits.spinIntervalMs * 4);
    await expect(spin).toHaveAttribute('data-frame', String((start + 3) % frames));
  });
});
