import type { PlacePrediction } from '../../../../schema/api/places.ts';
import { ApiRequestError, getJson } from '../http.ts';

/*
 * Place suggestions and postcode geocoding for the dealership finder (GET
 * /api/places/autocomplete, GET /api/postcodes/{postcode}; Australia only).
 */

// The answers' schemas are imported with the first request: the dealer finder hydrates without zod.
const placesResponseSchema = () => import('../../../../schema/api/places.ts').then((module) => module.PlacesResponseSchema);
const postcodeResponseSchema = () => import('../../../../schema/api/vehicle.ts').then((module) => module.PostcodeResponseSchema);

export type { PlacePrediction };

/** Suggestions for what the shopper typed. */
export async function fetchPlaces(input: string, signal?: AbortSignal): Promise<PlacePrediction[]> {
  const answer = await getJson(`/api/places/autocomplete?${new URLSearchParams({ input })}`, placesResponseSchema, signal ? { signal } : undefined);
  return answer.predictions;
}

/**
 * Coordinates of a 4-digit postcode, or null when the geocoder has no result (the finder then
 * reads 'Invalid postcode', spec §5/§8).
 */
export async function geocodePostcode(postcode: string): Promise<{ lat: number; lng: number; label: string } | null> {
  try {
    const answer = await getJson(`/api/postcodes/${encodeURIComponent(postcode)}`, postcodeResponseSchema);
    const first = answer.results[0];
    return first ? { lat: first.geometry.location.lat, lng: first.geometry.location.lng, label: `${first.locality} ${first.state} ${postcode}` } : null;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
