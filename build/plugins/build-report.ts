import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { featureModulesIn, type FeatureModuleMap } from '../feature-modules.ts';
import { siblingBundles, siblingFiles } from '../sibling-files.ts';
import { bytesPerFile } from '../source-map-bytes.ts';
import { isAppStart } from './router-manifest.ts';

export const BUILD_REPORT_FILE = 'build-report.json';
export const BUILD_REPORT_VERSION = 2;

export interface SizeFigures {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface ReportChunk extends SizeFigures {
  file: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** Loaded by the first page view: the entry, the app it starts once the page has painted, and their static imports. */
  initial: boolean;
  imports: string[];
  dynamicImports: string[];
  /** CSS files loaded with this chunk. */
  css: string[];
  /** Repo-relative ids of the modules with code in this chunk. */
  modules: string[];
}

export interface ReportModule {
  /** Repo-relative path (`site/src/...`, `node_modules/...`) or virtual id; query kept (`?tsr-split=component`). */
  id: string;
  chunk: string;
  /** Bytes after minification, attributed through the chunk's source map. */
  bytes: number;
  /** The bundler's figure before minification (kept for comparison; not proof of presence). */
  renderedLength: number;
}

export interface ReportRoute {
  /** Chunks holding code of this route file (the route itself plus its split component chunks). */
  chunks: string[];
  /** Gzip of those chunks plus the static imports they pull in that the first page did not load. */
  jsGzip: number;
  /** Gzip of all JS a shopper downloads when this route is the first page: entry chunks plus the route's chunks and their static imports. */
  landingJsGzip: number;
  /**
   * In a tenant's report: whether the tenant's site has this page (build/tenant-pages.ts); false
   * for files beside the routes that are no page. Absent in a shared bundle's own report.
   */
  exists?: boolean;
  /** In a tenant's report: the route's id in the route tree (`/cars/$slug`), for route files. */
  routeId?: string;
}

export interface ReportFeature {
  value: unknown;
  on: boolean;
  folders: string[];
  /** Modules from the feature's folders present in the bundle. */
  modules: string[];
  /**
   * The route files that import those modules, at once or on demand, directly or through other
   * modules that are not routes (`__root` for the layout of every page); sorted.
   */
  routes?: string[];
}

/** `dist/<slug>/build-report.json` (docs/build.md explains each field). */
export interface BuildReport {
  version: typeof BUILD_REPORT_VERSION;
  slug: string;
  configHash: string;
  inputHash: string;
  builtAt: string;
  flags: Record<string, unknown>;
  defines: Record<string, string>;
  totals: {
    js: SizeFigures;
    initialJs: SizeFigures;
    css: SizeFigures;
    /** CSS of the initial chunks (render-blocking on the first page). */
    initialCss: SizeFigures;
    chunkCount: number;
    moduleCount: number;
    /** The route whose first visit downloads the most JS (the budget's real worst case). */
    heaviestLanding: { route: string; jsGzip: number };
  };
  chunks: ReportChunk[];
  assets: Array<SizeFigures & { file: string }>;
  modules: ReportModule[];
  routes: Record<string, ReportRoute>;
  features: Record<string, ReportFeature>;
}

export interface BuildReportOptions {
  slug: string;
  configHash: string;
  inputHash: string;
  flags: Record<string, unknown>;
  defines: Record<string, string>;
  /** Repo root; module ids are reported relative to it. */
  repoRoot: string;
  /** Folder of route files relative to repoRoot, for the per-route figures. */
  routesDir: string;
  featureModules: FeatureModuleMap;
  /** Called with the report once written (the worker passes the figures to the runner). */
  onReport?: (report: BuildReport) => void;
  /**
   * Delete the `.map` files after reading them. The tenant build emits hidden source maps only
   * so this plugin can see which modules survived minification; they are not shipped.
   */
  stripSourceMaps?: boolean;
}

/** Vite plugin writing `<outDir>/build-report.json` from the final files on disk. */
export function buildReportPlugin(options: BuildReportOptions): Plugin {
  return {
    name: 'forecourt:build-report',
    apply: 'build',
    enforce: 'post',
    writeBundle(outputOptions, bundle) {
      const outDir = outputOptions.dir;
      if (!outDir) throw new Error('build-report: output.dir is not set');
      const chunks: ChunkInput[] = [];
      const assets: Array<{ file: string; bytes: Buffer }> = [];
      for (const item of Object.values(bundle)) {
        if (item.fileName.endsWith('.map')) {
          if (options.stripSourceMaps) rmSync(join(outDir, item.fileName), { force: true });
          continue;
        }
        const bytes = readFileSync(join(outDir, item.fileName));
        if (item.type === 'asset') {
          assets.push({ file: item.fileName, bytes });
          continue;
        }
        const mapped = item.map ? bytesPerFile(outDir, { fileName: item.fileName, code: item.code, map: item.map }) : new Map<string, number>();
        chunks.push({
          file: item.fileName,
          name: item.name,
          isEntry: item.isEntry,
          isDynamicEntry: item.isDynamicEntry,
          ...(item.facadeModuleId ? { facadeModuleId: item.facadeModuleId } : {}),
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          css: [...((item as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])],
          modules: Object.entries(item.modules).map(([id, m]) => {
            // A file the final map does not mention lost all its code to the minifier. Virtual
            // modules and the bundler runtime have no file, so their length is all we know.
            const fromMap = mapped.get(id) ?? (item.map && isAbsolute(id) ? 0 : undefined);
            return fromMap === undefined ? { id, renderedLength: m.renderedLength } : { id, renderedLength: m.renderedLength, bytes: fromMap };
          }),
          bytes,
        });
      }
      // Which route files import a set of modules: up the module graph, through modules that are
      // not routes, stopping at each route file (files beside the routes, "-" names, are passed through).
      const absolute = new Map<string, string>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') for (const id of Object.keys(item.modules)) absolute.set(moduleIdForReport(id, options.repoRoot), id);
      const routePrefix = `${options.routesDir.replace(/\/$/, '')}/`;
      const routesImporting = (ids: string[]): string[] => {
        const found = new Set<string>();
        const seen = new Set<string>();
        const queue = ids.map((id) => absolute.get(id)).filter((id): id is string => id !== undefined);
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          const file = moduleIdForReport(id, options.repoRoot).split('?')[0] ?? '';
          if (file.startsWith(routePrefix) && !file.slice(routePrefix.length).split('/').some((part) => part.startsWith('-'))) {
            found.add(file);
            continue;
          }
          const info = this.getModuleInfo(id);
          if (info) queue.push(...info.importers, ...info.dynamicImporters);
        }
        return [...found].sort();
      };
      // Chunks identical to a finished sibling bundle's keep the sizes measured there (build/sibling-files.ts).
      const siblings = siblingFiles(siblingBundles(outDir));
      const report = createBuildReport(options, chunks, assets, routesImporting, (file, bytes) => siblings.sizes(file, bytes));
      writeFileSync(join(outDir, BUILD_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
      options.onReport?.(report);
    },
  };
}

export interface ChunkInput {
  file: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  /** The module a dynamic chunk stands for (the app's start is one of the first page's chunks). */
  facadeModuleId?: string;
  imports: string[];
  dynamicImports: string[];
  css?: string[];
  /** `bytes`: minified bytes from the source map, when the map lists the module. */
  modules: Array<{ id: string; renderedLength: number; bytes?: number }>;
  bytes: Buffer;
}

/** Builds the report from the emitted chunks and assets (pure apart from compression). */
export function createBuildReport(
  options: BuildReportOptions,
  chunkInputs: ChunkInput[],
  assetInputs: Array<{ file: string; bytes: Buffer }>,
  routesImporting?: (moduleIds: string[]) => string[],
  known: (file: string, bytes: Buffer) => SizeFigures | undefined = () => undefined,
): BuildReport {
  const measure = (file: string, bytes: Buffer): SizeFigures => known(file, bytes) ?? sizes(bytes);
  const byFile = new Map(chunkInputs.map((c) => [c.file, c]));
  const initial = new Set<string>();
  const visit = (file: string): void => {
    if (initial.has(file) || !byFile.has(file)) return;
    initial.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
  };
  // The first page's scripts: the entry's and the app it starts once the page has painted.
  for (const chunk of chunkInputs) if (chunk.isEntry || isAppStart(chunk.facadeModuleId)) visit(chunk.file);

  const chunks: ReportChunk[] = [];
  const modules: ReportModule[] = [];
  for (const c of [...chunkInputs].sort((a, b) => a.file.localeCompare(b.file))) {
    const present = c.modules.filter(isPresent);
    const ids = present.map((m) => moduleIdForReport(m.id, options.repoRoot)).sort();
    chunks.push({
      file: c.file,
      name: c.name,
      isEntry: c.isEntry,
      isDynamicEntry: c.isDynamicEntry,
      initial: initial.has(c.file),
      imports: c.imports,
      dynamicImports: c.dynamicImports,
      css: [...(c.css ?? [])].sort(),
      modules: ids,
      ...measure(c.file, c.bytes),
    });
    for (const m of present) {
      modules.push({ id: moduleIdForReport(m.id, options.repoRoot), chunk: c.file, bytes: m.bytes ?? m.renderedLength, renderedLength: m.renderedLength });
    }
  }
  modules.sort((a, b) => a.id.localeCompare(b.id));

  const assets = assetInputs
    .map((a) => ({ file: a.file, ...measure(a.file, a.bytes) }))
    .sort((a, b) => a.file.localeCompare(b.file));

  const initialCss = new Set(chunks.filter((c) => c.initial).flatMap((c) => c.css));
  const chunkByFile = new Map(chunks.map((c) => [c.file, c]));
  const initialJsGzip = chunks.filter((c) => c.initial).reduce((t, c) => t + c.gzip, 0);
  const routes: Record<string, ReportRoute> = {};
  const routePrefix = `${options.routesDir.replace(/\/$/, '')}/`;
  for (const m of modules) {
    const file = m.id.split('?')[0] ?? m.id;
    if (!file.startsWith(routePrefix)) continue;
    const route = (routes[file] ??= { chunks: [], jsGzip: 0, landingJsGzip: 0 });
    if (!route.chunks.includes(m.chunk)) route.chunks.push(m.chunk);
  }
  for (const route of Object.values(routes)) {
    route.chunks.sort();
    // What navigating to this route costs after the first page: its own chunks and their static
    // imports, minus what the initial load already fetched.
    const needed = new Set<string>();
    const walk = (file: string): void => {
      if (needed.has(file) || initial.has(file)) return;
      const chunk = chunkByFile.get(file);
      if (!chunk) return;
      needed.add(file);
      for (const dep of chunk.imports) walk(dep);
    };
    for (const file of route.chunks) walk(file);
    route.jsGzip = [...needed].reduce((t, f) => t + (chunkByFile.get(f)?.gzip ?? 0), 0);
    route.landingJsGzip = initialJsGzip + route.jsGzip;
  }
  const heaviestLanding = Object.entries(routes).reduce(
    (worst, [file, route]) => (route.landingJsGzip > worst.jsGzip ? { route: file, jsGzip: route.landingJsGzip } : worst),
    { route: '(entry)', jsGzip: initialJsGzip },
  );

  const features: Record<string, ReportFeature> = featureModulesIn(
    options.flags,
    modules.map((m) => m.id),
    options.featureModules,
  );
  if (routesImporting) for (const feature of Object.values(features)) if (feature.modules.length > 0) feature.routes = routesImporting(feature.modules);

  return {
    version: BUILD_REPORT_VERSION,
    slug: options.slug,
    configHash: options.configHash,
    inputHash: options.inputHash,
    builtAt: new Date().toISOString(),
    flags: options.flags,
    defines: options.defines,
    totals: {
      js: sum(chunks),
      initialJs: sum(chunks.filter((c) => c.initial)),
      css: sum(assets.filter((a) => a.file.endsWith('.css'))),
      initialCss: sum(assets.filter((a) => initialCss.has(a.file))),
      chunkCount: chunks.length,
      moduleCount: modules.length,
      heaviestLanding,
    },
    chunks,
    assets,
    modules,
    routes: Object.fromEntries(Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))),
    features,
  };
}

function sum(items: SizeFigures[]): SizeFigures {
  return items.reduce((t, s) => ({ raw: t.raw + s.raw, gzip: t.gzip + s.gzip, brotli: t.brotli + s.brotli }), { raw: 0, gzip: 0, brotli: 0 });
}

/**
 * A module is in the bundle when minified code maps back to it. Modules the source map does
 * not list (virtual modules, the bundler runtime) fall back to the pre-minification length.
 */
function isPresent(m: { renderedLength: number; bytes?: number }): boolean {
  return m.bytes === undefined ? m.renderedLength > 0 : m.bytes > 0;
}

/**
 * Raw, gzip (level 9) and brotli byte counts. Brotli runs at quality 9: about 2% larger than
 * quality 11 but ten times faster (0.1 s instead of 1.3 s for a 370 KB chunk).
 */
export function sizes(bytes: Buffer): SizeFigures {
  return {
    raw: bytes.byteLength,
    gzip: gzipSync(bytes, { level: 9 }).byteLength,
    brotli: brotliCompressSync(bytes, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
    }).byteLength,
  };
}

/**
 * A stable, machine-independent module id: repo-relative with forward slashes
 * (`site/src/features/compare/compare-button.tsx`), `node_modules/<pkg>/...` for
 * dependencies, and virtual ids without the `\0` marker.
 */
export function moduleIdForReport(id: string, repoRoot: string): string {
  const clean = id.replace(/^\0/, '');
  const [path = clean, query] = splitQuery(clean);
  if (!path.startsWith('/')) return clean;
  const nm = path.lastIndexOf(`${sep}node_modules${sep}`);
  let rel = nm >= 0 ? path.slice(nm + 1) : relative(repoRoot, path);
  rel = rel.split(sep).join('/');
  return query === undefined ? rel : `${rel}?${query}`;
}

function splitQuery(id: string): [string, string | undefined] {
  const i = id.indexOf('?');
  return i < 0 ? [id, undefined] : [id.slice(0, i), id.slice(i + 1)];
}
