import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';
import { feedsOverdue } from '../../site/src/domain/feed-alert-emails.ts';
import type { ImportReport } from './import.ts';

/*
 * What the dealer is told of its stock feeds (the dealer area's stock feed page): each feed its
 * system or the import command sent, applied or refused and why, with what changed and the rows'
 * errors and warnings; and the feed's photos that could not be downloaded. A dry run is a
 * question, not a feed, and leaves no report.
 */

/** Reports kept per site: the newest, older ones pruned as new ones arrive. */
export const FEED_REPORTS_KEPT = 200;
/** Error lines, and warning lines, kept with each report (the counts are kept whole). */
export const FEED_REPORT_LINES_KEPT = 50;
/** Photos that could not be downloaded, listed on the page (the count is whole). */
export const FAILED_PHOTOS_SHOWN = 50;

/** What a report keeps of an import's report. */
export interface FeedReportSummary {
  rows: number;
  badRows: number;
  created: number;
  updated: number;
  unchanged: number;
  sold: number;
  demoWithdrawn: number;
  photosQueued: number;
  errorCount: number;
  warningCount: number;
  /** The first FEED_REPORT_LINES_KEPT errors, as `row N, column X: message`. */
  errors: string[];
  /** The first FEED_REPORT_LINES_KEPT warnings. */
  warnings: string[];
}

/** One feed as the dealer's page shows it. */
export interface FeedReport {
  id: number;
  receivedAt: Date;
  origin: 'command' | 'api';
  mode: 'full' | 'delta';
  refused: string | null;
  summary: FeedReportSummary;
  /** Of a refused feed the dealer's system sent: whether it was emailed, and how that went. */
  refusalEmail: RefusalEmailReport | null;
}

/** How an email about the site's feeds went: to whom, and its delivery's state. */
export interface AlertEmailDelivery {
  to: string[];
  delivery: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastError: string | null;
  deliveredAt: Date | null;
}

/** What became of a refused feed's email. */
export type RefusalEmailReport = { state: 'nobody' | 'already-told' } | ({ state: 'emailed' } & AlertEmailDelivery);

/** An email's delivery row, as the page reads it (null when the delivery is gone). */
function alertEmailDelivery(row: { target: unknown; status: 'pending' | 'delivered' | 'failed' | null; attempts: number | null; last_error: string | null; delivered_at: Date | string | null }): AlertEmailDelivery | null {
  if (!row.status) return null;
  const to = (row.target as { to?: unknown } | null)?.to;
  return { to: Array.isArray(to) ? to.map(String) : [], delivery: row.status, attempts: row.attempts ?? 0, lastError: row.last_error, deliveredAt: row.delivered_at ? new Date(row.delivered_at) : null };
}

/**
 * Keeps what the dealer is told of a feed: applied (in the import's own transaction, so a feed
 * that did not commit leaves no report) or refused. Prunes the site's reports beyond FEED_REPORTS_KEPT.
 * @param db the database, or the import's transaction
 * @param siteId the site
 * @param report the import's report (not a dry run)
 * @param received where it came from, when, and of a feed a dealer's system sent, the site's address as it reached it
 * @returns the report's id
 */
export async function recordFeedReport(db: Kysely<Database>, siteId: number, report: ImportReport, received: { origin: 'command' | 'api'; now: Date; linkOrigin?: string }): Promise<number> {
  const summary: FeedReportSummary = {
    rows: report.rows, badRows: report.badRows, created: report.created, updated: report.updated, unchanged: report.unchanged, sold: report.sold,
    demoWithdrawn: report.demoWithdrawn, photosQueued: report.photosQueued, errorCount: report.errors.length, warningCount: report.warnings.length,
    errors: report.errors.slice(0, FEED_REPORT_LINES_KEPT), warnings: report.warnings.slice(0, FEED_REPORT_LINES_KEPT),
  };
  const row = await db
    .insertInto('stock_feed_reports')
    .values({ site_id: siteId, import_id: report.importId, origin: received.origin, mode: report.mode, refused: report.refused, summary: JSON.stringify(summary), received_at: received.now, link_origin: received.linkOrigin ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`delete from stock_feed_reports where site_id = ${siteId} and id <= (
    select id from stock_feed_reports where site_id = ${siteId} order by id desc offset ${FEED_REPORTS_KEPT} limit 1)`.execute(db);
  return row.id;
}

/**
 * How many feed reports a site keeps now (at most FEED_REPORTS_KEPT).
 * @param db the database
 * @param siteId the site
 */
export async function countFeedReports(db: Kysely<Database>, siteId: number): Promise<number> {
  const row = await db.selectFrom('stock_feed_reports').select((e) => e.fn.countAll<string>().as('n')).where('site_id', '=', siteId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A site's feed reports, newest first.
 * @param db the database
 * @param siteId the site
 * @param limit how many
 * @param offset how many newer ones to pass over
 */
export async function recentFeedReports(db: Kysely<Database>, siteId: number, limit: number, offset = 0): Promise<FeedReport[]> {
  const rows = await db
    .selectFrom('stock_feed_reports as r')
    .leftJoin('lead_deliveries as d', 'd.id', 'r.refusal_delivery_id')
    .select(['r.id', 'r.received_at', 'r.origin', 'r.mode', 'r.refused', 'r.summary', 'r.refusal_email', 'd.target', 'd.status', 'd.attempts', 'd.last_error', 'd.delivered_at'])
    .where('r.site_id', '=', siteId)
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const refusalEmail = (row: (typeof rows)[number]): RefusalEmailReport | null => {
    if (row.refusal_email === 'nobody' || row.refusal_email === 'already-told') return { state: row.refusal_email };
    const delivery = row.refusal_email === 'emailed' ? alertEmailDelivery(row) : null;
    return delivery ? { state: 'emailed', ...delivery } : null;
  };
  return rows.map((row) => ({
    id: row.id,
    receivedAt: new Date(row.received_at),
    origin: row.origin === 'command' ? 'command' : 'api',
    mode: row.mode === 'delta' ? 'delta' : 'full',
    refused: row.refused,
    summary: row.summary as unknown as FeedReportSummary,
    refusalEmail: refusalEmail(row),
  }));
}

/** Whether the site's feeds are arriving: when the last came, and the email of the silence since, if one was written. */
export interface FeedArrivals {
  /** When the site's last feed arrived (applied or refused), null for never. */
  lastFeedAt: Date | null;
  /** The email that told of the silence since that feed (the newest, when there were several). */
  quietEmail: ({ sentAt: Date } & AlertEmailDelivery) | null;
}

/** The site's newest feed: when it arrived and, if it was refused, why. */
export interface LastFeed {
  receivedAt: Date;
  refused: string | null;
}

/**
 * The site's newest feed (applied or refused), null before any.
 * @param db the database, or a transaction
 * @param siteId the site
 */
export async function lastFeed(db: Kysely<Database>, siteId: number): Promise<LastFeed | null> {
  const last = await db.selectFrom('stock_feed_reports').select(['received_at', 'refused']).where('site_id', '=', siteId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  return last ? { receivedAt: new Date(last.received_at), refused: last.refused } : null;
}

/**
 * Whether the site's feeds are arriving: when its last feed arrived (as the caller read it), and
 * the email telling that feeds had stopped since it, if any.
 * @param db the database
 * @param siteId the site
 * @param lastFeedAt when its newest feed arrived, null before any
 */
export async function feedArrivals(db: Kysely<Database>, siteId: number, lastFeedAt: Date | null): Promise<FeedArrivals> {
  if (!lastFeedAt) return { lastFeedAt: null, quietEmail: null };
  const email = await db
    .selectFrom('stock_feed_quiet_emails as q')
    .innerJoin('lead_deliveries as d', 'd.id', 'q.delivery_id')
    .select(['q.sent_at', 'd.target', 'd.status', 'd.attempts', 'd.last_error', 'd.delivered_at'])
    .where('q.site_id', '=', siteId)
    .where('q.last_feed_at', '>=', lastFeedAt)
    .orderBy('q.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const delivery = email ? alertEmailDelivery(email) : null;
  return { lastFeedAt, quietEmail: email && delivery ? { sentAt: new Date(email.sent_at), ...delivery } : null };
}

/** What is wrong with the site's stock feeds, for every page of the dealer area to say: its last feed was refused, or feeds have stopped arriving. */
export type StockFeedTrouble = { kind: 'refused' } | { kind: 'stopped'; quietForMs: number };

/**
 * Whether the site's stock feeds need the dealer's attention: feeds have stopped arriving
 * (feedsOverdue), else its last feed was refused; null when neither.
 * @param db the database
 * @param siteId the site
 * @param maxHours stockFeed.maxHoursBetweenFeeds
 * @param now the time to judge at
 */
export async function stockFeedTrouble(db: Kysely<Database>, siteId: number, maxHours: number | undefined, now: Date): Promise<StockFeedTrouble | null> {
  const last = await lastFeed(db, siteId);
  if (!last) return null;
  if (feedsOverdue(last.receivedAt, maxHours, now)) return { kind: 'stopped', quietForMs: now.getTime() - last.receivedAt.getTime() };
  return last.refused === null ? null : { kind: 'refused' };
}

/** A feed's photo that could not be downloaded, for the dealer to fix at its source. */
export interface FailedPhoto {
  stocknum: string;
  position: number;
  url: string;
  error: string;
}

/** The state of the photos the site's feeds named. */
export interface FeedPhotos {
  ready: number;
  waiting: number;
  failed: number;
  /** The first FAILED_PHOTOS_SHOWN that could not be downloaded, by car and position. */
  failures: FailedPhoto[];
}

/**
 * The photos the site's feeds named: downloaded, still to download, and those that could not
 * be (after every retry), with why.
 * @param db the database
 * @param siteId the site
 */
export async function feedPhotos(db: Kysely<Database>, siteId: number): Promise<FeedPhotos> {
  const counts = await db
    .selectFrom('car_images')
    .innerJoin('cars', 'cars.id', 'car_images.car_id')
    .select(['car_images.state', (e) => e.fn.countAll<string>().as('n')])
    .where('cars.site_id', '=', siteId)
    .where('car_images.kind', '=', 'photo')
    .where('car_images.source_url', 'is not', null)
    .groupBy('car_images.state')
    .execute();
  const count = (states: string[]) => counts.filter((c) => states.includes(c.state)).reduce((sum, c) => sum + Number(c.n), 0);
  const failures = await db
    .selectFrom('car_images')
    .innerJoin('cars', 'cars.id', 'car_images.car_id')
    .select(['cars.stocknum', 'car_images.position', 'car_images.source_url', 'car_images.error'])
    .where('cars.site_id', '=', siteId)
    .where('car_images.kind', '=', 'photo')
    .where('car_images.state', '=', 'failed')
    .orderBy('cars.stocknum')
    .orderBy('car_images.position')
    .limit(FAILED_PHOTOS_SHOWN)
    .execute();
  return {
    ready: count(['ready']),
    waiting: count(['pending', 'fetching']),
    failed: count(['failed']),
    failures: failures.map((f) => ({ stocknum: f.stocknum ?? '', position: f.position, url: f.source_url ?? '', error: f.error ?? '' })),
  };
}
