import type { Locator, Page, Request } from '@playwright/test';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { eventsWithId } from '../lib/analytics.ts';
import { expect, onOneTenant, test } from '../lib/fixtures.ts';
import { tick } from '../lib/shopper.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { pickDealership } from '../forms/leads.ts';
import { siteFilter } from '../search/search-api.ts';

// Spec §7's analytics events, each fired exactly when the spec says and exactly once, with its
// parameters, read from the page's dataLayer: 25 on every phone reveal or tap (with the
// lead-tracking call), 26 on the calculator's first use, 60 on the history report, 9 only where
// the site is configured for it, 14/15/17/48 when a car's enquiry or test drive is sent (never
// when its form shows), 22/51 after a general or careers enquiry is sent. 39 and 61 are checked
// in the watchlist, favourites and print journeys (e2e/search/watchlist.spec.ts,
// e2e/forms/saved-cars.spec.ts, e2e/vehicle/vehicle-tools.spec.ts).

interface StockCar {
  id: number;
  slug: string;
  car_type: string;
  dealership_id: number;
  file?: string | null;
  tag: string | null;
}

/** An available car of the tenant matching `filters`, or null when it has none. */
async function stockCar(tenant: ResolvedTenant, filters: string, pick: (car: StockCar) => boolean = () => true): Promise<StockCar | null> {
  const r = await tenantHttp(tenant.slug, '/1/indexes/cars/query', {
    body: { filters: `${siteFilter(tenant)} AND status:in_stock AND reserved:false AND ${filters}`, hitsPerPage: 60, attributesToRetrieve: ['id', 'slug', 'car_type', 'dealership_id', 'tag'] },
  });
  expect(r.status).toBe(200);
  return ((r.json as { hits: StockCar[] }).hits ?? []).find((car) => pick(car) && (car.tag ?? '').toLowerCase() !== 'test drive only') ?? null;
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as { fcHydrated?: unknown }).fcHydrated === true);
}

/** The site's id and its dealerships' ids, as the platform states them. */
async function siteIds(tenant: ResolvedTenant): Promise<{ id: number; dealerships: { id: number; slug: string }[] }> {
  const r = await tenantHttp(tenant.slug, '/api/site');
  return r.json as { id: number; dealerships: { id: number; slug: string }[] };
}

/**
 * Waits until React has hydrated `control` (it puts its props on the node). The page's frame
 * hydrates first (fcHydrated) and its content can follow; a link followed before then works as a
 * plain link, without the page's handler.
 */
async function reactReady(control: Locator) {
  await expect.poll(() => control.evaluate((el) => Object.keys(el).some((key) => key.startsWith('__reactProps$')))).toBe(true);
}

/** Taps a tel: link as a shopper does, without leaving the page for the phone app. */
async function tapPhone(page: Page, link: Locator) {
  await reactReady(link);
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element | null)?.closest('a[href^="tel:"]')) event.preventDefault();
      },
      { capture: true },
    ),
  );
  await link.click();
}

const phoneTracking = (page: Page) => page.waitForRequest((request) => request.url().endsWith('/api/leads/phone-reveal') && request.method() === 'POST');
const bodyOf = (request: Request) => JSON.parse(request.postData() ?? '{}') as unknown;

/** Fills the contact block every lead form has, and the comments and terms where asked. */
async function fillContact(form: Locator, tenant: ResolvedTenant, options: { comments?: boolean; terms?: boolean } = {}) {
  await form.getByLabel('First Name').fill('Analytics');
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  const email = form.getByLabel('Email');
  if ((await email.count()) > 0) await email.fill('analytics@example.com');
  const postcode = form.getByLabel('Postcode');
  if ((await postcode.count()) > 0) await postcode.fill('4000');
  if (options.comments !== false) {
    const comments = form.getByLabel(tenant.labels.commentsLabel);
    if ((await comments.count()) > 0) await comments.fill('Is it still available?');
  }
  const terms = form.getByRole('checkbox', { name: /^I agree to the/ });
  if ((await terms.count()) > 0) await tick(terms);
}

test.describe('spec §7 analytics events', () => {
  test('25: revealing the number on a car page fires one event and the lead-tracking call with car_id, dealership_id and website_id', onOneTenant({ variant: (t) => String(t.features.phoneRevealedByDefault) }), async ({ page, tenant }) => {
    const car = await stockCar(tenant, 'price > 0');
    expect(car, 'a car in stock with a price').toBeTruthy();
    const site = await siteIds(tenant);
    await page.goto(`/cars/${car!.slug}`);
    await hydrated(page);
    expect(await eventsWithId(page, 25)).toEqual([]);
    const tracked = phoneTracking(page);
    if (tenant.features.phoneRevealedByDefault) {
      await tapPhone(page, page.getByTestId('phone-number'));
    } else {
      await page.getByRole('button', { name: 'Show phone number' }).click();
      await expect(page.getByTestId('phone-number')).toBeFocused();
    }
    const action = tenant.features.phoneRevealedByDefault ? 'call' : 'reveal';
    expect(await eventsWithId(page, 25)).toEqual([{ name: 'phone_click', params: { event_id: 25, action, placement: 'vehicle', car_id: car!.id } }]);
    expect(bodyOf(await tracked)).toEqual({ car_id: car!.id, dealership_id: car!.dealership_id, website_id: site.id });

    // The phone bar's Call Now on a phone: one more event and call.
    await page.setViewportSize({ width: 390, height: 844 });
    const callNow = page.getByTestId('mobile-cta-bar').getByRole('link', { name: 'Call Now' });
    if ((await callNow.count()) > 0) {
      const again = phoneTracking(page);
      await tapPhone(page, callNow);
      expect((await eventsWithId(page, 25)).map((event) => event.params.action)).toEqual([action, 'call']);
      expect(bodyOf(await again)).toEqual({ car_id: car!.id, dealership_id: car!.dealership_id, website_id: site.id });
    }
  });

  // The same code on every site; the header's number sits in the top bar or the phone menu by the header's variant.
  test('25: tapping the header’s number and a location page’s number each fire one event and the tracking call', onOneTenant({ variant: (t) => t.navigation.headerVariant }), async ({ page, tenant }) => {
    const site = await siteIds(tenant);
    const primary = tenant.dealer.locations.filter((l) => l.visible).find((l) => l.primary) ?? tenant.dealer.locations.find((l) => l.visible);
    expect(primary, 'a visible location').toBeTruthy();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await hydrated(page);
    // The header's number: the top bar (dealer-group header) or the phone menu.
    const topBar = page.getByRole('banner').getByRole('link', { name: `Call ${primary!.phone}` });
    let tracked = phoneTracking(page);
    if ((await topBar.count()) > 0) {
      await tapPhone(page, topBar);
    } else {
      await page.getByRole('banner').getByRole('button', { name: /menu/i }).click();
      await tapPhone(page, page.getByRole('dialog').getByRole('link', { name: `Call ${primary!.phone}` }));
    }
    expect(await eventsWithId(page, 25)).toEqual([{ name: 'phone_click', params: { event_id: 25, action: 'call', placement: 'header' } }]);
    const dealershipId = site.dealerships.find((d) => d.slug === primary!.dealershipSlug)?.id;
    expect(bodyOf(await tracked)).toEqual({ dealership_id: dealershipId, website_id: site.id });

    // A location page's Call button.
    await page.goto(`/locations/${primary!.slug}`);
    await hydrated(page);
    expect(await eventsWithId(page, 25)).toEqual([]);
    tracked = phoneTracking(page);
    await tapPhone(page, page.getByRole('main').getByRole('link', { name: `Call ${primary!.phone}` }).first());
    expect(await eventsWithId(page, 25)).toEqual([{ name: 'phone_click', params: { event_id: 25, action: 'call', placement: 'location' } }]);
    expect(bodyOf(await tracked)).toMatchObject({ dealership_id: dealershipId, website_id: site.id });
  });

  // When an event fires does not depend on the form's terms box (fillContact ticks it where shown;
  // the enquiry tests check the box itself), so these run once.
  test('14/15: a car page and its enquiry form fire nothing when they show, and 14 (new) or 15 (used) once the enquiry is sent', onOneTenant(), async ({ page, tenant }) => {
    test.setTimeout(90_000);
    let checked = 0;
    for (const [type, id] of [
      ['used', 15],
      ['new', 14],
    ] as const) {
      const car = await stockCar(tenant, `car_type:${type}`);
      if (!car) continue;
      checked += 1;
      // The car's own page, its enquiry form hydrated: a view is not an enquiry.
      await page.goto(`/cars/${car.slug}`);
      await hydrated(page);
      const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
      await expect(form).toHaveAttribute('data-interactive', 'true');
      expect(await eventsWithId(page, id)).toEqual([]);
      await fillContact(form, tenant);
      await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
      await expect(page).toHaveURL(/\/success\?type=enquiry$/);
      expect(await eventsWithId(page, id)).toEqual([{ name: id === 14 ? 'enquiry_new_car' : 'enquiry_used_car', params: { event_id: id, form: 'enquiry', car_id: car.id } }]);
      expect((await eventsWithId(page, 14)).length + (await eventsWithId(page, 15)).length + (await eventsWithId(page, 17)).length).toBe(1);
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('17/48: a test drive fires nothing when its form shows, and 17 (new) or 48 (used) once it is booked', onOneTenant({ has: (t) => t.features.testDrive }), async ({ page, tenant }) => {
    test.setTimeout(90_000);
    let checked = 0;
    for (const [type, id] of [
      ['used', 48],
      ['new', 17],
    ] as const) {
      const car = await stockCar(tenant, `car_type:${type}`);
      if (!car) continue;
      checked += 1;
      await page.goto(`/book-test-drive/?car_id=${car.id}`);
      await hydrated(page);
      const form = page.getByRole('form', { name: 'Book a Test Drive' });
      await expect(form).toHaveAttribute('data-interactive', 'true');
      expect(await eventsWithId(page, id)).toEqual([]);
      await fillContact(form, tenant);
      const date = form.getByLabel('Preferred date');
      await expect(date.locator('option')).not.toHaveCount(1);
      await date.selectOption({ index: 1 });
      await form.getByLabel('Preferred time').selectOption({ index: 1 });
      await form.getByRole('button', { name: 'Book a Test Drive' }).click();
      await expect(page).toHaveURL(/\/success\?type=test_drive$/);
      expect(await eventsWithId(page, id)).toEqual([{ name: id === 17 ? 'test_drive' : 'used_car_test_drive', params: { event_id: id, form: 'test_drive', car_id: car.id, category: 'Test Drive' } }]);
      // Not counted twice through its 'Test Drive' category.
      expect((await eventsWithId(page, 17)).length + (await eventsWithId(page, 48)).length).toBe(1);
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('22/51: a general enquiry fires 22 and a careers enquiry 51, each once it is sent', onOneTenant(), async ({ page, tenant }) => {
    test.setTimeout(90_000);
    for (const [category, id, name] of [
      ['General Enquiry', 22, 'general_enquiry'],
      ['Careers Enquiry', 51, 'career_enquiry'],
    ] as const) {
      await page.goto('/enquire');
      await hydrated(page);
      const form = page.getByRole('form', { name: tenant.labels.enquiryFormTitle });
      await form.getByLabel('Enquiry type').selectOption(category);
      await pickDealership(form, tenant, 'sales');
      await fillContact(form, tenant);
      expect(await eventsWithId(page, id)).toEqual([]);
      await form.getByRole('button', { name: tenant.labels.enquiryFormTitle }).click();
      await expect(page).toHaveURL(/\/success\?type=enquiry$/);
      expect(await eventsWithId(page, id)).toEqual([{ name, params: { event_id: id, form: 'enquiry', category: 'General Enquiry' } }]);
    }
  });

  test('9: a finance enquiry fires 9 only on the site configured for it', onOneTenant({ has: (t) => t.features.financeEnquiry && !t.features.gatedFinance, variant: (t) => String(t.features.financeEnquiryEvent) }), async ({ page, tenant }) => {
    if (!tenant.features.financeEnquiry || tenant.features.gatedFinance) {
      // No open finance enquiry: a page that is switched off answers 404; a gated one sends a signed-out shopper to sign in.
      const answer = await tenantHttp(tenant.slug, '/finance-enquiry');
      expect(answer.status).toBe(tenant.features.financeEnquiry ? 302 : 404);
      return;
    }
    await page.goto('/finance-enquiry');
    await hydrated(page);
    const form = page.getByRole('form', { name: 'Finance Enquiry' });
    await pickDealership(form, tenant, 'sales');
    await form.getByRole('group', { name: /^Quick amounts/ }).getByRole('button').first().click();
    await fillContact(form, tenant);
    await form.getByRole('button', { name: 'Send Finance Enquiry' }).click();
    await expect(page).toHaveURL(/\/success\?type=finance$/);
    expect(await eventsWithId(page, 9)).toEqual(tenant.features.financeEnquiryEvent ? [{ name: 'finance_enquiry', params: { event_id: 9, form: 'finance', category: 'Finance Enquiry' } }] : []);
  });

  test('26: the finance calculator’s first use fires one event; later changes fire none', onOneTenant({ has: (t) => t.features.financeCalculator }), async ({ page, tenant }) => {
    const car = await stockCar(tenant, 'price > 5000');
    expect(car, 'a car in stock with a price').toBeTruthy();
    if (!tenant.features.financeCalculator) {
      // No calculator on this site: the car's page (as the server sends it) has none, and nothing fires.
      expect((await tenantHttp(tenant.slug, `/cars/${car!.slug}`)).text).not.toContain('data-testid="finance-calculator"');
      return;
    }
    await page.goto(`/cars/${car!.slug}`);
    await hydrated(page);
    // A priced car in stock has the calculator (spec §4).
    const calculator = page.getByTestId('finance-calculator');
    await expect(calculator).toHaveCount(1);
    const term = calculator.getByRole('slider', { name: 'Loan term' });
    await expect(term).toBeVisible();
    expect(await eventsWithId(page, 26)).toEqual([]);
    await reactReady(term);
    await term.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await calculator.getByRole('slider', { name: 'Interest rate' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await eventsWithId(page, 26)).toEqual([{ name: 'finance_calculator_first_use', params: { event_id: 26, car_id: car!.id } }]);

    // On the next visit, typing a purchase price is the first use.
    await page.reload();
    await hydrated(page);
    const price = page.getByTestId('finance-calculator').getByLabel('Purchase price');
    await reactReady(price);
    await price.fill('20,000');
    await price.press('Enter');
    expect(await eventsWithId(page, 26)).toEqual([{ name: 'finance_calculator_first_use', params: { event_id: 26, car_id: car!.id } }]);
  });

  test('60: opening a car’s history report (the sidebar’s button, the used-car checks’ link) fires one event each time', onOneTenant({ has: (t) => t.features.historyReport }), async ({ page, tenant }) => {
    if (!tenant.features.historyReport) {
      // No history reports on this site: a car's page (as the server sends it) offers none.
      const car = await stockCar(tenant, 'price > 0');
      expect(car, 'a car in stock').toBeTruthy();
      const html = (await tenantHttp(tenant.slug, `/cars/${car!.slug}`)).text;
      expect(html).toContain('data-testid="vehicle-actions"');
      expect(html).not.toContain('Car History Report');
      return;
    }
    // A used car with a history report (the car's own answer says; the search index does not carry it; only used cars have one).
    let car: StockCar | null = null;
    const r = await tenantHttp(tenant.slug, '/1/indexes/cars/query', { body: { filters: `${siteFilter(tenant)} AND status:in_stock AND car_type:used`, hitsPerPage: 40, attributesToRetrieve: ['slug'] } });
    for (const hit of (r.json as { hits: { slug: string }[] }).hits) {
      const detail = (await tenantHttp(tenant.slug, `/api/cars/${hit.slug}`)).json as StockCar;
      if (detail.file) {
        car = detail;
        break;
      }
    }
    expect(car, 'a car in stock with a history report').toBeTruthy();
    await page.goto(`/cars/${car!.slug}`);
    await hydrated(page);
    expect(await eventsWithId(page, 60)).toEqual([]);
    const opened = { name: 'history_report', params: { event_id: 60, car_id: car!.id } };
    const button = page.getByTestId('vehicle-actions').getByRole('link', { name: /^Car History Report/ });
    await reactReady(button);
    let popup = page.waitForEvent('popup');
    await button.click();
    await (await popup).close();
    expect(await eventsWithId(page, 60)).toEqual([opened]);
    const checks = page.getByTestId('used-car-checks').getByRole('link', { name: /^Car History Report/ });
    if ((await checks.count()) > 0) {
      await reactReady(checks);
      popup = page.waitForEvent('popup');
      await checks.click();
      await (await popup).close();
      expect(await eventsWithId(page, 60)).toEqual([opened, opened]);
    }
  });
});
