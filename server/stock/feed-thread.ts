import { Worker } from 'node:worker_threads';
import { parseJsonFeed, readCsvFeed, summariseFeed, type FeedSummary } from './feed.ts';
import type { FeedJob, FeedJobAnswer } from './feed-worker.ts';
import type { CarSearchRecord } from '../../schema/api/index.ts';
import { searchRecordsFromJson } from '../repo/car-record.ts';
import { planFeed, type FeedPlan, type PlanInput } from './plan.ts';
import type { FeedField } from './presets.ts';

/*
 * Feeds read and planned in a worker thread (server/stock/feed-worker.ts), so parsing a
 * dealer's whole yard, diffing it against the site's cars and making the changed cars' search
 * records never run on the thread that answers searches and pages. One worker is started on the first large feed and kept (it does
 * not keep the process alive); small feeds, such as a delta of a few cars, are handled on the
 * spot, where starting or messaging a worker would cost more than the work.
 */

/**
 * Feeds (and cars' rows) at least this long (characters) go to the worker: about 25 cars of a
 * CSV feed (a 50-car delta is ~20 KB), or 8 cars' rows. Below it the work takes a few
 * milliseconds; above it, what the request thread spends sending the text (a copy) is far less
 * than parsing, planning or making records would cost it, and that thread's time is what
 * searches wait for while an import runs.
 */
export const WORKER_FEED_CHARS = 8 * 1024;

/**
 * Cars re-indexed at once from this many on have their rows read by the feed worker, on
 * PostgreSQL (siteSearchRecordsOffThread): about WORKER_FEED_CHARS of rows. Fewer (a car reserved,
 * a photo downloaded) are read on the spot, where messaging the worker would cost more.
 */
export const WORKER_CARS = 8;

/** A read feed: its summary, then its plan against the site's cars, then closed. */
export interface OpenFeed {
  summary: FeedSummary;
  /** What the feed changes (see planFeed). */
  plan(input: PlanInput): Promise<FeedPlan>;
  /** Lets the feed go (always call it). */
  close(): void;
}

interface Waiting {
  /** Search records received so far (a records job). */
  records: CarSearchRecord[];
  /** Called with each message's records as they arrive (a records job). */
  arrived?: (records: CarSearchRecord[]) => void;
  resolve(answer: FeedJobAnswer): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function failAll(error: Error): void {
  for (const job of waiting.values()) job.reject(error);
  waiting.clear();
}

function feedWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./feed-worker.mjs', import.meta.url));
  w.unref();
  w.on('message', (answer: FeedJobAnswer) => {
    const job = waiting.get(answer.id);
    if (!job) return;
    if (answer.kind === 'records') {
      job.arrived?.(answer.records);
      for (const record of answer.records) job.records.push(record);
      // The next part only after a turn of the event loop, so the searches that came in while this
      // part was copied are answered before the next is (feed-worker.ts).
      setImmediate(() => w.postMessage({ kind: 'more', id: answer.id } satisfies FeedJob)); // eslint-disable-line unicorn/require-post-message-target-origin -- a worker, not a window
      return;
    }
    waiting.delete(answer.id);
    if (waiting.size === 0) w.unref();
    if (answer.kind === 'failed') job.reject(new Error(`the stock worker failed: ${answer.message}`));
    else job.resolve(answer);
  });
  const gone = (error: Error) => {
    if (worker === w) worker = null;
    failAll(error);
  };
  w.on('error', gone);
  w.on('exit', (code) => gone(new Error(`the stock worker stopped (exit code ${code})`)));
  worker = w;
  return w;
}

/** Sends a job and waits for its answer (the worker is referenced meanwhile, so a command-line import waits for it). */
function ask(w: Worker, job: FeedJob, records: CarSearchRecord[] = [], arrived?: (records: CarSearchRecord[]) => void): Promise<FeedJobAnswer> {
  return new Promise<FeedJobAnswer>((resolve, reject) => {
    waiting.set(job.id, { records, arrived, resolve, reject });
    w.ref();
    w.postMessage(job); // eslint-disable-line unicorn/require-post-message-target-origin -- a worker, not a window
  });
}

/** The feed worker's thread id, while it runs (null before the first large feed). */
export function feedReaderThreadId(): number | null {
  return worker?.threadId ?? null;
}

/**
 * Reads a feed (CSV with a column mapping, or JSON cars), in the feed worker when it is large,
 * and holds it there for its plan.
 * @param text the file
 * @param format csv or json
 * @param mapping the heading of each field (CSV)
 * @param now the import's time
 */
export async function openFeed(text: string, format: 'csv' | 'json', mapping: Record<FeedField, string>, now: Date): Promise<OpenFeed> {
  if (text.length < WORKER_FEED_CHARS) {
    const feed = format === 'csv' ? await readCsvFeed(text, mapping, now) : parseJsonFeed(text, now);
    return { summary: summariseFeed(feed), plan: async (input) => planFeed(feed, input), close: () => {} };
  }
  const w = feedWorker();
  const id = nextId++;
  const read = await ask(w, { kind: 'read', id, text, format, mapping, now: now.getTime() });
  if (read.kind !== 'read') throw new Error('the feed reader answered out of turn');
  let open = true;
  return {
    summary: read.summary,
    plan: async (input) => {
      const answer = await ask(w, { kind: 'plan', id, input });
      if (answer.kind !== 'plan') throw new Error('the feed reader answered out of turn');
      return answer.plan;
    },
    close: () => {
      // The worker may have stopped meanwhile (its feeds went with it).
      if (!open || worker !== w) return;
      open = false;
      w.postMessage({ kind: 'close', id } satisfies FeedJob); // eslint-disable-line unicorn/require-post-message-target-origin -- a worker, not a window
    },
  };
}

/**
 * Search records of cars read as JSON text (`siteCarsJson`), made in the feed worker when there
 * are many (an import's changed cars), on the spot when there are few.
 * @param json the cars' rows as JSON text
 * @param arrived called with each part of the records as it is made or arrives from the worker
 *   (the search engine's shareHeldValues, so the copies each message brings die young)
 */
export async function searchRecordsOffThread(json: string, arrived?: (records: CarSearchRecord[]) => void): Promise<CarSearchRecord[]> {
  if (json.length < WORKER_FEED_CHARS) {
    const records = searchRecordsFromJson(json);
    arrived?.(records);
    return records;
  }
  const records: CarSearchRecord[] = [];
  const done = await ask(feedWorker(), { kind: 'records', id: nextId++, json }, records, arrived);
  if (done.kind !== 'recordsDone') throw new Error('the feed reader answered out of turn');
  return records;
}

/**
 * Search records of a site's cars, read from the PostgreSQL server by the feed worker over its own
 * connection and made there: the cars' rows never pass through this thread.
 * @param databaseUrl the PostgreSQL server's URL
 * @param siteId the site
 * @param ids the cars
 * @param arrived called with each part of the records as it arrives (as searchRecordsOffThread)
 */
export async function siteSearchRecordsOffThread(databaseUrl: string, siteId: number, ids: number[], arrived?: (records: CarSearchRecord[]) => void): Promise<CarSearchRecord[]> {
  const records: CarSearchRecord[] = [];
  const done = await ask(feedWorker(), { kind: 'siteRecords', id: nextId++, databaseUrl, siteId, ids }, records, arrived);
  if (done.kind !== 'recordsDone') throw new Error('the feed reader answered out of turn');
  return records;
}
