import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  LocationSchema,
  LocationTypeSchema,
  ManufacturerLocationsQuerySchema,
  ManufacturerLocationsResponseSchema,
  ReviewsResponseSchema,
  type Location,
  type LocationType,
  type Review,
} from '../../schema/api/index.ts';
import type { Database } from '../db/types.ts';
import { distributionLocationsOf, type DistributionLocation } from '../../schema/distribution-locations.ts';
import { HttpError, parseInput, type Context, type Route } from '../http/core.ts';
import { formatHours } from '../seed/locations.ts';
import { hidesSampleData } from '../providers/sample-content.ts';
import { averageRating, DEFAULT_REVIEW_MIN_RATING, DEFAULT_REVIEW_QUANTITY, reviewsToShow } from '../../site/src/domain/star-rating.ts';

/*
 * Locations of spec §3 and the manufacturer-locations call of spec §7.
 */

function timeAgo(date: Date, now: Date): string {
  const days = Math.floor((now.getTime() - date.getTime()) / 86_400_000);
  if (days < 1) return 'today';
  if (days < 30) return `${days} day${days === 1 ? '' : 's'} ago`;
  const months = Math.floor(days / 30);
  if (months < 12) return `${months} month${months === 1 ? '' : 's'} ago`;
  const years = Math.floor(months / 12);
  return `${years} year${years === 1 ? '' : 's'} ago`;
}

/** A location's one-line address, as shown under its name. */
export function addressText(r: { street: string; city: string; state: string; postcode: string }): string {
  return `${r.street}, ${r.city} ${r.state} ${r.postcode}`;
}

/**
 * Loads a site's locations as Location records (hours, holiday hours and review summary included).
 * @param db database
 * @param siteId site
 * @param ctx tenant identity for website fields
 * @param filter optional type and slug filters
 */
export async function loadLocations(
  db: Kysely<Database>,
  siteId: number,
  website: { name: string; url: string; hideReviews?: boolean; distributionLocations: (locationSlug: string) => DistributionLocation[] },
  filter: { type?: LocationType; slug?: string; includeHidden?: boolean } = {},
): Promise<Location[]> {
  let q = db
    .selectFrom('locations')
    .innerJoin('dealerships', 'dealerships.id', 'locations.dealership_id')
    .selectAll('locations')
    .select(['dealerships.slug as dealership_slug'])
    .where('locations.site_id', '=', siteId);
  if (filter.type) q = q.where('locations.location_type', '=', filter.type);
  if (filter.slug) q = q.where('locations.slug', '=', filter.slug);
  if (!filter.includeHidden) q = q.where('locations.visible', '=', true);
  const rows = await q.orderBy('locations.id').execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [hours, special, stats] = await Promise.all([
    db.selectFrom('opening_hours').selectAll().where('location_id', 'in', ids).orderBy('weekday').execute(),
    db.selectFrom('special_hours').selectAll().where('location_id', 'in', ids).orderBy('date').execute(),
    db
      .selectFrom('reviews')
      .select(['location_id', (eb) => eb.fn.avg<number>('rating').as('avg'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('location_id', 'in', ids)
      .groupBy('location_id')
      .execute(),
  ]);
  return rows.map((r) => {
    // A launched site without a reviews account has only sample reviews: none are counted.
    const s = website.hideReviews ? undefined : stats.find((x) => x.location_id === r.id);
    const average = s ? Math.round(Number(s.avg) * 10) / 10 : 0; // averageRating() of the same rows, done in SQL
    const count = s ? Number(s.n) : 0;
    const text = addressText(r);
    return {
      id: r.id,
      name: r.name,
      slug: r.slug,
      visible: r.visible,
      primary: r.is_primary,
      location_type: r.location_type as LocationType,
      location_subtype: r.location_subtype,
      manufacturers: r.manufacturers,
      dealership_id: r.dealership_id,
      dealership_slug: r.dealership_slug,
      website_id: siteId,
      website_name: website.name,
      website_url: website.url,
      dealership: { id: r.dealership_id, slug: r.dealership_slug },
      address: {
        street: r.street,
        city: r.city,
        state: r.state,
        postcode: r.postcode,
        lat: r.lat,
        long: r.long,
        text,
        place_id: r.place_id,
        place_url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(text)}`,
        map_key: null,
      },
      contact_detail: {
        phone: r.phone,
        landline_phone: r.landline_phone,
        opening_hours: hours
          .filter((h) => h.location_id === r.id)
          .map((h) => ({
            weekday: h.weekday,
            status: h.status as 'Open' | 'Closed',
            formated_hours: formatHours(h),
            open: h.open,
            close: h.close,
          })),
      },
      special_hours: special
        .filter((h) => h.location_id === r.id)
        .map((h) => ({ id: h.id, date: h.date, status: h.status as 'Open' | 'Closed', location_id: h.location_id, name: h.name, start_hour: h.start_hour, end_hour: h.end_hour })),
      image: r.image_url ? { url: r.image_url, thumb: { url: r.image_url } } : null,
      reviews: { average_rating: average, count },
      average_rating: average,
      review_count: count,
      dealer_license_number: r.dealer_license_number,
      motor_vehicle_repairer: r.motor_vehicle_repairer,
      distribution_locations: website.distributionLocations(r.slug),
    };
  });
}

const LocationsQuery = z.object({ location_type: LocationTypeSchema.optional() });

/** Reviews shown: minimum rating and quantity (spec §9 defaults 4 and 12; the site sends its configured values). */
const ReviewsQuery = z.object({
  min_rating: z.coerce.number().int().min(1).max(5).default(DEFAULT_REVIEW_MIN_RATING),
  limit: z.coerce.number().int().min(1).max(200).default(DEFAULT_REVIEW_QUANTITY),
});

function site(ctx: Context) {
  return { name: ctx.tenant.config.name, url: ctx.tenant.config.siteUrl, hideReviews: hidesReviews(ctx), distributionLocations: (slug: string) => distributionLocationsOf(ctx.tenant.config, slug) };
}

const hidesReviews = (ctx: Context) => hidesSampleData(ctx.tenant, 'locationReviews', 'carLocationReviews');

/** Location routes. */
export const locationRoutes: Route[] = [
  {
    method: 'GET',
    path: '/api/manufacturer-locations',
    tag: 'Locations',
    summary: 'Websites with their dealership and locations, filtered by location type (default sales), spec §7.',
    query: ManufacturerLocationsQuerySchema,
    response: ManufacturerLocationsResponseSchema,
    handler: async (ctx) => {
      const q = parseInput(ManufacturerLocationsQuerySchema, Object.fromEntries(ctx.query), 'query');
      const locations = await loadLocations(ctx.db, ctx.siteId, site(ctx), { type: q.location_type });
      const dealerships = await ctx.db.selectFrom('dealerships').select(['id', 'slug', 'name']).where('site_id', '=', ctx.siteId).orderBy('id').execute();
      // One website per dealership: the spec's list shape, scoped to this site's dealers.
      const json = dealerships
        .map((d) => ({
          id: ctx.siteId,
          name: ctx.tenant.config.name,
          url: ctx.tenant.config.siteUrl,
          dealership: d,
          locations: locations.filter((l) => l.dealership_id === d.id),
        }))
        .filter((w) => w.locations.length > 0);
      return { json };
    },
  },
  {
    method: 'GET',
    path: '/api/locations',
    tag: 'Locations',
    summary: "This site's visible locations (all types unless location_type is given).",
    query: LocationsQuery,
    response: z.array(LocationSchema),
    handler: async (ctx) => {
      const q = parseInput(LocationsQuery, Object.fromEntries(ctx.query), 'query');
      return { json: await loadLocations(ctx.db, ctx.siteId, site(ctx), { type: q.location_type }) };
    },
  },
  {
    method: 'GET',
    path: '/api/locations/{slug}',
    tag: 'Locations',
    summary: 'One location by slug.',
    response: LocationSchema,
    handler: async (ctx) => {
      const [loc] = await loadLocations(ctx.db, ctx.siteId, site(ctx), { slug: ctx.params.slug ?? '' });
      if (!loc) throw new HttpError(404, `No location with slug ${ctx.params.slug} on this site`);
      return { json: loc };
    },
  },
  {
    method: 'GET',
    path: '/api/locations/{slug}/reviews',
    tag: 'Locations',
    summary: 'Reviews of a location, newest first, with the average rating.',
    query: ReviewsQuery,
    response: ReviewsResponseSchema,
    handler: async (ctx) => {
      const q = parseInput(ReviewsQuery, Object.fromEntries(ctx.query), 'query');
      if (hidesReviews(ctx)) throw new HttpError(404, 'This site shows no reviews');
      const loc = await ctx.db.selectFrom('locations').select('id').where('site_id', '=', ctx.siteId).where('slug', '=', ctx.params.slug ?? '').where('visible', '=', true).executeTakeFirst();
      if (!loc) throw new HttpError(404, `No location with slug ${ctx.params.slug} on this site`);
      const all = await ctx.db.selectFrom('reviews').selectAll().where('location_id', '=', loc.id).orderBy('review_date', 'desc').orderBy('id').execute();
      const now = ctx.services.now();
      const average = averageRating(all.map((r) => r.rating));
      const reviews: Review[] = reviewsToShow(all, q.min_rating, q.limit).map((r) => ({
        id: r.id,
        customer_name: r.customer_name,
        text: r.text,
        rating: r.rating,
        review_date: r.review_date,
        review_date_in_words: new Date(`${r.review_date}T00:00:00Z`).toLocaleDateString('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
        reply_text: r.reply_text,
        reply_date: r.reply_date,
        created_at_time_ago_in_words: timeAgo(new Date(`${r.review_date}T00:00:00Z`), now),
        image: r.image,
      }));
      return { json: { average_rating: average, count: all.length, reviews } };
    },
  },
];
