import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index.ts';
import { pgliteDialect } from './pglite-dialect.ts';
import { postgresDatabase } from './postgres.ts';
import { openThreadedPGlite, type PGliteLike } from './pglite-thread.ts';
import type { DatabaseOptions } from './options.ts';
import type { Database } from './types.ts';

/** An open platform database. */
export interface PlatformDatabase {
  db: Kysely<Database>;
  /** 'pglite' (embedded, on disk or in memory) or 'postgres' (DATABASE_URL). */
  kind: 'pglite' | 'postgres';
  /** Where the embedded database lives, when embedded. */
  location: string | null;
  /** The PostgreSQL server's URL (null when embedded): a worker thread opens its own connection with it. */
  url: string | null;
  close(): Promise<void>;
}

/** Where to open the database. */
export { databaseOptionsFromEnv, type DatabaseOptions } from './options.ts';

/**
 * Opens the database (PGlite on disk by default, PostgreSQL when a URL is given) and brings its
 * schema up to the latest migration.
 * @param options where the database lives
 */
export async function openDatabase(options: DatabaseOptions): Promise<PlatformDatabase> {
  let db: Kysely<Database>;
  let kind: PlatformDatabase['kind'];
  let location: string | null = null;
  let releaseLock: () => void = noop;
  if (options.databaseUrl) {
    db = await postgresDatabase(options.databaseUrl, { max: 10 });
    kind = 'postgres';
  } else {
    const dir = options.pgliteDir ?? path.join('.data', 'pglite');
    const inMemory = dir.startsWith('memory://');
    if (!inMemory) {
      fs.mkdirSync(dir, { recursive: true });
      releaseLock = lockDirectory(dir);
    }
    try {
      // On disk the database runs in its own thread, so a storage fault cannot hang the server.
      const pglite = inMemory ? ((await PGlite.create()) as unknown as PGliteLike) : await openThreadedPGlite(dir, options.threadOptions);
      db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
    } catch (error) {
      releaseLock();
      throw error;
    }
    kind = 'pglite';
    location = dir;
  }
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    releaseLock();
    throw error;
  }
  return {
    db,
    kind,
    location,
    url: options.databaseUrl ?? null,
    close: async () => {
      await db.destroy();
      releaseLock();
    },
  };
}

function noop(): void {}

/** Thrown when another live process has the embedded database open. */
export class DatabaseLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(`The embedded database at ${dir} is in use by process ${pid}`);
    this.name = 'DatabaseLockedError';
  }
}

/**
 * Takes the embedded database's lock file: PGlite is single-process, and two processes writing
 * the same directory would corrupt it. A lock left by a dead process is taken over.
 * @param dir PGlite directory
 */
function lockDirectory(dir: string): () => void {
  const file = `${path.resolve(dir)}.lock`;
  const take = () => fs.writeFileSync(file, JSON.stringify({ pid: process.pid }), { flag: 'wx' });
  try {
    take();
  } catch {
    let pid = 0;
    try {
      pid = Number((JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: number }).pid ?? 0);
    } catch {
      pid = 0;
    }
    if (pid > 0 && pid !== process.pid && processAlive(pid)) throw new DatabaseLockedError(dir, pid);
    fs.rmSync(file, { force: true });
    take();
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    fs.rmSync(file, { force: true });
  };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
