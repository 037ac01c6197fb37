import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { canonicalSearchPath, itemListJsonLd, searchHeadline, searchPageDescription, searchPageTitle, type JsonLdListItem } from '../domain/page-head.ts';
import { itemNoun } from '../domain/item-noun.ts';
import { parseSearchUrl, searchPathStanding, type SearchUrlContext, type SortKey } from '../domain/search-url.ts';
import { pageHead, type RouteHead } from './head.ts';

/** What the search route's data contributes to its head. */
export interface SearchHeadData {
  href: string;
  defaultSort: SortKey;
  catalog: { makes: string[]; makeModels: string[] };
  count?: number;
  items?: JsonLdListItem[];
}

/**
 * What a search URL's segments are read against: the site's dealerships, the makes in its stock
 * or franchised by a dealership, and the make-models in its stock.
 * @param tenant resolved tenant
 * @param catalog the stock's makes and make-models (search-setup.ts)
 * @param defaultSort the tenant's first sort option
 */
export function searchUrlContext(tenant: ResolvedTenant, catalog: SearchHeadData['catalog'] | undefined, defaultSort: SortKey): SearchUrlContext {
  return {
    dealershipSlugs: tenant.dealer.dealerships.map((d) => d.slug),
    makes: [...new Set([...(catalog?.makes ?? []), ...tenant.dealer.dealerships.flatMap((d) => d.makes)])],
    makeModels: catalog?.makeModels ?? [],
    defaultSort,
  };
}

/**
 * The head of a search page, named after its refinements ("Used Toyota Corolla for sale"),
 * with the canonical URL of its refinements (normalised, tracking parameters dropped), the
 * number of matches and an ItemList of the cars shown when the page was rendered on the server.
 */
export function searchHead(tenant: ResolvedTenant, pathname: string, search: string, data: SearchHeadData | undefined): RouteHead {
  const defaultSort = data?.defaultSort ?? tenant.search.sortOptions[0] ?? 'relevance';
  const { context, state, noun, labels, dealershipName, headline } = searchPageWords(tenant, pathname, search, data?.catalog, defaultSort);
  const canonicalPath = canonicalSearchPath(state, defaultSort);
  // Counts and cars belong to the URL the data was loaded for (a server render); a later
  // refinement in the browser keeps the title and canonical current but drops them.
  const sameUrl = data !== undefined && canonicalSearchPath(parseSearchUrl(...splitHref(data.href), context), defaultSort) === canonicalPath;
  return pageHead(tenant, {
    title: searchPageTitle(state, labels, dealershipName),
    description: searchPageDescription(headline, sameUrl && data?.count !== undefined ? data.count : null, tenant.name, noun),
    canonicalPath,
    // A model of a known make that is not in stock: a page for the shopper, not for search engines.
    ...(data !== undefined && data.catalog.makes.length > 0 && searchPathStanding(pathname, context) === 'noindex' ? { noindex: true } : {}),
    ...(import.meta.env.SSR && sameUrl && data?.items?.length ? { jsonLd: [itemListJsonLd(tenant.siteUrl, data.items, (state.page - 1) * tenant.search.pageSize + 1)] } : {}),
  });
}

/**
 * The search page's main heading, named after its refinements as its title is ("Yamaha YZF-R7
 * for sale", "Used Toyota Corolla for sale"), or the dealership's stock on a dealership's page.
 * Read from the URL, which the server and the browser render alike.
 */
export function searchPageHeading(tenant: ResolvedTenant, pathname: string, search: string, catalog: SearchHeadData['catalog'], defaultSort: SortKey): string {
  const { state, labels, dealershipName, headline } = searchPageWords(tenant, pathname, search, catalog, defaultSort);
  return dealershipName ? headline : searchPageTitle({ ...state, page: 1 }, labels);
}

/** A search URL read against the site, with the words its head and heading are made of. */
function searchPageWords(tenant: ResolvedTenant, pathname: string, search: string, catalog: SearchHeadData['catalog'] | undefined, defaultSort: SortKey) {
  const context = searchUrlContext(tenant, catalog, defaultSort);
  const state = parseSearchUrl(pathname, search, context);
  const noun = itemNoun(tenant.search.itemType);
  const labels = { newLabel: tenant.labels.newTag, usedLabel: tenant.labels.used, plural: noun.many, usedOnly: tenant.stockFilter.usedOnly };
  const dealershipName = tenant.dealer.dealerships.find((d) => d.slug === state.dealership)?.name;
  const headline = dealershipName ? `${dealershipName} stock` : searchHeadline(state, labels);
  return { context, state, noun, labels, dealershipName, headline };
}

function splitHref(href: string): [string, string] {
  const index = href.indexOf('?');
  return index < 0 ? [href, ''] : [href.slice(0, index), href.slice(index)];
}
