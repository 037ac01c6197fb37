import type { CarsTable } from '../db/types.ts';
import { slugify } from '../seed/random.ts';
import { formatIssue, type FeedCar, type ParsedFeed } from './feed.ts';

/*
 * What a feed changes, worked out from the parsed feed and the site's cars as the import's
 * transaction read them: which cars are new, which changed, which the feed sells or withdraws,
 * and whether the feed is refused. No database here: the import reads the site's cars as one
 * JSON text and hands it over, so a large feed's diff runs in the feed worker (its own thread and
 * heap) and the answer comes back as JSON text the database reads with jsonb_to_recordset. The
 * request thread then only passes strings along, which costs its garbage collector nothing much.
 */

/** A bad-row share above this refuses the feed (unless forced). */
export const MAX_BAD_ROW_SHARE = 0.2;
/** A full feed selling more than this share of the listed stock is refused (unless forced). */
export const MAX_SOLD_SHARE = 0.5;
/** Cars in one insert or update statement (and the import's progress steps). */
export const CARS_PER_STATEMENT = 500;
/** Photo rows in one insert statement. */
export const PHOTOS_PER_STATEMENT = 5000;

/** A site's location as the diff needs it. */
export interface PlanLocation {
  id: number;
  slug: string;
  name: string;
  city: string;
  dealership_id: number;
  is_primary: boolean;
  location_type: string;
}

/** The car columns a feed sets, as the database stores them. */
type FeedColumn = 'dealership_id' | 'location_id' | 'car_type' | 'status' | 'make' | 'model' | 'year' | 'price' | 'km' | 'colour' | 'simple_body' | 'simple_fuel' | 'rego' | 'vin' | 'show_on_dealer_website' | 'rank';

/** A car of the site as the import's transaction read it (JSON: times are ISO text). */
export interface ExistingCar extends Pick<CarsTable, FeedColumn | 'slug' | 'stocknum' | 'reserved'> {
  id: number;
  source: string;
  sold_at: string | null;
  /** Read only for the cars whose stock number the feed lists (the demo stock's are large). */
  details: Record<string, unknown> | null;
}

/** What the diff is given besides the feed. */
export interface PlanInput {
  mode: 'full' | 'delta';
  force: boolean;
  /** How whoever sent the feed forces it, named in a refusal: `--force` (the command) or `force=true` (the stock endpoint). */
  forceWith: string;
  /** The import's time (ms). */
  now: number;
  locations: PlanLocation[];
  /** The site's cars (a delta: only those the feed names), as JSON text of ExistingCar[]. */
  existing: string;
  /**
   * A delta's view of every slug of the site (JSON text of string[]), to keep a new car's unique.
   * Ignored by a full feed, whose cars are all in `existing`. A delta planned without it answers
   * `needsSlugs` at its first new car, and is planned again with them: most deltas only change
   * cars the site has, and reading every slug costs the database a scan of the site's cars.
   */
  slugs?: string;
  /** Cars with an order. */
  ordered: number[];
}

/** What a feed changes, as the dealer reads it. */
export interface FeedChanges {
  /** Why the feed is refused as a whole; null when it may be applied. */
  refused: string | null;
  created: number;
  updated: number;
  unchanged: number;
  sold: number;
  /** Demo cars withdrawn by the dealer's first full feed. */
  demoWithdrawn: number;
  /** Photos queued for download. */
  photosQueued: number;
  /** `row N, column X: message` */
  errors: string[];
  warnings: string[];
}

/** What a feed does to the site, ready for the database. */
export interface FeedPlan extends FeedChanges {
  /** Why the feed is refused, without how its sender forces it: what the dealer's own page shows. */
  refusedReason: string | null;
  /** Rows whose location is not one of the site's (counted as bad rows). */
  badLocations: number;
  /** New cars, CARS_PER_STATEMENT a batch, each JSON text of rows for jsonb_to_recordset. */
  inserts: string[];
  /** Changed cars, likewise. */
  updates: string[];
  /** Photo rows by car slug ({slug, position, source_url}), PHOTOS_PER_STATEMENT a batch. */
  photos: string[];
  /** Cars whose photos the feed replaced (their old rows go). */
  replacedPhotoIds: number[];
  /** Cars the full feed no longer lists: sold now. */
  sellIds: number[];
  /** Demo cars the dealer's first full feed withdraws. */
  demoIds: number[];
  /** A delta that adds a car was planned without the site's slugs: plan it again with them (nothing else in this plan holds). */
  needsSlugs?: true;
}

/** A car's columns as the feed sets them. */
interface CarValues extends Pick<CarsTable, FeedColumn> {
  sold_at: string | null;
  details: Record<string, unknown>;
}

const COMPARED: FeedColumn[] = ['dealership_id', 'location_id', 'car_type', 'status', 'make', 'model', 'year', 'price', 'km', 'colour', 'simple_body', 'simple_fuel', 'rego', 'vin', 'show_on_dealer_website', 'rank'];

/** The details keys a feed owns (others, such as downloaded photos, are kept). */
function feedDetails(car: FeedCar): Record<string, unknown> {
  return {
    badge: car.badge, series: car.series, trans: car.trans, simple_transmission: car.simple_transmission, bodyconfiguration: car.bodyconfiguration,
    fuel: car.fuel, drive: car.drive, simple_drive: car.simple_drive, before_price: car.before_price, seats: car.seats, doors: car.doors,
    engine_size: car.engine_size, engine_size_litres: car.engine_size_litres, dealercomments: car.dealercomments, regplate: car.rego,
    feed_image_urls: car.images,
  };
}

/** Ranking of an imported car: available cars first, those with more photos ahead. */
function feedRank(status: string, photos: number): number {
  return status === 'sold' ? 0 : 1000 + Math.min(photos, 20) * 10;
}

/**
 * The rank a feed gives a car. A new or changed photo list counts the feed's photos (the photo
 * downloads then set it from the photos stored). A list the car already has keeps the rank the car
 * has while it stays available: a feed sent again before the downloads finish must not move the car
 * (nor make the site's search rebuild its order) only because fewer photos are stored yet.
 * @param feedPhotos how many photo addresses the feed lists for the car
 * @param same the car as stored, when its photo list is unchanged
 * @param stored how many of its photos are stored
 */
function importRank(status: string, feedPhotos: number, same: Pick<ExistingCar, 'status' | 'rank'> | undefined, stored: number): number {
  if (!same) return feedRank(status, feedPhotos);
  if (status !== 'sold' && same.status !== 'sold' && same.rank > 0) return same.rank;
  return feedRank(status, stored);
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Rows as JSON text batches for jsonb_to_recordset. */
function batches<T>(rows: T[], size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += size) out.push(JSON.stringify(rows.slice(i, i + size)));
  return out;
}

/** A refused plan: its sender is told the reason and how to force the feed, the dealer's page the reason. */
function refuse(plan: FeedPlan, reason: string, howToForce: string): FeedPlan {
  return { ...plan, refused: reason + howToForce, refusedReason: reason };
}

/**
 * Works out what a parsed feed changes on a site:
 * - upsert by (dealership, stock number); a car keeps its id and slug for life;
 * - a full feed sells the feed's cars it no longer lists (status sold, sold time now, so the
 *   sold window of spec §4 applies); a delta feed only upserts; nothing is ever deleted;
 * - cars reserved online or with an order keep their state, whatever the feed says;
 * - the first full feed withdraws the demo stock (hidden from the site, kept in the database);
 * - a feed with more than a fifth bad rows, or one that would sell more than half the feed's
 *   stock (a truncated file), is refused whole unless forced.
 * @param feed the parsed feed
 * @param input the site's cars and locations as the transaction read them, mode, force, clock
 */
export function planFeed(feed: Pick<ParsedFeed, 'cars' | 'rows' | 'badRows'>, input: PlanInput): FeedPlan {
  const now = new Date(input.now).toISOString();
  const plan: FeedPlan = {
    refused: null, refusedReason: null, badLocations: 0, errors: [], warnings: [], created: 0, updated: 0, unchanged: 0, sold: 0, demoWithdrawn: 0, photosQueued: 0,
    inserts: [], updates: [], photos: [], replacedPhotoIds: [], sellIds: [], demoIds: [],
  };
  // Where each car is: the location the row names (slug, name or city), else the primary one.
  const { locations } = input;
  const sales = locations.filter((l) => l.location_type === 'sales' || l.location_type === '');
  const fallback = sales.find((l) => l.is_primary) ?? sales[0] ?? locations[0];
  if (!fallback) return refuse(plan, 'the site has no locations to put the cars at', '');
  const byName = new Map<string, PlanLocation>();
  for (const l of locations) for (const key of [l.slug, l.name, l.city]) if (!byName.has(key.toLowerCase())) byName.set(key.toLowerCase(), l);

  const existing = JSON.parse(input.existing) as ExistingCar[];
  const ordered = new Set(input.ordered);
  const byKey = new Map(existing.map((c) => [`${c.dealership_id}|${c.stocknum.toLowerCase()}`, c]));
  const delta = input.mode === 'delta';
  // Without the site's slugs a delta can only update: at its first new car it asks for them.
  const askForSlugs = delta && input.slugs === undefined;
  const slugs = new Set<string>(delta ? (JSON.parse(input.slugs ?? '[]') as string[]) : existing.map((c) => c.slug));

  const inserts: (CarValues & { slug: string; stocknum: string })[] = [];
  const updates: (CarValues & { id: number })[] = [];
  const photos: { slug: string; position: number; source_url: string }[] = [];
  const listed = new Set<number>();
  for (const car of feed.cars) {
    const location = car.location ? byName.get(car.location.toLowerCase()) : fallback;
    if (!location) {
      plan.errors.push(formatIssue({ row: car.row, column: car.headings.location, message: `"${car.location}" is not one of this site's locations (${locations.map((l) => l.name).join(', ')})` }));
      plan.badLocations++;
      continue;
    }
    const old = byKey.get(`${location.dealership_id}|${car.stocknum.toLowerCase()}`);
    if (old) listed.add(old.id);
    // Reserved online or ordered: the platform's state of the car stands.
    const held = old !== undefined && (old.reserved || ordered.has(old.id));
    let status: string = car.status;
    if (held && old.status !== status) {
      plan.warnings.push(formatIssue({ row: car.row, column: car.headings.status, message: `car ${car.stocknum} is reserved or ordered online; it stays ${old.status.replace('_', ' ')}` }));
      status = old.status;
    }
    const oldDetails = old?.details ?? {};
    const imagesChanged = !sameJson(oldDetails.feed_image_urls, car.images) || old?.source !== 'feed';
    const photoCount = imagesChanged ? 0 : Array.isArray(oldDetails.feed_photos) ? oldDetails.feed_photos.length : 0;
    const details = { ...oldDetails, ...feedDetails(car), ...(imagesChanged ? { feed_photos: [], photos_count: 0, spin: false } : {}) };
    const values: CarValues = {
      dealership_id: location.dealership_id, location_id: location.id, car_type: car.car_type, status, make: car.make, model: car.model,
      year: car.year, price: car.price, km: car.km, colour: car.colour, simple_body: car.simple_body, simple_fuel: car.simple_fuel,
      rego: car.rego, vin: car.vin, show_on_dealer_website: true,
      sold_at: status === 'sold' ? (old?.status === 'sold' && old.sold_at ? new Date(old.sold_at).toISOString() : now) : null,
      rank: importRank(status, car.images.length, imagesChanged ? undefined : old, photoCount), details,
    };
    const queuePhotos = (slug: string) => car.images.forEach((url, p) => photos.push({ slug, position: p + 1, source_url: url }));
    if (!old) {
      if (askForSlugs) return { ...plan, needsSlugs: true };
      let slug = slugify(`${car.year} ${car.make} ${car.model} ${car.badge ?? ''} ${car.stocknum}`) || slugify(car.stocknum);
      const base = slug;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      slugs.add(slug);
      inserts.push({ ...values, slug, stocknum: car.stocknum });
      queuePhotos(slug);
      continue;
    }
    const changed = old.source !== 'feed' || COMPARED.some((k) => !sameJson(old[k], values[k])) || !sameJson(oldDetails, details) || (old.sold_at === null) !== (values.sold_at === null);
    if (!changed) {
      plan.unchanged++;
      continue;
    }
    updates.push({ ...values, id: old.id });
    if (imagesChanged) {
      plan.replacedPhotoIds.push(old.id);
      queuePhotos(old.slug);
    }
  }
  const badRows = feed.badRows + plan.badLocations;
  if (badRows / feed.rows > MAX_BAD_ROW_SHARE && !input.force) {
    return refuse(plan, `${badRows} of ${feed.rows} rows are bad (more than ${MAX_BAD_ROW_SHARE * 100} %): nothing was imported`, `; fix the rows or import with ${input.forceWith}`);
  }

  // A full feed sells the feed's cars it no longer lists; held cars and sold ones stay as they are.
  const toSell = input.mode === 'full' ? existing.filter((c) => c.source === 'feed' && c.status !== 'sold' && !listed.has(c.id) && !c.reserved && !ordered.has(c.id)) : [];
  const onSale = existing.filter((c) => c.source === 'feed' && c.status !== 'sold').length;
  if (toSell.length > 0 && toSell.length > onSale * MAX_SOLD_SHARE && !input.force) {
    return refuse(plan, `the feed would mark ${toSell.length} of the ${onSale} cars for sale as sold (more than half): a truncated file? Nothing was imported`, `; import with ${input.forceWith} if they really are sold`);
  }
  // The dealer's first full feed (its whole stock) replaces the demo stock; a delta adds to it.
  const demo = input.mode === 'full' ? existing.filter((c) => c.source === 'demo' && c.show_on_dealer_website) : [];

  plan.created = inserts.length;
  plan.updated = updates.length;
  plan.sold = toSell.length;
  plan.demoWithdrawn = demo.length;
  plan.photosQueued = photos.length;
  plan.inserts = batches(inserts, CARS_PER_STATEMENT);
  plan.updates = batches(updates, CARS_PER_STATEMENT);
  plan.photos = batches(photos, PHOTOS_PER_STATEMENT);
  plan.sellIds = toSell.map((c) => c.id);
  plan.demoIds = demo.map((c) => c.id);
  return plan;
}
