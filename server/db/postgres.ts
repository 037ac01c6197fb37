import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './types.ts';

/** How a pool's connections are kept. */
export interface PostgresPoolOptions {
  /** How many connections at most. */
  max: number;
  /** How long an unused connection is kept, in ms (pg's default when not given). */
  idleTimeoutMillis?: number;
  /** Told when an unused connection fails (the server restarted or ended it); by default a log line. */
  onIdleError?: (error: Error) => void;
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
  const pool = new Pool({ connectionString, max: options.max, ...(options.idleTimeoutMillis === undefined ? {} : { idleTimeoutMillis: options.idleTimeoutMillis }) });
  // An unused connection that fails (PostgreSQL restarted, or an administrator ended it) is
  // dropped from the pool and replaced on the next query. Without a listener, pg's pool raises
  // it as an uncaught error, which stops the whole process.
  pool.on('error', options.onIdleError ?? ((error) => console.error(`[database] an unused connection to PostgreSQL failed (${error.message}); the next query opens a new one`)));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
