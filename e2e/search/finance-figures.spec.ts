import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import { expect, test } from '../lib/fixtures.ts';
import { tenantHttp } from '../lib/tenant-http.ts';
import { lenderRuleHolds, providerRates, summaryShown, type FinanceHit } from '../lib/finance-rule.ts';
import { siteFilter } from './search-api.ts';

// Spec §5: every finance figure of a car follows the site's lender rule (e2e/lib/finance-rule.ts).


const money = (amount: number) => `$${Math.round(amount).toLocaleString('en-AU')}`;

async function siteHits(tenant: ResolvedTenant): Promise<FinanceHit[]> {
  const answer = await tenantHttp(tenant.slug, '/1/indexes/cars/query', {
    body: { filters: `${siteFilter(tenant)} AND status:in_stock AND NOT reserved:true`, hitsPerPage: 1000 },
  });
  expect(answer.status).toBe(200);
  return (answer.json as { hits: FinanceHit[] }).hits;
}

test('a search card shows its finance line only where the site’s lender rule allows it', async ({ page, tenant }) => {
  test.setTimeout(60_000);
  const currentYear = new Date().getUTCFullYear();
  const withQuote = (await siteHits(tenant)).filter((car) => car.youxQuote !== null && car.youxQuote.weeklyRepaymentAmount > 25);
  const allowed = withQuote.find((car) => summaryShown(tenant, car, currentYear));
  const refused = withQuote.find((car) => !summaryShown(tenant, car, currentYear));
  // The sample tenants on group A lend on cars under 12 years old: their older stock has quotes but no line.
  if ((tenant.finance.lenderGroup ?? 'A') === 'A' && tenant.finance.provider) expect(refused, 'a car older than the lender allows').toBeDefined();
  for (const [car, shown] of [
    [allowed, true],
    [refused, false],
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
  test.setTimeout(60_000);
  const currentYear = new Date().getUTCFullYear();
  const hits = await siteHits(tenant);
  const refused = hits.find((car) => car.youxQuote !== null && car.price > 200 && !lenderRuleHolds(tenant, car, providerRates(tenant, car), currentYear));
  const allowed = hits.find((car) => car.youxQuote !== null && car.youxQuote.weeklyRepaymentAmount > 25 && lenderRuleHolds(tenant, car, providerRates(tenant, car), currentYear));
  if (!refused) {
    // Groups B to D refuse no priced, available car of the sample stock.
    expect(tenant.finance.lenderGroup ?? 'A', 'only a group A site refuses in-stock cars').not.toBe('A');
  } else {
    const quote = await tenantHttp(tenant.slug, '/api/youx/quote', {
      body: { selfAssessedCreditScore: 'GREAT', purchasePrice: refused.price, loanTerm: 5, year: refused.year, vin: null, nvic: null, whoIsHelping: '', car_id: refused.id },
    });
    expect(quote.status).toBe(422);
    await page.goto(`/cars/${refused.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('finance-strip')).toHaveCount(0);
    await expect(page.getByTestId('finance-banner')).toHaveCount(0);
  }
  if (allowed && tenant.features.financeEstimate) {
    await page.goto(`/cars/${allowed.slug}`);
    await expect(page.getByTestId('finance-strip')).toContainText(`${money(allowed.youxQuote!.weeklyRepaymentAmount)} per week`);
  }
});
