import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { CarSearchRecord } from '../schema/api/index.ts';
import type { Database } from './db/types.ts';

/*
 * A restart should be quick, and rebuilding every search record from the database is the
 * slowest part of it. The records are kept in a snapshot file next to the database, stamped with
 * each site's stock version (car count, newest update, highest id); a stamp that no longer matches
 * the database means that site is rebuilt from the database. A running server that re-indexes a
 * site's cars marks that site stale in a small file beside the snapshot (a line appended, not the
 * multi-megabyte snapshot rewritten on a request), so the next start rebuilds that site only,
 * and the others start from the snapshot.
 */

/** Stock version of every site, as a stamp string per site id. */
export async function stockVersions(db: Kysely<Database>): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('cars')
    .select(['site_id', sql<number>`count(*)::int`.as('n'), sql<string>`max(updated_at)::text`.as('updated'), sql<number>`max(id)`.as('max_id')])
    .groupBy('site_id')
    .execute();
  return new Map(rows.map((r) => [r.site_id, `${r.n}:${r.updated}:${r.max_id}`]));
}

interface Snapshot {
  sites: Record<string, { version: string; records: CarSearchRecord[] }>;
}

/** The records' shape: a snapshot of another shape (records without a newer attribute) is rebuilt. */
const FORMAT = 2;

/**
 * Reads the snapshot (empty when missing or unreadable).
 * @param file snapshot path
 */
export function readSnapshot(file: string): Snapshot {
  try {
    const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot & { format?: number };
    return snapshot.format === FORMAT ? snapshot : { sites: {} };
  } catch {
    return { sites: {} };
  }
}

/** The file listing the sites re-indexed since the snapshot was written, one id a line. */
const staleFile = (file: string) => `${file}.stale`;

/**
 * The site ids re-indexed since the snapshot was written (their saved records may be out of date).
 * @param file snapshot path
 */
export function readStaleSites(file: string): Set<string> {
  try {
    return new Set(fs.readFileSync(staleFile(file), 'utf8').split('\n').filter((line) => line !== ''));
  } catch {
    return new Set();
  }
}

/**
 * Marks a site's saved records out of date (its cars were re-indexed), so the next start reads
 * that site from the database.
 * @param file snapshot path
 * @param siteId the site
 */
export function markSiteStale(file: string, siteId: number): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(staleFile(file), `${siteId}\n`);
  } catch (error) {
    // The change is already committed and indexed: a full disk must not fail it. Without the
    // mark, the snapshot goes, so the next start reads every site from the database.
    console.error(`[search] could not mark site ${siteId} stale in the search snapshot (${(error as Error).message}); removing the snapshot`);
    try {
      fs.rmSync(file, { force: true });
    } catch (removing) {
      console.error(`[search] could not remove the search snapshot either (${(removing as Error).message}): the next start may serve this site's records from before the change until its stock changes again`);
    }
  }
}

/**
 * Writes the snapshot atomically; every site in it is then up to date.
 * @param file snapshot path
 * @param snapshot records and stamps per site id
 */
export function writeSnapshot(file: string, snapshot: Snapshot): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, ...snapshot }));
  fs.renameSync(tmp, file);
  fs.rmSync(staleFile(file), { force: true });
}
