import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/types.ts';
import { formatNumber } from '../../schema/number-format.ts';
import { formatCount } from '../../site/src/domain/result-count.ts';
import { formatIssue } from './feed.ts';
import { recordFeedReport } from './feed-reports.ts';
import { openFeed, type OpenFeed } from './feed-thread.ts';
import type { FeedChanges } from './plan.ts';
import { columnMapping } from './presets.ts';
import type { RefusedFeed } from './feed-alerts.ts';

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

/** How to apply a feed. */
export interface ImportOptions {
  /** full: cars missing from the feed are sold; delta: only upserts. */
  mode: 'full' | 'delta';
  /** Work out and report the changes, write nothing. */
  dryRun: boolean;
  /** Apply a feed the safety limits would refuse. */
  force: boolean;
  now: Date;
  /** Where the feed came from (the command, on its own or through the running server, or a dealer's system through the stock endpoint), kept with the import; a refusal names how that sender forces it. */
  origin: 'command' | 'api';
  /** Of a feed a dealer's system sent: the site's address as the request reached it, kept for links in emails written later. */
  linkOrigin?: string;
  /** Called in the transaction that keeps a refused feed's report (not for a dry run): the dealer is told of it. */
  onRefused?: (tx: Transaction<Database>, feed: RefusedFeed) => Promise<unknown>;
  /** Called between stages inside the transaction (progress lines; the crash test stops here). */
  onStage?: (stage: string) => void;
}

/** What an import did (or, dry run, would do). */
export interface ImportReport extends FeedChanges {
  mode: 'full' | 'delta';
  dryRun: boolean;
  rows: number;
  badRows: number;
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

/** A feed refused by its plan: the message for its sender, and the reason the dealer's page shows. */
class Refused extends Error {
  constructor(message: string, readonly reason: string) {
    super(message);
  }
}
class DryRunDone extends Error {}

/**
 * Applies (or dry-runs) a read feed to a site, in one transaction: the site's cars are read as
 * JSON text, the feed's plan is worked out where the feed was read (the feed worker for a large
 * one) and written back with jsonb_to_recordset, so the request thread only passes text along.
 * @param db database
 * @param site the site
 * @param feed the read feed
 * @param options mode, dry run, force, clock
 */
async function importStock(db: Kysely<Database>, site: ImportSite, feed: OpenFeed, options: ImportOptions): Promise<ImportReport> {
  const { summary } = feed;
  const report: ImportReport = {
    mode: options.mode, dryRun: options.dryRun, refused: null, rows: summary.rows, badRows: summary.badRows, created: 0, updated: 0, unchanged: 0,
    sold: 0, demoWithdrawn: 0, photosQueued: 0, errors: summary.errors.map(formatIssue), warnings: summary.warnings.map(formatIssue), changedCarIds: [], importId: null,
  };
  // A refused feed changes nothing, but the dealer is told of it (a dry run is only a question).
  const refuse = async (why: string, reason = why): Promise<ImportReport> => {
    report.refused = why;
    report.changedCarIds = [];
    if (options.dryRun) return report;
    await db.transaction().execute(async (tx) => {
      const reportId = await recordFeedReport(tx, site.id, { ...report, refused: reason }, { origin: options.origin, now: options.now, linkOrigin: options.linkOrigin });
      await options.onRefused?.(tx, { reportId, reason, mode: options.mode, receivedAt: options.now });
    });
    return report;
  };
  if (summary.fatal) return refuse(summary.fatal);
  if (summary.rows === 0) return refuse('the feed lists no cars');
  try {
    await db.transaction().execute(async (tx) => {
      await apply(tx, site, feed, options, report);
      if (options.dryRun) throw new DryRunDone();
    });
  } catch (error) {
    if (error instanceof Refused) return refuse(error.message, error.reason);
    if (!(error instanceof DryRunDone)) throw error;
  }
  return report;
}

/** Columns of a car the plan reads (`details` only for the cars whose stock number the feed lists). */
const EXISTING_COLUMNS = sql.raw(
  ['id', 'slug', 'stocknum', 'dealership_id', 'location_id', 'car_type', 'status', 'make', 'model', 'year', 'price', 'km', 'colour', 'simple_body', 'simple_fuel', 'rego', 'vin', 'show_on_dealer_website', 'sold_at', 'rank', 'reserved', 'source']
    .map((c) => `c.${c}`)
    .join(', '),
);
/** The columns a feed writes, with their types, for jsonb_to_recordset. */
const VALUE_TYPES = 'dealership_id int, location_id int, car_type text, status text, make text, model text, year int, price float8, km int, colour text, simple_body text, simple_fuel text, rego text, vin text, show_on_dealer_website bool, sold_at timestamptz, rank float8, details jsonb';
const VALUE_COLUMNS = 'dealership_id, location_id, car_type, status, make, model, year, price, km, colour, simple_body, simple_fuel, rego, vin, show_on_dealer_website, sold_at, rank, details';

async function apply(tx: Transaction<Database>, site: ImportSite, feed: OpenFeed, options: ImportOptions, report: ImportReport): Promise<void> {
  const { now } = options;
  options.onStage?.('reading');
  const locations = await tx.selectFrom('locations').select(['id', 'slug', 'name', 'city', 'dealership_id', 'is_primary', 'location_type']).where('site_id', '=', site.id).orderBy('id').execute();
  // The site's cars as one JSON text (a delta: only those it names), with the details of the cars
  // the feed lists.
  const delta = options.mode === 'delta';
  const existing = await sql<{ cars: string }>`
    with named as (select distinct value as stocknum from jsonb_array_elements_text(${feed.summary.stocknums}::jsonb))
    select coalesce(json_agg(t), '[]')::text as cars from (
      select ${EXISTING_COLUMNS}, case when n.stocknum is null then null else c.details end as details
      from cars c left join named n on n.stocknum = lower(c.stocknum)
      where c.site_id = ${site.id} ${delta ? sql`and n.stocknum is not null` : sql``}) t`.execute(tx);
  const ordered = (await tx.selectFrom('orders').select('car_id').where('site_id', '=', site.id).execute()).map((o) => o.car_id);
  const read = existing.rows[0];
  if (!read) throw new Error('reading the site\'s cars answered nothing');
  const input = { mode: options.mode, force: options.force, forceWith: options.origin === 'api' ? 'force=true' : '--force', now: now.getTime(), locations, existing: read.cars, ordered };
  let plan = await feed.plan(input);
  if (plan.needsSlugs) {
    // A delta that adds a car reads every slug of the site, to keep the new car's unique.
    const slugs = await sql<{ slugs: string }>`select coalesce(json_agg(slug), '[]')::text as slugs from cars where site_id = ${site.id}`.execute(tx);
    plan = await feed.plan({ ...input, slugs: slugs.rows[0]?.slugs ?? '[]' });
  }
  report.errors.push(...plan.errors);
  report.warnings.push(...plan.warnings);
  report.badRows += plan.badLocations;
  report.unchanged = plan.unchanged;
  if (plan.refused) throw new Refused(plan.refused, plan.refusedReason ?? plan.refused);
  report.created = plan.created;
  report.updated = plan.updated;
  report.sold = plan.sold;
  report.demoWithdrawn = plan.demoWithdrawn;
  report.photosQueued = plan.photosQueued;
  if (options.dryRun) return;

  options.onStage?.('writing');
  const changed: number[] = [];
  let inserted = 0;
  for (const batch of plan.inserts) {
    const ids = await sql<{ id: number }>`
      insert into cars (site_id, slug, stocknum, ${sql.raw(VALUE_COLUMNS)}, item_type, source, certified, reserved, views, created_at, updated_at)
      select ${site.id}, x.slug, x.stocknum, ${sql.raw(VALUE_COLUMNS.split(', ').map((c) => `x.${c}`).join(', '))}, 'car', 'feed', false, false, 0, ${now}, ${now}
      from jsonb_to_recordset(${batch}::jsonb) as x(slug text, stocknum text, ${sql.raw(VALUE_TYPES)})
      returning id`.execute(tx);
    for (const row of ids.rows) changed.push(row.id);
    inserted += ids.rows.length;
    options.onStage?.(`inserted ${inserted} of ${plan.created}`);
  }
  for (const batch of plan.updates) {
    const ids = await sql<{ id: number }>`
      update cars as c set ${sql.raw(VALUE_COLUMNS.split(', ').map((col) => `${col} = x.${col}`).join(', '))}, source = 'feed', updated_at = ${now}
      from jsonb_to_recordset(${batch}::jsonb) as x(id int, ${sql.raw(VALUE_TYPES)})
      where c.id = x.id and c.site_id = ${site.id}
      returning c.id`.execute(tx);
    for (const row of ids.rows) changed.push(row.id);
  }
  for (let i = 0; i < plan.replacedPhotoIds.length; i += 1000) {
    await tx.deleteFrom('car_images').where('car_id', 'in', plan.replacedPhotoIds.slice(i, i + 1000)).execute();
  }
  options.onStage?.('cars written');
  for (const batch of plan.photos) {
    await sql`
      insert into car_images (car_id, position, kind, angle, source_url, state, next_attempt_at)
      select c.id, x.position, 'photo', 'feed', x.source_url, 'pending', ${now}
      from jsonb_to_recordset(${batch}::jsonb) as x(slug text, position int, source_url text)
      join cars c on c.site_id = ${site.id} and c.slug = x.slug`.execute(tx);
  }
  options.onStage?.('photos queued');
  for (let i = 0; i < plan.sellIds.length; i += 1000) {
    const ids = plan.sellIds.slice(i, i + 1000);
    await tx.updateTable('cars').set({ status: 'sold', sold_at: now, rank: 0, updated_at: now }).where('site_id', '=', site.id).where('id', 'in', ids).execute();
    changed.push(...ids);
  }
  for (let i = 0; i < plan.demoIds.length; i += 1000) {
    const ids = plan.demoIds.slice(i, i + 1000);
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
  await recordFeedReport(tx, site.id, report, { origin: options.origin, now, linkOrigin: options.linkOrigin });
  options.onStage?.('committing');
}

/**
 * The report as lines for a person: what changed, then every error and warning.
 * @param report the import report
 */
export function reportLines(report: ImportReport): string[] {
  const lines: string[] = [];
  const verb = report.dryRun ? 'would be' : report.created === 1 ? 'was' : 'were';
  if (report.refused) lines.push(`Refused: ${report.refused}`);
  else {
    lines.push(`${formatCount(report.rows, 'row')} read (${report.mode} feed${report.dryRun ? ', dry run: nothing written' : ''}), ${formatNumber(report.badRows)} bad.`);
    lines.push(`${formatCount(report.created, 'car')} ${verb} added, ${formatNumber(report.updated)} updated, ${formatNumber(report.unchanged)} unchanged, ${formatNumber(report.sold)} marked sold${report.demoWithdrawn > 0 ? `, ${formatCount(report.demoWithdrawn, 'demo car')} withdrawn` : ''}; ${formatCount(report.photosQueued, 'photo')} ${report.dryRun ? 'would be queued' : 'queued'} for download.`);
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
  const feed = await openFeed(text, format, columnMapping(feedSettings), options.now);
  try {
    return await importStock(db, site, feed, options);
  } finally {
    feed.close();
  }
}
