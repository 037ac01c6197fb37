import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';

// Spec §5: the finance summary shows only when the car has lender data for the site's provider
// with both rates, it is not at one of the site's excluded locations, and the lender group's rule
// holds: A — year newer than current year − 12, price above 500, available, a comparison rate;
// B — price above 500, available, a weekly payment; C — the same with a monthly payment;
// D — available only. The rule is worked out here from the search records, not by the app.

export interface Rates {
  interestRate: number | null;
  comparisonRate: number | null;
  paymentWeek: number | null;
  paymentMonth: number | null;
}

/** The search record fields the rule reads. */
export interface FinanceHit {
  id: number;
  slug: string;
  stocknum: string;
  year: number;
  price: number;
  status: string;
  sold: boolean;
  reserved: boolean;
  car_type: string;
  location_slug: string;
  lender_rates: Record<string, Rates>;
  youxQuote: { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number } | null;
}

/** The lender group's rule for a car on the tenant's site. */
export function lenderRuleHolds(tenant: ResolvedTenant, car: Pick<FinanceHit, 'status' | 'sold' | 'price' | 'year'>, rates: Rates | undefined, currentYear: number): boolean {
  if (!tenant.finance.provider) return false;
  const available = (car.status === 'in_stock' || car.status === 'coming_soon') && !car.sold;
  if (!available) return false;
  // Every sample tenant's provider is its own, so its group is its setting, else the strictest, A.
  const group = tenant.finance.lenderGroup ?? 'A';
  if (group === 'D') return true;
  if (!(car.price > 500)) return false;
  if (group === 'A') return car.year > currentYear - 12 && rates !== undefined && rates.comparisonRate !== null;
  if (group === 'B') return rates !== undefined && rates.paymentWeek !== null;
  return rates !== undefined && rates.paymentMonth !== null;
}

/** Whether the site shows a car's finance summary (the card's finance line). */
export function summaryShown(tenant: ResolvedTenant, car: FinanceHit, currentYear: number): boolean {
  const rates = tenant.finance.provider ? car.lender_rates[tenant.finance.provider] : undefined;
  if (!rates || rates.interestRate === null || rates.comparisonRate === null) return false;
  if (tenant.finance.excludedLocations.includes(car.location_slug)) return false;
  return lenderRuleHolds(tenant, car, rates, currentYear);
}


/** The site's lender figures of a search record. */
export function providerRates(tenant: ResolvedTenant, car: Pick<FinanceHit, 'lender_rates'>): Rates | undefined {
  return tenant.finance.provider ? car.lender_rates[tenant.finance.provider] : undefined;
}
