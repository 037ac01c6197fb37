/**
 * The one place scripts and the build read tenant files (and other schema inputs) from disk.
 * Everything in schema/ stays pure and receives texts from here.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (two levels above this file). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A tenant file as read from disk: `file` is its name inside tenants/ (e.g. `harbour-motors.json`). */
export interface TenantFile {
  file: string;
  text: string;
  /** Absolute path on disk. */
  path: string;
}

/**
 * Reads every `*.json` directly inside `dir` (default: the repository's tenants/), sorted by name.
 * Sub-folders (tenants/assets/) are ignored.
 */
export async function loadTenantFiles(dir: string = join(REPO_ROOT, 'tenants')): Promise<TenantFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isFile() && e.name.endsWith('.json')).map((e) => e.name).sort();
  return Promise.all(names.map(async (name) => {
    const path = join(dir, name);
    return { file: name, text: await readFile(path, 'utf8'), path };
  }));
}

/** Reads the given tenant files (paths relative to the working directory or absolute). */
export async function loadTenantFilesByPath(paths: readonly string[]): Promise<TenantFile[]> {
  return Promise.all(paths.map(async (p) => {
    const path = resolve(p);
    return { file: basename(path), text: await readFile(path, 'utf8'), path };
  }));
}

