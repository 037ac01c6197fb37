import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { postgresDatabase } from './postgres.ts';

/*
 * The PostgreSQL pool on a real server (npm test's "API on PostgreSQL" step sets DATABASE_URL):
 * an unused connection that the server ends, as a restart of PostgreSQL does, is let go and
 * replaced; it does not stop the process.
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
});
