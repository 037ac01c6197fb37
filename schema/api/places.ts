import { z } from 'zod';

/*
 * Place suggestions of spec §7 (places autocomplete, Australia only, 300 ms debounce on the
 * site) and §5 (address suggestions restricted to Australia and regions).
 */

/** Query of GET /api/places/autocomplete. */
export const PlacesQuerySchema = z.object({
  /** What the shopper typed: a suburb (or its start) or a postcode (or its start). */
  input: z.string().trim().min(1).max(100),
});

/** One suggested place with its coordinates. */
export const PlacePredictionSchema = z.object({
  /** "Newstead QLD 4006". */
  description: z.string(),
  locality: z.string(),
  state: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type PlacePrediction = z.infer<typeof PlacePredictionSchema>;

/** Answer of GET /api/places/autocomplete. */
export const PlacesResponseSchema = z.object({
  predictions: z.array(PlacePredictionSchema),
});
