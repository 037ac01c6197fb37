import { z } from 'zod';
import { SimilarCarsResponseSchema } from '../../../../schema/api/vehicle.ts';
import { getJson } from '../http.ts';
import { inIdOrder, similarCarsFallbackSearch, similarCarsMultiSearch } from '../../domain/similar-cars.ts';

/* Similar cars of a vehicle page: ids from the platform (GET /api/cars/{slug}/similar), records from the search index. */

const SimilarRecordSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  year: z.number(),
  make: z.string(),
  model: z.string(),
  badge: z.string().nullable(),
  price: z.number(),
  km: z.number(),
  status: z.string(),
  reserved: z.boolean(),
  sold: z.boolean(),
  primary_image_url: z.string().nullable(),
  location_name: z.string(),
});
export type SimilarRecord = z.infer<typeof SimilarRecordSchema>;
const SearchAnswerSchema = z.object({ hits: z.array(SimilarRecordSchema) });
const MultiSearchAnswerSchema = z.object({ results: z.array(SearchAnswerSchema).min(1) });

/** The platform's stock index on this site's origin. */
const STOCK_INDEX = 'cars';
const ATTRIBUTES = Object.keys(SimilarRecordSchema.shape);

/**
 * The similar cars' search records (spec §7): the platform's ids for the car (similar car ids by
 * slug), then one multi-search for them (limit 10, highlight tags), in the platform's order. When
 * either call fails, the failure is logged and the filter-based search answers instead (in-stock
 * cars in the price window), so the block still shows similar stock.
 * @param car the car whose page it is
 * @param max how many cars the block shows (limits.similarCarsCount)
 */
export async function fetchSimilar(car: { id: number; slug: string; price: number }, max: number): Promise<SimilarRecord[]> {
  try {
    const { ids } = await getJson(`/api/cars/${encodeURIComponent(car.slug)}/similar`, SimilarCarsResponseSchema);
    if (ids.length === 0) return [];
    const answer = await getJson('/1/indexes/*/queries', MultiSearchAnswerSchema, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(similarCarsMultiSearch(STOCK_INDEX, ids, ATTRIBUTES)),
    });
    return inIdOrder(answer.results[0]?.hits ?? [], ids);
  } catch (error) {
    console.error('Similar cars search failed; falling back to the filter-based search', error);
  }
  const fallback = await getJson(`/1/indexes/${STOCK_INDEX}/query`, SearchAnswerSchema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(similarCarsFallbackSearch(car, max, ATTRIBUTES)),
  });
  return fallback.hits;
}
