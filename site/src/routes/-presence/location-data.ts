import { notFound, redirect } from '@tanstack/react-router';
import type { Location } from '../../../../schema/api/location.ts';
import type { ResolvedTenant } from '../../../../schema/resolved-tenant.gen.ts';
import { featureComponent } from '../../app/feature-component.tsx';
import { pageHead, type RouteHead } from '../../app/head.ts';
import type { RouterContext } from '../../app/router.tsx';
import { locationPath } from '../../domain/location-pages.ts';
import { zonedParts } from '../../domain/zoned-time.ts';
import type { LocationReviews as Reviews } from '../../api/locations/locations.ts';
import type { LocationStock } from '../../features/locations/location-stock.ts';

/*
 * Data and heads of the locations pages (spec §2 contact and locations routes). Kept apart from
 * the views so a route file's loader stays light: the API client (zod) and the search client are
 * imported when a locations page loads, not with every page.
 */

/** The reviews block and the rating box, only in bundles of tenants with features.locationReviews. */
export const LocationReviewsBlock = __FEATURE_LOCATION_REVIEWS__ ? featureComponent(() => import('../../features/location-reviews/index.tsx')) : null;
export const RatingBox = __FEATURE_LOCATION_REVIEWS__ ? featureComponent(() => import('../../features/location-reviews/rating-box.tsx')) : null;

/** What a single location page loads. */
export interface LocationPageData {
  location: Location;
  locations: Location[];
  reviews: Reviews | null;
  stock: LocationStock | null;
  /** Today in the site's time zone (ISO date), for upcoming holiday hours. */
  today: string;
}

function isoToday(now: number, timeZone: string): string {
  const p = zonedParts(new Date(now), timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** The site's visible locations (route loaders). */
export async function loadLocations(context: RouterContext): Promise<Location[]> {
  const { locationsQueryOptions } = await import('../../api/locations/locations.ts');
  return context.queryClient.ensureQueryData(locationsQueryOptions(context.services));
}

/**
 * Loads a single location page: the location (unknown or hidden slug → 404), every location,
 * its reviews (features.locationReviews, with limits.reviewMinRating / reviewQuantity) and the
 * stock listed at it. Reviews and stock are extras: when they fail the page still shows.
 */
export async function loadLocationPage(context: RouterContext, slug: string): Promise<LocationPageData> {
  const locations = await loadLocations(context);
  const location = locations.find((l) => l.slug === slug);
  if (!location) throw notFound();
  const tenant = context.tenant;
  const [reviews, stock] = await Promise.all([
    __FEATURE_LOCATION_REVIEWS__
      ? import('../../api/locations/locations.ts')
          .then(({ locationReviewsQueryOptions }) => context.queryClient.ensureQueryData(locationReviewsQueryOptions(slug, tenant.limits.reviewMinRating, tenant.limits.reviewQuantity, context.services)))
          .catch((error: unknown) => {
            console.warn('Reviews unavailable', error);
            return null;
          })
      : null,
    location.location_type === 'sales'
      ? import('../../features/locations/location-stock.ts')
          .then(({ fetchLocationStock }) => fetchLocationStock(tenant, context.services, location.name))
          .catch((error: unknown) => {
            console.warn('Stock at location unavailable', error);
            return null;
          })
      : null,
    LocationReviewsBlock?.load(),
    RatingBox?.load(),
  ]);
  return { location, locations, reviews, stock, today: isoToday(context.services.now(), tenant.timeZone) };
}

/** Head of a single location page: its name, address and canonical /locations/{slug}. */
export function locationPageHead(tenant: ResolvedTenant, data: LocationPageData | undefined): RouteHead {
  if (!data) return pageHead(tenant, { title: 'Page not found', noindex: true });
  const l = data.location;
  return pageHead(tenant, {
    title: `${l.name} — ${l.address.city}`,
    description: `${l.name}, ${l.address.text}. Opening hours, holiday hours, directions${l.contact_detail.phone ? `, phone ${l.contact_detail.phone}` : ''} and the stock at this location.`,
    canonicalPath: locationPath(l.slug),
  });
}

/** The tenant's contact route: where /contact answers a 301 to (spec §2 /contact, /contact-us). */
export const CONTACT_PATH = '/contact-us';

/** /contact → a real 301 to the tenant's contact route. */
export function redirectToContact(): never {
  throw redirect({ href: CONTACT_PATH, statusCode: 301 });
}

/** Search params of the location routes: the Opening Hours type (`?type=service`). */
export function locationSearch(search: Record<string, unknown>): { type?: string } {
  return typeof search.type === 'string' ? { type: search.type } : {};
}
