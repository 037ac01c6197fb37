import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { lenderRuleHolds, providerRates, summaryShown, type FinanceHit } from '../lib/finance-rule.ts';
import { siteFilter } from './search-api.ts';
import { clockHeaders, setServerClock } from '../lib/test-clock.ts';

// Spec §5: every finance figure of a car follows the site's lender rule (e2e/lib/finance-rule.ts).


const money = (amount: number) => `$${Math.round(amount).toLocaleString('en-AU')}`;

async function siteHits(tenant: ResolvedTenant): Promise<FinanceHit[]> {
  const answer = await tenantHttp(tenant.slug, '/1/indexes/cars/query', {
    body: { filters: `${siteFilter(tenant)} AND status:in_stock AND NOT reserved:true`, hitsPerPage: 1000 },
  });
  expect(answer.status).toBe(200);
  return (answer.json as { hits: FinanceHit[] }).hits;
}

/**
 * A clock at which the oldest quoted car is 12 years old: a group A site's lender no longer lends
 * on it, and lends on every newer car (the sample stock has no car that old today).
 */
function clockAgeing(cars: FinanceHit[]): { at: string; year: number } {
  const oldest = Math.min(...cars.map((car) => car.year));
  return { at: new Date(Date.UTC(oldest + 12, 5, 15, 2)).toISOString(), year: oldest + 12 };
}

const quoted = (cars: FinanceHit[]) => cars.filter((car) => car.youxQuote !== null && car.youxQuote.weeklyRepaymentAmount > 25 && car.price > 500);

test('a search card shows its finance line only where the site’s lender rule allows it', async ({ page, tenant }) => {
  test.setTimeout(90_000);
  const cars = quoted(await siteHits(tenant));
  if (cars.length === 0) {
    // Stock without finance quotes (caravans): no card carries a finance line.
    await page.goto('/search/new-used-and-demo-cars/');
    await expect(page.locator('[data-testid="car-card"]').first()).toBeVisible();
    await expect(page.locator('[data-testid="car-card"]').getByText(`${tenant.labels.getFinance}:`)).toHaveCount(0);
    return;
  }
  const clock = clockAgeing(cars);
  await setServerClock(page, clock.at);
  const group = tenant.finance.lenderGroup ?? 'A';
  const allowed = cars.find((car) => summaryShown(tenant, car, clock.year));
  const tooOld = cars.find((car) => !lenderRuleHolds(tenant, car, providerRates(tenant, car), clock.year));
  const excluded = cars.find((car) => tenant.finance.excludedLocations.includes(car.location_slug) && lenderRuleHolds(tenant, car, providerRates(tenant, car), clock.year));
  expect(allowed, 'a car the lender lends on').toBeDefined();
  if (group === 'A') expect(tooOld?.year, 'a group A lender refuses a car 12 years old').toBe(clock.year - 12);
  else expect(tooOld, 'groups B to D lend on every priced, available car').toBeUndefined();
  if (tenant.finance.excludedLocations.length > 0 && tenant.slug === 'harbourside-motor-group') expect(excluded, 'a car at the location without the summary').toBeDefined();
  for (const [car, shown] of [
    [allowed, true],
    [tooOld, false],
    [excluded, false],
  ] as const) {
    if (!car) continue;
    await page.goto(`/search/new-used-and-demo-cars/?query=${encodeURIComponent(car.stocknum)}`);
    const card = page.locator(`[data-testid="car-card"][data-car-id="${car.id}"]`);
    await expect(card).toBeVisible();
    const quote = car.youxQuote!;
    const line = card.getByText(`${tenant.labels.getFinance}: ${money(quote.weeklyRepaymentAmount)}/week at ${quote.advertisedRate.toFixed(2)}% p.a. (comparison ${quote.comparisonRate.toFixed(2)}% p.a.)`);
    await expect(line).toHaveCount(shown && tenant.features.financeSummary ? 1 : 0);
  }
});

test('a car the lender rule refuses shows no finance estimate on its page, and the quote service refuses it', async ({ page, tenant }) => {
  test.setTimeout(90_000);
  const cars = quoted(await siteHits(tenant));
  if (cars.length === 0) {
    // Stock without finance quotes (caravans): a car's page shows no estimate either.
    const [first] = await siteHits(tenant);
    expect(first, 'an in-stock car').toBeDefined();
    await page.goto(`/cars/${first!.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('finance-strip')).toHaveCount(0);
    return;
  }
  const clock = clockAgeing(cars);
  await setServerClock(page, clock.at);
  const refused = cars.find((car) => !lenderRuleHolds(tenant, car, providerRates(tenant, car), clock.year));
  const allowed = cars.find((car) => lenderRuleHolds(tenant, car, providerRates(tenant, car), clock.year));
  if ((tenant.finance.lenderGroup ?? 'A') !== 'A') expect(refused, 'groups B to D lend on every priced, available car').toBeUndefined();
  else expect(refused, 'a group A lender refuses a car 12 years old').toBeDefined();
  if (refused) {
    const quote = await tenantHttp(tenant.slug, '/api/youx/quote', {
      body: { selfAssessedCreditScore: 'GREAT', purchasePrice: refused.price, loanTerm: 5, year: refused.year, vin: null, nvic: null, whoIsHelping: '', car_id: refused.id },
      headers: clockHeaders(clock.at),
    });
    expect(quote.status).toBe(422);
    expect((quote.json as { fields: { path: string }[] }).fields[0]?.path).toBe('car_id');
    await page.goto(`/cars/${refused.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('finance-strip')).toHaveCount(0);
    await expect(page.getByTestId('finance-banner')).toHaveCount(0);
  }
  expect(allowed).toBeDefined();
  const ok = await tenantHttp(tenant.slug, '/api/youx/quote', {
    body: { selfAssessedCreditScore: 'GREAT', purchasePrice: allowed!.price, loanTerm: 5, year: allowed!.year, vin: null, nvic: null, whoIsHelping: '', car_id: allowed!.id },
    headers: clockHeaders(clock.at),
  });
  expect(ok.status).toBe(200);
  await page.goto(`/cars/${allowed!.slug}`);
  if (tenant.features.financeEstimate) await expect(page.getByTestId('finance-strip')).toContainText(`${money(allowed!.youxQuote!.weeklyRepaymentAmount)} per week`);
  else await expect(page.getByTestId('finance-strip')).toHaveCount(0);
});
