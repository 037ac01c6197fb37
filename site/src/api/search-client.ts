import { liteClient, type LiteClient } from 'algoliasearch/lite';
import { queryOptions } from '@tanstack/react-query';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import type { SortKey } from '../domain/search-url.ts';
import type { SearchRequester } from '../lib/services.ts';

/*
 * The stock search client: algoliasearch's lite client pointed at the tenant's own origin
 * (the embedded engine answers Algolia's REST API under /1/ there) or at hosted Algolia when
 * search.backend is algolia. Answers are cached in memory, the oldest entry evicted beyond
 * SEARCH_CACHE_LIMIT (spec §7).
 */

/** Cached search answers kept before the oldest is evicted. */
export const SEARCH_CACHE_LIMIT = 50;

/** Index names of the main index and its sort replicas for this tenant. */
export function searchIndexes(tenant: ResolvedTenant): Record<SortKey, string> {
  const algolia = tenant.search.backend === 'algolia' ? tenant.search.algolia : undefined;
  if (algolia) {
    return {
      relevance: algolia.indexName,
      latest: algolia.replicas.latest,
      price_desc: algolia.replicas.priceDesc,
      price_asc: algolia.replicas.priceAsc,
    };
  }
  return { relevance: 'cars', latest: 'cars_latest', price_desc: 'cars_price_desc', price_asc: 'cars_price_asc' };
}

/** The tenant's default sort: its first sort option (most relevant when it offers none). */
export function defaultSortKey(tenant: ResolvedTenant): SortKey {
  return tenant.search.sortOptions[0] ?? 'relevance';
}

type CacheKey = Record<string, unknown> | string;

/** A memory cache in algoliasearch's Cache shape that evicts its oldest entry beyond `limit`. */
export function createBoundedCache(limit: number) {
  const entries = new Map<string, string>();
  return {
    get<T>(key: CacheKey, defaultValue: () => Promise<T>, events: { miss: (value: T) => Promise<unknown> } = { miss: () => Promise.resolve() }): Promise<T> {
      const id = JSON.stringify(key);
      const hit = entries.get(id);
      if (hit !== undefined) return Promise.resolve(JSON.parse(hit) as T);
      const promise = defaultValue();
      return promise.then((value) => events.miss(value)).then(() => promise);
    },
    set<T>(key: CacheKey, value: T): Promise<T> {
      const id = JSON.stringify(key);
      entries.delete(id);
      entries.set(id, JSON.stringify(value));
      while (entries.size > limit) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return Promise.resolve(value);
    },
    delete(key: CacheKey): Promise<void> {
      entries.delete(JSON.stringify(key));
      return Promise.resolve();
    },
    clear(): Promise<void> {
      entries.clear();
      return Promise.resolve();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * The search client of a tenant.
 * @param origin the page's origin (`window.location`): in embedded mode the site's own host is the search host
 * @param requester transport override: the server renders with the platform's in-process requester
 */
export function createSearchClient(tenant: ResolvedTenant, origin: { host: string; protocol: string }, requester?: SearchRequester): LiteClient {
  const cache = createBoundedCache(SEARCH_CACHE_LIMIT);
  // The browser defaults (1 s connect, 2 s read) make a slow first answer look like a dead host
  // and send the same search again; one patient attempt is cheaper than a duplicate.
  const timeouts = { connect: 2_000, read: 10_000, write: 30_000 };
  const algolia = tenant.search.backend === 'algolia' ? tenant.search.algolia : undefined;
  const transport = requester ? { requester } : {};
  if (algolia) return liteClient(algolia.appId, algolia.searchApiKey, { responsesCache: cache, timeouts, ...transport });
  const protocol = origin.protocol.replace(/:$/, '') === 'https' ? 'https' : 'http';
  return liteClient(tenant.slug, 'embedded-search', {
    hosts: [{ url: origin.host, protocol, accept: 'readWrite' }],
    responsesCache: cache,
    timeouts,
    ...transport,
  });
}

/**
 * The whole stock's make and make_model values (to turn URL slugs back into stock spellings)
 * and the slider attributes' min/max (so sliders keep their full range while refined).
 */
export interface SearchCatalog {
  makes: string[];
  makeModels: string[];
  stats: Record<string, { min: number; max: number }>;
}

/** Reads the catalog with one facets-only request (no hits). */
export async function fetchSearchCatalog(client: LiteClient, indexName: string, filters: string): Promise<SearchCatalog> {
  const { results } = await client.search({
    requests: [
      {
        indexName,
        query: '',
        hitsPerPage: 0,
        facets: ['make', 'make_model', 'price', 'subscription_price', 'year', 'km'],
        maxValuesPerFacet: 1000,
        filters,
        attributesToHighlight: [],
      },
    ],
  });
  const first = results[0] as { facets?: Record<string, Record<string, number>>; facets_stats?: Record<string, { min: number; max: number }> } | undefined;
  const stats: SearchCatalog['stats'] = {};
  for (const [attribute, value] of Object.entries(first?.facets_stats ?? {})) stats[attribute] = { min: value.min, max: value.max };
  return { makes: Object.keys(first?.facets?.make ?? {}), makeModels: Object.keys(first?.facets?.make_model ?? {}), stats };
}

/** Query options of the catalog: kept ten minutes (makes, models and ranges change slowly). */
export function searchCatalogQueryOptions(client: LiteClient, tenantSlug: string, indexName: string, filters: string) {
  return queryOptions({
    queryKey: ['search', 'catalog', tenantSlug, indexName, filters],
    queryFn: () => fetchSearchCatalog(client, indexName, filters),
    staleTime: 10 * 60_000,
  });
}
