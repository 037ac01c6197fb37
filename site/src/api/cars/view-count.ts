import { getJson } from '../http.ts';

// Answer schemas are imported with the request, so a part that hydrates with this client does not load zod first.
const viewResponseSchema = () => import('../../../../schema/api/vehicle.ts').then((module) => module.ViewResponseSchema);

/**
 * Counts one view of a car page and answers its views (GET /api/cars/{slug}/view.json, spec §7;
 * the payload's photos_count lets a cache tell page versions apart). Each call is a view, so it
 * is a fetcher without query options: the caller makes it once per page visit.
 * @param slug the car's slug
 * @param photosCount the car's photos_count
 */
export async function countView(slug: string, photosCount?: number): Promise<number> {
  const query = photosCount === undefined ? '' : `?photos_count=${photosCount}`;
  const answer = await getJson(`/api/cars/${encodeURIComponent(slug)}/view.json${query}`, viewResponseSchema, { cache: 'no-store' });
  return answer.views;
}
