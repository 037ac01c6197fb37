import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * The asset manifest the server entry hands TanStack Router (`getRouterManifest`): for the
 * root route the browser entry (script) and the CSS of the entry and the app it starts, and for
 * every file route the CSS its chunks bring, so a server-rendered page links exactly the CSS of
 * the routes it shows (no flash of unstyled content). No module is preloaded from the
 * page: the entry imports the app after the first paint and the browser fetches the module
 * graph as it imports it (see docs/rendering.md, "No module preloads", for the measurements).
 * Written next to the server entry (`server/router-manifest.json`), never served to browsers.
 */

/**
 * The module the browser entry imports once the page has painted (site/src/main.tsx): the app.
 * Its chunks count as the first page's scripts (their CSS linked) like the entry's own.
 */
export const APP_START_MODULE = 'site/src/app/start.tsx';

/** Whether a chunk's facade module is the app's start (path separators of any platform). */
export function isAppStart(facadeModuleId: string | null | undefined): boolean {
  return Boolean(facadeModuleId && facadeModuleId.split('?')[0]!.replace(/\\/g, '/').endsWith(`/${APP_START_MODULE}`));
}

/** A module id's file, without its query (`route.tsx?tsr-split=component` → `route.tsx`). */
const fileOf = (id: string) => path.resolve(id.split('?')[0] ?? '');

/** TanStack Router's id of the root route. */
const ROOT_ROUTE_ID = '__root__';

/** Where the manifest is written, relative to the tenant's dist folder. */
export const ROUTER_MANIFEST_FILE = 'server/router-manifest.json';

/** A route's assets in TanStack Router's manifest shape. */
export interface ManifestRouteAssets {
  preloads?: string[];
  css?: string[];
  scripts?: { attrs: Record<string, string> }[];
}

/** The router manifest: route id → assets, and the text of the stylesheets a page writes into its head. */
export interface RouterManifest {
  routes: Record<string, ManifestRouteAssets>;
  /** TanStack Router's inline CSS (`ServerManifest.inlineCss`): stylesheet URL → its CSS. */
  inlineCss?: { styles: Record<string, string> };
}

/**
 * The CSS text of every stylesheet the manifest links (exported for tests), for the server to
 * write into the page's head in one `<style>` instead of linking each file. A car page linked
 * 25 render-blocking stylesheets of 0.1–9 KB each: on a phone's connection (Lighthouse's slow
 * 4G, 150 ms a round trip, six connections) they took four to five round trips before the
 * first paint, and the car's photo painted with them (LCP 2.0–2.7 s against 1.0–1.3 s inlined,
 * same page and load). The router strips the inlined files from the route's links, joins
 * their text in the order the page would have linked them (so the cascade is unchanged) and
 * leaves a placeholder in the router's state, which the browser fills from the page's own
 * `<style>` as it hydrates (`data-tsr-inline-css`). Routes reached later in the browser get
 * their CSS as before, with their scripts.
 */
export function inlineCssOf(manifest: RouterManifest, cssText: (url: string) => string | undefined): RouterManifest['inlineCss'] {
  const styles: Record<string, string> = {};
  for (const route of Object.values(manifest.routes)) {
    for (const url of route.css ?? []) {
      const text = cssText(url);
      if (text !== undefined) styles[url] = text;
    }
  }
  return Object.keys(styles).length ? { styles } : undefined;
}

/**
 * The route id of a file under the routes folder, as the file-based route tree names it:
 * `__root.tsx` → `__root__`, `index.tsx` → `/`, `search/index.tsx` → `/search/`,
 * `search/$.tsx` → `/search/$`, `pages/warranty.tsx` → `/pages/warranty`, `$brand.overview.tsx` →
 * `/$brand/overview`.
 */
export function routeIdOfFile(relativeFile: string): string {
  // A dot in a file name is a path separator to the generator (`cars/$slug_.checkout.tsx` is
  // `/cars/$slug_/checkout`) unless escaped in brackets (`[.]`).
  const withoutExt = relativeFile
    .replace(/\\/g, '/')
    .replace(/\.(tsx|ts|jsx|js)$/, '')
    .replace(/\[\.\]|\./g, (dot) => (dot === '.' ? '/' : '.'));
  if (withoutExt === '__root') return '__root__';
  if (withoutExt === 'index') return '/';
  if (withoutExt.endsWith('/index')) return `/${withoutExt.slice(0, -'index'.length)}`;
  if (withoutExt.endsWith('/route')) return `/${withoutExt.slice(0, -'/route'.length)}`;
  return `/${withoutExt}`;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  /** The modules the chunk holds (a page file of build/chunking.ts holds its route's component without being its facade). */
  moduleIds?: string[];
  imports: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * The router manifest of a browser bundle (exported for tests). `lazyImporters` names the modules
 * that import a module lazily (the module graph's `dynamicImporters`; none when not given).
 */
export function routerManifestOf(chunks: ChunkLike[], routesDir: string, base = '/', lazyImporters: (module: string) => string[] = () => []): RouterManifest {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: ChunkLike): ChunkLike[] => {
    const seen = new Set<string>();
    const order: ChunkLike[] = [];
    const visit = (chunk: ChunkLike) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      order.push(chunk);
      for (const name of chunk.imports) {
        const next = byFile.get(name);
        if (next) visit(next);
      }
    };
    visit(start);
    return order;
  };
  const url = (file: string) => `${base}${file}`;
  const routesRoot = `${path.resolve(routesDir)}${path.sep}`;
  const inRoutes = (id: string) => fileOf(id).startsWith(routesRoot);
  const ownCss = (chunk: ChunkLike) => [...(chunk.viteMetadata?.importedCss ?? [])];
  // The route files a chunk renders: its facade, or the split route parts it holds (a page file
  // of build/chunking.ts holds its route's component and is nobody's facade).
  const routeSourcesOf = (chunk: ChunkLike): string[] => [
    ...new Set(
      [...(chunk.isDynamicEntry && chunk.facadeModuleId ? [chunk.facadeModuleId] : []), ...(chunk.moduleIds ?? []).filter((id) => id.includes('?tsr-split='))]
        .filter(inRoutes)
        .map(fileOf),
    ),
  ];
  const isRouteChunk = (chunk: ChunkLike) => Boolean(chunk.facadeModuleId && inRoutes(chunk.facadeModuleId)) || routeSourcesOf(chunk).length > 0;
  // The CSS of feature chunks a set of chunks imports lazily (switchable sections, the header's
  // group links): the server renders those components, so their styles must be linked from the
  // start — else the first paint is unstyled and shifts when the chunk arrives. CSS only: their
  // JS still loads on demand.
  const lazyFeatures = (start: ChunkLike[]) =>
    start.flatMap((chunk) => (chunk.dynamicImports ?? []).map((name) => byFile.get(name))).filter((c): c is ChunkLike => Boolean(c) && !isRouteChunk(c as ChunkLike));
  const cssOf = (features: ChunkLike[]) => features.flatMap((c) => closure(c)).flatMap(ownCss);
  const lazyFeatureCss = (start: ChunkLike[]) => cssOf(lazyFeatures(start));
  // The route a module defines, when it is a route file (not one tsr ignores, `-name`).
  const routeOfModule = (id: string): string | null => {
    const file = fileOf(id);
    if (!inRoutes(file)) return null;
    const relative = path.relative(routesDir, file);
    return relative.split(path.sep).some((part) => part.startsWith('-')) ? null : routeIdOfFile(relative);
  };
  // The routes that import a feature lazily, when only route files do (`featureComponent` at the
  // top of routes/compare.tsx): its CSS is linked on those routes, not on every page. Route
  // definitions live in the start file, so the start's lazy imports are every page's otherwise:
  // a home page linked 17 stylesheets, most for pages it is not (compare, garage, print…).
  const importingRoutes = (feature: ChunkLike): string[] | null => {
    const importers = feature.facadeModuleId ? lazyImporters(feature.facadeModuleId) : [];
    const ids = importers.map(routeOfModule);
    return importers.length && ids.every((id) => id !== null && id !== ROOT_ROUTE_ID) ? [...new Set(ids as string[])] : null;
  };
  const routes: Record<string, ManifestRouteAssets> = {};
  const entry = chunks.find((chunk) => chunk.isEntry);
  const initial = new Set<string>();
  const initialCss = new Set<string>();
  // Adds stylesheets to a route's list, leaving out those every page links already.
  const linkCss = (id: string, files: string[]) => {
    const css = files.filter((file) => !initialCss.has(file));
    if (!css.length) return;
    const route = (routes[id] ??= {});
    route.css = [...new Set([...(route.css ?? []), ...css.map(url)])];
  };
  if (entry) {
    // No module preloads: scripts downloading beside the first photo share a phone's connection
    // with it. The entry (tiny) imports the app once the page has painted.
    const entryChunks = closure(entry);
    // The start file of build/chunking.ts holds the app's start without being its facade.
    const start = (entry.dynamicImports ?? []).map((name) => byFile.get(name)).find((chunk) => isAppStart(chunk?.facadeModuleId) || (chunk?.moduleIds ?? []).some((id) => isAppStart(id)));
    const startChunks = start ? closure(start).filter((chunk) => !entryChunks.includes(chunk)) : [];
    const firstPage = [...entryChunks, ...startChunks];
    for (const chunk of firstPage) initial.add(chunk.fileName);
    const features = lazyFeatures(firstPage).map((chunk) => ({ chunk, routeIds: importingRoutes(chunk) }));
    const everyPage = features.filter((feature) => !feature.routeIds).map((feature) => feature.chunk);
    routes[ROOT_ROUTE_ID] = {
      css: [...new Set([...firstPage.flatMap(ownCss), ...cssOf(everyPage)])].map(url),
      scripts: [{ attrs: { type: 'module', src: url(entry.fileName) } }],
    };
    for (const file of routes[ROOT_ROUTE_ID]?.css ?? []) initialCss.add(file.slice(base.length));
    for (const { chunk, routeIds } of features) for (const id of routeIds ?? []) linkCss(id, cssOf([chunk]));
  }
  for (const chunk of chunks) {
    for (const source of routeSourcesOf(chunk)) {
      const id = routeIdOfFile(path.relative(routesDir, source));
      const extra = closure(chunk).filter((c) => !initial.has(c.fileName));
      linkCss(id, [...extra.flatMap(ownCss), ...lazyFeatureCss(extra)]);
    }
  }
  return { routes };
}

/** Vite plugin (browser build): writes `server/router-manifest.json`. */
export function routerManifestPlugin(routesDir: string): Plugin {
  return {
    name: 'forecourt:router-manifest',
    apply: 'build',
    // After Vite's own hooks: its CSS plugin takes its markers out of the stylesheets there.
    generateBundle: { order: 'post', handler(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as ChunkLike[];
      const lazyImporters = (module: string) => [...(this.getModuleInfo(module)?.dynamicImporters ?? [])];
      const manifest = routerManifestOf(chunks, routesDir, '/', lazyImporters);
      const cssFiles = new Map(
        Object.values(bundle)
          .filter((item) => item.type === 'asset' && item.fileName.endsWith('.css'))
          .map((item) => [`/${item.fileName}`, typeof (item as { source: unknown }).source === 'string' ? ((item as { source: string }).source) : Buffer.from((item as { source: Uint8Array }).source).toString('utf8')]),
      );
      const inlineCss = inlineCssOf(manifest, (url) => cssFiles.get(url));
      this.emitFile({ type: 'asset', fileName: ROUTER_MANIFEST_FILE, source: JSON.stringify(inlineCss ? { ...manifest, inlineCss } : manifest, null, 2) });
    } },
  };
}

/**
 * Keeps Vite's preload helper from preloading the app's modules: the entry imports them once the
 * page has painted (site/src/lib/after-first-paint.ts) and the browser fetches them as it
 * imports them, while the helper's preload links cost ~45 ms of link insertion on a desktop at
 * start-up, four times that on a phone. So the entry's dynamic imports (the app's
 * start, in steps) get no helper preloads; other dynamic imports (routes opened later) keep
 * theirs. The plugin learns the entry chunk's file name before Vite's import analysis asks (both
 * run in generateBundle; Vite's built-in plugins run last).
 */
export function appStartPreloadPlugin(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let entryFile: string | undefined;
  return {
    plugin: {
      name: 'fc:app-start-preload',
      apply: 'build',
      generateBundle(_options, bundle) {
        entryFile = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry)?.fileName;
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => (hostId === entryFile ? [] : deps),
  };
}

/** The scripts Vite's preload helper would preload from a built entry chunk (its `__vite__mapDeps` list). */
export function entryHelperPreloads(entryCode: string): string[] {
  const list = /m\.f=\[([^\]]*)\]/.exec(entryCode)?.[1] ?? '';
  return [...list.matchAll(/"([^"]+)"/g)].map((match) => match[1]!).filter((file) => file.endsWith('.js'));
}
