import { Worker } from 'node:worker_threads';
import { nextReopenWait, startReopenWait, type ReopenWait } from './reopen-backoff.ts';
import { StorageFailureError, isStorageFailure } from './storage-errors.ts';

/*
 * PGlite run in a worker thread (server/db/pglite-worker.mjs), with the small surface the Kysely
 * dialect uses. A storage failure or a query that does not answer in time terminates the worker
 * and opens the database again (PostgreSQL recovers to its last commit); meanwhile queries fail
 * fast with StorageFailureError (503), and the main thread keeps serving pages and search.
 * A transaction that straddles a restart can never commit: its later statements fail.
 */

/** What the dialect needs of a PGlite database. */
export interface PGliteLike {
  readonly closed: boolean;
  readonly waitReady: Promise<void>;
  query<R>(sql: string, params?: unknown[], options?: { rowMode?: 'object' }): Promise<{ rows: R[]; affectedRows?: number }>;
  close(): Promise<void>;
}

/** Options of openThreadedPGlite. */
export interface ThreadedPGliteOptions {
  /** A query not answered in this time counts as a hung database (default 20 s). */
  queryTimeoutMs?: number;
  /** Opening (and recovering) the database may take this long (default 120 s: a cold start seeds and recovers). */
  openTimeoutMs?: number;
  /** How long a query waits for a database being reopened before failing (default 3 s). */
  reopenWaitMs?: number;
  /** Logs restarts. */
  log?: (line: string) => void;
}

/** Kernel thread ids of the running database threads (Linux), for per-thread CPU figures. */
const databaseThreads = new Set<number>();

/** The kernel thread ids of the database threads running now (empty off Linux). */
export function databaseThreadIds(): ReadonlySet<number> {
  return databaseThreads;
}

interface Pending {
  resolve(value: { rows: unknown[]; affectedRows?: number }): void;
  reject(error: unknown): void;
  timer: NodeJS.Timeout;
}

/**
 * Opens PGlite at a directory in a worker thread.
 * @param dir the database directory
 * @param options timeouts and log
 */
export async function openThreadedPGlite(dir: string, options: ThreadedPGliteOptions = {}): Promise<PGliteLike> {
  const queryTimeoutMs = options.queryTimeoutMs ?? 20_000;
  const openTimeoutMs = options.openTimeoutMs ?? 120_000;
  const reopenWaitMs = options.reopenWaitMs ?? 3_000;
  const log = options.log ?? ((line: string) => console.error(line));
  let worker: Worker | null = null;
  let ready: Promise<void>;
  let generation = 0;
  let txGeneration: number | null = null;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const start = (): Promise<void> => {
    generation++;
    const w = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir } });
    worker = w;
    let opened = false;
    return new Promise<void>((resolve, reject) => {
      const initTimer = setTimeout(() => {
        reject(new StorageFailureError(`The database at ${dir} did not open within ${openTimeoutMs} ms`));
        void w.terminate();
      }, openTimeoutMs);
      w.on('message', (msg: { type: string; id?: number; tid?: number | null; rows?: unknown[]; affectedRows?: number; error?: { message: string; code?: string; detail?: string } }) => {
        if (msg.type === 'ready') {
          opened = true;
          clearTimeout(initTimer);
          if (typeof msg.tid === 'number') {
            const tid = msg.tid;
            databaseThreads.add(tid);
            w.once('exit', () => databaseThreads.delete(tid));
          }
          resolve();
        } else if (msg.type === 'failed') {
          clearTimeout(initTimer);
          reject(Object.assign(new Error(msg.error?.message ?? 'PGlite failed to open'), { code: msg.error?.code }));
        } else if (msg.type === 'storage-failure') {
          // The storage refused one of the thread's writes: PostgreSQL may now never answer, so
          // the thread is not waited for (a query's time limit, or the open's). While it opens,
          // the open fails (and is tried again later); once open, the database is reopened.
          const reason = `storage failure: ${msg.error?.message ?? 'a write was refused'}`;
          clearTimeout(initTimer);
          reject(new StorageFailureError(reason));
          if (opened && worker === w) restart(reason);
          else void w.terminate();
        } else if (msg.id !== undefined) {
          const p = pending.get(msg.id);
          if (!p) return;
          pending.delete(msg.id);
          clearTimeout(p.timer);
          if (msg.type === 'result') p.resolve({ rows: msg.rows ?? [], ...(msg.affectedRows !== undefined ? { affectedRows: msg.affectedRows } : {}) });
          else {
            const error = Object.assign(new Error(msg.error?.message ?? 'query failed'), { code: msg.error?.code, detail: msg.error?.detail });
            p.reject(isStorageFailure(error) ? new StorageFailureError(error.message, { cause: error }) : error);
            if (isStorageFailure(error)) restart(`storage failure: ${error.message}`);
          }
        }
      });
      w.on('error', (error) => {
        clearTimeout(initTimer);
        reject(error);
        if (worker === w) restart(`database thread failed: ${(error as Error).message}`);
      });
    });
  };

  let restarting = false;
  /** The reopening a query has already waited for in vain. */
  let waitedInVain: Promise<void> | null = null;
  /** The wait before the next attempt to reopen, while there is one (a query may cut it short). */
  let reopenWait: ReopenWait | null = null;
  function restart(reason: string): void {
    if (closed || restarting) return;
    restarting = true;
    log(`[db] ${reason}; reopening the database`);
    const old = worker;
    worker = null;
    for (const [id, p] of pending) {
      clearTimeout(p.timer);
      p.reject(new StorageFailureError(`The database is being reopened after a storage failure (${reason})`));
      pending.delete(id);
    }
    const attempt = async (previousWait: number | null): Promise<void> => {
      await old?.terminate();
      if (closed) return;
      try {
        await start();
        restarting = false;
        log('[db] database reopened');
      } catch (error) {
        const wait = nextReopenWait(previousWait);
        log(`[db] reopening failed: ${(error as Error).message}; retrying in ${wait / 1000} s, or sooner when a request needs it`);
        reopenWait = startReopenWait(wait);
        await reopenWait.over;
        reopenWait = null;
        await worker?.terminate();
        return attempt(wait);
      }
    };
    ready = attempt(null);
  }

  ready = start();
  await ready;

  const send = async (sql: string, params: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }> => {
    if (closed) throw new Error('The database is closed');
    if (restarting || !worker) {
      // A query during the wait between two attempts starts the next one (when the last is a
      // few seconds old): a fault fixed meanwhile is over for shoppers within seconds.
      reopenWait?.demand();
      // One query waits up to reopenWaitMs for the reopening; once one has waited in vain, the
      // rest fail at once until the database is open again, so a request making several queries
      // during a long fault answers 503 without waiting once for each of them.
      const reopening = ready;
      const waited =
        waitedInVain !== reopening &&
        (await Promise.race([reopening.then(() => true, () => false), new Promise<boolean>((r) => setTimeout(() => r(false), reopenWaitMs).unref())]));
      if (!waited) waitedInVain = reopening;
      if (!waited || !worker || restarting) throw new StorageFailureError('The database is unavailable while it recovers from a storage failure');
    }
    const w = worker;
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new StorageFailureError(`The database did not answer within ${queryTimeoutMs} ms`));
        if (worker === w) restart('a query did not answer in time');
      }, queryTimeoutMs);
      pending.set(id, { resolve, reject, timer });
      w.postMessage({ type: 'query', id, sql, params }); // eslint-disable-line unicorn/require-post-message-target-origin -- a worker, not a window
    });
  };

  return {
    get closed() {
      return closed;
    },
    get waitReady() {
      return ready;
    },
    async query<R>(sql: string, params: unknown[] = []) {
      const verb = sql.trim().toLowerCase();
      if (verb === 'begin') {
        const r = await send(sql, params);
        txGeneration = generation;
        return r as { rows: R[] };
      }
      const inTx = txGeneration !== null;
      if (inTx && txGeneration !== generation) {
        // The database was reopened mid-transaction: its earlier statements are gone.
        if (verb === 'rollback') {
          txGeneration = null;
          return { rows: [] };
        }
        throw new StorageFailureError('The database was reopened during this transaction; nothing of it was saved');
      }
      if (verb === 'commit' || verb === 'rollback') txGeneration = null;
      return (await send(sql, params)) as { rows: R[]; affectedRows?: number };
    },
    async close() {
      if (closed) return;
      closed = true;
      const w = worker;
      if (!w) return;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 5_000);
        w.once('message', (m: { type: string }) => {
          if (m.type === 'closed') {
            clearTimeout(t);
            resolve();
          }
        });
        w.postMessage({ type: 'close' }); // eslint-disable-line unicorn/require-post-message-target-origin -- a worker, not a window
      });
      await w.terminate();
    },
  };
}
