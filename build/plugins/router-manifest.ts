import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * The asset manifest the server entry hands TanStack Router (`getRouterManifest`): for the
 * root route the browser entry (script, modulepreloads, CSS), and for every file route the
 * chunks its split component needs, so a server-rendered page links exactly the CSS and
 * preloads the JS of the routes it shows — no flash of unstyled content, no chunk waterfall
 * before hydration. Written next to the server entry (`server/router-manifest.json`), never
 * served to browsers.
 */

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

/** The router manifest: route id → assets. */
export interface RouterManifest {
  routes: Record<string, ManifestRouteAssets>;
}

/**
 * The route id of a file under the routes folder, as the file-based route tree names it:
 * `__root.tsx` → `__root__`, `index.tsx` → `/`, `search/index.tsx` → `/search/`,
 * `search/$.tsx` → `/search/$`, `pages/warranty.tsx` → `/pages/warranty`.
 */
export function routeIdOfFile(relativeFile: string): string {
  const withoutExt = relativeFile.replace(/\\/g, '/').replace(/\.(tsx|ts|jsx|js)$/, '');
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
  imports: string[];
  dynamicImports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The router manifest of a browser bundle (exported for tests). */
export function routerManifestOf(chunks: ChunkLike[], routesDir: string, base = '/'): RouterManifest {
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
  const isRouteChunk = (chunk: ChunkLike) => Boolean(chunk.facadeModuleId && path.resolve(chunk.facadeModuleId.split('?')[0] ?? '').startsWith(routesRoot));
  // The CSS of feature chunks a set of chunks imports lazily (switchable sections, the header's
  // group links): the server renders those components, so their styles must be linked from the
  // start — else the first paint is unstyled and shifts when the chunk arrives. CSS only: their
  // JS still loads on demand.
  const lazyFeatureCss = (start: ChunkLike[]) =>
    start.flatMap((chunk) => (chunk.dynamicImports ?? []).map((name) => byFile.get(name))).filter((c): c is ChunkLike => Boolean(c) && !isRouteChunk(c as ChunkLike)).flatMap((c) => closure(c)).flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
  const routes: Record<string, ManifestRouteAssets> = {};
  const entry = chunks.find((chunk) => chunk.isEntry);
  const initial = new Set<string>();
  const initialCss = new Set<string>();
  if (entry) {
    const chunksOfEntry = closure(entry);
    for (const chunk of chunksOfEntry) initial.add(chunk.fileName);
    routes[ROOT_ROUTE_ID] = {
      preloads: chunksOfEntry.map((chunk) => url(chunk.fileName)),
      css: [...new Set([...chunksOfEntry.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]), ...lazyFeatureCss(chunksOfEntry)])].map(url),
      scripts: [{ attrs: { type: 'module', src: url(entry.fileName) } }],
    };
    for (const file of routes[ROOT_ROUTE_ID]?.css ?? []) initialCss.add(file.slice(base.length));
  }
  for (const chunk of chunks) {
    if (!chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
    const [source] = chunk.facadeModuleId.split('?');
    if (!source || !path.resolve(source).startsWith(routesRoot)) continue;
    const id = routeIdOfFile(path.relative(routesDir, source));
    const extra = closure(chunk).filter((c) => !initial.has(c.fileName));
    const route = (routes[id] ??= {});
    route.preloads = [...new Set([...(route.preloads ?? []), ...extra.map((c) => url(c.fileName))])];
    const css = [...extra.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]), ...lazyFeatureCss(extra)].filter((file) => !initialCss.has(file));
    if (css.length) route.css = [...new Set([...(route.css ?? []), ...css.map(url)])];
  }
  return { routes };
}

/** Vite plugin (browser build): writes `server/router-manifest.json`. */
export function routerManifestPlugin(routesDir: string): Plugin {
  return {
    name: 'forecourt:router-manifest',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk') as unknown as ChunkLike[];
      this.emitFile({ type: 'asset', fileName: ROUTER_MANIFEST_FILE, source: JSON.stringify(routerManifestOf(chunks, routesDir), null, 2) });
    },
  };
}
