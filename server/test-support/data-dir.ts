import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A new data directory for a test server (removed by the caller), its database already a migrated
 * copy of the template when the run has one (`pgliteTemplate`, provided by global-setup.ts and
 * typed in pglite-template.ts).
 */
export function freshDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = inject('pgliteTemplate');
  if (template && fs.existsSync(template)) fs.cpSync(template, path.join(dir, 'pglite'), { recursive: true });
  return dir;
}
