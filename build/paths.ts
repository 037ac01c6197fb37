import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in `<root>/build/`). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
