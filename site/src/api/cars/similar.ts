import { z } from 'zod';
import { SimilarCarsResponseSchema } from '../../../../schema/api/vehicle.ts';
import { getJson } from '../http.ts';

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
const ObjectsSchema = z.object({ results: z.array(SimilarRecordSchema.nullable()) });

/** The similar cars' search records: ids from the platform, records from the search index. */
export async function fetchSimilar(slug: string): Promise<SimilarRecord[]> {
  const { ids } = await getJson(`/api/cars/${encodeURIComponent(slug)}/similar`, SimilarCarsResponseSchema);
  if (ids.length === 0) return [];
  const answer = await getJson('/1/indexes/*/objects', ObjectsSchema, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requests: ids.map((id) => ({ indexName: 'cars', objectID: String(id), attributesToRetrieve: Object.keys(SimilarRecordSchema.shape) })) }),
  });
  return answer.results.filter((record): record is SimilarRecord => record !== null);
}

