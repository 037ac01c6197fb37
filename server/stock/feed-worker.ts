import { parentPort } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { CarSearchRecord } from '../../schema/api/index.ts';
import type { Database } from '../db/types.ts';
import { searchRecordsFromJson } from '../repo/car-record.ts';
import { parseJsonFeed, readCsvFeed, summariseFeed, type FeedSummary, type ParsedFeed } from './feed.ts';
import { lowerThisThreadsPriority } from './feed-worker-priority.ts';
import { inRestedParts } from '../time-slice.ts';
import { planFeed, type FeedPlan, type PlanInput } from './plan.ts';
import type { FeedField } from './presets.ts';

/*
 * Reads feeds and works out what they change, off the server's request thread: csv-parse, the
 * row checks and the diff against the site's cars allocate enough to make the request thread's
 * garbage collector pause, so they run here, in their own thread and heap. So does making the
 * search records of the cars an import changed, from their rows as JSON text. A feed stays here
 * between being read and being planned (the import's transaction reads the site's cars in
 * between); only a summary, the site's cars as JSON text and the plan's JSON text cross threads.
 * On PostgreSQL, the rows of the cars an import changed are read here too, over a connection of
 * this thread's own: their text (megabytes for a whole feed) never reaches the request thread,
 * whose garbage collector the database client's buffers for it would otherwise set going.
 */

/** One request to the worker. */
export type FeedJob =
  | { kind: 'read'; id: number; text: string; format: 'csv' | 'json'; mapping: Record<FeedField, string>; now: number }
  | { kind: 'plan'; id: number; input: PlanInput }
  | { kind: 'close'; id: number }
  | { kind: 'records'; id: number; json: string }
  /** Records of a site's cars, read here from the PostgreSQL server at `databaseUrl`. */
  | { kind: 'siteRecords'; id: number; databaseUrl: string; siteId: number; ids: number[] }
  /** The request thread has taken the last part of a records job: send the next. */
  | { kind: 'more'; id: number };

/** What the worker answers. */
export type FeedJobAnswer =
  | { id: number; kind: 'read'; summary: FeedSummary }
  | { id: number; kind: 'plan'; plan: FeedPlan }
  | { id: number; kind: 'records'; records: CarSearchRecord[] }
  | { id: number; kind: 'recordsDone' }
  | { id: number; kind: 'failed'; message: string };

const feeds = new Map<number, ParsedFeed>();
/** Records jobs whose parts are still to be sent, each with the parts left. */
const unsent = new Map<number, CarSearchRecord[][]>();

// Background work: this thread yields the CPU to the threads answering shoppers (feed-worker-priority.ts).
lowerThisThreadsPriority();

/** This thread's own connection to the PostgreSQL server, opened on the first job that needs it. */
let postgres: { url: string; db: Promise<Kysely<Database>> } | null = null;

function postgresOf(url: string): Promise<Kysely<Database>> {
  if (postgres?.url !== url) {
    const previous = postgres;
    // One connection, let go after a few seconds unused: imports come minutes apart.
    postgres = { url, db: import('../db/postgres.ts').then(({ postgresDatabase }) => postgresDatabase(url, { max: 1, idleTimeoutMillis: 5_000 })) };
    void previous?.db.then((db) => db.destroy());
  }
  return postgres.db;
}

/** Search records in one message back: receiving a message costs the request thread a copy of it, and small ones keep each copy to about a millisecond. */
export const RECORDS_PER_MESSAGE = 100;

/**
 * The next part of a records job, or its end. One part is sent at a time, the next only when the
 * request thread asks for it: Node hands a thread every message waiting for it in one go, so
 * parts sent all at once would be copied into the request thread back to back, holding searches
 * for the whole import's records (tens of milliseconds) instead of for one part's copy.
 */
function nextPart(id: number): FeedJobAnswer {
  const part = unsent.get(id)?.shift();
  if (part === undefined) {
    unsent.delete(id);
    return { id, kind: 'recordsDone' };
  }
  return { id, kind: 'records', records: part };
}

/** Holds a records job's records in parts and answers its first part. */
function sendInParts(id: number, records: CarSearchRecord[]): FeedJobAnswer {
  const parts: CarSearchRecord[][] = [];
  for (let i = 0; i < records.length; i += RECORDS_PER_MESSAGE) parts.push(records.slice(i, i + RECORDS_PER_MESSAGE));
  unsent.set(id, parts);
  return nextPart(id);
}

async function answer(job: FeedJob): Promise<FeedJobAnswer | null> {
  if (job.kind === 'records') return sendInParts(job.id, searchRecordsFromJson(job.json));
  if (job.kind === 'siteRecords') {
    const db = await postgresOf(job.databaseUrl);
    const { siteCarsJson, SITE_CARS_PER_QUERY } = await import('../repo/cars.ts');
    return sendInParts(job.id, await inRestedParts(job.ids, SITE_CARS_PER_QUERY, async (part) => searchRecordsFromJson(await siteCarsJson(db, job.siteId, part))));
  }
  if (job.kind === 'more') return nextPart(job.id);
  if (job.kind === 'close') {
    feeds.delete(job.id);
    return null;
  }
  if (job.kind === 'read') {
    const feed = job.format === 'csv' ? await readCsvFeed(job.text, job.mapping, new Date(job.now)) : parseJsonFeed(job.text, new Date(job.now));
    feeds.set(job.id, feed);
    return { id: job.id, kind: 'read', summary: summariseFeed(feed) };
  }
  const feed = feeds.get(job.id);
  if (!feed) throw new Error('the feed is no longer held');
  return { id: job.id, kind: 'plan', plan: planFeed(feed, job.input) };
}

parentPort?.on('message', async (job: FeedJob) => {
  const port = parentPort!;
  try {
    const reply = await answer(job);
    if (reply) port.postMessage(reply);
  } catch (error) {
    port.postMessage({ id: job.id, kind: 'failed', message: (error as Error).message } satisfies FeedJobAnswer);
  }
});
