import type { FinanceLenders, QuoteResponse } from '../../schema/api/index.ts';
import type { HostedTenant } from '../tenants.ts';
import { computeQuote } from '../finance.ts';

/*
 * Finance quotes (spec §7 /api/youx/quote) come from a third-party quote service, chosen per
 * tenant. The embedded provider is a demo: it quotes with the spec's estimate rule (5 years, 10%
 * deposit, 30% final payment) at the car's own lender rate, or a rate by vehicle age, and the
 * comparison rate by the standard method — the same figures the seeded cars carry as youxQuote.
 */

/** What a quote is asked with. */
export interface QuoteInput {
  purchasePrice: number;
  year: number;
  lenders: FinanceLenders | null;
  currentYear: number;
}

/** A finance-quote provider. */
export interface FinanceQuoteProvider {
  readonly name: string;
  quote(input: QuoteInput): Promise<QuoteResponse>;
}

/** The embedded demo quote service. */
export const demoFinanceQuotes: FinanceQuoteProvider = {
  name: 'Demo quote service (embedded)',
  quote: async (input) => computeQuote(input.purchasePrice, input.year, input.lenders, input.currentYear),
};

/** The quote provider of a tenant (only the embedded demo provider exists in this build). */
export function financeQuoteProviderFor(_tenant: HostedTenant): FinanceQuoteProvider {
  return demoFinanceQuotes;
}
