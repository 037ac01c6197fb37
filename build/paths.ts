import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in `<root>/build/`). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The route files, relative to the repository root. */
export const ROUTES_DIR = 'site/src/routes';
/** The route tree TanStack Router's generator writes from them. */
export const ROUTE_TREE_FILE = 'site/src/routeTree.gen.ts';
