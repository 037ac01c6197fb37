import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type { Pool } from 'pg';
import { asDatabaseUnreachable } from './storage-errors.ts';
import type { Database } from './types.ts';

/** How long a query waits for a connection (a new one, or one of the pool's to come free) before the database counts as unreachable. */
const CONNECTION_WAIT_MS = 10_000;

/** How a pool's connections are kept. */
export interface PostgresPoolOptions {
  /** How many connections at most. */
  max: number;
  /** How long an unused connection is kept, in ms (pg's default when not given). */
  idleTimeoutMillis?: number;
  /** Told when an unused connection fails (the server restarted or ended it); by default a log line. */
  onIdleError?: (error: Error) => void;
  /** How long a query waits for a connection, in ms, before it fails as the database unreachable (10 s when not given). */
  connectionWaitMs?: number;
}

/**
 * The platform's database on a PostgreSQL server, through a pool of connections. The server opens
 * one with ten; the stock worker opens its own with one, so the cars a feed changed are read back
 * for search without their text passing through the thread that answers shoppers.
 * @param connectionString the server's URL (DATABASE_URL)
 * @param options the pool's size, idle time and what an unused connection's failure does
 */
export async function postgresDatabase(connectionString: string, options: PostgresPoolOptions): Promise<Kysely<Database>> {
  // Loaded only for PostgreSQL: the embedded database's start does not wait for the driver.
  const { Pool } = await import('pg');
  // A database that does not answer a connection (its host down, a failover under way) fails the
  // query after a while instead of holding the shopper's request for the system's TCP timeout.
  const pool = new Pool({
    connectionString,
    max: options.max,
    connectionTimeoutMillis: options.connectionWaitMs ?? CONNECTION_WAIT_MS,
    ...(options.idleTimeoutMillis === undefined ? {} : { idleTimeoutMillis: options.idleTimeoutMillis }),
  });
  // An unused connection that fails (PostgreSQL restarted, or an administrator ended it) is
  // dropped from the pool and replaced on the next query. Without a listener, pg's pool raises
  // it as an uncaught error, which stops the whole process.
  pool.on('error', options.onIdleError ?? ((error) => console.error(`[database] an unused connection to PostgreSQL failed (${error.message}); the next query opens a new one`)));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: unreachableAsStorageFailure(pool) }) });
}

/**
 * The pool as Kysely uses it, with a database that cannot be reached (refused, lost, restarting,
 * out of connections) thrown as a StorageFailureError: the request answers 503 with Retry-After
 * and a plain message, as a full disk does on the embedded database, instead of 500.
 *
 * A connection that fails while a query has it (PostgreSQL restarted or failed over under the
 * query) also raises an 'error' event after the query's own error. pg's pool listens for that
 * only while a connection is unused, and an 'error' event nobody listens for stops the process:
 * here it is listened for while the connection is in use, and the connection is let go when it
 * is given back, never handed to the next query.
 * @param pool pg's pool
 */
function unreachableAsStorageFailure(pool: Pool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect().catch((error: unknown) => {
        throw asDatabaseUnreachable(error);
      });
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken ??= error;
      };
      client.on('error', onError);
      const failed = (error: unknown): never => {
        const thrown = asDatabaseUnreachable(error);
        if (thrown !== error) broken ??= error as Error;
        throw thrown;
      };
      const query = (...args: unknown[]): unknown => {
        const result: unknown = (client.query as (...a: unknown[]) => unknown)(...args);
        // A query's promise; a cursor (Kysely's streamed queries) is returned as it is.
        return result instanceof Promise ? result.catch(failed) : result;
      };
      return {
        query: query as PostgresPoolClient['query'],
        release: () => {
          client.off('error', onError);
          // Given back with its failure, pg's pool closes the connection instead of keeping it.
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
}
