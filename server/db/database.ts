import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { pgliteDialect } from './pglite-dialect.ts';
import type { Database } from './types.ts';

/** An open platform database. */
export interface PlatformDatabase {
  db: Kysely<Database>;
  /** 'pglite' (embedded, on disk or in memory) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /** Where the embedded database lives, when embedded. */
  location: string | null;
  close(): Promise<void>;
}

/** Where to open the database. */
export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; 'memory://' keeps it in memory (tests). */
  pgliteDir?: string | undefined;
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

/**
 * Opens the database (PGlite on disk by default, PostgreSQL when a URL is given) and brings its
 * schema up to the latest migration.
 * @param options where the database lives
 */
export async function openDatabase(options: DatabaseOptions): Promise<PlatformDatabase> {
  let db: Kysely<Database>;
  let kind: PlatformDatabase['kind'];
  let location: string | null = null;
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    kind = 'postgres';
  } else {
    const dir = options.pgliteDir ?? path.join('.data', 'pglite');
    if (!dir.startsWith('memory://')) fs.mkdirSync(dir, { recursive: true });
    const pglite = await PGlite.create(dir.startsWith('memory://') ? undefined : dir);
    db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
    kind = 'pglite';
    location = dir;
  }
  await migrateToLatest(db);
  return { db, kind, location, close: () => db.destroy() };
}

/**
 * Applies every pending migration; throws with the failing migration's name.
 * @param db the database
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Whether the database holds no tenant yet (so it needs seeding).
 * @param db the database
 */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('sites').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n === 0;
}
