import { PlacesResponseSchema, type PlacePrediction } from '../../../../schema/api/places.ts';
import { PostcodeResponseSchema } from '../../../../schema/api/vehicle.ts';
import { ApiRequestError, getJson } from '../http.ts';

/*
 * Place suggestions and postcode geocoding for the dealership finder (GET
 * /api/places/autocomplete, GET /api/postcodes/{postcode}; Australia only).
 */

export type { PlacePrediction };

/** Suggestions for what the shopper typed. */
export async function fetchPlaces(input: string, signal?: AbortSignal): Promise<PlacePrediction[]> {
  const answer = await getJson(`/api/places/autocomplete?${new URLSearchParams({ input })}`, PlacesResponseSchema, signal ? { signal } : undefined);
  return answer.predictions;
}

/**
 * Coordinates of a 4-digit postcode, or null when the geocoder has no result (the finder then
 * reads 'Invalid postcode', spec §5/§8).
 */
export async function geocodePostcode(postcode: string): Promise<{ lat: number; lng: number; label: string } | null> {
  try {
    const answer = await getJson(`/api/postcodes/${encodeURIComponent(postcode)}`, PostcodeResponseSchema);
    const first = answer.results[0];
    return first ? { lat: first.geometry.location.lat, lng: first.geometry.location.lng, label: `${first.locality} ${first.state} ${postcode}` } : null;
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}
