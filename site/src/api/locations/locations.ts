import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { LocationSchema, ManufacturerLocationsResponseSchema, ReviewsResponseSchema, type Location, type LocationType, type WebsiteLocations } from '../../../../schema/api/location.ts';
import type { SiteServices } from '../../lib/services.ts';
import { ApiRequestError, getJson } from '../http.ts';

/*
 * Locations, their hours and reviews from the platform API (GET /api/locations,
 * /api/locations/{slug}, /api/locations/{slug}/reviews). Route loaders fill the Query cache
 * with these options; the server's answers travel to the browser with the page.
 */

type Fetcher = SiteServices['fetch'];

/**
 * The site's visible locations (all types). A failed call is logged ('Failed to fetch
 * locations', spec §8) and answers an empty list (spec §7): the page shows no locations instead
 * of an error page.
 */
export async function fetchLocations(fetcher?: Fetcher): Promise<Location[]> {
  try {
    return await getJson('/api/locations', z.array(LocationSchema), undefined, fetcher);
  } catch (error) {
    console.error('Failed to fetch locations', error);
    return [];
  }
}

/**
 * The dealer websites with their dealership and their locations of one type (GET
 * /api/manufacturer-locations, spec §7; sales unless asked). A failed call is logged ('Failed to
 * fetch locations', spec §8) and the list stays empty.
 */
export async function fetchManufacturerLocations(locationType: LocationType = 'sales', fetcher?: Fetcher): Promise<WebsiteLocations[]> {
  try {
    return await getJson(`/api/manufacturer-locations?location_type=${encodeURIComponent(locationType)}`, ManufacturerLocationsResponseSchema, undefined, fetcher);
  } catch (error) {
    console.error('Failed to fetch locations', error);
    return [];
  }
}

/** Query options of the websites' locations of one type. */
export function manufacturerLocationsQueryOptions(locationType: LocationType = 'sales', services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['manufacturer-locations', locationType], queryFn: () => fetchManufacturerLocations(locationType, services?.fetch), staleTime: 5 * 60_000 });
}

/** Query options of the site's locations; shared by every locations page. */
export function locationsQueryOptions(services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['locations'], queryFn: () => fetchLocations(services?.fetch), staleTime: 5 * 60_000 });
}

/** One location by slug, or null when the site has no such (visible) location. */
export async function fetchLocation(slug: string, fetcher?: Fetcher): Promise<Location | null> {
  try {
    return await getJson(`/api/locations/${encodeURIComponent(slug)}`, LocationSchema, undefined, fetcher);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404 && !error.notJson) return null;
    throw error;
  }
}

/** Query options of one location. */
export function locationQueryOptions(slug: string, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({ queryKey: ['locations', slug], queryFn: () => fetchLocation(slug, services?.fetch), staleTime: 5 * 60_000 });
}

/** Reviews of a location as the site shows them. */
export type LocationReviews = z.infer<typeof ReviewsResponseSchema>;

/** Reviews of a location: at least `minRating` stars, at most `quantity` (limits.reviewMinRating / reviewQuantity). */
export async function fetchLocationReviews(slug: string, minRating: number, quantity: number, fetcher?: Fetcher): Promise<LocationReviews> {
  const query = new URLSearchParams({ min_rating: String(Math.round(minRating)), limit: String(quantity) });
  return getJson(`/api/locations/${encodeURIComponent(slug)}/reviews?${query}`, ReviewsResponseSchema, undefined, fetcher);
}

/** Query options of a location's reviews. */
export function locationReviewsQueryOptions(slug: string, minRating: number, quantity: number, services?: Pick<SiteServices, 'fetch'>) {
  return queryOptions({
    queryKey: ['locations', slug, 'reviews', minRating, quantity],
    queryFn: () => fetchLocationReviews(slug, minRating, quantity, services?.fetch),
    staleTime: 10 * 60_000,
  });
}
