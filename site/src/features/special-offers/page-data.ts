import type { Offer } from '../../../../schema/api/content.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import type { EofySalePhase } from '../../domain/eofy-sale.ts';
import type { PageHeadInput } from '../../lib/head.ts';

/*
 * What the special offers, offer and EOFY pages are given: the route loaders
 * (routes/-content/offers-load.ts, eofy-load.ts) fill these, the pages render them.
 */

/** A dealer-group promotion of the tenant (tenant `promotions`). */
export type Promotion = ResolvedTenant['promotions'][number];

/** What /offers/{id} shows: a special offer from the platform or one of the tenant's promotions. */
export type OfferDetailData = { kind: 'offer'; offer: Offer; head: PageHeadInput } | { kind: 'promotion'; promotion: Promotion; head: PageHeadInput };

/** One of the dealer's EOFY pages (tenant `content.eofySale.pages`). */
export type EofyDealerPage = ResolvedTenant['content']['eofySale']['pages'][number];

/** What an EOFY page shows: where the sale stands at the request's time, its offers, and the dealer page when it is one. */
export interface EofyPageData {
  sale: { year: number; start: string; end: string; phase: EofySalePhase };
  offers: Offer[];
  /** The dealer EOFY page (/pages/eofy-*); null on /eofy. */
  page: EofyDealerPage | null;
  head: PageHeadInput;
}
