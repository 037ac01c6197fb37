import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { BUILD_REPORT_FILE, type BuildReport } from './plugins/build-report.ts';
import { configHash, stableStringify } from './plugins/tenant-config.ts';
import { tenantIndexHtml } from './plugins/tenant-html.ts';
import { ROUTES_DIR } from './paths.ts';
import { type TenantPages, withPages } from './tenant-pages.ts';

/*
 * Bundles shared by content (docs/build.md). A tenant's JavaScript depends on the shared
 * sources and on its feature switches only — the switches are compiled in as literals so a
 * switched-off feature's code is dropped; everything else a dealer sets (name, labels, theme,
 * locations, copy) reaches the page as data (schema/tenant-data-block.ts). So the compiled
 * output is stored once per (sources, switches) under `dist/_bundles/<key>/`, and each tenant's
 * `dist/<slug>/` is a link to it: its own index.html and build report, and symbolic links to the
 * bundle's files. Tenants with the same switches share one bundle; a label edit needs no build;
 * a switch builds at most one bundle; a change to shared code builds one bundle per distinct set
 * of switches, not one per tenant.
 */

/** The folder of `dist/` holding the bundles (a slug cannot start with "_"). */
export const BUNDLES_DIR = '_bundles';
/** Written last into a finished bundle: its key, what it was built with and when. */
export const BUNDLE_MARKER = 'bundle.json';
/** In a bundle's server folder: the switches its code was compiled with (the platform compares them with the tenant's). */
export const BUNDLE_FEATURES_FILE = 'server/features.json';
/** In a tenant's dist folder: which bundle it is linked to. */
export const TENANT_LINK_FILE = 'bundle.json';

/** What a bundle's marker records. */
export interface BundleMarker {
  key: string;
  kind: 'shared' | 'runtime';
  /** The switches compiled in (absent for the runtime bundle, which reads them per page). */
  features?: Record<string, unknown>;
  builtAt: string;
}

/**
 * The content address of a tenant's compiled JavaScript: the shared sources' hash and the
 * feature switches (what the build compiles in). Equal for tenants whose bundles would be equal.
 * @param features the resolved tenant's `features`
 * @param sharedHash `sharedInputHash()` of the sources
 */
export function bundleKey(features: Record<string, unknown>, sharedHash: string): string {
  return createHash('sha256').update(sharedHash).update('\0features\0').update(stableStringify(features)).digest('hex').slice(0, 24);
}

/** The key of the stand-in bundle (every feature's code, switches read per page) for these sources. */
export function runtimeBundleKey(sharedHash: string): string {
  return `runtime-${createHash('sha256').update(sharedHash).update('\0runtime').digest('hex').slice(0, 16)}`;
}

/** `dist/_bundles/<key>`. */
export function bundleDir(distDir: string, key: string): string {
  return join(distDir, BUNDLES_DIR, key);
}

/** The marker of a finished bundle, or undefined when the bundle is missing or unfinished. */
export function readBundleMarker(distDir: string, key: string): BundleMarker | undefined {
  const file = join(bundleDir(distDir, key), BUNDLE_MARKER);
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BundleMarker;
  } catch {
    return undefined;
  }
}

/** Marks a bundle folder finished (the last file a build writes). */
export function writeBundleMarker(dir: string, marker: BundleMarker): void {
  if (marker.features) writeFileSync(join(dir, BUNDLE_FEATURES_FILE), `${JSON.stringify(marker.features)}\n`);
  writeFileSync(join(dir, BUNDLE_MARKER), `${JSON.stringify(marker, null, 2)}\n`);
}

/** Moves a finished build from its temporary folder to `dist/_bundles/<key>` (a bundle already there is kept: same key, same code). */
export function installBundle(distDir: string, temp: string, key: string): void {
  const target = bundleDir(distDir, key);
  mkdirSync(join(distDir, BUNDLES_DIR), { recursive: true });
  if (existsSync(join(target, BUNDLE_MARKER))) {
    rmSync(temp, { recursive: true, force: true });
    return;
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(temp, target);
}

/** Files of a bundle that belong to one tenant: written per tenant by `linkTenant`, never linked. */
const PER_TENANT = new Set(['index.html', 'index.html.br', 'index.html.gz', BUILD_REPORT_FILE, BUNDLE_MARKER]);

/**
 * A tenant's build report: the bundle's figures under the tenant's name, config and inputs, and
 * with `pages` (build/tenant-pages.ts) whether each route is a page of the tenant's site.
 */
export function tenantReport(bundleReport: BuildReport, config: ResolvedTenant, inputHash: string, key: string, pages?: TenantPages): BuildReport & { bundle: string } {
  const routes = pages ? withPages(bundleReport.routes, pages, ROUTES_DIR) : bundleReport.routes;
  return { ...bundleReport, routes, slug: config.slug, configHash: configHash(config), inputHash, bundle: key };
}

/**
 * Links a tenant to a finished bundle: writes `dist/<slug>/` with the tenant's own index.html
 * and build report and a symbolic link to each of the bundle's other files and folders, in a
 * temporary folder swapped in by rename (readers see the old or the new link, never a mix).
 * `pages`: the tenant's pages (build/tenant-pages.ts), recorded in its report. Returns the report.
 */
export function linkTenant(distDir: string, key: string, config: ResolvedTenant, inputHash: string, pages?: TenantPages): BuildReport & { bundle: string } {
  const source = bundleDir(distDir, key);
  const bundleReport = JSON.parse(readFileSync(join(source, BUILD_REPORT_FILE), 'utf8')) as BuildReport;
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(distDir, `.tmp-${config.slug}-${tag}`);
  mkdirSync(temp, { recursive: true });
  for (const name of readdirSync(source)) {
    if (PER_TENANT.has(name.replace(/\.(br|gz)$/, ''))) continue;
    // Relative, so dist/ can be moved or archived whole; a junction where Windows needs one.
    const directory = statSync(join(source, name)).isDirectory();
    if (process.platform === 'win32') symlinkSync(join(source, name), join(temp, name), directory ? 'junction' : 'file');
    else symlinkSync(join('..', BUNDLES_DIR, key, name), join(temp, name));
  }
  writeFileSync(join(temp, 'index.html'), tenantIndexHtml(readFileSync(join(source, 'index.html'), 'utf8'), config));
  const report = tenantReport(bundleReport, config, inputHash, key, pages);
  writeFileSync(join(temp, BUILD_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(join(temp, TENANT_LINK_FILE), `${JSON.stringify({ bundle: key })}\n`);
  const target = join(distDir, config.slug);
  const aside = join(distDir, `.old-${config.slug}-${tag}`);
  if (existsSync(target)) renameSync(target, aside);
  renameSync(temp, target);
  rmSync(aside, { recursive: true, force: true });
  return report;
}

/** The bundle a tenant's dist folder is linked to, or undefined (not built, or a self-contained build). */
export function linkedBundle(distDir: string, slug: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(join(distDir, slug, TENANT_LINK_FILE), 'utf8')) as { bundle?: string }).bundle;
  } catch {
    return undefined;
  }
}

/**
 * Removes bundles no tenant links to any more (and unfinished ones of earlier runs), keeping
 * `keep` (the current stand-in). Returns the removed keys.
 */
export function removeUnusedBundles(distDir: string, slugs: readonly string[], keep: readonly string[] = []): string[] {
  const root = join(distDir, BUNDLES_DIR);
  if (!existsSync(root)) return [];
  const used = new Set([...keep, ...slugs.map((slug) => linkedBundle(distDir, slug)).filter((k): k is string => k !== undefined)]);
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (used.has(name) || name.startsWith('.tmp-')) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * The bundles of one CI runner: the distinct keys sorted, every N-th from the i-th (1-based), so
 * runners split the distinct bundles evenly and each tenant is linked by the runner that builds
 * its bundle. Every runner computes the same split from the same commit.
 * @param keys the bundle key of every tenant to build (repeats allowed)
 * @param shard `{ index, count }`, 1 ≤ index ≤ count
 */
export function shardKeys(keys: readonly string[], shard: { index: number; count: number }): Set<string> {
  const distinct = [...new Set(keys)].sort();
  return new Set(distinct.filter((_, i) => i % shard.count === shard.index - 1));
}

/**
 * Parses `--shard i/N`.
 * @returns the shard, or an error message naming the option
 */
export function parseShard(text: string): { index: number; count: number } | { error: string } {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) return { error: `--shard must be i/N with 1 ≤ i ≤ N (e.g. --shard 2/4), got "${text}"` };
  return { index, count };
}
