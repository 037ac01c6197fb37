import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { CarSchema, type Car } from '../../../../schema/api/car.ts';
import type { SiteServices } from '../../lib/services.ts';
import { getJson } from '../http.ts';

/** One car of this site by slug (GET /api/cars/{slug}); a 404 answer rejects with status 404. */
export function fetchCar(slug: string, services?: Pick<SiteServices, 'fetch'>): Promise<Car> {
  return getJson(`/api/cars/${encodeURIComponent(slug)}`, CarSchema, undefined, services?.fetch);
}

/** Query options of a car; the vehicle route's loader and its components share them. */
export function carQueryOptions(slug: string, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['cars', 'detail', slug], queryFn: () => fetchCar(slug, services), staleTime: 60_000 });
}

/** The car in a component (the loader has put it in the cache). */
export function useCar(slug: string) {
  return useSuspenseQuery(carQueryOptions(slug));
}
