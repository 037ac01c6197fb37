import type { LiteClient } from 'algoliasearch/lite';
import type { QueryClient } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import type { SiteServices } from '../../lib/services.ts';
import { createSearchClient, defaultSortKey, searchCatalogQueryOptions, searchIndexes, type SearchCatalog } from '../../api/search-client.ts';
import { stockFilterExpression, stockFilterInput } from '../../domain/stock-filter.ts';
import type { SortKey } from '../../domain/search-url.ts';

/*
 * What the search route loads before the page renders: the site's stock filter, and one
 * facets-only request for the make/model catalog and the whole-stock slider ranges (kept for
 * the session), so slugs in the URL resolve to stock spellings and sliders keep their full
 * range while refined. Everything here is plain data: on a server-rendered page it travels to
 * the browser with the route, so the browser's first search is the server's, to the letter.
 */

/** The search page's route data. */
export interface SearchRouteData {
  indexes: Record<SortKey, string>;
  defaultSort: SortKey;
  /** Stock filter expression of the site (domain stock-filter.ts), fixed at load time. */
  stockFilter: string;
  catalog: Pick<SearchCatalog, 'makes' | 'makeModels'>;
  /** Facet stats of the whole stock, so sliders keep their full range while refined. */
  stats: Record<string, { min: number; max: number }>;
  /** The clock the page was loaded with (tags such as Just arrived, promotion windows). */
  nowSeconds: number;
  /**
   * The draw in [0, 1) that places a randomised promo card (domain promo-positions.ts), made once
   * per page load so the server's and the browser's first render put the card in the same cell.
   */
  promoDraw: number;
}

let cached: { slug: string; client: LiteClient } | null = null;

/**
 * The tenant's search client. The browser keeps one for the page's life (its answer cache is
 * what makes back/forward instant); the server makes one per request, on the platform's
 * in-process requester.
 */
export function searchClientFor(tenant: ResolvedTenant, services: SiteServices): LiteClient {
  if (import.meta.env.SSR) return createSearchClient(tenant, services.origin, services.searchRequester);
  if (cached?.slug !== tenant.slug) cached = { slug: tenant.slug, client: createSearchClient(tenant, services.origin, services.searchRequester) };
  return cached.client;
}

/** Loads everything the search page needs (route loader). */
export async function loadSearchPage(queryClient: QueryClient, tenant: ResolvedTenant, services: SiteServices): Promise<SearchRouteData> {
  const client = searchClientFor(tenant, services);
  const indexes = searchIndexes(tenant);
  const defaultSort = defaultSortKey(tenant);
  const nowSeconds = Math.floor(services.now() / 1000);
  const stockFilter = stockFilterExpression(
    stockFilterInput(tenant),
    nowSeconds,
  );
  let catalog: SearchCatalog = { makes: [], makeModels: [], stats: {} };
  try {
    catalog = await queryClient.ensureQueryData(searchCatalogQueryOptions(client, tenant.slug, indexes.relevance, stockFilter));
  } catch (error) {
    // The page still works without it: slugs fall back to title case, sliders to result stats.
    console.warn('Search catalog unavailable', error);
  }
  return {
    indexes,
    defaultSort,
    stockFilter,
    catalog: { makes: catalog.makes, makeModels: catalog.makeModels },
    stats: catalog.stats,
    nowSeconds,
    promoDraw: Math.random(),
  };
}
