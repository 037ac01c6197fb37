import type { Locator, Page } from '@playwright/test';
import { leadFormShape } from '../../schema/api/lead-rules.ts';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test, onOneTenant } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { availableCar, leadsNamed, marker, pickDealership, screenshot } from './leads.ts';
import { tick } from '../lib/shopper.ts';

// Every single-step lead form of every tenant — invalid then valid input, the lead
// read back from the server's database; absent (404, and not in the bundle) where the tenant
// switched it off; axe; phone screenshots.

interface FormCase {
  name: string;
  path: (tenant: ResolvedTenant, car: { id: number }) => string;
  enabled: (tenant: ResolvedTenant) => boolean;
  heading: string;
  button: string;
  form: string;
  category: string | null;
  /** Fills what this form needs beyond the contact block (the terms box is the test's own). */
  fill: (form: Locator, tenant: ResolvedTenant) => Promise<void>;
  expectFields: Record<string, unknown>;
  /** The dealer's own terms shown above the terms box, where the form has them. */
  disclaimer?: (tenant: ResolvedTenant) => string | undefined;
}

/** Whether the form shows the terms box on this tenant (the rules the form and server run). */
const termsShown = (tenant: ResolvedTenant, c: FormCase) => leadFormShape(tenant, c.form, true).termsRequired;


const CASES: FormCase[] = [
  {
    name: 'test drive',
    path: (_t, car) => `/book-test-drive/?car_id=${car.id}`,
    enabled: (t) => t.features.testDrive,
    heading: 'Book a Test Drive',
    button: 'Book a Test Drive',
    form: 'test_drive',
    category: 'Test Drive',
    // A free slot of the dealer's (GET /api/test-drive/appointments): the first day offered, its first time.
    fill: async (form) => {
      const date = form.getByLabel('Preferred date');
      await expect(date.locator('option')).not.toHaveCount(1);
      await date.selectOption({ index: 1 });
      await form.getByLabel('Preferred time').selectOption({ index: 1 });
    },
    expectFields: {},
    // Spec §5: a terms field only if the dealer has a custom disclaimer.
    disclaimer: (t) => t.labels.testDriveDisclaimer,
  },
  {
    name: 'finance enquiry',
    path: () => '/finance-enquiry',
    enabled: (t) => t.features.financeEnquiry && !t.features.gatedFinance,
    heading: 'Finance Enquiry',
    button: 'Send Finance Enquiry',
    form: 'finance',
    category: 'Finance Enquiry',
    fill: async (form, tenant) => {
      await pickDealership(form, tenant, 'sales');
      await form.getByRole('group', { name: /^Quick amounts/ }).getByRole('button').first().click();
      await form.getByLabel('Postcode').fill('4000');
      await form.getByLabel(tenant.labels.commentsLabel).fill('Pre-approval please');
    },
    expectFields: {},
  },
  {
    name: 'service booking',
    path: () => '/service',
    enabled: (t) => t.features.serviceBooking,
    heading: 'Book a Service',
    button: 'Request a Booking',
    form: 'service',
    category: 'Service Booking',
    fill: async (form, tenant) => {
      await pickDealership(form, tenant, 'service');
      await form.getByLabel('Odometer').fill('45000');
      await tick(form.getByLabel('Tyres'));
      await tick(form.getByLabel('Logbook service'));
      await form.getByLabel(tenant.labels.commentsLabel).fill('Squeaky brakes');
    },
    expectFields: { additional_services: ['Logbook service', 'Tyres'] },
  },
  {
    name: 'request photos',
    path: (_t, car) => `/request-photos?car_id=${car.id}`,
    enabled: (t) => t.features.requestPhotos,
    heading: 'Request Photos',
    button: 'Request Photos',
    form: 'request_photos',
    category: 'Request Photos',
    fill: async () => {},
    expectFields: {},
  },
];

async function submit(page: Page, form: Locator, button: string) {
  await form.getByRole('button', { name: button }).click();
}

for (const c of CASES) {
  test(`${c.name}: bad input is refused with the field named; a valid lead reaches the dealer`, onOneTenant({ has: c.enabled, variant: (t) => String(termsShown(t, c)) }), async ({ page, tenant, expectNoAxeViolations }) => {
    test.setTimeout(60_000);
    const car = await availableCar(tenant.slug);
    const path = c.path(tenant, car);
    if (!c.enabled(tenant)) {
      expect((await tenantHttp(tenant.slug, path)).status).toBe(404);
      return;
    }
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: c.heading })).toBeVisible();
    const form = page.getByRole('form', { name: c.heading });
    await submit(page, form, c.button);
    const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
    await expect(errors).toContainText('Please enter your name.');
    await expect(errors).toContainText('Please enter an email address or phone number.');
    const terms = form.getByRole('checkbox', { name: /^I agree to the/ });
    const withTerms = termsShown(tenant, c);
    const disclaimer = c.disclaimer?.(tenant);
    if (withTerms) {
      // The tenant's message in the list and beside the box, read out with the box (after the dealer's own terms).
      await expect(errors).toContainText(tenant.labels.termsRequired);
      await expect(form.getByText(tenant.labels.termsRequired, { exact: true })).toBeVisible();
      await expect(terms).toHaveAttribute('aria-invalid', 'true');
      await expect(terms).toHaveAccessibleDescription([disclaimer, tenant.labels.termsRequired].filter(Boolean).join(' '));
      if (disclaimer) await expect(form.getByText(disclaimer, { exact: true })).toBeVisible();
    } else {
      await expect(terms).toHaveCount(0);
      await expect(errors).not.toContainText(tenant.labels.termsRequired);
    }
    await expectNoAxeViolations(page);

    const name = marker(c.form.replace('_', ''));
    await form.getByLabel('First Name').fill(name);
    await form.getByLabel('Email').fill('not-an-email');
    await submit(page, form, c.button);
    await expect(errors).toContainText('Please enter a valid email address.');
    await expect(form.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await form.getByLabel('Email').fill(`${name.toLowerCase()}@example.com`);
    await c.fill(form, tenant);
    await page.setViewportSize({ width: 390, height: 844 });
    if (withTerms) {
      await screenshot(page, `${tenant.slug}-${c.form}-terms-phone`);
      await tick(terms);
    }
    await screenshot(page, `${tenant.slug}-${c.form}-phone`);
    await submit(page, form, c.button);
    await expect(page).toHaveURL(new RegExp(`/success\\?type=${c.form}$`));

    const leads = await leadsNamed(tenant.slug, name);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.form).toBe(c.form);
    expect(leads[0]?.category).toBe(c.category);
    expect(leads[0]?.fields).toMatchObject(c.expectFields);
    expect(leads[0]?.fields.terms_conditions).toBe(withTerms ? true : undefined);
    if (c.form === 'finance') expect(leads[0]?.fields.finance_amount).toBe(tenant.limits.moneyQuickPicks[0]);
    if (c.form === 'test_drive') {
      // The slot picked is the one booked, and the dealer no longer offers it.
      const { date, time } = (leads[0]?.fields ?? {}) as { date: string; time: string };
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(time).toMatch(/^\d{2}:\d{2}$/);
      const free = await tenantHttp(tenant.slug, `/api/test-drive/appointments?car_id=${car.id}&from=${date}&days=1`);
      expect((free.json as { days: { slots: string[] }[] }).days[0]?.slots).not.toContain(time);
    }
    if (c.form === 'request_photos') {
      expect(leads[0]?.car_id).toBe(car.id);
      expect(leads[0]?.fields.message).toBe(tenant.labels.requestPhotosDefault);
    }
  });
}

// The service page's link is in the page as the server sends it (read without a browser).
test('request photos needs a car; the service page offers the external booking page where the dealer has one', async ({ tenant }) => {
  if (tenant.features.requestPhotos) expect((await tenantHttp(tenant.slug, '/request-photos')).status).toBe(404);
  if (!tenant.features.serviceBooking) return;
  const service = await tenantHttp(tenant.slug, '/service');
  expect(service.status).toBe(200);
  const external = [...service.text.matchAll(/<a [^>]*href="([^"]*)"[^>]*>Book a Service online/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  expect(external).toEqual(tenant.routes.serviceBookingUrl ? [tenant.routes.serviceBookingUrl] : []);
});

test('the finance page lives at the tenant’s finance path', async ({ tenant }) => {
  const financePath = tenant.routes.financePath;
  const other = financePath === '/finance' ? '/car-finance' : '/finance';
  if (!tenant.features.financeEnquiry) return;
  const own = await tenantHttp(tenant.slug, financePath);
  expect(own.status).toBe(tenant.features.gatedFinance ? 302 : 200);
  expect((await tenantHttp(tenant.slug, other)).status).toBe(404);
});

/** The dealer websites' locations call (spec §7). */
const websitesCall = (url: URL) => url.pathname === '/api/manufacturer-locations';

test('valuation enquiry: every field of spec §5 is required; a full one reaches the dealer', async ({ page, tenant, expectNoAxeViolations }) => {
  if (!tenant.features.sellYourCar || !tenant.features.valuationEnquiry) return;
  const form = page.getByRole('form', { name: tenant.labels.getYourValuation });
  const location = form.getByLabel('Dealership location');
  // The locations call failing (spec §8): logged, the list stays empty, the form still shows.
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  await page.route(websitesCall, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"Service unavailable"}' }));
  await page.goto('/sell-my-car');
  await expect.poll(() => logged.some((line) => line.startsWith('Failed to fetch locations'))).toBe(true);
  await expect(form).toBeVisible();
  await expect(location.locator('option')).toHaveCount(1);
  await page.unroute(websitesCall);

  // The sales locations of the site's websites (spec §7 GET /api/manufacturer-locations).
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/manufacturer-locations');
  await page.goto('/sell-my-car');
  expect(new URL((await asked).url()).searchParams.get('location_type')).toBe('sales');
  await expect(location.locator('option')).not.toHaveCount(1);
  await form.getByRole('button', { name: tenant.labels.getYourValuation }).click();
  const errors = page.getByRole('alert').filter({ hasText: tenant.labels.formErrorHeading });
  for (const message of ['Please enter the rego.', 'Please enter the kilometres.', 'Please enter your name.', 'Please enter your phone number.', 'Please enter your email address.', tenant.labels.dealershipRequired]) {
    await expect(errors).toContainText(message);
  }
  await expectNoAxeViolations(page);
  const name = marker('Val');
  await form.getByRole('textbox', { name: /^Rego$/ }).fill('VAL123');
  await form.getByLabel('Odometer').fill('88000');
  await form.getByRole('textbox', { name: /^Name$/ }).fill(name);
  await form.getByLabel('Mobile Number').fill('0412 345 678');
  await form.getByRole('textbox', { name: /^Email$/ }).fill(`${name.toLowerCase()}@example.com`);
  await form.getByLabel('Dealership location').selectOption({ index: 1 });
  await tick(form.getByRole('group', { name: 'Interested in finance?' }).getByLabel('Yes'));
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${tenant.slug}-valuation-phone`);
  await form.getByRole('button', { name: tenant.labels.getYourValuation }).click();
  await expect(page).toHaveURL(/\/success\?type=valuation$/);
  const [lead] = await leadsNamed(tenant.slug, name);
  expect(lead).toMatchObject({ form: 'valuation', status: 'Complete' });
  expect(lead?.fields).toMatchObject({ rego: 'VAL123', kms: 88000, finance: 'Yes', PreferredContactMethod: 'Phone', regoState: tenant.defaultState.toUpperCase() });
});
