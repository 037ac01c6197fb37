import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { XMLBuilder } from 'fast-xml-parser';
import { sql } from 'kysely';
import type { Context, Route } from '../http/core.ts';
import { loadSiteCars } from '../repo/cars.ts';
import { stockGeneration } from './generation.ts';
import { carListing, type CarListing } from './listing.ts';

/*
 * The site's stock for the marketplaces, at stable URLs per tenant host: Google's vehicle
 * listings feed (XML, the attribute names of Google's feed specification) and Meta's automotive
 * catalogue (CSV). Only cars the site itself shows for sale: public (the site's stock filter),
 * not sold, with a price. Each is built once per stock change and answered with an ETag and
 * Last-Modified, so a marketplace's crawler re-reads it only when the stock moved. Last-Modified is
 * when the feed's body last changed, kept in the database (marketplace_feed_versions): a restart,
 * or another instance building the same body, keeps it.
 */

/** A feed as built for the site's current stock. */
export interface BuiltFeed {
  body: string;
  etag: string;
  lastModified: Date;
}

/** Both feeds of a site's current stock, built from one read of its cars. */
export interface MarketplaceFeeds {
  google: BuiltFeed;
  meta: BuiltFeed;
  /** The cars both list. */
  count: number;
}

/** The marketplace feeds: what each is called where the dealer reads of it, its address on every site, its type and what the API's description says of it. */
export const MARKETPLACE_FEEDS = [
  { kind: 'google', name: 'Google vehicle listings', path: '/api/feeds/google-vehicle-listings.xml', produces: 'application/xml', summary: "Google's vehicle listings feed of the site's cars for sale" },
  { kind: 'meta', name: 'Meta automotive catalogue', path: '/api/feeds/meta-automotive-catalogue.csv', produces: 'text/csv', summary: "Meta's automotive catalogue feed of the site's cars for sale" },
] as const;
export type MarketplaceFeedKind = (typeof MARKETPLACE_FEEDS)[number]['kind'];

/** Each site's feeds of its newest stock generation (the slug's entry is replaced when the stock moves). */
const cache = new Map<string, { generation: number; feeds: Promise<MarketplaceFeeds> }>();

/** The listings a feed carries: the site's public, available, priced cars, in id order. */
async function feedListings(ctx: Context): Promise<CarListing[]> {
  const candidates = await ctx.db.selectFrom('cars').select('id').where('site_id', '=', ctx.siteId).where('status', '!=', 'sold').where('show_on_dealer_website', '=', true).orderBy('id').execute();
  const ids: number[] = [];
  // The site's own stock filter decides (exclusions, used-only, certified-only sites).
  for (const { id } of candidates) if (await ctx.services.carIsPublic(ctx.tenant, id)) ids.push(id);
  const cars = await loadSiteCars(ctx.db, ctx.siteId, false, ids);
  return cars.map(({ car, dealershipName }) => carListing(car, ctx.tenant.config, dealershipName)).filter((l) => l.available && l.price !== null);
}

const money = (listing: CarListing) => `${(listing.price ?? 0).toFixed(2)} ${listing.currency}`;

/** One car as an item of Google's vehicle listings feed (the attribute names of its specification). */
function googleItem(l: CarListing) {
  const fields: Record<string, unknown> = {
    'g:id': l.stocknum,
    'g:vin': l.vin ?? undefined,
    'g:store_code': l.store.code,
    'g:dealership_name': l.store.name,
    'g:dealership_address': l.store.address,
    'g:title': l.title,
    'g:description': l.description,
    'g:link': l.link,
    'g:image_link': l.images[0],
    'g:additional_image_link': l.images.length > 1 ? l.images.slice(1, 11) : undefined,
    'g:price': money(l),
    'g:condition': l.condition,
    'g:make': l.make,
    'g:model': l.model,
    'g:trim': l.trim ?? undefined,
    'g:year': l.year,
    'g:mileage': `${l.km} km`,
    'g:color': l.colour ?? undefined,
    'g:body_style': l.body ?? undefined,
    'g:transmission': l.transmission ?? undefined,
    'g:fuel': l.fuel ?? undefined,
    'g:drivetrain': l.drivetrain ?? undefined,
    'g:date_in_stock': l.dateInStock,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/**
 * Google's vehicle listings feed (RSS 2.0 with the g: attribute namespace).
 * @param listings the cars
 * @param site the site's name and URL
 */
export function googleVehicleFeed(listings: CarListing[], site: { name: string; url: string }): string {
  const builder = new XMLBuilder({ ignoreAttributes: false, format: true, suppressEmptyNode: true, processEntities: true });
  const body = builder.build({
    rss: {
      '@_version': '2.0',
      '@_xmlns:g': 'http://base.google.com/ns/1.0',
      channel: { title: `${site.name} vehicles`, link: site.url, description: `Vehicles for sale at ${site.name}`, item: listings.map(googleItem) },
    },
  }) as string;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

/** Columns of Meta's automotive catalogue (vehicles) feed. */
const META_COLUMNS = [
  'vehicle_id', 'title', 'description', 'url', 'make', 'model', 'year', 'mileage.value', 'mileage.unit', 'image[0].url', 'image[1].url', 'image[2].url',
  'image[3].url', 'image[4].url', 'transmission', 'body_style', 'drivetrain', 'vin', 'price', 'exterior_color', 'state_of_vehicle', 'fuel_type', 'trim',
  'availability', 'dealer_name', 'address.addr1', 'address.city', 'address.region', 'address.postal_code', 'address.country',
] as const;

/**
 * Meta's automotive catalogue feed (CSV).
 * @param listings the cars
 */
export function metaVehicleFeed(listings: CarListing[]): string {
  const rows = listings.map((l) => [
    l.id, l.title, l.description, l.link, l.make, l.model, l.year, l.km, 'KM', l.images[0] ?? '', l.images[1] ?? '', l.images[2] ?? '', l.images[3] ?? '', l.images[4] ?? '',
    (l.transmission ?? '').toUpperCase(), (l.body ?? '').toUpperCase(), (l.drivetrain ?? '').toUpperCase(), l.vin ?? '', money(l), l.colour ?? '',
    l.carType === 'new' ? 'NEW' : 'USED', (l.fuel ?? '').toUpperCase(), l.trim ?? '', 'available', l.store.name, l.store.street, l.store.city, l.store.state.toUpperCase(),
    l.store.postcode, l.store.country,
  ]);
  return stringify([META_COLUMNS as unknown as string[], ...rows]);
}

/**
 * A feed's body with its ETag (a hash of the body) and Last-Modified: when a body with that ETag was
 * first built for the site (now, to the second, for a new one), as the database keeps it.
 * @param ctx the request (its site and clock)
 * @param kind which feed
 * @param body the feed's body
 */
async function builtFeed(ctx: Context, kind: MarketplaceFeedKind, body: string): Promise<BuiltFeed> {
  const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const now = new Date(Math.floor(ctx.services.now().getTime() / 1000) * 1000);
  // One statement: a new body takes now, the same body keeps the time it has.
  const kept = await ctx.db
    .insertInto('marketplace_feed_versions')
    .values({ site_id: ctx.siteId, kind, etag, since: now })
    .onConflict((oc) =>
      oc.columns(['site_id', 'kind']).doUpdateSet({
        etag,
        since: sql<Date>`case when marketplace_feed_versions.etag = excluded.etag then marketplace_feed_versions.since else excluded.since end`,
      }),
    )
    .returning('since')
    .executeTakeFirstOrThrow();
  return { body, etag, lastModified: new Date(kept.since) };
}

/**
 * The marketplace feeds of the request's site, built once per stock change from one read of its
 * cars (a crawler asking for one feed and then the other, or the dealer's page counting them,
 * reads the cars once).
 * @param ctx the request (its site)
 */
export function marketplaceFeeds(ctx: Context): Promise<MarketplaceFeeds> {
  const generation = stockGeneration(ctx.tenant.slug);
  const held = cache.get(ctx.tenant.slug);
  if (held && held.generation === generation.n) return held.feeds;
  const built = (async (): Promise<MarketplaceFeeds> => {
    const listings = await feedListings(ctx);
    return {
      google: await builtFeed(ctx, 'google', googleVehicleFeed(listings, { name: ctx.tenant.config.name, url: ctx.tenant.config.siteUrl })),
      meta: await builtFeed(ctx, 'meta', metaVehicleFeed(listings)),
      count: listings.length,
    };
  })();
  cache.set(ctx.tenant.slug, { generation: generation.n, feeds: built });
  built.catch(() => {
    if (cache.get(ctx.tenant.slug)?.feeds === built) cache.delete(ctx.tenant.slug);
  });
  return built;
}

async function serveFeed(ctx: Context, feed: (typeof MARKETPLACE_FEEDS)[number]) {
  const { body, etag, lastModified } = (await marketplaceFeeds(ctx))[feed.kind];
  const headers = { ETag: etag, 'Last-Modified': lastModified.toUTCString(), 'Cache-Control': 'public, max-age=300' };
  const contentType = `${feed.produces}; charset=utf-8`;
  const inm = ctx.req.headers['if-none-match'];
  const ims = Date.parse(String(ctx.req.headers['if-modified-since'] ?? ''));
  if (inm ? inm.split(',').map((s) => s.trim()).includes(etag) : Number.isFinite(ims) && ims >= lastModified.getTime()) {
    return { status: 304, body: '', contentType, headers };
  }
  return { body, contentType, headers };
}

/** The marketplace feed routes. */
export const marketplaceRoutes: Route[] = MARKETPLACE_FEEDS.map((feed) => ({
  method: 'GET',
  path: feed.path,
  summary: feed.summary,
  tag: 'stock',
  produces: feed.produces,
  handler: (ctx: Context) => serveFeed(ctx, feed),
}));
