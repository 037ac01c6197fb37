import type { Offer } from '../../../../schema/api/content.ts';
import { featureComponent } from '../../lib/feature-component.tsx';
import type { PageHeadInput } from '../../lib/head.ts';
import type { RouterContext } from '../../lib/router-context.ts';
import { EOFY_CAMPAIGN, EOFY_PATH, eofyPagePath, eofySaleAt, eofySaleOffers, findEofyPage } from '../../domain/eofy-sale.ts';
import type { EofyPageData } from '../../features/special-offers/page-data.ts';

export type { EofyDealerPage, EofyPageData } from '../../features/special-offers/page-data.ts';
import { offerDate } from '../../domain/offer-date.ts';

/*
 * What the EOFY sale pages load (/eofy and the dealer's /pages/eofy-* pages). Imported
 * on demand by the route loaders (content-data.ts), so the offers client comes with these pages only.
 */

/** The EOFY sale page and the dealer EOFY pages, only in bundles of tenants with features.eofySale. */
export const EofySale = __FEATURE_EOFY_SALE__ ? featureComponent(() => import('../../features/special-offers/eofy-sale.tsx')) : null;

/** The sale at the request's time and, while it is on, its live offers (of the page's make). */
async function loadSale(context: RouterContext, make: string | undefined): Promise<Pick<EofyPageData, 'sale' | 'offers'>> {
  const now = new Date(context.services.now());
  const sale = eofySaleAt(now, context.tenant.timeZone);
  let offers: Offer[] = [];
  if (sale.phase === 'on') {
    const { offersQueryOptions } = await import('../../api/content/offers.ts');
    // The offers search matches its text against the make too; the exact make is the domain's test.
    const result = await context.queryClient.ensureQueryData(offersQueryOptions({ page: 1, campaign: EOFY_CAMPAIGN, ...(make ? { query: make } : {}) }, context.services));
    offers = eofySaleOffers(result.items, now, context.tenant.timeZone, make);
  }
  return { sale: { year: sale.year, start: sale.start.toISOString(), end: sale.end.toISOString(), phase: sale.phase }, offers };
}

/** /eofy: the sale, its offers and the head. */
export async function loadEofyPage(context: RouterContext): Promise<EofyPageData> {
  const { tenant } = context;
  const [data] = await Promise.all([loadSale(context, undefined), EofySale?.load()]);
  const ends = offerDate(data.sale.end, tenant.timeZone);
  const head: PageHeadInput = {
    title: tenant.content.eofySale.heading,
    description: `End of financial year deals on new and demo cars at ${tenant.name}, on until ${ends}: drive-away prices, finance and servicing offers.`,
    canonicalPath: EOFY_PATH,
  };
  return { ...data, page: null, head };
}

/** /pages/eofy-{rest}: the dealer's EOFY page of that slug with its make's offers; null (a 404) for a slug the tenant has not configured. */
export async function loadEofyDealerPage(context: RouterContext, rest: string): Promise<EofyPageData | null> {
  const page = findEofyPage(context.tenant.content.eofySale.pages, rest);
  if (!page) return null;
  const [data] = await Promise.all([loadSale(context, page.make), EofySale?.load()]);
  const head: PageHeadInput = { title: page.title, description: page.intro, canonicalPath: eofyPagePath(page.slug) };
  return { ...data, page, head };
}
