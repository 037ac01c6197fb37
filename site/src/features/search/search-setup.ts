import type { LiteClient } from 'algoliasearch/lite';
import type { QueryClient } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { createSearchClient, defaultSortKey, searchCatalogQueryOptions, searchIndexes, type SearchCatalog } from '../../api/search-client.ts';
import { stockFilterExpression } from '../../domain/stock-filter.ts';
import type { SearchPageProps } from './search-page.tsx';

/*
 * What the search route loads before the page renders: the client, the site's stock filter,
 * and one facets-only request for the make/model catalog and the whole-stock slider ranges
 * (kept for the session), so slugs in the URL resolve to stock spellings and sliders keep
 * their full range while refined.
 */

let cached: { slug: string; client: LiteClient } | null = null;

function clientFor(tenant: ResolvedTenant): LiteClient {
  if (cached?.slug !== tenant.slug) cached = { slug: tenant.slug, client: createSearchClient(tenant, window.location) };
  return cached.client;
}

/** Loads everything the search page needs (route loader). */
export async function loadSearchPage(queryClient: QueryClient, tenant: ResolvedTenant): Promise<SearchPageProps> {
  const client = clientFor(tenant);
  const indexes = searchIndexes(tenant);
  const defaultSort = defaultSortKey(tenant);
  const nowSeconds = Math.floor(Date.now() / 1000);
  const stockFilter = stockFilterExpression(
    {
      stockFilter: tenant.stockFilter,
      ...(tenant.dealer.includeSoldCarsDays === undefined ? {} : { includeSoldCarsDays: tenant.dealer.includeSoldCarsDays }),
      certifiedOnly: tenant.search.certifiedOnly,
    },
    nowSeconds,
  );
  let catalog: SearchCatalog = { makes: [], makeModels: [], stats: {} };
  try {
    catalog = await queryClient.ensureQueryData(searchCatalogQueryOptions(client, tenant.slug, indexes.relevance, stockFilter));
  } catch (error) {
    // The page still works without it: slugs fall back to title case, sliders to result stats.
    console.warn('Search catalog unavailable', error);
  }
  return { client, indexes, defaultSort, stockFilter, catalog: { makes: catalog.makes, makeModels: catalog.makeModels }, stats: catalog.stats };
}

