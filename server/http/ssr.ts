import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import type { EntrySpec } from './render-core.mjs';

/*
 * Serves a tenant's pages from its own server entry (`dist/<slug>/server/entry-server.js`,
 * built with the tenant's flags beside its browser bundle). One process hosts many tenants:
 * this finds which entry renders a tenant and which build of it is current; the render threads
 * (server/http/render-pool.ts) import each entry once per build and render with it. The entry's
 * route loaders reach the platform through services handed in there (server/http/
 * render-core.mjs): search through the engine on the server's thread (the same Algolia request
 * the browser sends), the API over loopback with the shopper's cookies. See docs/rendering.md.
 */

/** A located server entry and the route ids its browser bundle has. */
export interface LoadedEntry {
  /** How a render thread imports it (server/http/render-core.mjs `importEntry`). */
  spec: EntrySpec;
  /** The entry's file (and stand-in switch key): one module per file and build. */
  file: string;
  manifest: { routes: Record<string, unknown> };
  /** When the build was written (cache key). */
  version: string;
  /** The bundle folder its browser files are served from. */
  root: string;
  /** The tenant as this bundle renders it: the switches are the ones its code was compiled with. */
  tenant: ResolvedTenant;
  /** True when this is the stand-in bundle (the tenant's own is missing or built with other switches). */
  standIn: boolean;
}

/** Where a tenant's server entry lives (a symbolic link into its shared bundle, or its own build). */
export function serverEntryPath(distDir: string, slug: string): string {
  return path.join(distDir, slug, 'server', 'entry-server.js');
}

/** JSON with sorted keys: equal switches compare equal whatever their order in the file. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The folder of dist/ holding the shared bundles and the stand-in (build/bundles.ts). */
const BUNDLES_DIR = '_bundles';

/**
 * Finds the newest finished stand-in bundle (`dist/_bundles/runtime-*` with its marker): every
 * feature's code, switches read per page. Looked up at most once a second.
 */
function standInFinder(distDir: string): () => string | undefined {
  let checked = 0;
  let found: string | undefined;
  return () => {
    const now = Date.now();
    if (now - checked < 1000) return found;
    checked = now;
    const root = path.join(distDir, BUNDLES_DIR);
    let best: { dir: string; at: number } | undefined;
    try {
      for (const name of fs.readdirSync(root)) {
        if (!name.startsWith('runtime-')) continue;
        const dir = path.join(root, name);
        const marker = path.join(dir, 'bundle.json');
        const entry = path.join(dir, 'server', 'entry-server.js');
        if (!fs.existsSync(marker) || !fs.existsSync(entry)) continue;
        const at = fs.statSync(marker).mtimeMs;
        if (!best || at > best.at) best = { dir, at };
      }
    } catch {
      // no bundles folder yet
    }
    found = best?.dir;
    return found;
  };
}

/**
 * Finds the server entry that renders a tenant and its current build. A tenant is rendered by
 * its own bundle (shared with every tenant with the same switches: one module instance per
 * bundle and render thread, the tenant handed in per request). While that bundle is missing, or
 * was built with other switches than the tenant file now has, the stand-in renders it when there
 * is one (one instance per set of switches), so a switched-off feature is off at once; without a
 * stand-in the old bundle keeps rendering with the switches it was compiled with. A rebuild swaps
 * the files (new mtime): the import URL carries the build, so the next render imports the new
 * entry. Null when the tenant has nothing to render with. Nothing is imported on this thread.
 */
export function createEntryLoader(distDir: string) {
  const manifests = new Map<string, { routes: Record<string, unknown> }>();
  const standIn = standInFinder(distDir);
  const load = (file: string, root: string, features: EntrySpec['features']): Omit<LoadedEntry, 'tenant' | 'standIn'> | null => {
    let real: string;
    let stat: fs.Stats;
    try {
      real = fs.realpathSync(file);
      stat = fs.statSync(real);
    } catch {
      return null;
    }
    const version = `${stat.mtimeMs}-${stat.size}`;
    const query = features ? `features=${features.key}` : '';
    const identity = `${real}?${query}`;
    const url = `${pathToFileURL(real).href}?${query}${query ? '&' : ''}v=${encodeURIComponent(version)}`;
    let manifest = manifests.get(url);
    if (!manifest) {
      try {
        manifest = JSON.parse(fs.readFileSync(path.join(path.dirname(real), 'router-manifest.json'), 'utf8')) as LoadedEntry['manifest'];
      } catch {
        return null;
      }
      // An older build's manifest is dropped so a long-running server does not keep every build.
      for (const key of manifests.keys()) if (key.startsWith(`${pathToFileURL(real).href}?${query}${query ? '&' : ''}v=`)) manifests.delete(key);
      manifests.set(url, manifest);
    }
    return { spec: { url, ...(features ? { features } : {}) }, file: identity, manifest, version, root };
  };
  function entryFor(slug: string, tenant: ResolvedTenant): LoadedEntry | null {
    const own = path.join(distDir, slug);
    const ownFile = serverEntryPath(distDir, slug);
    let compiled: Record<string, unknown> | undefined;
    try {
      compiled = JSON.parse(fs.readFileSync(path.join(own, 'server', 'features.json'), 'utf8')) as Record<string, unknown>;
    } catch {
      compiled = undefined; // a tenant's self-contained build: compiled from this tenant's file
    }
    const matches = compiled === undefined || sortedJson(compiled) === sortedJson(tenant.features);
    if (matches) {
      const mine = load(ownFile, own, undefined);
      if (mine) return { ...mine, tenant, standIn: false };
    }
    const runtime = standIn();
    if (runtime) {
      const features = sortedJson(tenant.features);
      const key = crypto.createHash('sha256').update(features).digest('hex').slice(0, 16);
      const stand = load(path.join(runtime, 'server', 'entry-server.js'), runtime, { key, switches: tenant.features as Record<string, unknown> });
      if (stand) return { ...stand, tenant, standIn: true };
    }
    const old = load(ownFile, own, undefined);
    return old ? { ...old, tenant: { ...tenant, features: compiled as ResolvedTenant['features'] }, standIn: false } : null;
  }
  /** The folders a tenant's browser files may be in: its own bundle, then the stand-in's (a page it served may still ask for them). */
  function assetRoots(slug: string): string[] {
    const runtime = standIn();
    return [path.join(distDir, slug), ...(runtime ? [runtime] : [])];
  }
  return { entryFor, assetRoots };
}
