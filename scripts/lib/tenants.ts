/**
 * The one place scripts and the build read tenant files (and other schema inputs) from disk.
 * Everything in schema/ stays pure and receives texts from here.
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTING_READER_DIRS, SETTING_READER_EXCLUDE, SETTING_READER_EXTENSIONS } from '../../schema/unread-settings.ts';

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

async function walk(dir: string, out: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return; // a folder that does not exist yet simply has no readers
  }
  for (const e of entries) {
    if (e.name.startsWith('.')) continue; // scratch files and tool folders are not readers
    const abs = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') await walk(abs, out);
    } else if (SETTING_READER_EXTENSIONS.test(e.name)) {
      out.push(abs);
    }
  }
}

/**
 * Source files that may read tenant settings (see schema/unread-settings.ts for the heuristic),
 * as `{ path (repo-relative), text }`, sorted by path.
 */
export async function readSettingReaderSources(root: string = REPO_ROOT): Promise<{ path: string; text: string }[]> {
  const files: string[] = [];
  for (const d of SETTING_READER_DIRS) await walk(join(root, d), files);
  const rel = files.map((f) => relative(root, f).split('\\').join('/')).filter((f) => !SETTING_READER_EXCLUDE.test(`/${f}`)).sort();
  return Promise.all(rel.map(async (path) => ({ path, text: await readFile(join(root, path), 'utf8') })));
}
