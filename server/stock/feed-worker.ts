import { parentPort } from 'node:worker_threads';
import { parseJsonFeed, readCsvFeed, type ParsedFeed } from './feed.ts';
import type { FeedField } from './presets.ts';

/*
 * Reads feeds off the server's request thread: csv-parse and the row checks of a 5,000-car
 * file take a few hundred milliseconds of CPU and allocate enough to make the request thread's
 * garbage collector pause, so they run here, in their own thread and heap. The cars go back in
 * small batches: receiving a message costs the request thread a copy of it, and small ones keep
 * each copy to a millisecond or two.
 */

/** One parse asked of the worker. */
export interface FeedJob {
  id: number;
  text: string;
  format: 'csv' | 'json';
  mapping: Record<FeedField, string>;
  now: number;
}

/** What the worker answers: the cars in batches, then the rest of the parsed feed. */
export type FeedJobAnswer =
  | { id: number; kind: 'cars'; cars: ParsedFeed['cars'] }
  | { id: number; kind: 'done'; feed: Omit<ParsedFeed, 'cars'> }
  | { id: number; kind: 'failed'; message: string };

/** Cars in one message back. */
export const CARS_PER_MESSAGE = 200;

parentPort?.on('message', async (job: FeedJob) => {
  const port = parentPort!;
  try {
    const { cars, ...rest } = job.format === 'csv' ? await readCsvFeed(job.text, job.mapping, new Date(job.now)) : parseJsonFeed(job.text, new Date(job.now));
    for (let i = 0; i < cars.length; i += CARS_PER_MESSAGE) port.postMessage({ id: job.id, kind: 'cars', cars: cars.slice(i, i + CARS_PER_MESSAGE) } satisfies FeedJobAnswer);
    port.postMessage({ id: job.id, kind: 'done', feed: rest } satisfies FeedJobAnswer);
  } catch (error) {
    port.postMessage({ id: job.id, kind: 'failed', message: (error as Error).message } satisfies FeedJobAnswer);
  }
});
