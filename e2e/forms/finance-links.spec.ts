import { expect, onOneTenant, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { fillCarEnquiry, leadsNamed, marker, screenshot } from './leads.ts';

// Spec §2: the finance link carries preferredDealership, vehiclePriceBudget, car_id, car_type,
// vin and the anchor #finance-form, and the finance page lands on the form with them filled in;
// /personalised/finance?car_id={id} is a car's own finance page.

interface IndexedCar {
  id: number;
  slug: string;
  price: number;
  vin: string | null;
  car_type: string;
  dealership_slug: string;
  year: number;
  make: string;
  model: string;
}

async function indexedCar(slug: string, id: string | number): Promise<IndexedCar> {
  const r = await tenantHttp(slug, `/1/indexes/cars/${id}`);
  expect(r.status).toBe(200);
  return r.json as unknown as IndexedCar;
}

/** The amount as the money input shows it: whole dollars with thousand separators. */
const dollars = (amount: number) => String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The first card's Get Finance link of the stock page as the server sends it (hydration renders the same cards). */
async function firstFinanceLink(slug: string): Promise<URL | null> {
  const search = await tenantHttp(slug, '/search/new-used-and-demo-cars/');
  expect(search.status).toBe(200);
  expect(search.text, 'cards on the stock page').toContain('data-testid="car-card"');
  const href = /<a [^>]*href="([^"]*)"[^>]*>Get Finance<\/a>/.exec(search.text)?.[1];
  return href === undefined ? null : new URL(href.replaceAll('&amp;', '&'), 'http://x');
}

/** A site whose finance page a signed-out shopper can open. */
const openFinance = (t: { features: { financeEnquiry: boolean; gatedFinance: boolean } }) => t.features.financeEnquiry && !t.features.gatedFinance;

test('a search card’s Get Finance link carries the car and lands on the filled-in finance form', async ({ page, tenant, expectNoAxeViolations }) => {
  test.setTimeout(60_000);
  const href = await firstFinanceLink(tenant.slug);
  if (!tenant.features.financeEnquiry) {
    expect(href).toBeNull();
    return;
  }
  expect(href, 'a Get Finance link on a card').not.toBeNull();
  const car = await indexedCar(tenant.slug, href!.searchParams.get('car_id') ?? '');
  expect(href!.pathname).toBe(tenant.routes.financePath);
  expect(Object.fromEntries(href!.searchParams)).toEqual({
    preferredDealership: car.dealership_slug,
    vehiclePriceBudget: String(car.price),
    car_id: String(car.id),
    car_type: car.car_type,
    ...(car.vin ? { vin: car.vin } : {}),
  });
  expect(href!.hash).toBe('#finance-form');
  if (tenant.features.gatedFinance) {
    expect((await tenantHttp(tenant.slug, `${href!.pathname}${href!.search}`)).status).toBe(302);
    return;
  }
  // The page the link opens, in this tenant's theme (following it from the card is the next test's).
  await page.goto(`${href!.pathname}${href!.search}${href!.hash}`);
  const form = page.getByRole('form', { name: 'Finance Enquiry' });
  await expect(form.getByRole('textbox', { name: /^How much would you like to borrow\?/ })).toHaveValue(dollars(car.price));
  await expect(page.locator('#finance-form')).toContainText(`${car.year} ${car.make} ${car.model}`);
  await expectNoAxeViolations(page);
});

// Following the link from the card is the same code on every site.
test('a search card’s Get Finance link, followed, scrolls to the finance form filled in for the car', onOneTenant({ has: openFinance }), async ({ page, tenant }) => {
  test.setTimeout(60_000);
  if (!openFinance(tenant)) {
    // No open finance page: the test above reads the card's link and the server's answer.
    const href = await firstFinanceLink(tenant.slug);
    if (href) expect((await tenantHttp(tenant.slug, `${href.pathname}${href.search}`)).status).toBe(302);
    return;
  }
  await page.goto('/search/new-used-and-demo-cars/');
  const link = page.getByRole('link', { name: 'Get Finance' }).first();
  const href = new URL((await link.getAttribute('href')) ?? '', page.url());
  const car = await indexedCar(tenant.slug, href.searchParams.get('car_id') ?? '');
  await link.click();
  const form = page.getByRole('form', { name: 'Finance Enquiry' });
  await expect(form.getByRole('textbox', { name: /^How much would you like to borrow\?/ })).toHaveValue(dollars(car.price));
  await expect(page.locator('#finance-form')).toBeInViewport();
  await expect(page.locator('#finance-form')).toContainText(`${car.year} ${car.make} ${car.model}`);
});

/** A priced car of the tenant in stock and not held. */
async function pricedCar(slug: string): Promise<IndexedCar> {
  const search = await tenantHttp(slug, '/1/indexes/cars/query', { body: { params: 'hitsPerPage=40' } });
  const hits = (search.json?.hits ?? []) as (IndexedCar & { status: string; reserved: boolean })[];
  const car = hits.find((h) => h.status === 'in_stock' && !h.reserved && h.price > 0);
  if (!car) throw new Error(`no priced car on ${slug}`);
  return car;
}

/** Whether a signed-out shopper gets a car's own finance page (not switched off, not gated). */
const openPersonalisedFinance = (t: { features: { financeEnquiry: boolean; gatedFinance: boolean; gatedEquifaxFinance: boolean } }) => t.features.financeEnquiry && !t.features.gatedFinance && !t.features.gatedEquifaxFinance;

test('personalised finance: a car’s own finance page, 404 without a car', async ({ page, tenant, expectNoAxeViolations }) => {
  const car = await pricedCar(tenant.slug);
  const path = `/personalised/finance?car_id=${car.id}`;
  if (!tenant.features.financeEnquiry) {
    expect((await tenantHttp(tenant.slug, path)).status).toBe(404);
    return;
  }
  expect((await tenantHttp(tenant.slug, '/personalised/finance')).status).toBe(404);
  expect((await tenantHttp(tenant.slug, '/personalised/finance?car_id=999999999')).status).toBe(404);
  if (tenant.features.gatedFinance || tenant.features.gatedEquifaxFinance) {
    const gated = await tenantHttp(tenant.slug, path);
    expect(gated.status).toBe(302);
    expect(new URL(gated.headers.location ?? '', 'http://x').searchParams.get('type')).toBe('car-finance');
    return;
  }
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Finance Enquiry' })).toBeVisible();
  await expect(page).toHaveTitle(/^Personalised Finance: /);
  const form = page.getByRole('form', { name: 'Finance Enquiry' });
  await expect(form.getByRole('textbox', { name: /^How much would you like to borrow\?/ })).toHaveValue(dollars(car.price));
  await expectNoAxeViolations(page);
});

// The lead it sends is the same code on every site (the page above is each tenant's own).
test('personalised finance: its lead names the car and its price', onOneTenant({ has: openPersonalisedFinance }), async ({ page, tenant }) => {
  test.setTimeout(60_000);
  const car = await pricedCar(tenant.slug);
  const path = `/personalised/finance?car_id=${car.id}`;
  if (!openPersonalisedFinance(tenant)) {
    // Switched off (404) or gated (sign-in first): the test above reads the server's answer.
    expect([302, 404]).toContain((await tenantHttp(tenant.slug, path)).status);
    return;
  }
  await page.goto(path);
  const form = page.getByRole('form', { name: 'Finance Enquiry' });
  await expect(form.getByRole('textbox', { name: /^How much would you like to borrow\?/ })).toHaveValue(dollars(car.price));
  const name = marker('Pfin');
  await fillCarEnquiry(form, tenant, name, '4000', 'What would my repayments be?');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${tenant.slug}-personalised-finance-phone`);
  await form.getByRole('button', { name: 'Send Finance Enquiry' }).click();
  await expect(page).toHaveURL(/\/success\?type=finance$/);
  const [lead] = await leadsNamed(tenant.slug, name);
  expect(lead).toMatchObject({ form: 'finance', category: 'Finance Enquiry', car_id: car.id });
  expect(lead?.fields.finance_amount).toBe(car.price);
});
