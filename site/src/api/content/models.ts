import { queryOptions } from '@tanstack/react-query';
import { ModelListingPageSchema, ModelSchema, type Model, type ModelListingPage } from '../../../../schema/api/content.ts';
import type { SiteServices } from '../../lib/services.ts';
import { ApiRequestError, getJson } from '../http.ts';
import { MODEL_LISTING_CACHE_LIMIT, MODEL_LISTING_PAGE_SIZE } from '../../domain/model-page.ts';
import { boundedCache } from './offers.ts';

/*
 * Model pages (GET /api/models/{slug}) for /models/{model}, and the model listing (GET
 * /api/model-listing: one make's models or every make's, 21 per page). In the browser listing
 * answers are kept in a cache of up to 10 entries, the oldest evicted (spec §7); on the server
 * every render asks afresh.
 */

export type { Model, ModelListingPage };

/** What a model listing asks for: one make (by manufacturer slug) or all, and a page from 1. */
export interface ModelListingSearch {
  manufacturer?: string | undefined;
  page?: number | undefined;
}

function listingQuery({ manufacturer, page = 1 }: ModelListingSearch): string {
  const query = new URLSearchParams();
  if (manufacturer) query.set('manufacturer', manufacturer);
  query.set('page', String(page));
  query.set('per_page', String(MODEL_LISTING_PAGE_SIZE));
  return query.toString();
}

const listingCache = boundedCache<ModelListingPage>(MODEL_LISTING_CACHE_LIMIT);

/** One page of the model listing; the browser answers a search it asked recently from its cache. */
export async function fetchModelListing(search: ModelListingSearch, fetcher?: SiteServices['fetch']): Promise<ModelListingPage> {
  const qs = listingQuery(search);
  const hit = import.meta.env.SSR ? undefined : listingCache.get(qs);
  if (hit) return hit;
  const answer = await getJson(`/api/model-listing?${qs}`, ModelListingPageSchema, undefined, fetcher);
  if (!import.meta.env.SSR) listingCache.set(qs, answer);
  return answer;
}

/** Query options of a model listing page. */
export function modelListingQueryOptions(search: ModelListingSearch, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['model-listing', listingQuery(search)], queryFn: () => fetchModelListing(search, services?.fetch), staleTime: 10 * 60_000 });
}

/** One model by slug, or null when the site sells no such model. */
export async function fetchModel(slug: string, fetcher?: SiteServices['fetch']): Promise<Model | null> {
  try {
    return await getJson(`/api/models/${encodeURIComponent(slug)}`, ModelSchema, undefined, fetcher);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404 && !error.notJson) return null;
    throw error;
  }
}

/** Query options of one model. */
export function modelQueryOptions(slug: string, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['models', slug], queryFn: () => fetchModel(slug, services?.fetch), staleTime: 10 * 60_000 });
}
