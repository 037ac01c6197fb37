import { expect, onOneTenant, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { siteFilter } from '../search/search-api.ts';

// Spec §7: a car page asks the quote service (POST /api/youx/quote: selfAssessedCreditScore
// GREAT, the price, loanTerm 5, year, vin, nvic, an empty whoIsHelping) when the estimate is on,
// the car has no quote yet and its price is above 0; the estimate shows with the page.

interface QuoteCar {
  id: number;
  slug: string;
  price: number;
  year: number;
  vin: string | null;
  nvic: string | null;
  youxQuote: unknown;
}

// Every tenant with the estimate runs this (its amounts and words); of those without the estimate
// one runs this too (no estimate: the same switch in the same code on each). Every tenant's car
// pages show the estimate or not as its switch says in vehicle-sections.spec.ts (the banner) and
// search/finance-figures.spec.ts (the strip).
test('a quote-eligible car without a quote shows the quote service’s estimate', onOneTenant({ has: (t) => !t.features.financeEstimate }), async ({ page, tenant }) => {
  const answer = await tenantHttp(tenant.slug, '/1/indexes/cars/query', {
    body: { filters: `${siteFilter(tenant)} AND status:in_stock AND NOT reserved:true AND price > 1000`, hitsPerPage: 200, attributesToRetrieve: ['slug', 'youxQuote'] },
  });
  const hit = (answer.json as { hits: { slug: string; youxQuote: unknown }[] }).hits.find((h) => h.youxQuote === null);
  expect(hit, 'an in-stock car without a quote').toBeTruthy();
  const car = (await tenantHttp(tenant.slug, `/api/cars/${hit!.slug}`)).json as QuoteCar;
  expect(car.youxQuote).toBeNull();
  await page.goto(`/cars/${car.slug}`);
  const strip = page.getByTestId('finance-strip');
  if (!tenant.features.financeEstimate) {
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(strip).toHaveCount(0);
    return;
  }
  const quote = await tenantHttp(tenant.slug, '/api/youx/quote', {
    body: { selfAssessedCreditScore: 'GREAT', purchasePrice: car.price, loanTerm: 5, year: car.year, vin: car.vin, nvic: car.nvic, whoIsHelping: '', car_id: car.id },
  });
  expect(quote.status).toBe(200);
  const weekly = (quote.json as { weeklyRepaymentAmount: number }).weeklyRepaymentAmount;
  // Spec §8: at or below $25 a week the page says to enquire instead.
  if (weekly > 25) await expect(strip).toContainText(`$${Math.round(weekly).toLocaleString('en-AU')} per week`);
  else await expect(page.getByText(tenant.labels.enquireForFinance).first()).toBeVisible();
});
