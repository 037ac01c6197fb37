import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
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
