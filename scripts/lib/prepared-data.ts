import fs from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { hashInputs } from '../../build/input-hash.ts';

/*
 * The demo data `npm start` needs on a fresh clone (the embedded database created, migrated and
 * seeded for every tenant, and the stock's search records) is prepared once when `npm install`
 * runs (scripts/prepare-start.ts) and kept under .cache/prepared-data/. `npm start` with an empty
 * data folder copies it instead of spending a dozen seconds of a core creating the same database
 * again (docs/build.md, "Cold start"). It is keyed by everything the data is made from: a change
 * to the server, the schema, the shared rules, a tenant file, the lockfile (PGlite's version), the
 * car count or the day means it is not used, and the database is created as before.
 */

/** What the prepared data is made from, relative to the repository root. */
const INPUT_DIRS = ['server', 'schema', 'site/src/domain', 'tenants/*'];
const INPUT_FILES = ['package-lock.json'];
/** Where prepared data is kept (ignored by git). */
export const PREPARED_DATA_DIR = path.join('.cache', 'prepared-data');

/**
 * The key of the data `npm start` would create now. The demo data is dated from the day it is
 * seeded (UTC), so data prepared on an earlier day is not used: a start on the day of the install
 * gets exactly the rows it would have seeded itself.
 * @param repoRoot the repository
 * @param cars the seeded car count asked for (undefined: the default)
 * @param now the time of the start
 */
export function preparedDataKey(repoRoot: string, cars: number | undefined, now: Date = new Date()): string {
  const sources = hashInputs(repoRoot, INPUT_DIRS, INPUT_FILES);
  return createHash('sha256').update(sources).update(`\0cars=${cars ?? 'default'}\0day=${now.toISOString().slice(0, 10)}`).digest('hex').slice(0, 24);
}

/** The folder holding the prepared data of `key` (its `pglite/` and `search-snapshot.json`). */
export function preparedDataFolder(repoRoot: string, key: string): string {
  return path.join(repoRoot, PREPARED_DATA_DIR, key);
}

function holdsDatabase(pgliteDir: string): boolean {
  try {
    return fs.readdirSync(pgliteDir).length > 0;
  } catch {
    return false;
  }
}

/**
 * Copies a folder's files all at once, each a copy-on-write clone where the file system offers
 * one: a database folder is about a thousand files, and `fs.promises.cp` (one file after another,
 * with its checks) took three times as long.
 */
async function copyFolder(from: string, to: string): Promise<void> {
  const files: string[] = [];
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(from, path.join(entry.parentPath, entry.name));
    if (entry.isDirectory()) fs.mkdirSync(path.join(to, relative), { recursive: true });
    else if (entry.isFile()) files.push(relative);
  }
  await Promise.all(files.map((file) => fs.promises.copyFile(path.join(from, file), path.join(to, file), fs.constants.COPYFILE_FICLONE)));
}

/**
 * Copies the prepared data into `dataDir` when it has no database yet and data prepared from
 * today's sources exists. Never touches an existing database.
 * @returns whether the prepared data was copied
 */
export async function usePreparedData(options: { repoRoot: string; dataDir: string; cars: number | undefined; now?: Date }): Promise<boolean> {
  const pgliteDir = path.join(options.dataDir, 'pglite');
  if (holdsDatabase(pgliteDir)) return false;
  const source = preparedDataFolder(options.repoRoot, preparedDataKey(options.repoRoot, options.cars, options.now));
  if (!holdsDatabase(path.join(source, 'pglite'))) return false;
  await fs.promises.mkdir(options.dataDir, { recursive: true });
  // Copied beside, then renamed into place: a copy cut short never looks like a database.
  const temp = `${pgliteDir}.copy-${process.pid}`;
  await fs.promises.rm(temp, { recursive: true, force: true });
  await copyFolder(path.join(source, 'pglite'), temp);
  await fs.promises.rm(pgliteDir, { recursive: true, force: true });
  await fs.promises.rename(temp, pgliteDir);
  const snapshot = path.join(source, 'search-snapshot.json');
  if (fs.existsSync(snapshot)) await fs.promises.copyFile(snapshot, path.join(options.dataDir, 'search-snapshot.json'));
  return true;
}

/**
 * Keeps `dataDir` (a data folder just created and closed) as the prepared data of `key`, and
 * removes data prepared from older sources.
 */
export function keepPreparedData(repoRoot: string, key: string, dataDir: string): void {
  const folder = preparedDataFolder(repoRoot, key);
  fs.mkdirSync(path.dirname(folder), { recursive: true });
  fs.rmSync(folder, { recursive: true, force: true });
  fs.renameSync(dataDir, folder);
  const root = path.join(repoRoot, PREPARED_DATA_DIR);
  for (const name of fs.readdirSync(root)) {
    if (name !== key) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}
