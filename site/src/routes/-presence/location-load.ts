import type { Location } from '../../../../schema/api/location.ts';
import { featureComponent } from '../../lib/feature-component.tsx';
import type { RouterContext } from '../../lib/router-context.ts';
import { zonedParts } from '../../../../schema/zoned-time.ts';
import { locationPath } from '../../domain/location-pages.ts';
import type { PageHeadInput } from '../../lib/head.ts';
import type { LocationReviews as Reviews } from '../../api/locations/locations.ts';
import type { LocationStock } from '../../features/locations/location-stock.ts';

/*
 * What the locations pages load (spec §2 contact and locations routes). Imported on demand by
 * the route loaders (location-data.ts), so the API client (zod), the search client and the
 * reviews feature's loader are fetched with a locations page, not with every page.
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

/** The site's visible locations. */
export async function loadLocations(context: RouterContext): Promise<Location[]> {
  const { locationsQueryOptions } = await import('../../api/locations/locations.ts');
  return context.queryClient.ensureQueryData(locationsQueryOptions(context.services));
}

/**
 * Loads a single location page: the location (unknown or hidden slug → 404), every location,
 * its reviews (features.locationReviews, with limits.reviewMinRating / reviewQuantity) and the
 * stock listed at it. Reviews and stock are extras: when they fail the page still shows.
 */
export async function loadLocationPage(context: RouterContext, slug: string): Promise<(LocationPageData & { head: PageHeadInput }) | null> {
  const locations = await loadLocations(context);
  const location = locations.find((l) => l.slug === slug);
  if (!location) return null;
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
          .then(({ locationStockQueryOptions }) => context.queryClient.ensureQueryData(locationStockQueryOptions(tenant, context.services, location.name)))
          .catch((error: unknown) => {
            console.warn('Stock at location unavailable', error);
            return null;
          })
      : null,
    LocationReviewsBlock?.load(),
    RatingBox?.load(),
  ]);
  return { location, locations, reviews, stock, today: isoToday(context.services.now(), tenant.timeZone), head: locationPageHead(location) };
}


/** Head of a single location page: its name, address and canonical /locations/{slug}. */
export function locationPageHead(l: Location): PageHeadInput {
  return {
    title: `${l.name} — ${l.address.city}`,
    description: `${l.name}, ${l.address.text}. Opening hours, holiday hours, directions${l.contact_detail.phone ? `, phone ${l.contact_detail.phone}` : ''}${l.location_type === 'sales' ? ' and the stock at this location' : ''}.`,
    canonicalPath: locationPath(l.slug),
  };
}

/** The location grid (/dealerships) or the contact page (/contact-us) with its head. */
export async function loadLocationsPage(context: RouterContext, page: 'grid' | 'contact'): Promise<{ locations: Location[]; head: PageHeadInput }> {
  const locations = await loadLocations(context);
  const name = context.tenant.name;
  const head: PageHeadInput =
    page === 'grid'
      ? { title: 'Our Locations', description: `${name}: ${locations.length} ${locations.length === 1 ? 'location' : 'locations'} with opening hours, directions and phone numbers.`, canonicalPath: '/dealerships' }
      : { title: 'Contact Us', description: `Contact ${name}: phone numbers, opening hours and directions for every location.`, canonicalPath: '/contact-us' };
  return { locations, head };
}
