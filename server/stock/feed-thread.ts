import { Worker } from 'node:worker_threads';
import { parseJsonFeed, readCsvFeed, type FeedCar, type ParsedFeed } from './feed.ts';
import type { FeedJob, FeedJobAnswer } from './feed-worker.ts';
import type { FeedField } from './presets.ts';

/*
 * Feeds read in a worker thread (server/stock/feed-worker.ts), so parsing a dealer's whole
 * yard never runs on the thread that answers searches and pages. One worker is started on the
 * first large feed and kept (it holds no state between feeds, and does not keep the process
 * alive); small feeds, such as a delta of a few cars, are read on the spot, where starting or
 * messaging a worker would cost more than the parse.
 */

/** Feeds at least this long (characters) are read in the worker; a 50-car delta is ~20 KB. */
export const WORKER_FEED_CHARS = 64 * 1024;

interface Waiting {
  cars: FeedCar[];
  resolve(feed: ParsedFeed): void;
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
    if (answer.kind === 'cars') {
      for (const car of answer.cars) job.cars.push(car);
      return;
    }
    waiting.delete(answer.id);
    if (waiting.size === 0) w.unref();
    if (answer.kind === 'failed') job.reject(new Error(`reading the feed failed: ${answer.message}`));
    else job.resolve({ ...answer.feed, cars: job.cars });
  });
  const gone = (error: Error) => {
    if (worker === w) worker = null;
    failAll(error);
  };
  w.on('error', gone);
  w.on('exit', (code) => gone(new Error(`the feed reader stopped (exit code ${code})`)));
  worker = w;
  return w;
}

/** The feed worker's thread id, while it runs (null before the first large feed). */
export function feedReaderThreadId(): number | null {
  return worker?.threadId ?? null;
}

/**
 * Reads a feed (CSV with a column mapping, or JSON cars), in the feed worker when it is large;
 * the same result as `readCsvFeed` or `parseJsonFeed`.
 * @param text the file
 * @param format csv or json
 * @param mapping the heading of each field (CSV)
 * @param now the import's time
 */
export async function readFeedOffThread(text: string, format: 'csv' | 'json', mapping: Record<FeedField, string>, now: Date): Promise<ParsedFeed> {
  if (text.length < WORKER_FEED_CHARS) return format === 'csv' ? readCsvFeed(text, mapping, now) : parseJsonFeed(text, now);
  const w = feedWorker();
  const id = nextId++;
  return new Promise<ParsedFeed>((resolve, reject) => {
    waiting.set(id, { cars: [], resolve, reject });
    // Referenced while it works, so a command-line import waits for its answer.
    w.ref();
    w.postMessage({ id, text, format, mapping, now: now.getTime() } satisfies FeedJob); // eslint-disable-line unicorn/require-post-message-target-origin -- a worker, not a window
  });
}
