import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { slugify } from '../seed/random.ts';
import { slicer } from '../time-slice.ts';
import { formatIssue, type FeedCar, type ParsedFeed } from './feed.ts';
import { readFeedOffThread } from './feed-thread.ts';
import { columnMapping } from './presets.ts';

/*
 * Applies an inventory feed to a site's stock, in one transaction:
 * - upsert by (dealership, stock number); a car keeps its id and slug for life;
 * - a full feed sells the feed's cars it no longer lists (status sold, sold time now, so the
 *   sold window of spec §4 applies); a delta feed only upserts; nothing is ever deleted;
 * - cars reserved online or with an order keep their state, whatever the feed says;
 * - the first full feed withdraws the demo stock (hidden from the site, kept in the database);
 * - a feed with more than a fifth bad rows, or one that would sell more than half the feed's
 *   stock (a truncated file), is refused whole unless forced.
 * Only the cars that changed are reported for re-indexing.
 */

/** A bad-row share above this refuses the feed (unless forced). */
export const MAX_BAD_ROW_SHARE = 0.2;
/** A full feed selling more than this share of the listed stock is refused (unless forced). */
export const MAX_SOLD_SHARE = 0.5;

/** How to apply a feed. */
export interface ImportOptions {
  /** full: cars missing from the feed are sold; delta: only upserts. */
  mode: 'full' | 'delta';
  /** Work out and report the changes, write nothing. */
  dryRun: boolean;
  /** Apply a feed the safety limits would refuse. */
  force: boolean;
  now: Date;
  /** Where the feed came from (the command or the stock endpoint), kept with the import. */
  origin: 'command' | 'api';
  /** Called between stages inside the transaction (progress lines; the crash test stops here). */
  onStage?: (stage: string) => void;
}

/** What an import did (or, dry run, would do). */
export interface ImportReport {
  mode: 'full' | 'delta';
  dryRun: boolean;
  /** Why the feed was refused as a whole; null when applied. */
  refused: string | null;
  rows: number;
  badRows: number;
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
  /** Cars whose search record changed (re-index these). */
  changedCarIds: number[];
  /** The stock_imports row written (null for a dry run or a refusal). */
  importId: number | null;
}

/** A site as the import needs it. */
export interface ImportSite {
  id: number;
  slug: string;
}

class Refused extends Error {}

/** Car columns a feed sets, as the database stores them. */
interface CarValues {
  dealership_id: number;
  location_id: number;
  car_type: string;
  status: string;
  make: string;
  model: string;
  year: number;
  price: number;
  km: number;
  colour: string | null;
  simple_body: string | null;
  simple_fuel: string | null;
  rego: string | null;
  vin: string | null;
  show_on_dealer_website: boolean;
  sold_at: Date | null;
  rank: number;
  details: Record<string, unknown>;
}

const COMPARED: (keyof CarValues)[] = ['dealership_id', 'location_id', 'car_type', 'status', 'make', 'model', 'year', 'price', 'km', 'colour', 'simple_body', 'simple_fuel', 'rego', 'vin', 'show_on_dealer_website', 'rank'];

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

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Applies (or dry-runs) a parsed feed to a site.
 * @param db database
 * @param site the site
 * @param feed the parsed feed
 * @param options mode, dry run, force, clock
 */
export async function importStock(db: Kysely<Database>, site: ImportSite, feed: ParsedFeed, options: ImportOptions): Promise<ImportReport> {
  const report: ImportReport = {
    mode: options.mode, dryRun: options.dryRun, refused: null, rows: feed.rows, badRows: feed.badRows, created: 0, updated: 0, unchanged: 0,
    sold: 0, demoWithdrawn: 0, photosQueued: 0, errors: feed.errors.map(formatIssue), warnings: feed.warnings.map(formatIssue), changedCarIds: [], importId: null,
  };
  if (feed.fatal) {
    report.refused = feed.fatal;
    return report;
  }
  if (feed.rows === 0) {
    report.refused = 'the feed lists no cars';
    return report;
  }
  try {
    await db.transaction().execute(async (tx) => {
      await apply(tx, site, feed, options, report);
      if (options.dryRun) throw new DryRunDone();
    });
  } catch (error) {
    if (error instanceof Refused) {
      report.refused = error.message;
      report.changedCarIds = [];
      return report;
    }
    if (!(error instanceof DryRunDone)) throw error;
  }
  return report;
}

class DryRunDone extends Error {}

/** The site's cars as the diff needs them (all, or those with the given lower-case stock numbers). */
function selectExisting(tx: Transaction<Database>, siteId: number, stocknums: string[] | null) {
  let q = tx
    .selectFrom('cars')
    .select(['id', 'slug', 'stocknum', 'dealership_id', 'location_id', 'car_type', 'status', 'make', 'model', 'year', 'price', 'km', 'colour', 'simple_body', 'simple_fuel', 'rego', 'vin', 'show_on_dealer_website', 'sold_at', 'rank', 'reserved', 'source'])
    .where('site_id', '=', siteId);
  if (stocknums) q = q.where(sql<string>`lower(stocknum)`, 'in', stocknums);
  return q.execute();
}

async function apply(tx: Transaction<Database>, site: ImportSite, feed: ParsedFeed, options: ImportOptions, report: ImportReport): Promise<void> {
  const { now } = options;
  options.onStage?.('reading');
  // Where each car is: the location the row names (slug, name or city), else the primary one.
  const locations = await tx.selectFrom('locations').select(['id', 'slug', 'name', 'city', 'dealership_id', 'is_primary', 'location_type']).where('site_id', '=', site.id).orderBy('id').execute();
  const sales = locations.filter((l) => l.location_type === 'sales' || l.location_type === '');
  const fallback = sales.find((l) => l.is_primary) ?? sales[0] ?? locations[0];
  if (!fallback) throw new Refused('the site has no locations to put the cars at');
  const byName = new Map<string, (typeof locations)[number]>();
  for (const l of locations) for (const key of [l.slug, l.name, l.city]) if (!byName.has(key.toLowerCase())) byName.set(key.toLowerCase(), l);

  // Every car of the site without its details (the demo stock's are large), then the details of
  // only the cars the feed lists.
  // A delta feed reads only the cars it names (and the site's slugs, to keep new ones unique).
  const named = options.mode === 'delta' ? [...new Set(feed.cars.map((c) => c.stocknum.toLowerCase()))] : null;
  const existing: Awaited<ReturnType<typeof selectExisting>> = [];
  if (named) for (let i = 0; i < named.length; i += 2000) existing.push(...(await selectExisting(tx, site.id, named.slice(i, i + 2000))));
  else existing.push(...(await selectExisting(tx, site.id, null)));
  const ordered = new Set((await tx.selectFrom('orders').select('car_id').where('site_id', '=', site.id).execute()).map((o) => o.car_id));
  const byKey = new Map(existing.map((c) => [`${c.dealership_id}|${c.stocknum.toLowerCase()}`, c]));
  const feedKeys = new Set<string>();
  for (const car of feed.cars) {
    const location = car.location ? byName.get(car.location.toLowerCase()) : fallback;
    if (location) feedKeys.add(`${location.dealership_id}|${car.stocknum.toLowerCase()}`);
  }
  const listedIds = [...feedKeys].map((k) => byKey.get(k)?.id).filter((id): id is number => id !== undefined);
  const detailsOf = new Map<number, Record<string, unknown>>();
  for (let i = 0; i < listedIds.length; i += 2000) {
    const rows = await tx.selectFrom('cars').select(['id', 'details']).where('site_id', '=', site.id).where('id', 'in', listedIds.slice(i, i + 2000)).execute();
    for (const row of rows) detailsOf.set(row.id, row.details as Record<string, unknown>);
  }
  // Slugs in use, to keep a new car's unique (a delta feed reads them only when it adds a car).
  let slugs: Set<string> | null = named ? null : new Set(existing.map((c) => c.slug));
  const usedSlugs = async () => (slugs ??= new Set((await tx.selectFrom('cars').select('slug').where('site_id', '=', site.id).execute()).map((c) => c.slug)));

  const inserts: (CarValues & { slug: string; stocknum: string; images: string[] })[] = [];
  const updates: (CarValues & { id: number; images: string[] | null })[] = [];
  const listed = new Set<number>();
  let badLocations = 0;
  // Diffing thousands of cars takes a while: searches and pages get their turns meanwhile.
  const pause = slicer();
  for (const car of feed.cars) {
    await pause();
    const location = car.location ? byName.get(car.location.toLowerCase()) : fallback;
    if (!location) {
      report.errors.push(formatIssue({ row: car.row, column: car.headings.location, message: `"${car.location}" is not one of this site's locations (${locations.map((l) => l.name).join(', ')})` }));
      badLocations++;
      continue;
    }
    const old = byKey.get(`${location.dealership_id}|${car.stocknum.toLowerCase()}`);
    if (old) listed.add(old.id);
    // Reserved online or ordered: the platform's state of the car stands.
    const held = old !== undefined && (old.reserved || ordered.has(old.id));
    let status: string = car.status;
    if (held && old.status !== status) {
      report.warnings.push(formatIssue({ row: car.row, column: car.headings.status, message: `car ${car.stocknum} is reserved or ordered online; it stays ${old.status.replace('_', ' ')}` }));
      status = old.status;
    }
    const oldDetails = (old ? detailsOf.get(old.id) : undefined) ?? {};
    const imagesChanged = !sameJson(oldDetails.feed_image_urls, car.images) || old?.source !== 'feed';
    const photos = imagesChanged ? 0 : Array.isArray(oldDetails.feed_photos) ? oldDetails.feed_photos.length : 0;
    const details = { ...oldDetails, ...feedDetails(car), ...(imagesChanged ? { feed_photos: [], photos_count: 0, spin: false } : {}) };
    const values: CarValues = {
      dealership_id: location.dealership_id, location_id: location.id, car_type: car.car_type, status, make: car.make, model: car.model,
      year: car.year, price: car.price, km: car.km, colour: car.colour, simple_body: car.simple_body, simple_fuel: car.simple_fuel,
      rego: car.rego, vin: car.vin, show_on_dealer_website: true,
      sold_at: status === 'sold' ? (old?.status === 'sold' && old.sold_at ? new Date(old.sold_at) : now) : null,
      rank: feedRank(status, imagesChanged ? car.images.length : photos), details,
    };
    if (!old) {
      let slug = slugify(`${car.year} ${car.make} ${car.model} ${car.badge ?? ''} ${car.stocknum}`) || slugify(car.stocknum);
      const taken = await usedSlugs();
      const base = slug;
      for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
      taken.add(slug);
      inserts.push({ ...values, slug, stocknum: car.stocknum, images: car.images });
      continue;
    }
    const changed = old.source !== 'feed' || COMPARED.some((k) => !sameJson(old[k as keyof typeof old], values[k])) || !sameJson(oldDetails, details) ||
      (old.sold_at === null) !== (values.sold_at === null);
    if (changed) updates.push({ ...values, id: old.id, images: imagesChanged ? car.images : null });
    else report.unchanged++;
  }
  report.badRows += badLocations;
  if (report.badRows / report.rows > MAX_BAD_ROW_SHARE && !options.force) {
    throw new Refused(`${report.badRows} of ${report.rows} rows are bad (more than ${MAX_BAD_ROW_SHARE * 100} %): nothing was imported; fix the rows or import with --force`);
  }

  // A full feed sells the feed's cars it no longer lists; held cars and sold ones stay as they are.
  const toSell = options.mode === 'full' ? existing.filter((c) => c.source === 'feed' && c.status !== 'sold' && !listed.has(c.id) && !c.reserved && !ordered.has(c.id)) : [];
  const onSale = existing.filter((c) => c.source === 'feed' && c.status !== 'sold').length;
  if (toSell.length > 0 && toSell.length > onSale * MAX_SOLD_SHARE && !options.force) {
    throw new Refused(`the feed would mark ${toSell.length} of the ${onSale} cars for sale as sold (more than half): a truncated file? Nothing was imported; import with --force if they really are sold`);
  }
  // The dealer's first full feed (its whole stock) replaces the demo stock; a delta adds to it.
  const demo = options.mode === 'full' ? existing.filter((c) => c.source === 'demo' && c.show_on_dealer_website) : [];

  report.created = inserts.length;
  report.updated = updates.length;
  report.sold = toSell.length;
  report.demoWithdrawn = demo.length;
  report.photosQueued = inserts.reduce((n, c) => n + c.images.length, 0) + updates.reduce((n, c) => n + (c.images?.length ?? 0), 0);
  if (options.dryRun) return;

  options.onStage?.('writing');
  const changed: number[] = [];
  const photoRows: { car_id: number; position: number; kind: string; angle: string; source_url: string; state: string; next_attempt_at: Date }[] = [];
  for (let i = 0; i < inserts.length; i += 500) {
    const batch = inserts.slice(i, i + 500);
    const ids = await tx
      .insertInto('cars')
      .values(batch.map(({ images: _images, details, ...c }) => ({ ...c, site_id: site.id, item_type: 'car', source: 'feed', certified: false, reserved: false, views: 0, created_at: now, updated_at: now, details: JSON.stringify(details) })))
      .returning('id')
      .execute();
    batch.forEach((car, j) => {
      const id = ids[j]?.id;
      if (id === undefined) return;
      changed.push(id);
      car.images.forEach((url, p) => photoRows.push({ car_id: id, position: p + 1, kind: 'photo', angle: 'feed', source_url: url, state: 'pending', next_attempt_at: now }));
    });
    options.onStage?.(`inserted ${Math.min(i + 500, inserts.length)} of ${inserts.length}`);
  }
  for (let i = 0; i < updates.length; i += 500) {
    const batch = updates.slice(i, i + 500);
    const rows = batch.map(({ images: _images, ...c }) => ({ ...c, sold_at: c.sold_at?.toISOString() ?? null }));
    await sql`
      update cars as c set
        dealership_id = x.dealership_id, location_id = x.location_id, car_type = x.car_type, status = x.status, make = x.make, model = x.model,
        year = x.year, price = x.price, km = x.km, colour = x.colour, simple_body = x.simple_body, simple_fuel = x.simple_fuel, rego = x.rego,
        vin = x.vin, show_on_dealer_website = x.show_on_dealer_website, sold_at = x.sold_at, rank = x.rank, details = x.details,
        source = 'feed', updated_at = ${now}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(
        id int, dealership_id int, location_id int, car_type text, status text, make text, model text, year int, price float8, km int,
        colour text, simple_body text, simple_fuel text, rego text, vin text, show_on_dealer_website bool, sold_at timestamptz, rank float8, details jsonb)
      where c.id = x.id and c.site_id = ${site.id}`.execute(tx);
    for (const car of batch) {
      changed.push(car.id);
      if (car.images) car.images.forEach((url, p) => photoRows.push({ car_id: car.id, position: p + 1, kind: 'photo', angle: 'feed', source_url: url, state: 'pending', next_attempt_at: now }));
    }
  }
  const replacedPhotos = updates.filter((c) => c.images !== null).map((c) => c.id);
  for (let i = 0; i < replacedPhotos.length; i += 1000) {
    await tx.deleteFrom('car_images').where('car_id', 'in', replacedPhotos.slice(i, i + 1000)).execute();
  }
  for (let i = 0; i < photoRows.length; i += 1000) await tx.insertInto('car_images').values(photoRows.slice(i, i + 1000)).execute();
  for (let i = 0; i < toSell.length; i += 1000) {
    const ids = toSell.slice(i, i + 1000).map((c) => c.id);
    await tx.updateTable('cars').set({ status: 'sold', sold_at: now, rank: 0, updated_at: now }).where('site_id', '=', site.id).where('id', 'in', ids).execute();
    changed.push(...ids);
  }
  for (let i = 0; i < demo.length; i += 1000) {
    const ids = demo.slice(i, i + 1000).map((c) => c.id);
    await tx.updateTable('cars').set({ show_on_dealer_website: false, updated_at: now }).where('site_id', '=', site.id).where('id', 'in', ids).execute();
    changed.push(...ids);
  }
  report.changedCarIds = changed;
  const { errors: _e, warnings: _w, changedCarIds: _c, ...summary } = report;
  const row = await tx
    .insertInto('stock_imports')
    .values({ site_id: site.id, origin: options.origin, mode: options.mode, summary: JSON.stringify({ ...summary, errors: report.errors.length, warnings: report.warnings.length }), car_ids: JSON.stringify(changed), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  report.importId = row.id;
  options.onStage?.('committing');
}

/**
 * The report as lines for a person: what changed, then every error and warning.
 * @param report the import report
 */
export function reportLines(report: ImportReport): string[] {
  const lines: string[] = [];
  const verb = report.dryRun ? 'would be' : 'were';
  if (report.refused) lines.push(`Refused: ${report.refused}`);
  else {
    lines.push(`${report.rows} rows read (${report.mode} feed${report.dryRun ? ', dry run: nothing written' : ''}), ${report.badRows} bad.`);
    lines.push(`${report.created} cars ${verb} added, ${report.updated} updated, ${report.unchanged} unchanged, ${report.sold} marked sold${report.demoWithdrawn > 0 ? `, ${report.demoWithdrawn} demo cars withdrawn` : ''}; ${report.photosQueued} photos ${report.dryRun ? 'would be' : ''} queued for download.`.replace('  ', ' '));
  }
  for (const e of report.errors) lines.push(`error: ${e}`);
  for (const w of report.warnings) lines.push(`warning: ${w}`);
  return lines;
}

/**
 * Parses a feed file for a tenant and applies it: CSV read with the tenant's column mapping,
 * JSON in the Car shape.
 * @param db database
 * @param site the site
 * @param feedSettings the tenant's `stockFeed`
 * @param text the file's text
 * @param format csv or json
 * @param options mode, dry run, force, clock
 */
export async function importFeedText(
  db: Kysely<Database>,
  site: ImportSite,
  feedSettings: Parameters<typeof columnMapping>[0],
  text: string,
  format: 'csv' | 'json',
  options: ImportOptions,
): Promise<ImportReport> {
  const feed = await readFeedOffThread(text, format, columnMapping(feedSettings), options.now);
  return importStock(db, site, feed, options);
}
