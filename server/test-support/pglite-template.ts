import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/database.ts';
import { testDataRoot } from './data-root.ts';

/*
 * A PGlite cluster already initialised and migrated, copied into each test server's data
 * directory (data-dir.ts). Opening a new cluster runs initdb and every migration (5.5 s on the
 * two-core machine); copying the template (40 MB, 0.2 s) and opening the copy takes 1.4 s. The
 * unit suite starts about twenty servers. Made once per run by vitest's globalSetup
 * (global-setup.ts); this file imports nothing of vitest's runtime.
 *
 * The migrated template is made from a copy of an initialised cluster with no migration run,
 * which is kept too: the migration tests start from it at an earlier migration (initdb alone
 * took 3–16 s of a worker on this machine, a copy of the empty cluster well under one).
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated template cluster's directory (server/test-support/pglite-template.ts). */
    pgliteTemplate: string;
    /** The initialised cluster with no migration run, that the migrated one is made from. */
    pgliteEmptyTemplate: string;
  }
}

const MIGRATIONS = path.join(import.meta.dirname, '..', 'db', 'migrations');

/** What names a template: PGlite's version, and for the migrated one the migrations too, so a change makes a new one. */
function templateDir(kind: 'empty' | 'migrated'): string {
  const hash = createHash('sha256');
  if (kind === 'migrated') for (const file of fs.readdirSync(MIGRATIONS).sort()) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS, file)));
  const pglite = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  hash.update(pglite.version);
  return path.join(testDataRoot(), `fc-pglite-${kind === 'empty' ? 'empty' : 'template'}-${hash.digest('hex').slice(0, 16)}`);
}

/**
 * Makes a template unless it exists: beside its final place and renamed, so a run that stops
 * half-way leaves no half cluster. Returns its directory.
 */
async function ensureTemplate(dir: string, make: (building: string) => Promise<void>): Promise<string> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const building = `${dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  await make(building);
  try {
    fs.renameSync(building, dir);
  } catch (error) {
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw error;
  }
  return dir;
}

/** Makes both templates unless they exist (vitest's globalSetup, once per run); returns their directories. */
export async function ensurePgliteTemplates(): Promise<{ empty: string; migrated: string }> {
  const empty = await ensureTemplate(templateDir('empty'), async (building) => {
    const pglite = await PGlite.create({ dataDir: building });
    await pglite.close();
  });
  const migrated = await ensureTemplate(templateDir('migrated'), async (building) => {
    fs.cpSync(empty, building, { recursive: true });
    const database = await openDatabase({ pgliteDir: building });
    await database.close();
  });
  return { empty, migrated };
}
