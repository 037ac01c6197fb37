/*
 * View counts (spec §2 'optional view count' on search cards, §7 view.json on vehicle pages).
 */
import { formatNumber } from '../../../schema/number-format.ts';

/**
 * How a view count reads: thousands separated, 'view' for one.
 * @param views the car's views
 * @example viewCountText(1234) // '1,234 views'
 */
export function viewCountText(views: number): string {
  const n = Math.max(0, Math.round(views));
  return `${formatNumber(n)} ${n === 1 ? 'view' : 'views'}`;
}

/** What a car page tells view.json (spec §7): the page's version of the car and the site. */
export interface ViewPayload {
  photos_count: number;
  updated_at?: string | undefined;
  website_id?: number | undefined;
}

/** Answers of view.json kept per site in a page's memory (the spec's secondary caches hold 10). */
export const VIEW_CACHE_LIMIT = 10;

/**
 * The view.json address of a car (spec §7), with the payload's fields as query parameters.
 * @param slug the car's slug
 * @param payload photos_count, updated_at and website_id (those known)
 */
export function viewJsonPath(slug: string, payload: ViewPayload): string {
  const fields: [string, string | number | undefined][] = [
    ['photos_count', payload.photos_count],
    ['updated_at', payload.updated_at || undefined],
    ['website_id', payload.website_id],
  ];
  const query = fields.flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`])).join('&');
  return `/api/cars/${encodeURIComponent(slug)}/view.json?${query}`;
}
