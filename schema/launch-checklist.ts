import type { ResolvedTenant } from './resolved-tenant.gen.ts';

/*
 * The pre-launch checklist: what must be true before a dealer's site goes live, computed from the
 * tenant alone. The editor shows it (each item links to the setting that fixes it) and the
 * validator refuses a tenant marked launched while an item is open and not acknowledged by name.
 */

/** One check. */
export interface LaunchCheck {
  /** Stable name, used to acknowledge it (`launch.acknowledged`). */
  id: LaunchCheckId;
  /** What staff read. */
  label: string;
  ok: boolean;
  /** Why it is open, or what makes it pass. */
  detail: string;
  /** The setting that fixes it (a JSON pointer into the tenant file). */
  pointer: string;
}

export const LAUNCH_CHECK_IDS = ['licence', 'privacy-and-terms', 'reviews', 'news-posts', 'market-data', 'finance', 'primary-location', 'opening-hours', 'analytics', 'lead-delivery', 'contrast', 'stock'] as const;
export type LaunchCheckId = (typeof LAUNCH_CHECK_IDS)[number];

/** What the checklist reads: the resolved tenant (lead delivery is optional while a tenant has none). */
export type ChecklistTenant = Pick<ResolvedTenant, 'slug' | 'dealer' | 'features' | 'finance' | 'analytics' | 'content'> & {
  leadDelivery?: { routes?: readonly { dealership?: string | undefined; departments?: readonly string[] | undefined; email?: readonly string[] | undefined; webhookUrl?: string | undefined }[] | undefined } | undefined;
};

/** What the platform knows of the site's data beyond its file (the editor and the validator know none of it). */
export interface ChecklistData {
  /** The dealer's own stock has been imported from their system (a full feed applied). */
  dealerStockImported?: boolean;
}

/**
 * The checklist of a tenant, in the order staff work through it.
 * @param tenant the resolved tenant
 * @param contrastProblems how many colour pairs of the theme fail WCAG AA contrast (the validator's count)
 * @param data what the platform's database says, where it is known
 */
export function launchChecklist(tenant: ChecklistTenant, contrastProblems: number, data: ChecklistData = {}): LaunchCheck[] {
  const { dealer, features, finance, analytics, content } = tenant;
  const unlicensed = dealer.dealerships.findIndex((d) => !d.dealerLicenceNumber.trim());
  const pages = content.pages ?? {};
  const missingPage = !pages.privacy ? 'privacy' : !pages.terms ? 'terms' : undefined;
  const showsReviews = features.locationReviews || features.carLocationReviews;
  const showsMarket = features.priceGauge || features.marketPriceHint;
  const sales = dealer.locations.filter((l) => (l.type ?? 'sales') === 'sales' && l.visible !== false);
  const primaries = dealer.locations.filter((l) => l.primary);
  const routes = tenant.leadDelivery?.routes ?? [];
  const unrouted = dealer.dealerships.find((d) => !routes.some((r) => (r.dealership === undefined || r.dealership === d.slug) && (r.departments === undefined || r.departments.includes('sales'))));
  const withoutHours = dealer.locations.findIndex((l) => l.visible !== false && !l.openingHours?.length);
  const analyticsSet = Boolean(analytics?.googleTagManagerId || analytics?.googleAnalyticsId || analytics?.facebookPixelId);
  return [
    {
      id: 'licence',
      label: 'Dealer licence shown',
      ok: unlicensed < 0,
      detail: unlicensed < 0 ? 'Every dealership has its motor dealer licence number; the footer shows it on every page.' : `${dealer.dealerships[unlicensed]?.name ?? 'A dealership'} has no dealer licence number.`,
      pointer: `/dealer/dealerships/${Math.max(0, unlicensed)}/dealerLicenceNumber`,
    },
    {
      id: 'privacy-and-terms',
      label: 'Privacy policy and terms written for this dealer',
      ok: missingPage === undefined,
      detail: missingPage === undefined ? 'The site shows the dealer’s own privacy policy and terms.' : `The site shows the standard ${missingPage === 'privacy' ? 'privacy policy' : 'terms and conditions'}; add the dealer’s own.`,
      pointer: `/content/pages/${missingPage ?? 'privacy'}`,
    },
    {
      id: 'reviews',
      label: 'No demo reviews',
      ok: !showsReviews || Boolean(dealer.reviewsProviderToken),
      detail: !showsReviews ? 'Reviews are switched off.' : dealer.reviewsProviderToken ? 'Reviews come from the dealer’s reviews account.' : 'Reviews are on but no reviews account is connected, so they would show sample reviews: connect the account or switch reviews off. A launched site leaves them out until the account is connected.',
      pointer: showsReviews && !dealer.reviewsProviderToken ? '/dealer/reviewsProviderToken' : '/features/locationReviews',
    },
    {
      id: 'news-posts',
      label: 'No demo news posts',
      ok: !features.blog,
      detail: features.blog ? 'The news pages show the platform’s sample posts (the dealer’s own cannot be loaded yet): switch them off. A launched site leaves them out.' : 'News pages are switched off.',
      pointer: '/features/blog',
    },
    {
      id: 'market-data',
      label: 'No demo market prices',
      ok: !showsMarket,
      detail: showsMarket ? 'The price gauge and market-price hint show sample market data (no market-data provider can be connected yet): switch them off. A launched site leaves them out.' : 'Market prices are switched off.',
      pointer: features.priceGauge ? '/features/priceGauge' : '/features/marketPriceHint',
    },
    {
      id: 'finance',
      label: 'Finance provider and disclaimer set',
      ok: Boolean(finance.provider && finance.providerName && finance.disclaimer),
      detail: !finance.provider ? 'No finance provider is chosen.' : !finance.providerName ? 'The provider has no display name (shoppers would read nothing in the disclaimer).' : !finance.disclaimer ? 'The finance disclaimer is not written.' : `Finance through ${finance.providerName}, with its disclaimer.`,
      pointer: !finance.provider ? '/finance/provider' : !finance.providerName ? '/finance/providerName' : '/finance/disclaimer',
    },
    {
      id: 'primary-location',
      label: 'Primary location chosen',
      ok: primaries.length === 1,
      detail: primaries.length === 1 ? `${primaries[0]!.name} is the primary location.` : primaries.length === 0 ? 'No location is marked primary (the one shoppers see first).' : 'More than one location is marked primary.',
      pointer: `/dealer/locations/${Math.max(0, dealer.locations.indexOf(primaries[1] ?? sales[0] ?? dealer.locations[0]!))}/primary`,
    },
    {
      id: 'opening-hours',
      label: 'Opening hours entered',
      ok: withoutHours < 0,
      detail: withoutHours < 0 ? 'Every location has its own opening hours.' : `${dealer.locations[withoutHours]!.name} has no opening hours yet, so its page shows sample hours.`,
      pointer: `/dealer/locations/${Math.max(0, withoutHours)}/openingHours`,
    },
    {
      id: 'analytics',
      label: 'Analytics configured',
      ok: analyticsSet,
      detail: analyticsSet ? 'The dealer’s analytics are set (loaded after the shopper’s consent).' : 'No analytics id is set.',
      pointer: '/analytics/googleTagManagerId',
    },
    {
      id: 'lead-delivery',
      label: 'Lead delivery configured',
      ok: unrouted === undefined,
      detail: unrouted === undefined ? 'Every dealership’s sales leads have somewhere to go.' : `${unrouted.name}'s sales leads go nowhere: add a lead delivery route.`,
      pointer: '/leadDelivery/routes',
    },
    {
      id: 'contrast',
      label: 'Colours readable (contrast)',
      ok: contrastProblems === 0,
      detail: contrastProblems === 0 ? 'Text colours pass WCAG AA contrast.' : `${contrastProblems} colour ${contrastProblems === 1 ? 'pair fails' : 'pairs fail'} WCAG AA contrast.`,
      pointer: '/theme/colours',
    },
    {
      id: 'stock',
      label: 'Stock imported from the dealer’s system',
      ok: data.dealerStockImported === true,
      detail:
        data.dealerStockImported === true
          ? 'The site lists the dealer’s own stock from their system.'
          : `Import the dealer’s stock from their stock system: with the command "npm run stock:import -- ${tenant.slug} <file>", or by their system sending it with a stock key (the stock guide in the platform’s docs, stock.md, says how). The sample stock is never shown on a launched site: until the first full import, its search says "Our stock is being updated". The editor cannot see the stock, so acknowledge this once it is imported.`,
      pointer: '/stockFeed',
    },
  ];
}

/**
 * The checks that stop a launch: open and not acknowledged by name.
 * @param checks the tenant's checklist
 * @param acknowledged ids staff acknowledged (`launch.acknowledged`)
 */
export function blockingChecks(checks: readonly LaunchCheck[], acknowledged: readonly string[]): LaunchCheck[] {
  return checks.filter((c) => !c.ok && !acknowledged.includes(c.id));
}
