import crypto from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { openDatabase, type PlatformDatabase } from '../db/database.ts';
import type { Database } from '../db/types.ts';
import { freshDataDir, removeDataDirs } from '../test-support/data-dir.ts';
import { createRateLimiter, SHARED_COUNT_EVERY_MS } from './rate-limit.ts';

/*
 * The limits are counted in the database: the embedded one here, or the PostgreSQL server of
 * DATABASE_URL when the suite runs on PostgreSQL (npm test's "API on PostgreSQL" step), where
 * two separate connections stand for two server instances.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
let first: PlatformDatabase;
let second: PlatformDatabase;
let dataDir: string | undefined;

beforeAll(async () => {
  // The embedded database: a copy of the migrated template (not initdb and every migration afresh).
  if (!onPostgres) dataDir = freshDataDir('fc-rate-limit-');
  first = await openDatabase(onPostgres ? { databaseUrl: process.env.DATABASE_URL } : { pgliteDir: path.join(dataDir!, 'pglite') });
  // PGlite is one process's database: its "second instance" is a second limiter on the same handle.
  second = onPostgres ? await openDatabase({ databaseUrl: process.env.DATABASE_URL }) : first;
}, 60_000);

afterAll(async () => {
  if (second !== first) await second?.close();
  await first?.close();
  if (dataDir) await removeDataDirs([dataDir]);
}, 60_000);

afterEach(() => {
  vi.useRealTimers();
});

/** A key no earlier run on the same database has used. */
const freshKey = () => `site|${crypto.randomUUID()}`;

describe('rate limits counted in the database', () => {
  test('allows max requests per window per key, then says when to retry, and opens again when the window ends', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-29T02:00:00Z'));
    const limiter = createRateLimiter(first.db, 'unit-window', { max: 2, windowMs: 10_000 });
    const [a, b] = [freshKey(), freshKey()];
    expect(await limiter.take(a)).toEqual({ ok: true });
    vi.setSystemTime(new Date('2026-11-29T02:00:01Z'));
    expect(await limiter.take(a)).toEqual({ ok: true });
    // The window opened at 02:00:00 and lasts 10 s: 9 s are left.
    expect(await limiter.take(a)).toEqual({ ok: false, retryAfterSeconds: 9 });
    expect(await limiter.take(b)).toEqual({ ok: true });
    vi.setSystemTime(new Date('2026-11-29T02:00:10.001Z'));
    expect(await limiter.take(a)).toEqual({ ok: true });
  });

  test('a call that costs several requests counts each, and one costing more than the limit is refused for the whole window', async () => {
    const limiter = createRateLimiter(first.db, 'unit-cost', { max: 5, windowMs: 60_000 });
    const key = freshKey();
    expect(await limiter.take(key, 3)).toEqual({ ok: true });
    expect(await limiter.take(key, 3)).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(await limiter.take(freshKey(), 6)).toEqual({ ok: false, retryAfterSeconds: 60 });
  });

  test('two instances on one database count against the same limit', async () => {
    const options = { max: 3, windowMs: 60_000 };
    const instanceA = createRateLimiter(first.db, 'unit-shared', options);
    const instanceB = createRateLimiter(second.db, 'unit-shared', options);
    const key = freshKey();
    const verdicts = [await instanceA.take(key), await instanceB.take(key), await instanceA.take(key), await instanceB.take(key)];
    expect(verdicts.map((v) => v.ok)).toEqual([true, true, true, false]);
    expect(await instanceA.take(key)).toMatchObject({ ok: false });
  });

  test('limits of different names keep their counts apart', async () => {
    const key = freshKey();
    const leads = createRateLimiter(first.db, 'unit-leads', { max: 1, windowMs: 60_000 });
    const searches = createRateLimiter(first.db, 'unit-searches', { max: 1, windowMs: 60_000 });
    expect(await leads.take(key)).toEqual({ ok: true });
    expect(await searches.take(key)).toEqual({ ok: true });
    expect(await leads.take(key)).toMatchObject({ ok: false });
  });

  test('when the database fails, the limit still holds in this instance instead of failing the request', async () => {
    const failing = { executeQuery: () => Promise.reject(new Error('storage fault')) } as unknown as Kysely<Database>;
    const limiter = createRateLimiter(failing, 'unit-fallback', { max: 2, windowMs: 60_000 });
    const key = freshKey();
    expect(await limiter.take(key)).toEqual({ ok: true });
    expect(await limiter.take(key)).toEqual({ ok: true });
    expect(await limiter.take(key)).toEqual({ ok: false, retryAfterSeconds: 60 });
  });

  test('when the database does not answer within a second, the request is counted in this instance and goes ahead', async () => {
    vi.useFakeTimers();
    const hanging = { executeQuery: () => new Promise(() => {}) } as unknown as Kysely<Database>;
    const limiter = createRateLimiter(hanging, 'unit-timeout', { max: 1, windowMs: 60_000 });
    const key = freshKey();
    const firstVerdict = limiter.take(key);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await firstVerdict).toEqual({ ok: true });
    const secondVerdict = limiter.take(key);
    await vi.advanceTimersByTimeAsync(1_000);
    // The in-memory window opened when the first count gave up waiting, one second before this one gave up.
    expect(await secondVerdict).toEqual({ ok: false, retryAfterSeconds: 59 });
  });

  describe('answer first (searches)', () => {
    test('answers at once while the database is busy, and counts in this instance meanwhile', async () => {
      const hanging = { executeQuery: () => new Promise(() => {}) } as unknown as Kysely<Database>;
      const limiter = createRateLimiter(hanging, 'unit-first-busy', { max: 2, windowMs: 60_000 }, { answerFirst: true });
      const key = freshKey();
      // No timer runs here: a verdict that waited on the database would never come.
      expect(await limiter.take(key)).toEqual({ ok: true });
      expect(await limiter.take(key)).toEqual({ ok: true });
      expect(await limiter.take(key)).toMatchObject({ ok: false });
    });

    test('the shared count refuses a key one instance alone would still allow, once it has caught up', async () => {
      const options = { max: 3, windowMs: 60_000 };
      const instanceA = createRateLimiter(first.db, 'unit-first-shared', options, { answerFirst: true });
      const instanceB = createRateLimiter(second.db, 'unit-first-shared', options, { answerFirst: true });
      const key = freshKey();
      const onA = [await instanceA.take(key), await instanceA.take(key), await instanceA.take(key)];
      await instanceA.idle();
      expect(onA.map((v) => v.ok)).toEqual([true, true, true]);
      // B has counted nothing itself: its own count lets the fourth request through, the shared one does not.
      expect(await instanceB.take(key)).toEqual({ ok: true });
      await instanceB.idle();
      const after = await instanceB.take(key);
      expect(after.ok).toBe(false);
      expect(after.ok === false && after.retryAfterSeconds).toBeGreaterThan(0);
      expect(after.ok === false && after.retryAfterSeconds).toBeLessThanOrEqual(60);
    });

    test('requests made while a count is on its way go to the database as one count, and every one is counted', async () => {
      // The database is held (as a stock import's transaction holds the embedded one) until released.
      let release: (() => void) | undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sent: unknown[][] = [];
      const gated = {
        executeQuery: async (query: { parameters: readonly unknown[] }) => {
          sent.push([...query.parameters]);
          await held;
          return first.db.executeQuery(query as never);
        },
      } as unknown as Kysely<Database>;
      const limiter = createRateLimiter(gated, 'unit-first-coalesced', { max: 1000, windowMs: 60_000 }, { answerFirst: true });
      const key = freshKey();
      for (let i = 0; i < 50; i++) expect(await limiter.take(key)).toEqual({ ok: true });
      expect(sent).toHaveLength(1);
      release?.();
      await limiter.idle();
      // The first request's count, then the other 49 as one.
      expect(sent).toHaveLength(2);
      expect(sent[1]).toContain(49);
      // The shared count holds all 50: a limiter of 51 allows one more and refuses the next.
      const shared = createRateLimiter(first.db, 'unit-first-coalesced', { max: 51, windowMs: 60_000 });
      expect(await shared.take(key)).toEqual({ ok: true });
      expect(await shared.take(key)).toMatchObject({ ok: false });
    });

    test('a key sends its count at most once every tenth of a second: what arrives meanwhile goes next, added up', async () => {
      expect(SHARED_COUNT_EVERY_MS).toBe(100);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const sent: unknown[][] = [];
      const landed: Promise<unknown>[] = [];
      const counting = {
        executeQuery: (query: { parameters: readonly unknown[] }) => {
          sent.push([...query.parameters]);
          const answer = first.db.executeQuery(query as never);
          landed.push(answer);
          return answer;
        },
      } as unknown as Kysely<Database>;
      const limiter = createRateLimiter(counting, 'unit-first-resting', { max: 1000, windowMs: 60_000 }, { answerFirst: true });
      const key = freshKey();
      expect(await limiter.take(key)).toEqual({ ok: true });
      expect(sent).toHaveLength(1);
      await landed[0];
      for (let i = 0; i < 10; i++) expect(await limiter.take(key)).toEqual({ ok: true });
      // The first count has landed, but the key rests for 100 ms from when it was sent.
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(99);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(sent).toHaveLength(2);
      expect(sent[1]).toContain(10);
      await limiter.idle();
      // Another key is not held back by this one's rest.
      expect(await limiter.take(freshKey())).toEqual({ ok: true });
      expect(sent).toHaveLength(3);
      await limiter.idle();
    });

    test('a failing database leaves the limit to this instance', async () => {
      const failing = { executeQuery: () => Promise.reject(new Error('storage fault')) } as unknown as Kysely<Database>;
      const limiter = createRateLimiter(failing, 'unit-first-fault', { max: 1, windowMs: 60_000 }, { answerFirst: true });
      const key = freshKey();
      expect(await limiter.take(key)).toEqual({ ok: true });
      await limiter.idle();
      expect(await limiter.take(key)).toEqual({ ok: false, retryAfterSeconds: 60 });
    });
  });
});
