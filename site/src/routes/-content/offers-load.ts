import type { OffersPage } from '../../../../schema/api/content.ts';
import { featureComponent } from '../../lib/feature-component.tsx';
import type { PageHeadInput } from '../../lib/head.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import { isPromotionLive, visiblePromotions } from '../../domain/promotions.ts';
import type { OfferDetailData, Promotion } from '../../features/special-offers/page-data.ts';

export type { OfferDetailData, Promotion } from '../../features/special-offers/page-data.ts';
import { hasOfferFilters, isOfferLive, offerHref, offerSearchHref, parseOfferRef, parseOfferSearch, type OfferSearch } from '../../domain/special-offers.ts';

/*
 * What the special offers page loads (spec §2 /special-offers). Imported on demand by the route
 * loader (content-data.ts), so the API client is fetched with the offers page only.
 */

/** The offers page, only in bundles of tenants with features.specialOffers. */
export const SpecialOffers = __FEATURE_SPECIAL_OFFERS__ ? featureComponent(() => import('../../features/special-offers/index.tsx')) : null;

/** The page of one offer or promotion (/offers/{id}), only in bundles with features.specialOffers. */
export const OfferDetail = __FEATURE_SPECIAL_OFFERS__ ? featureComponent(() => import('../../features/special-offers/offer-detail.tsx')) : null;

/** The warranty section of the brand that has one (features.warrantySection), under the offers. */
export const OffersWarranty = __FEATURE_WARRANTY_SECTION__ ? featureComponent(() => import('../../features/warranty-section/index.tsx')) : null;

/**
 * /offers/{id}: the offer or promotion while it is inside its window at the request's time;
 * an unknown id, or one outside its window, is null (a 404).
 */
export async function loadOfferDetail(context: RouterContext, rawId: string): Promise<OfferDetailData | null> {
  const ref = parseOfferRef(rawId);
  if (!ref) return null;
  const now = new Date(context.services.now());
  const { tenant } = context;
  if (ref.kind === 'promotion') {
    const promotion = tenant.promotions.find((p) => p.id === ref.id);
    if (!promotion || !isPromotionLive(promotion, now, tenant.timeZone)) return null;
    await OfferDetail?.load();
    const head: PageHeadInput = { title: promotion.node.heading, description: promotion.node.body ?? `${promotion.node.heading} at ${tenant.name}, for a limited time.`, canonicalPath: offerHref(promotion.id) };
    return { kind: 'promotion', promotion, head };
  }
  const { offerQueryOptions } = await import('../../api/content/offers.ts');
  const [offer] = await Promise.all([context.queryClient.ensureQueryData(offerQueryOptions(ref.id, context.services)), OfferDetail?.load()]);
  if (!offer || !isOfferLive(offer, now)) return null;
  const head: PageHeadInput = { title: offer.title, description: offer.description, canonicalPath: offerHref(offer.id), image: offer.image };
  return { kind: 'offer', offer, head };
}

/** One page of the offers search from the URL's parameters, and the page's head. */
export async function loadOffersPage(context: RouterContext, raw: Record<string, unknown>): Promise<{ search: OfferSearch; result: OffersPage; promotions: Promotion[]; head: PageHeadInput }> {
  const search = parseOfferSearch(raw);
  const { offersQueryOptions } = await import('../../api/content/offers.ts');
  const [result] = await Promise.all([context.queryClient.ensureQueryData(offersQueryOptions(search, context.services)), SpecialOffers?.load(), OffersWarranty?.load()]);
  // Dealer-group promotions inside their window at the request's time (spec §2), with the page's data.
  const promotions = visiblePromotions(context.tenant.promotions, { now: new Date(context.services.now()), timeZone: context.tenant.timeZone });
  const filtered = hasOfferFilters(search);
  const head: PageHeadInput = {
    title: search.page > 1 ? `Special Offers, page ${search.page}` : 'Special Offers',
    description: `Current new and used car offers from ${context.tenant.name}: drive-away prices, finance and servicing deals, each for a limited time.`,
    // A filtered search is a view of the one offers page; page 2 and on are their own pages.
    ...(filtered ? { noindex: true } : { canonicalPath: offerSearchHref({ page: search.page }) }),
  };
  return { search, result, promotions, head };
}
