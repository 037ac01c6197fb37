import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { postgresDatabase } from './postgres.ts';
import { StorageFailureError } from './storage-errors.ts';

/*
 * The PostgreSQL pool on a real server (npm test's "API on PostgreSQL" step sets DATABASE_URL):
 * an unused connection that the server ends, as a restart of PostgreSQL does, is let go and
 * replaced; it does not stop the process. A query whose connection is ended while it runs fails
 * as the database unreachable (a request answers 503), and the next query answers.
 */

const url = process.env.DATABASE_URL;

describe.runIf(Boolean(url))('the PostgreSQL pool', () => {
  it('lets go of an unused connection PostgreSQL ended and answers the next query on a new one, where an unhandled pool error stopped the process', async () => {
    let failed!: (error: Error) => void;
    const idleFailure = new Promise<Error>((resolve) => (failed = resolve));
    const db = await postgresDatabase(url!, { max: 1, onIdleError: (error) => failed(error) });
    const other = await postgresDatabase(url!, { max: 1 });
    try {
      const first = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const pid = first.rows[0]!.pid;
      // The pool's one connection, now unused, is ended from another connection.
      const ended = await sql<{ ended: boolean }>`select pg_terminate_backend(${pid}) as ended`.execute(other);
      expect(ended.rows[0]!.ended).toBe(true);
      expect((await idleFailure).message).toMatch(/terminat/i);
      const next = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      expect(next.rows[0]!.pid).not.toBe(pid);
    } finally {
      await db.destroy();
      await other.destroy();
    }
  });

  it('fails a query whose connection PostgreSQL ends while it runs (a restart or a failover) as the database unreachable, and answers the next one', async () => {
    const db = await postgresDatabase(url!, { max: 1 });
    const other = await postgresDatabase(url!, { max: 1 });
    try {
      const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
      const running = sql`select pg_sleep(60)`.execute(db).then(
        () => new Error('the query answered'),
        (error: unknown) => error,
      );
      const sleeping = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${pid} and query like 'select pg_sleep%'`.execute(other)).rows[0]!.n;
      await vi.waitFor(async () => expect(await sleeping()).toBe(1), { timeout: 10_000, interval: 50 });
      await sql`select pg_terminate_backend(${pid})`.execute(other);
      const error = await running;
      expect(error).toBeInstanceOf(StorageFailureError);
      // PostgreSQL's own words (57P01), or the driver's when the connection's end is seen first.
      expect((error as Error).message).toMatch(/^The database cannot be reached: (terminating connection due to administrator command|Connection terminated unexpectedly)/);
      expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows[0]!.one).toBe(1);
    } finally {
      await db.destroy();
      await other.destroy();
    }
  });
});
