import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { inject } from 'vitest';
import { pgliteDialect } from '../db/pglite-dialect.ts';
import type { PGliteLike } from '../db/pglite-thread.ts';
import { testDataRoot } from './data-root.ts';

/**
 * A new data directory for a test server (removed by the caller) in memory where there is room
 * (data-root.ts), its database already a migrated copy of the template when the run has one
 * (`pgliteTemplate`, provided by global-setup.ts and typed in pglite-template.ts).
 */
export function freshDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(testDataRoot(), prefix));
  const template = inject('pgliteTemplate');
  if (template && fs.existsSync(template)) fs.cpSync(template, path.join(dir, 'pglite'), { recursive: true });
  return dir;
}

/**
 * Removes test data directories without blocking the test process; give the calling hook a long
 * timeout, since several database folders on a busy disk take longer than a hook's usual 10 s.
 */
export async function removeDataDirs(dirs: readonly string[]): Promise<void> {
  // A closed server's last image-cache write can still land while its folder is removed
  // (ENOTEMPTY): rm retries those, with a short backoff, instead of failing the file.
  await Promise.all(dirs.map((dir) => fs.promises.rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })));
}

/**
 * A database at no migration at all, for the migration tests: a copy of the initialised cluster
 * the migrated template is made from (`pgliteEmptyTemplate`), opened in the test's thread; in
 * memory, initialised afresh, when the run has no template. `destroy` closes it and removes the copy.
 */
export async function unmigratedDatabase(prefix: string): Promise<{ db: Kysely<any>; destroy: () => Promise<void> }> {
  const template = inject('pgliteEmptyTemplate');
  const dir = template && fs.existsSync(template) ? fs.mkdtempSync(path.join(testDataRoot(), prefix)) : undefined;
  if (dir) fs.cpSync(template, dir, { recursive: true });
  const pglite = dir ? await PGlite.create({ dataDir: dir }) : await PGlite.create();
  const db = new Kysely<any>({ dialect: pgliteDialect(pglite as unknown as PGliteLike) });
  return {
    db,
    destroy: async () => {
      await db.destroy();
      if (dir) await removeDataDirs([dir]);
    },
  };
}
