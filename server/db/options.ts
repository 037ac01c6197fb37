import path from 'node:path';
import type { ThreadedPGliteOptions } from './pglite-thread.ts';

// Where the database is, apart from the code that opens it: commands that only ask a running
// server (npm run leads while npm start runs) read these without loading the database engine.

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; 'memory://' keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /** Timeouts of the database thread (tests of storage faults shorten them). */
  threadOptions?: ThreadedPGliteOptions | undefined;
}

/**
 * Resolves database options from the environment: DATABASE_URL, else PGLITE_DIR, else
 * DATA_DIR/pglite, else .data/pglite under the working directory.
 * @param dataDir a data directory given by the caller (takes precedence over DATA_DIR)
 */
export function databaseOptionsFromEnv(dataDir?: string): DatabaseOptions {
  const env = process.env;
  if (env.DATABASE_URL) return { databaseUrl: env.DATABASE_URL };
  if (dataDir) return { pgliteDir: path.join(dataDir, 'pglite') };
  if (env.PGLITE_DIR) return { pgliteDir: env.PGLITE_DIR };
  return { pgliteDir: path.join(env.DATA_DIR ?? '.data', 'pglite') };
}

