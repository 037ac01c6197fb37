import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/*
 * One hash of the source files something is made from (a bundle, the prepared demo database), so
 * it is made again exactly when one of them changed. Tests, test fixtures, generated route trees
 * and dependencies are left out. Node built-ins only: `npm start` hashes before it loads anything.
 */

function skip(name: string, path: string): boolean {
  return (
    name.startsWith('.') ||
    name === 'node_modules' ||
    name === 'test-fixtures' ||
    name === 'dist' ||
    name === 'routeTree.gen.ts' || // derived from the route files, which are hashed
    /\.test\.tsx?$/.test(name) ||
    path.includes(`${sep}node_modules${sep}`)
  );
}

function listFiles(dir: string, out: string[], deep: boolean): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (skip(entry.name, path)) continue;
    if (entry.isDirectory()) {
      if (deep) listFiles(path, out, deep);
    } else if (entry.isFile()) out.push(path);
  }
}

/**
 * Hash of the files under `dirs` (recursively; a folder ending in `/*` only its own files) and of
 * `files`, by path and content, relative to `repoRoot`.
 */
export function hashInputs(repoRoot: string, dirs: readonly string[], files: readonly string[] = []): string {
  const found: string[] = [];
  for (const dir of dirs) {
    const flat = dir.endsWith('/*');
    listFiles(join(repoRoot, flat ? dir.slice(0, -2) : dir), found, !flat);
  }
  for (const file of files) if (existsSync(join(repoRoot, file))) found.push(join(repoRoot, file));
  const hash = createHash('sha256');
  for (const file of found.map((f) => relative(repoRoot, f).split(sep).join('/')).sort()) {
    hash.update(file).update('\0').update(readFileSync(join(repoRoot, file))).update('\0');
  }
  return hash.digest('hex');
}
