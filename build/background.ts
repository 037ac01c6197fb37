import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { bundleKey, readBundleMarker, runtimeBundleKey, BUNDLE_FEATURES_FILE } from './bundles.ts';
import { buildBundle, formatSummary, runMatrix, validateWithSchema, type MatrixResult, type TenantFileInput } from './matrix.ts';
import { stableStringify } from './plugins/tenant-config.ts';
import { sharedInputHash, staleTenants } from './stale.ts';
import { REPO_ROOT } from './paths.ts';

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
  const runtimeKey = runtimeBundleKey(shared);
  const anyConfig = configs.values().next().value;
  const standInReady: Promise<void> =
    standInFor.length === 0 || readBundleMarker(distDir, runtimeKey) || !anyConfig
      ? Promise.resolve()
      : (async () => {
          log(`Preparing the stand-in bundle for ${standInFor.join(', ')} while their own bundles build`);
          const t0 = performance.now();
          const outcome = await buildBundle(anyConfig, runtimeKey, { repoRoot, distDir, inputHash: '', bundle: 'runtime', log: () => {} });
          if (outcome.ok) log(`Stand-in bundle ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
          else log(`The stand-in bundle failed to build (those sites show a "not built" page until their own bundle lands):\n${outcome.error}`);
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
