import crypto from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { ResolvedTenant } from '../../schema/resolved-tenant.gen.ts';
import type { SearchService } from '../search-bridge.ts';
import { chooseEncoding } from './static.ts';

/*
 * Serves a tenant's pages from its own server entry (`dist/<slug>/server/entry-server.js`,
 * built with the tenant's flags beside its browser bundle). One process hosts many tenants:
 * each entry is imported once (again when a rebuild replaces it) and renders every page
 * request of its tenant. The entry's route loaders reach the platform through services
 * handed in here: search through the engine in-process (the same Algolia request the browser
 * sends), the API over loopback with the shopper's cookies. See docs/rendering.md.
 */

/** The render services a server entry receives (mirrors site/src/lib/services.ts). */
interface RenderServices {
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  origin: { host: string; protocol: string };
  searchRequester?: { send: (request: { url: string; method: string; data?: string | Uint8Array }) => Promise<{ content: string; status: number; isTimedOut: boolean }> };
  cookie: () => string;
  now: () => number;
}

/** What a tenant's server entry exports (site/src/entry-server.tsx). */
export interface ServerEntry {
  render(input: { request: Request; services: RenderServices; manifest: unknown; nonce?: string; tenant: ResolvedTenant }): Promise<Response>;
}

/** A loaded server entry and the route ids its browser bundle has. */
export interface LoadedEntry {
  entry: ServerEntry;
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

/** The registry a stand-in entry reads its switches from (build/plugins/feature-flags.ts `runtimeSsrBanner`). */
const STAND_IN_REGISTRY = '__FC_TENANT_FEATURES__';
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
 * Loads server entries on demand and keeps them while their build is unchanged. A tenant is
 * rendered by its own bundle (shared with every tenant with the same switches: one module
 * instance per bundle, the tenant handed in per request). While that bundle is missing, or was
 * built with other switches than the tenant file now has, the stand-in renders it when there is
 * one (one instance per set of switches), so a switched-off feature is off at once; without a
 * stand-in the old bundle keeps rendering with the switches it was compiled with. A rebuild
 * swaps the files (new mtime), so the next request imports the new entry. Null when the tenant
 * has nothing to render with.
 */
export function createEntryLoader(distDir: string) {
  const loaded = new Map<string, Promise<Omit<LoadedEntry, 'tenant' | 'standIn'>>>();
  const standIn = standInFinder(distDir);
  const load = (file: string, root: string, query: string): Promise<Omit<LoadedEntry, 'tenant' | 'standIn'>> | null => {
    let real: string;
    let stat: fs.Stats;
    try {
      real = fs.realpathSync(file);
      stat = fs.statSync(real);
    } catch {
      return null;
    }
    const version = `${stat.mtimeMs}-${stat.size}`;
    const cacheKey = `${real}?${query}&v=${version}`;
    let promise = loaded.get(cacheKey);
    if (!promise) {
      const manifestFile = path.join(path.dirname(real), 'router-manifest.json');
      promise = (async () => {
        const entry = (await import(`${pathToFileURL(real).href}?${query}${query ? '&' : ''}v=${encodeURIComponent(version)}`)) as ServerEntry;
        const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as LoadedEntry['manifest'];
        return { entry, manifest, version, root };
      })();
      // An older version of the same entry is dropped so a long-running server does not keep every build.
      for (const key of loaded.keys()) if (key.startsWith(`${real}?${query}&v=`)) loaded.delete(key);
      loaded.set(cacheKey, promise);
      promise.catch(() => loaded.delete(cacheKey));
    }
    return promise;
  };
  async function entryFor(slug: string, tenant: ResolvedTenant): Promise<LoadedEntry | null> {
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
      const mine = load(ownFile, own, '');
      if (mine) return { ...(await mine), tenant, standIn: false };
    }
    const runtime = standIn();
    if (runtime) {
      const features = sortedJson(tenant.features);
      const key = crypto.createHash('sha256').update(features).digest('hex').slice(0, 16);
      const registry = ((globalThis as Record<string, unknown>)[STAND_IN_REGISTRY] ??= {}) as Record<string, unknown>;
      registry[key] = tenant.features;
      const stand = load(path.join(runtime, 'server', 'entry-server.js'), runtime, `features=${key}`);
      if (stand) return { ...(await stand), tenant, standIn: true };
    }
    const old = load(ownFile, own, '');
    return old ? { ...(await old), tenant: { ...tenant, features: compiled as ResolvedTenant['features'] }, standIn: false } : null;
  }
  /** The folders a tenant's browser files may be in: its own bundle, then the stand-in's (a page it served may still ask for them). */
  function assetRoots(slug: string): string[] {
    const runtime = standIn();
    return [path.join(distDir, slug), ...(runtime ? [runtime] : [])];
  }
  return { entryFor, assetRoots };
}

/** Answers a same-origin API call of a render over loopback, with the shopper's cookies. */
function loopbackFetch(port: number, host: string, cookie: string, testNow: number | undefined) {
  return (apiPath: string, init?: RequestInit): Promise<Response> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { host, accept: 'application/json' };
      if (cookie) headers.cookie = cookie;
      // A page rendered at a browser test's time asks the API at that time too.
      if (testNow !== undefined) headers['x-forecourt-test-now'] = new Date(testNow).toISOString();
      for (const [name, value] of new Headers(init?.headers).entries()) headers[name] = value;
      const body = typeof init?.body === 'string' ? init.body : undefined;
      // A fresh loopback connection per call (agent: false): a kept-alive socket can be closed by
      // this server's own 5 s keep-alive timeout just as a render reuses it ("socket hang up").
      const request = http.request({ host: '127.0.0.1', port, path: apiPath, method: init?.method ?? 'GET', headers, agent: false }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
          responseHeaders.delete('content-encoding');
          resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 500, headers: responseHeaders }));
        });
        answer.on('error', reject);
      });
      request.on('error', reject);
      request.setTimeout(10_000, () => request.destroy(new Error(`loopback ${apiPath} timed out`)));
      request.end(body);
    });
}

/** The engine as algoliasearch's requester: the render's search requests never leave the process. */
function inProcessRequester(search: Pick<SearchService, 'handle'> | null, slug: string): RenderServices['searchRequester'] {
  return {
    async send(request) {
      if (!search) return { content: JSON.stringify({ message: 'Stock search is not available', status: 503 }), status: 503, isTimedOut: false };
      const url = new URL(request.url);
      const text = typeof request.data === 'string' ? request.data : request.data ? Buffer.from(request.data).toString('utf8') : '';
      const body: unknown = text ? JSON.parse(text) : undefined;
      const result = await search.handle(slug, request.method, url.pathname, body, Object.fromEntries(url.searchParams));
      return { content: result.text?.() ?? JSON.stringify(result.json), status: result.status, isTimedOut: false };
    },
  };
}

/** What renderPage needs besides the request. */
export interface RenderPageOptions {
  slug: string;
  loaded: LoadedEntry;
  /** The search engine as the browser reaches it (the tenant's stock filter enforced). */
  search: Pick<SearchService, 'handle'> | null;
  port: number;
  /** Scheme the shopper used (https behind a TLS-terminating proxy). */
  protocol: 'http' | 'https';
  /** Headers every page answer carries (security headers with this nonce). */
  headers: (nonce: string) => Record<string, string>;
  /** The render's clock (default: the request's arrival); browser tests fix it. */
  now?: number;
  log?: (line: string) => void;
  /** Called with the whole page once sent (the page cache decides whether to keep it). */
  keep?: (page: { status: number; headers: Record<string, string>; html: string; nonce: string }) => void;
}

/**
 * Renders one page request and streams it to the shopper (brotli or gzip when accepted, flushed
 * as React streams). Redirects and 404s come back with their real status. A render that throws
 * answers 500 with the friendly error page, never a stack trace.
 */
export async function renderPage(req: IncomingMessage, res: ServerResponse, options: RenderPageOptions): Promise<void> {
  const host = req.headers.host ?? `${options.slug}.localhost`;
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort(new Error('client went away'));
  });
  const request = new Request(`${options.protocol}://${host}${req.url ?? '/'}`, {
    method: 'GET',
    headers: Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : [])),
    signal: abort.signal,
  });
  const cookie = typeof req.headers.cookie === 'string' ? req.headers.cookie : '';
  const requestTime = options.now ?? Date.now();
  const nonce = crypto.randomBytes(16).toString('base64');
  const services: RenderServices = {
    fetch: loopbackFetch(options.port, host, cookie, options.now),
    origin: { host, protocol: `${options.protocol}:` },
    searchRequester: inProcessRequester(options.search, options.slug),
    cookie: () => cookie,
    now: () => requestTime,
  };
  const response = await options.loaded.entry.render({ request, services, manifest: options.loaded.manifest, nonce, tenant: options.loaded.tenant });
  const headers: Record<string, string> = {
    ...options.headers(nonce),
    'Cache-Control': 'no-cache, private',
    Vary: 'Accept-Encoding, Cookie',
  };
  // One header per name, whatever its case: the render's own (lower-case) Content-Type and
  // Location were sent again beside the server's, and a client may read either.
  const setHeader = (name: string, value: string) => {
    for (const key of Object.keys(headers)) if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
    headers[name] = value;
  };
  response.headers.forEach((value, name) => setHeader(name, value));
  if (response.status >= 300 && response.status < 400) {
    const location = response.headers.get('location') ?? (response as Response & { options?: { href?: string } }).options?.href;
    if (location) setHeader('Location', location);
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  setHeader('Content-Type', 'text/html; charset=utf-8');
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (encoding) setHeader('Content-Encoding', encoding);
  res.writeHead(response.status, headers);
  if (req.method === 'HEAD' || !response.body) {
    await response.body?.cancel();
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 }, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
      : encoding === 'gzip'
        ? zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH })
        : null;
  // The page as sent, for the page cache: only when the whole of it was read without an error.
  const keep = options.keep;
  if (keep) {
    const chunks: Buffer[] = [];
    let failed = false;
    body.on('data', (chunk: Uint8Array) => chunks.push(Buffer.from(chunk)));
    body.on('error', () => (failed = true));
    body.on('end', () => {
      if (!failed && !abort.signal.aborted) keep({ status: response.status, headers, html: Buffer.concat(chunks).toString('utf8'), nonce });
    });
  }
  await new Promise<void>((resolve) => {
    const fail = (error: Error) => {
      options.log?.(`[server] streaming ${options.slug}${req.url ?? ''} failed: ${error.message}`);
      res.destroy(error);
      resolve();
    };
    body.on('error', fail);
    const out = compressor ? body.pipe(compressor) : body;
    if (compressor) compressor.on('error', fail);
    out.pipe(res);
    res.on('finish', resolve);
    res.on('close', resolve);
  });
}
