/**
 * How a command reaches the platform's data: through a running `npm start` on this machine (the
 * embedded database admits one process, so the command asks the server over loopback with its
 * local admin token), or by opening the database itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PlatformDatabase } from '../../server/db/database.ts';
import { databaseOptionsFromEnv, type DatabaseOptions } from '../../server/db/options.ts';
import { serverRuntimeFile } from '../../server/runtime-file.ts';
import { REPO_ROOT } from './tenants.ts';

/** A running server's port and local admin token. */
export interface LocalServer {
  pid: number;
  port: number;
  adminToken: string;
}

/** The data directory commands use (DATA_DIR, else the repository's .data). */
export function localDataDir(): string {
  return path.resolve(process.env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
}

/** Database options of the commands: DATABASE_URL, else the embedded database of the data directory. */
export function localDatabaseOptions(): DatabaseOptions {
  const options = databaseOptionsFromEnv();
  if (!options.databaseUrl && !process.env.PGLITE_DIR && !process.env.DATA_DIR) options.pgliteDir = path.join(REPO_ROOT, '.data', 'pglite');
  return options;
}

/** The server running on this data directory, if its process is alive. */
export function runningServer(): LocalServer | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(serverRuntimeFile(localDataDir()), 'utf8')) as LocalServer;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}

/** A tenant's row in the platform database, as the commands need it. */
export interface LocalSite {
  id: number;
  slug: string;
  name: string;
}

/**
 * Opens the database itself (no server running), finds the tenant's site and runs `work` with
 * them, then closes the database. A database that cannot be opened, or a tenant it does not
 * hold, is said on stderr with exit code 1, and `work` is not run.
 * @param options the database options (localDatabaseOptions())
 * @param slug the tenant
 * @param work what the command does with the database and the site
 */
export async function withLocalSite<T>(options: DatabaseOptions, slug: string, work: (db: PlatformDatabase['db'], site: LocalSite) => Promise<T>): Promise<T | undefined> {
  let database: PlatformDatabase;
  try {
    const { openDatabase } = await import('../../server/db/database.ts');
    database = await openDatabase(options);
  } catch (error) {
    console.error(`Could not open the database (${(error as Error).message}).`);
    process.exit(1);
  }
  try {
    const site = await database.db.selectFrom('sites').select(['id', 'slug', 'name']).where('slug', '=', slug).executeTakeFirst();
    if (!site) {
      const known = (await database.db.selectFrom('sites').select('slug').orderBy('slug').execute()).map((s) => s.slug);
      console.error(`No tenant "${slug}" in the database. Known: ${known.join(', ') || '(none — run npm start or npm run seed once first)'}`);
      process.exitCode = 1;
      return undefined;
    }
    return await work(database.db, site);
  } finally {
    await database.close();
  }
}
