import { existsSync, readFileSync, watch, type FSWatcher } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { bundleKey, readBundleMarker, runtimeBundleKey, BUNDLE_FEATURES_FILE } from './bundles.ts';
import { buildBundle, formatSummary, runMatrix, validateWithSchema, type MatrixResult, type TenantFileInput } from './matrix.ts';
import { stableStringify } from './plugins/tenant-config.ts';
import { readTenantFiles, sharedInputHash, staleTenants } from './stale.ts';
import { REPO_ROOT } from './paths.ts';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';

/*
 * `npm start`'s builds (docs/build.md, "Cold start"). A tenant needs its own bundle compiled
 * only when no bundle with its switches exists for today's sources; until it lands, a tenant with
 * nothing it can be served from is served by the stand-in bundle: every feature's code, the
 * tenant's switches read per page. The stand-in is built first (one build, whatever the number of
 * tenants), then the tenants' bundles in the background at a lower priority, leaving a core to
 * the pages being served. A tenant whose old bundle has its switches keeps being served from it
 * until the new one is linked in its place.
 */

export interface BackgroundBuildOptions {
  /** The valid tenant files. */
  files: TenantFileInput[];
  distDir: string;
  repoRoot?: string;
  /** Where the tenant files are (default `<repoRoot>/tenants`). */
  tenantsDir?: string;
  /** The caller waits for every build (no stand-in is built). */
  waitForAll?: boolean;
  log: (line: string) => void;
}

export interface BackgroundBuilds {
  /** Settles when every tenant has something to be served from (its bundle, or the stand-in). */
  standInReady: Promise<void>;
  /** Settles when every stale tenant is built and linked (null when none was stale). */
  done: Promise<MatrixResult | null>;
  /** Tenants served by the stand-in until their own bundle lands (empty when none). */
  standInFor: string[];
}

/** The switches a tenant's current dist was compiled with, or undefined when it has none. */
function compiledFeatures(distDir: string, slug: string): string | undefined {
  const entry = join(distDir, slug, 'server', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  try {
    return stableStringify(JSON.parse(readFileSync(join(distDir, slug, BUNDLE_FEATURES_FILE), 'utf8')));
  } catch {
    return undefined;
  }
}

/**
 * Builds the stand-in bundle for today's sources unless it is built (`npm install` prepares it, so
 * a fresh clone's first `npm start` need not). Failures are logged, not thrown: the sites it would
 * serve show a "not built" page until their own bundle lands.
 * @returns whether the stand-in is there
 */
export async function buildStandIn(options: { config: ResolvedTenant; shared?: string; repoRoot?: string; distDir: string; log: (line: string) => void }): Promise<boolean> {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const key = runtimeBundleKey(options.shared ?? sharedInputHash(repoRoot));
  if (readBundleMarker(options.distDir, key)) return true;
  const t0 = performance.now();
  const outcome = await buildBundle(options.config, key, { repoRoot, distDir: options.distDir, inputHash: '', bundle: 'runtime', log: () => {} });
  if (outcome.ok) options.log(`Stand-in bundle ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  else options.log(`The stand-in bundle failed to build (those sites show a "not built" page until their own bundle lands):\n${outcome.error}`);
  return outcome.ok;
}

/** Starts the builds of stale tenants (see the file's comment). */
export function startBuilds(options: BackgroundBuildOptions): BackgroundBuilds {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const { distDir, log } = options;
  const started = performance.now();
  const valid = new Set(options.files.map((f) => f.file.replace(/\.json$/, '')));
  const stale = staleTenants({ repoRoot, distDir, tenantsDir: options.tenantsDir ?? join(repoRoot, 'tenants') }).filter((slug) => valid.has(slug));
  if (stale.length === 0) return { standInReady: Promise.resolve(), done: Promise.resolve(null), standInFor: [] };

  const shared = sharedInputHash(repoRoot);
  const configs = new Map(validateWithSchema(options.files).flatMap((v) => (v.config ? [[v.config.slug, v.config] as const] : [])));
  // Tenants whose bundle must be compiled and who have nothing with their switches to be served from meanwhile.
  const standInFor = options.waitForAll
    ? []
    : stale.filter((slug) => {
        const config = configs.get(slug);
        if (!config) return false;
        const features = config.features as Record<string, unknown>;
        if (readBundleMarker(distDir, bundleKey(features, shared))) return false; // linked in a moment
        return compiledFeatures(distDir, slug) !== stableStringify(features);
      });
  const anyConfig = configs.values().next().value;
  const standInReady: Promise<void> =
    standInFor.length === 0 || !anyConfig
      ? Promise.resolve()
      : (async () => {
          if (readBundleMarker(distDir, runtimeBundleKey(shared))) return;
          log(`Preparing the stand-in bundle for ${standInFor.join(', ')} while their own bundles build`);
          // One process (not its two halves at once): creating and seeding an empty database is more
          // work than this build (about 12 s of a core against 7 s) and needs the other core. At the
          // platform's own priority: a lower one let other work on a busy machine starve it.
          await buildStandIn({ config: anyConfig, shared, repoRoot, distDir, log });
        })();
  if (standInFor.length > 0) log(`${standInFor.length} site(s) are served by the stand-in bundle until their own is built: ${standInFor.join(', ')}`);

  const done = standInReady.then(async () => {
    log(`Building ${stale.length} stale tenant(s) in the background: ${stale.join(', ')}`);
    const result = await runMatrix({
      files: options.files,
      only: stale,
      repoRoot,
      distDir,
      enforceBudgets: false,
      // One core stays with the pages being served; the builds yield to them.
      concurrency: options.waitForAll ? availableParallelism() : Math.max(1, availableParallelism() - 1),
      ...(options.waitForAll ? {} : { nice: 10 }),
      log: () => {},
    });
    if (!result.ok) log(`\n${formatSummary(result)}\nSome tenants failed to build; they show a "not built" page until fixed.`);
    else log(`Built ${stale.length} tenant(s) in ${((performance.now() - started) / 1000).toFixed(1)} s: every site serves its own bundle`);
    return result;
  });
  return { standInReady, done, standInFor };
}

/**
 * While `npm start` runs: a tenant file that changes is built in the background as soon as it
 * settles — linked again when only its data changed (the server already shows the edit), its
 * bundle built when its switches changed (meanwhile the stand-in, or its old bundle with its old
 * switches, serves it). One run at a time; a change during a run starts another after it.
 * `run()` does one pass now (tests call it instead of waiting for the file system).
 */
export function watchTenantBuilds(options: {
  tenantsDir: string;
  distDir: string;
  repoRoot?: string;
  log: (line: string) => void;
  /** Watch the folder (default true); tests call `run()` themselves. */
  watch?: boolean;
}): { run(): Promise<MatrixResult | null>; close(): void } {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  let running: Promise<MatrixResult | null> | null = null;
  let again = false;
  const pass = async (): Promise<MatrixResult | null> => {
    const files = readTenantFiles(options.tenantsDir);
    const valid = new Set(validateWithSchema(files).filter((v) => v.config && v.errors.length === 0).map((v) => v.file.replace(/\.json$/, '')));
    const stale = staleTenants({ repoRoot, distDir: options.distDir, tenantsDir: options.tenantsDir }).filter((slug) => valid.has(slug));
    if (stale.length === 0) return null;
    const t0 = performance.now();
    const result = await runMatrix({
      files: files.filter((f) => valid.has(f.file.replace(/\.json$/, ''))),
      only: stale,
      repoRoot,
      distDir: options.distDir,
      enforceBudgets: false,
      concurrency: Math.max(1, availableParallelism() - 1),
      nice: 10,
      log: () => {},
    });
    const built = result.results.filter((r) => r.status === 'built').map((r) => r.slug);
    const failed = result.results.filter((r) => r.status !== 'built');
    if (built.length > 0) options.log(`[build] ${built.join(', ')} rebuilt in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const r of failed) options.log(`[build] ${r.slug} ${r.status}: ${r.messages.join('; ')}`);
    return result;
  };
  const run = (): Promise<MatrixResult | null> => {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((error: unknown) => {
        options.log(`[build] background build failed: ${error instanceof Error ? error.message : String(error)}`);
        return null;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  let watcher: FSWatcher | undefined;
  const startWatching = (): void => {
    try {
      watcher = watch(options.tenantsDir, () => {
        clearTimeout(timer);
        // Editors write in several steps: wait for the file to settle.
        timer = setTimeout(() => void run(), 300);
      });
      watcher.on('error', (error) => options.log(`[build] watching ${options.tenantsDir} failed: ${error.message}`));
    } catch (error) {
      options.log(`[build] cannot watch ${options.tenantsDir}: ${(error as Error).message}`);
    }
  };
  if (options.watch !== false) startWatching();
  return {
    run,
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
