import fs from 'node:fs';
import os from 'node:os';
import { databaseThreadIds } from '../db/pglite-thread.ts';
import { FEED_THREAD_NICE_STEPS } from './feed-worker-priority.ts';

/*
 * While a stock feed is imported and re-indexed, the embedded database's thread runs at the feed
 * worker's lower priority. A 5,000-car feed keeps that thread busy for about a second (reading
 * the site's cars as JSON, writing every changed row, reading them back for search), and on two
 * cores it, the feed worker and V8's collector helpers leave the request thread waiting for a
 * core: the stock bench measured the request thread runnable-but-waiting for about twice as long
 * a second during full feeds as when idle, while its own CPU time rose by a tenth; with the
 * database thread lowered, the two were within a fifth of each other. Pages lose nothing they
 * had: the import's transaction holds the one embedded connection anyway, and the queries that
 * waited for it run as soon as a core is free of searches.
 *
 * Only where the thread's priority can be raised again afterwards (root, or a nice limit that
 * allows it: Linux lets an unprivileged thread lower its priority but not raise it back): a
 * database left at a low priority would slow every page. Without that, imports run as before.
 * PostgreSQL (DATABASE_URL) runs in its own process, which this leaves alone.
 */

/**
 * Whether a thread at nice `nice` may be set back to it after being lowered: for root, or when
 * the process's nice limit (RLIMIT_NICE, "Max nice priority" in /proc/self/limits) reaches it.
 * @param nice the thread's nice value now
 * @param limitsText the text of /proc/self/limits (null where there is none)
 * @param euid the process's effective user id (undefined off POSIX)
 */
export function canRestorePriority(nice: number, limitsText: string | null, euid: number | undefined): boolean {
  if (euid === 0) return true;
  const soft = limitsText === null ? null : /^Max nice priority\s+(\S+)/m.exec(limitsText)?.[1];
  if (soft === undefined || soft === null) return false;
  // The limit r allows nice values down to 20 - r ("unlimited" allows any).
  return soft === 'unlimited' || 20 - Number(soft) <= nice;
}

function readLimits(): string | null {
  try {
    return fs.readFileSync('/proc/self/limits', 'utf8');
  } catch {
    return null;
  }
}

/** Imports running now, and the database threads' nice values before the first of them lowered them. */
let running = 0;
let lowered = new Map<number, number>();

function lower(): void {
  const euid = process.geteuid?.();
  const limits = readLimits();
  for (const tid of databaseThreadIds()) {
    try {
      const nice = os.getPriority(tid);
      if (!canRestorePriority(nice, limits, euid)) continue;
      os.setPriority(tid, Math.min(19, nice + FEED_THREAD_NICE_STEPS));
      lowered.set(tid, nice);
    } catch {
      // The thread ended, or the system refused: the import runs at the usual priority.
    }
  }
}

function restore(): void {
  for (const [tid, nice] of lowered) {
    try {
      os.setPriority(tid, nice);
    } catch {
      // The thread ended (a database reopened after a fault starts at the server's priority).
    }
  }
  lowered = new Map();
}

/**
 * Runs an import's work (its transaction and its re-indexing) with the database thread at the
 * feed worker's lower priority, and sets it back when the last import running ends.
 * @param work the import
 */
export async function withDatabaseInBackground<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) lower();
  try {
    return await work();
  } finally {
    if (--running === 0) restore();
  }
}
