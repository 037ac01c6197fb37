import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../db/database.ts';
import { testDataRoot } from './data-root.ts';

/*
 * A PGlite cluster already initialised and migrated, copied into each test server's data
 * directory (data-dir.ts). Opening a new cluster runs initdb and every migration (5.5 s on the
 * two-core machine); copying the template (40 MB, 0.2 s) and opening the copy takes 1.4 s. The
 * unit suite starts about twenty servers. Made once per run by vitest's globalSetup
 * (global-setup.ts); this file imports nothing of vitest's runtime.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template cluster's directory (server/test-support/pglite-template.ts). */
    pgliteTemplate: string;
  }
}

const MIGRATIONS = path.join(import.meta.dirname, '..', 'db', 'migrations');

/** The template's directory: named after the migrations and PGlite's version, so a change makes a new one. */
function templateDir(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS).sort()) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
  const pglite = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  return path.join(testDataRoot(), `fc-pglite-template-${hash.digest('hex').slice(0, 16)}`);
}

/** Makes the template unless it exists (vitest's globalSetup, once per run); returns its directory. */
export async function ensurePgliteTemplate(): Promise<string> {
  const dir = templateDir();
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  // Made beside its final place and renamed, so a run that stops half-way leaves no half cluster.
  const building = `${dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ pgliteDir: building });
  await database.close();
  try {
    fs.renameSync(building, dir);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw error;
  }
  return dir;
}
