import { VIEW_CACHE_LIMIT, viewJsonPath } from '../../domain/view-count.ts';
import { siteIds } from '../../lib/site-ids.ts';
import { getJson } from '../http.ts';

// Answer schemas are imported with the request, so a part that hydrates with this client does not load zod first.
const viewResponseSchema = () => import('../../../../schema/api/vehicle.ts').then((module) => module.ViewResponseSchema);

/** view.json answers of this page, per site, car and version of the car; the oldest goes beyond the limit. */
const answers = new Map<string, Promise<number>>();

/**
 * Counts one view of a car page and answers its views (GET /api/cars/{slug}/view.json, spec §7,
 * with photos_count, updated_at and website_id). The answer is cached per site and version of
 * the car (its photos_count and updated_at): coming back to the same car on the same page (the
 * browser's back button) shows the count at once and is not a second visit; a changed car asks
 * again. Without the site's id (the platform cannot say) the call goes without it.
 * @param slug the car's slug
 * @param car the car's photos_count and updated_at as the page has them
 */
export async function countView(slug: string, car: { photosCount: number; updatedAt?: string | undefined }): Promise<number> {
  const website = await siteIds().catch(() => null);
  const payload = { photos_count: car.photosCount, updated_at: car.updatedAt, website_id: website?.id };
  const key = JSON.stringify([payload.website_id ?? null, slug, payload.photos_count, payload.updated_at ?? null]);
  const cached = answers.get(key);
  if (cached) return cached;
  const answer = getJson(viewJsonPath(slug, payload), viewResponseSchema, { cache: 'no-store' }).then((body) => body.views);
  answers.set(key, answer);
  // A failed answer is not kept: the next visit asks again.
  answer.catch(() => answers.delete(key));
  while (answers.size > VIEW_CACHE_LIMIT) {
    const oldest = answers.keys().next().value;
    if (oldest === undefined) break;
    answers.delete(oldest);
  }
  return answer;
}
