import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { InlineConfig, Plugin, PluginOption } from 'vite';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { clientCodeSplitting } from './chunking.ts';
import { REPO_ROOT, ROUTE_TREE_FILE, ROUTES_DIR } from './paths.ts';
import { featureModuleMap, type FeatureModuleMap } from './feature-modules.ts';
import { buildReportPlugin, type BuildReport } from './plugins/build-report.ts';
import { cacheRouteSplitting } from './plugins/route-split-cache.ts';
import { featureDefines, featureFlagsPlugin, runtimeSsrBanner } from './plugins/feature-flags.ts';
import { configHash, tenantConfigPlugin, type TenantConfigPlugin } from './plugins/tenant-config.ts';
import { instantSearchSlimPlugin } from './plugins/instantsearch-slim.ts';
import { appStartPreloadPlugin, routerManifestPlugin } from './plugins/router-manifest.ts';
import { serverModulesPlugin } from './plugins/server-modules.ts';
import { tenantHtmlPlugin } from './plugins/tenant-html.ts';

/**
 * `production`: a tenant's dist build (literal flags, build report).
 * `development`: `TENANT=<slug> npx vite` (literal flags, so dev shows exactly that tenant).
 * `live`: the editor preview (flags read from `globalThis.__FC_FEATURES__`, config swappable).
 */
export type TenantBuildMode = 'production' | 'development' | 'live';

export interface TenantViteOptions {
  outDir?: string;
  mode: TenantBuildMode;
  /** Repo root holding `site/`; tests point it at a fixture repo. */
  repoRoot?: string;
  /** Input hash recorded in the report, for stale detection (build/stale.ts). */
  inputHash?: string;
  featureModules?: FeatureModuleMap;
  onReport?: (report: BuildReport) => void;
  /**
   * The server entry (production): `site/src/entry-server.tsx` built for Node into
   * `<outDir>/server/`, with the same config and literal flags as the browser bundle.
   */
  ssr?: boolean;
  /**
   * What a production build is for (docs/build.md, "Bundles shared by content"):
   * `tenant` (default): one tenant's self-contained bundle, its index.html written for it;
   * `shared`: a bundle for every tenant with these feature switches (only `features` of the
   * config is read; tenants are linked to it afterwards, build/bundles.ts);
   * `runtime`: the stand-in every tenant can be served from while its own bundle builds — all
   * features' code, switches read at run time, no build report.
   */
  bundle?: 'tenant' | 'shared' | 'runtime';
}

/** The server entry's source: `site/src/entry-server.tsx` (or `.ts`). */
export function serverEntrySource(repoRoot: string): string {
  const tsx = join(repoRoot, 'site', 'src', 'entry-server.tsx');
  return existsSync(tsx) ? tsx : join(repoRoot, 'site', 'src', 'entry-server.ts');
}

/** The server entry's file name inside `dist/<slug>/server/`. */
export const SERVER_ENTRY_FILE = 'server/entry-server.js';

export { REPO_ROOT };

export { ROUTES_DIR, ROUTE_TREE_FILE };


/**
 * Options for `tanstackRouter`: the repo's tsr.config.json (so the plugin writes the same route
 * tree as `tsr generate` and never flips its formatting), with absolute paths because Vite's
 * root is `site/` while tsr.config.json paths are relative to the repo root.
 */
export function routerPluginOptions(repoRoot: string): Record<string, unknown> {
  const file = join(repoRoot, 'tsr.config.json');
  const fromFile = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  return {
    ...fromFile,
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: join(repoRoot, ROUTES_DIR),
    generatedRouteTree: join(repoRoot, ROUTE_TREE_FILE),
    disableLogging: true,
  };
}

/** Where route-file rewrites are kept, and what they depend on besides a file's text: the router plugin's version and options. */
function routeSplitCache(repoRoot: string): { dir: string; version: string } {
  const entry = createRequire(import.meta.url).resolve('@tanstack/router-plugin/vite');
  const packageDir = entry.slice(0, entry.lastIndexOf(join('node_modules', '@tanstack', 'router-plugin')) + join('node_modules', '@tanstack', 'router-plugin').length);
  const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  return { dir: join(repoRoot, 'node_modules', '.cache', 'forecourt-route-split'), version: `${pkg.version} ${JSON.stringify(routerPluginOptions(repoRoot))}` };
}

/**
 * The Vite config for one tenant: root `site/`, React, TanStack Router with automatic route
 * code splitting, the tenant config as `virtual:tenant-config`, feature flags as `define`s, and
 * (production) the build report. Returns the config plus the tenant-config plugin, whose
 * `api.setConfig()` the editor preview uses to push edits.
 */
export function createTenantViteConfig(
  config: ResolvedTenant,
  options: TenantViteOptions,
): InlineConfig & { tenantConfig: TenantConfigPlugin } {
  const repoRoot = options.repoRoot ?? REPO_ROOT;
  const live = options.mode === 'live';
  const production = options.mode === 'production';
  const bundle = production ? (options.bundle ?? 'tenant') : 'tenant';
  const runtime = bundle === 'runtime';
  // A production bundle reads its tenant from the page (schema/tenant-data-block.ts), so it can be shared.
  const tenantConfig = tenantConfigPlugin(config, { live, fromDocument: production });
  const features = (): Record<string, unknown> => tenantConfig.api.getConfig().features as Record<string, unknown>;
  const ssr = options.ssr === true;
  const flagMode = live ? 'live' : runtime ? (ssr ? 'runtime-ssr' : 'runtime') : 'literal';

  const plugins: PluginOption[] = [
    // Before react(): the router plugin splits route files before JSX is compiled.
    // Its route-file rewrites are kept between production builds (build/plugins/route-split-cache.ts).
    cacheRouteSplitting((tanstackRouter(routerPluginOptions(repoRoot)) as Plugin[]).flat(), routeSplitCache(repoRoot)),
    inlineCssPlugin(),
    live ? livePreviewReactPlugin() : react(),
    tenantConfig,
    featureFlagsPlugin(features, flagMode),
    instantSearchSlimPlugin(),
  ];
  // A shared bundle's index.html is written per tenant when the tenant is linked to it.
  if (!ssr && bundle === 'tenant') plugins.push(tenantHtmlPlugin(() => tenantConfig.api.getConfig()));
  const appStart = appStartPreloadPlugin();
  if (production && !ssr) plugins.push(routerManifestPlugin(join(repoRoot, ROUTES_DIR)), appStart.plugin);
  if (ssr) {
    if (!runtime) plugins.push(serverModulesPlugin(repoRoot));
    const outDir = options.outDir ?? join(repoRoot, 'dist', config.slug);
    return {
      tenantConfig,
      configFile: false,
      root: join(repoRoot, 'site'),
      mode: 'production',
      logLevel: 'warn',
      clearScreen: false,
      publicDir: false,
      plugins,
      // Bundled, not loaded from node_modules, so the server gets the same slimmed InstantSearch
      // as the browser (build/plugins/instantsearch-slim.ts: native object spread, which was
      // ~10 ms of each search page's server render). The whole family, or react-instantsearch's
      // contexts would exist twice.
      ssr: { noExternal: ['react-instantsearch', 'react-instantsearch-core', 'instantsearch.js', 'algoliasearch-helper', '@swc/helpers'] },
      build: {
        ssr: serverEntrySource(repoRoot),
        outDir: join(outDir, 'server'),
        // The browser build wrote the router manifest here first.
        emptyOutDir: false,
        target: 'node20',
        // Dead code removed as in the browser bundle (compress), names kept for readable server
        // stack traces; the hidden map tells the bundle check which modules survived, then goes.
        // One file: the platform imports each build's entry under its own URL (`?v=<build>`) so
        // a rebuild is picked up without a restart, and chunks importing the entry back would
        // get a second copy of it (and of its React contexts).
        minify: false,
        sourcemap: runtime ? false : 'hidden',
        reportCompressedSize: false,
        rolldownOptions: {
          checks: { bundlerTimings: false },
          output: { entryFileNames: 'entry-server.js', codeSplitting: false, minify: { compress: true, mangle: false }, ...(runtime ? { banner: runtimeSsrBanner() } : {}) },
        },
      },
    };
  }
  if (production && !runtime) {
    plugins.push(
      buildReportPlugin({
        slug: config.slug,
        configHash: configHash(config),
        inputHash: options.inputHash ?? '',
        flags: features(),
        defines: featureDefines(features(), 'literal'),
        repoRoot,
        routesDir: ROUTES_DIR,
        featureModules: options.featureModules ?? featureModuleMap(repoRoot),
        stripSourceMaps: true,
        ...(options.onReport ? { onReport: options.onReport } : {}),
      }),
    );
  }

  return {
    tenantConfig,
    configFile: false,
    root: join(repoRoot, 'site'),
    mode: production ? 'production' : 'development',
    logLevel: production ? 'warn' : 'info',
    clearScreen: false,
    publicDir: join(repoRoot, 'site', 'public'),
    plugins,
    build: {
      outDir: options.outDir ?? join(repoRoot, 'dist', config.slug),
      emptyOutDir: true,
      assetsDir: 'assets',
      target: 'es2022',
      sourcemap: runtime ? false : production ? 'hidden' : true,
      minify: production,
      cssMinify: production,
      reportCompressedSize: false,
      // The entry imports the app without module preloads (docs/rendering.md, "No module
      // preloads"); Vite's own preload of the app's files cost ~45 ms of link insertion at start-up.
      modulePreload: { polyfill: false, resolveDependencies: appStart.resolveDependencies },
      // The runner prints its own per-tenant timing; rolldown's slow-plugin notes are noise there.
      // Production files are cut as build/chunking.ts says; dev serves modules one by one.
      rolldownOptions: { checks: { bundlerTimings: false }, output: production ? { codeSplitting: clientCodeSplitting(repoRoot) } : {} },
    },
  };
}

/**
 * The server writes a page's CSS into its head (build/plugins/router-manifest.ts `inlineCssOf`).
 * The router renders that `<style>` on both sides from this switch: on, the browser keeps the
 * server's CSS as it hydrates; off (the router plugin's default, which only its Start plugin
 * turns on), the browser renders the `<style>` empty and React reports a hydration mismatch.
 * After the router plugin, whose `config` sets it off.
 */
function inlineCssPlugin(): Plugin {
  return { name: 'forecourt:inline-css', config: () => ({ define: { 'process.env.TSS_INLINE_CSS_ENABLED': JSON.stringify('true'), 'import.meta.env.TSS_INLINE_CSS_ENABLED': JSON.stringify('true') } }) };
}

/**
 * The editor preview runs React's production build: each keystroke re-renders the whole page, and
 * React's development build spent most of that time checking elements and recording owner stacks
 * (a profile of a keystroke reaching the preview: about 70 % of the page's JavaScript). Staff never edit the site's
 * source in the preview, so it needs no Fast Refresh either: the tenant config arrives through
 * its own hot update (site/src/app/start.tsx). JSX compiles to the production runtime, and the
 * dependencies (React, React DOM, the router) are pre-bundled as production code.
 */
function livePreviewReactPlugin(): Plugin {
  const production = JSON.stringify('production');
  return {
    name: 'forecourt:live-preview-react',
    config: () => ({
      oxc: { jsx: { runtime: 'automatic', development: false, refresh: false } },
      define: { 'process.env.NODE_ENV': production },
      resolve: { dedupe: ['react', 'react-dom'] },
      optimizeDeps: { include: ['react', 'react-dom', 'react/jsx-runtime'], rolldownOptions: { transform: { define: { 'process.env.NODE_ENV': production } } } },
    }),
  };
}
