import { CompiledQuery, type Kysely } from 'kysely';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';
import type { Database } from '../db/types.ts';

/*
 * Fixed-window rate limits per key (site + client address, account, stock key), counted in the
 * platform database by rate-limiter-flexible's PostgreSQL store, so every server instance on one
 * database counts against the same limit. The store is handed the server's own Kysely
 * connection (PGlite embedded, a pg pool in production) through a three-line client below: the
 * library only needs `query({ text, values })` answering `{ rows, rowCount }`.
 *
 * If the database does not answer within STORE_TIMEOUT_MS (a storage fault, a long write
 * holding the embedded database), the request is counted by an in-memory limiter with the same
 * numbers instead: the limit then holds per instance rather than failing the request or
 * waiting on it. Once a key is over its limit, this instance refuses it from memory until the
 * window ends, so a flood costs the database nothing.
 */

/** Limit settings. */
export interface RateLimitOptions {
  /** Requests allowed per window. */
  max: number;
  /** Window length, ms. */
  windowMs: number;
}

/** How a limiter answers. */
export interface RateLimiterMode {
  /**
   * Answer from this instance's own count at once, and let the shared count in the database
   * catch up in the background: a key the shared count finds over the limit is refused from then
   * on until its window ends. For searches, which a shopper waits on and which the database may
   * be too busy to count at that moment (a stock import holds the embedded database); across
   * instances the limit then holds one request late.
   */
  answerFirst?: boolean;
}

/** The answer to one request: go ahead, or wait this many seconds. */
export type RateLimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A rate limiter: `take(key)` says whether a request may proceed, and when to retry if not. */
export interface RateLimiter {
  /** `cost`: how many requests this one counts as (a search call of several queries counts each). */
  take(key: string, cost?: number): Promise<RateLimitVerdict>;
  /** Resolves once the counts still on their way to the database have landed (answerFirst). */
  idle(): Promise<void>;
}

/** The table the migration `010-rate-limits` creates. */
export const RATE_LIMIT_TABLE = 'rate_limits';
/** How long a count may wait on the database before the in-memory count is used. */
const STORE_TIMEOUT_MS = 1_000;

/**
 * The store client rate-limiter-flexible's PostgreSQL limiter queries: the server's own Kysely
 * connection (so the embedded PGlite works as well as a pg pool).
 * @param db the platform database
 */
export function kyselyStoreClient(db: Kysely<Database>) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const result = await db.executeQuery(CompiledQuery.raw(q.text, q.values ?? []));
      return { rows: result.rows, rowCount: result.numAffectedRows === undefined ? result.rows.length : Number(result.numAffectedRows) };
    },
  };
}

/**
 * Creates a fixed-window limiter counted in the database; instances on one database share it.
 * @param db the platform database
 * @param name the limit's name, which keeps its keys apart from other limits' ('lead', 'search'…)
 * @param options requests per window
 * @param mode whether to answer before the database has counted (searches)
 */
export function createRateLimiter(db: Kysely<Database>, name: string, options: RateLimitOptions, mode: RateLimiterMode = {}): RateLimiter {
  const points = options.max;
  const duration = options.windowMs / 1000;
  const store = new RateLimiterPostgres({
    storeClient: kyselyStoreClient(db),
    storeType: 'client',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix: name,
    points,
    duration,
    inMemoryBlockOnConsumed: points,
  });
  const insurance = new RateLimiterMemory({ keyPrefix: name, points, duration });
  if (mode.answerFirst) return answerFirstLimiter(store, insurance);
  const limiter = new RLWrapperTimeouts({ limiter: store, timeoutMs: STORE_TIMEOUT_MS, insuranceLimiter: insurance });
  return {
    async take(key, cost = 1) {
      try {
        await limiter.consume(key, cost);
        return { ok: true };
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return refused(refusal.msBeforeNext);
      }
    },
    idle: () => Promise.resolve(),
  };
}

/** A refusal that says when to retry (whole seconds, at least one). */
function refused(msBeforeNext: number): RateLimitVerdict {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
}

/** Keys the shared count refused, kept at most this many (expired ones are dropped first). */
const MAX_REFUSED_KEYS = 10_000;

/**
 * How often at most one key's count is written to the shared count (answer-first limiters): a
 * search costs the database thread about as much as the search itself costs the request thread,
 * so a shopper's hundred searches a second are sent as ten counts a second instead.
 */
export const SHARED_COUNT_EVERY_MS = 100;

/**
 * The answer-first limiter: this instance's own count decides now; the database's shared count
 * follows and, once it finds a key over the limit, refuses that key here until its window ends.
 * A database fault only leaves the shared count behind: this instance's own count still holds.
 *
 * A key's requests are sent to the shared count added up, at most one count on its way and one
 * every SHARED_COUNT_EVERY_MS: while a stock import's transaction holds the embedded database, a
 * hundred searches a second would otherwise queue a hundred writes a second behind it, all run
 * at its commit just as the import's re-indexing starts, and at any time each write costs the
 * database thread about what the search cost the request thread. The shared count is then at
 * most a tenth of a second and one round trip late (it was one round trip late); requests this
 * instance counted in its last tenth of a second before it stops are not shared.
 */
function answerFirstLimiter(store: RateLimiterPostgres, local: RateLimiterMemory): RateLimiter {
  const refusedUntil = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  /** Requests per key counted here but not yet sent to the shared count. */
  const unsent = new Map<string, number>();
  /** Keys whose count is on its way to the database. */
  const sending = new Set<string>();
  /** Keys sent within the last SHARED_COUNT_EVERY_MS: the timer that sends what gathers meanwhile. */
  const resting = new Map<string, ReturnType<typeof setTimeout>>();

  function send(key: string): void {
    const cost = unsent.get(key);
    if (cost === undefined || sending.has(key) || resting.has(key)) return;
    unsent.delete(key);
    sending.add(key);
    const timer = setTimeout(() => {
      resting.delete(key);
      send(key);
    }, SHARED_COUNT_EVERY_MS);
    timer.unref();
    resting.set(key, timer);
    const counted = store.consume(key, cost).then(
      () => undefined,
      (refusal: unknown) => {
        if (!(refusal instanceof RateLimiterRes)) return;
        if (refusedUntil.size >= MAX_REFUSED_KEYS) for (const [k, t] of refusedUntil) if (t <= Date.now()) refusedUntil.delete(k);
        if (refusedUntil.size < MAX_REFUSED_KEYS) refusedUntil.set(key, Date.now() + refusal.msBeforeNext);
      },
    );
    pending.add(counted);
    void counted.finally(() => {
      sending.delete(key);
      // What gathered while this count was on its way goes next, once the key has rested.
      send(key);
      pending.delete(counted);
    });
  }

  return {
    async take(key, cost = 1) {
      const now = Date.now();
      const until = refusedUntil.get(key);
      if (until !== undefined) {
        if (until > now) return refused(until - now);
        refusedUntil.delete(key);
      }
      try {
        await local.consume(key, cost);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return refused(refusal.msBeforeNext);
      }
      unsent.set(key, (unsent.get(key) ?? 0) + cost);
      send(key);
      return { ok: true };
    },
    async idle() {
      // Everything counted so far goes now, without resting.
      for (;;) {
        for (const [key, timer] of resting) {
          clearTimeout(timer);
          resting.delete(key);
          send(key);
        }
        if (pending.size === 0 && unsent.size === 0) return;
        await Promise.all(pending);
      }
    },
  };
}
