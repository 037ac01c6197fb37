import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiteClient } from 'algoliasearch/lite';
import type { CarSearchRecord } from '../../../../schema/api/car.ts';

/** What the watchlist page shows of a saved car (its search record). */
export type WatchlistCar = Pick<CarSearchRecord, 'id' | 'objectID' | 'slug' | 'name' | 'year' | 'make' | 'model' | 'badge' | 'price' | 'status' | 'km' | 'primary_image_url' | 'location_name'> &
  Partial<CarSearchRecord>;

const ATTRIBUTES = ['id', 'slug', 'sold', 'before_price', 'name', 'year', 'make', 'model', 'badge', 'series', 'price', 'offer_price', 'reduced_price', 'subscription_price', 'preorder', 'status', 'km', 'car_type', 'primary_image_url', 'location_name'];

/**
 * The search records of the saved cars, newest save first, read by objectID from the tenant's
 * search index (Algolia's `/1/indexes/*\/objects`, which the embedded engine also answers).
 * Ids with no record (the car left the stock) are dropped.
 */
export async function fetchWatchlistCars(client: LiteClient, indexName: string, ids: readonly number[]): Promise<WatchlistCar[]> {
  if (ids.length === 0) return [];
  const answer = (await client.customPost({
    path: '1/indexes/*/objects',
    body: { requests: ids.map((id) => ({ indexName, objectID: String(id), attributesToRetrieve: ATTRIBUTES })) },
  })) as { results?: (WatchlistCar | null)[] };
  const records = (answer.results ?? []).filter((record): record is WatchlistCar => record !== null && typeof record === 'object');
  return records.reverse();
}

/** Query options of the saved cars' records; keyed by the ids so a removal re-reads nothing stale. */
export function watchlistCarsQueryOptions(client: LiteClient, indexName: string, ids: readonly number[]) {
  return queryOptions({
    queryKey: ['watchlist', 'cars', indexName, [...ids].sort((a, b) => a - b)],
    queryFn: () => fetchWatchlistCars(client, indexName, ids),
    staleTime: 60_000,
  });
}

/** The saved cars' records in a component (keeps the previous list on screen while a change reloads). */
export function useWatchlistCars(client: LiteClient, indexName: string, ids: readonly number[] | undefined) {
  return useQuery({
    ...watchlistCarsQueryOptions(client, indexName, ids ?? []),
    enabled: ids !== undefined,
    placeholderData: (previous) => previous,
  });
}
