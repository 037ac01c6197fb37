import { queryOptions } from '@tanstack/react-query';
import { OfferSchema, OffersPageSchema, type Offer, type OffersPage } from '../../../../schema/api/content.ts';
import type { SiteServices } from '../../lib/services.ts';
import { OFFERS_CACHE_LIMIT, offersApiQuery, type OfferSearch } from '../../domain/special-offers.ts';
import { ApiRequestError, getJson } from '../http.ts';

/*
 * The special-offers search (GET /api/offers: categories, price, query, 21 per page). In the
 * browser answers are kept in a cache of up to 10 entries, the oldest evicted (spec §7); on the
 * server every render asks afresh (the offers' windows depend on the request's time).
 */

export type { Offer, OffersPage };

/** A cache of up to `limit` answers by key; setting a key beyond the limit evicts the oldest. */
export function boundedCache<T>(limit: number) {
  const entries = new Map<string, T>();
  return {
    get: (key: string): T | undefined => entries.get(key),
    set(key: string, value: T): void {
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > limit) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    keys: (): string[] => [...entries.keys()],
  };
}

const cache = boundedCache<OffersPage>(OFFERS_CACHE_LIMIT);

/** One page of special offers for a search. */
export async function fetchOffers(search: OfferSearch, fetcher?: SiteServices['fetch']): Promise<OffersPage> {
  const qs = offersApiQuery(search);
  const hit = import.meta.env.SSR ? undefined : cache.get(qs);
  if (hit) return hit;
  const answer = await getJson(`/api/offers?${qs}`, OffersPageSchema, undefined, fetcher);
  if (!import.meta.env.SSR) cache.set(qs, answer);
  return answer;
}

/** Query options of an offers search (the route loader fills the cache; the answer travels with the page). */
export function offersQueryOptions(search: OfferSearch, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['offers', offersApiQuery(search)], queryFn: () => fetchOffers(search, services?.fetch), staleTime: 60_000 });
}

/** One special offer by id (GET /api/offers/{id}, also outside its window), or null when the site has no such offer. */
export async function fetchOffer(id: number, fetcher?: SiteServices['fetch']): Promise<Offer | null> {
  try {
    return await getJson(`/api/offers/${id}`, OfferSchema, undefined, fetcher);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404 && !error.notJson) return null;
    throw error;
  }
}

/** Query options of one offer (the offer page's loader; whether it is live is the page's rule). */
export function offerQueryOptions(id: number, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['offer', id], queryFn: () => fetchOffer(id, services?.fetch), staleTime: 60_000 });
}
