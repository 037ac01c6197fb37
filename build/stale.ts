import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashInputs } from './input-hash.ts';
import { BUILD_REPORT_FILE } from './plugins/build-report.ts';
import { REPO_ROOT } from './paths.ts';

/** Folders whose sources go into every tenant's bundle (tests and fixtures excluded). */
export const SHARED_INPUT_DIRS = ['site', 'schema', 'build'];
export const SHARED_INPUT_FILES = ['package-lock.json'];

export interface StaleOptions {
  repoRoot?: string;
  tenantsDir?: string;
  distDir?: string;
}

/** Hash of everything every tenant's bundle is built from: site/, schema/, build/ and the lockfile. */
export function sharedInputHash(repoRoot: string = REPO_ROOT): string {
  return hashInputs(repoRoot, SHARED_INPUT_DIRS, SHARED_INPUT_FILES);
}

/** The input hash recorded in a tenant's build report: its tenant file text plus the shared inputs. */
export function tenantInputHash(tenantFileText: string, shared: string): string {
  return createHash('sha256').update(shared).update('\0').update(tenantFileText).digest('hex');
}

function paths(options: StaleOptions): Required<StaleOptions> {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  return {
    repoRoot,
    tenantsDir: options.tenantsDir ?? join(repoRoot, 'tenants'),
    distDir: options.distDir ?? join(repoRoot, 'dist'),
  };
}

function recordedInputHash(distDir: string, slug: string): string | undefined {
  const file = join(distDir, slug, BUILD_REPORT_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { inputHash?: unknown };
    return typeof report.inputHash === 'string' ? report.inputHash : undefined;
  } catch {
    return undefined; // a damaged report means the build must run again
  }
}

function isStale(slug: string, p: Required<StaleOptions>, shared: string): boolean {
  const tenantFile = join(p.tenantsDir, `${slug}.json`);
  if (!existsSync(tenantFile)) throw new Error(`tenants/${slug}.json does not exist`);
  const recorded = recordedInputHash(p.distDir, slug);
  return recorded === undefined || recorded !== tenantInputHash(readFileSync(tenantFile, 'utf8'), shared);
}

/**
 * True when `dist/<slug>/` must be rebuilt: its build report is missing or unreadable, or was
 * built from a different tenant file, site/schema/build source or lockfile.
 */
export function isTenantStale(slug: string, options: StaleOptions = {}): boolean {
  const p = paths(options);
  return isStale(slug, p, sharedInputHash(p.repoRoot));
}

/** Slugs of every tenant in tenants/ whose build is stale (see `isTenantStale`), sorted. */
export function staleTenants(options: StaleOptions = {}): string[] {
  const p = paths(options);
  const shared = sharedInputHash(p.repoRoot);
  return tenantSlugs(p.tenantsDir).filter((slug) => isStale(slug, p, shared));
}

/** Slugs of the tenant files in a folder (the file name is the slug). */
export function tenantSlugs(tenantsDir: string): string[] {
  if (!existsSync(tenantsDir)) return [];
  return readdirSync(tenantsDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/**
 * The tenant files of a folder as `{ file, text }`, like `loadTenantFiles()` in
 * scripts/lib/tenants.ts (which build/ may not import); used when build/ code runs without a
 * caller handing it the files (stale checks, the build benchmark).
 */
export function readTenantFiles(tenantsDir: string = join(REPO_ROOT, 'tenants')): Array<{ file: string; text: string }> {
  return tenantSlugs(tenantsDir).map((slug) => ({ file: `${slug}.json`, text: readFileSync(join(tenantsDir, `${slug}.json`), 'utf8') }));
}
