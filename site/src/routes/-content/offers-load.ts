import type { OffersPage } from '../../../../schema/api/content.ts';
import { featureComponent } from '../../app/feature-component.tsx';
import type { PageHeadInput } from '../../app/head.ts';
import type { RouterContext } from '../../app/router.tsx';
import { hasOfferFilters, offerSearchHref, parseOfferSearch, type OfferSearch } from '../../domain/special-offers.ts';

/*
 * What the special offers page loads (spec §2 /special-offers). Imported on demand by the route
 * loader (content-data.ts), so the API client is fetched with the offers page only.
 */

/** The offers page, only in bundles of tenants with features.specialOffers. */
export const SpecialOffers = __FEATURE_SPECIAL_OFFERS__ ? featureComponent(() => import('../../features/special-offers/index.tsx')) : null;

/** One page of the offers search from the URL's parameters, and the page's head. */
export async function loadOffersPage(context: RouterContext, raw: Record<string, unknown>): Promise<{ search: OfferSearch; result: OffersPage; head: PageHeadInput }> {
  const search = parseOfferSearch(raw);
  const { offersQueryOptions } = await import('../../api/content/offers.ts');
  const [result] = await Promise.all([context.queryClient.ensureQueryData(offersQueryOptions(search, context.services)), SpecialOffers?.load()]);
  const filtered = hasOfferFilters(search);
  const head: PageHeadInput = {
    title: search.page > 1 ? `Special Offers, page ${search.page}` : 'Special Offers',
    description: `Current new and used car offers from ${context.tenant.name}: drive-away prices, finance and servicing deals, each for a limited time.`,
    // A filtered search is a view of the one offers page; page 2 and on are their own pages.
    ...(filtered ? { noindex: true } : { canonicalPath: offerSearchHref({ page: search.page }) }),
  };
  return { search, result, head };
}
