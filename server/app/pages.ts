import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { liveOffers } from '../api/content.ts';
import { createPageCache, sendCachedPage, siteWrites } from '../http/page-cache.ts';
import { pageHeaders } from '../http/page-headers.ts';
import { busyPage, notBuiltPage, serverErrorPage } from '../http/pages.ts';
import { createRenderPool } from '../http/render-pool.ts';
import { createRenderQueue } from '../http/render-queue.ts';
import { newNonce } from '../http/security-headers.ts';
import { createSitemaps, tenantRobots } from '../http/seo.ts';
import { createEntryLoader, type LoadedEntry } from '../http/ssr.ts';
import { chooseEncoding, serveStatic } from '../http/static.ts';
import { enforcedStockFilter, restrictSearch } from '../search-restrict.ts';
import { stockGeneration } from '../stock/generation.ts';
import { requestNow, testNowOf } from './context.ts';
import type { AppDeps, Surface, TenantRequest } from './deps.ts';
import { sendRenderedPage } from './rendered-page.ts';
import { guardHeaders, isHttps, sendHtml, sendJson, sendText } from './respond.ts';

/*
 * The tenant's pages: robots.txt, sitemaps, the bundle's files, and every other path rendered
 * by the tenant's server entry (or its static shell when the bundle predates server rendering).
 * Only GET and HEAD reach a page. Renders run in the render threads (server/http/render-pool.ts)
 * behind the render queue; this thread keeps the page cache and writes each page out.
 */

/** The last surface: answers every path no other surface claimed (close ends its render threads). */
export function pageSurface(deps: AppDeps): Surface & { close(): Promise<void> } {
  const { entryFor, assetRoots } = createEntryLoader(deps.distDir);
  const cache = deps.pageCache === false ? null : createPageCache(deps.pageCache);
  const pool = deps.renderThreads ?? createRenderPool(deps.renderPool);
  // As many renders at once as the threads take, unless set.
  const queue = createRenderQueue({ concurrent: pool.capacity, ...deps.renderQueue });
  /** Cache key → the render of that page under way (settles when it is written and kept). */
  const rendering = new Map<string, Promise<void>>();
  // A tenant file read again is a new object: pages rendered from the old one are not reused.
  const tenantVersions = new WeakMap<object, number>();
  let versions = 0;
  const tenantVersion = (config: object) => {
    let version = tenantVersions.get(config);
    if (version === undefined) tenantVersions.set(config, (version = ++versions));
    return version;
  };
  const sitemaps = createSitemaps(deps.search, deps.services.now, {
    modelSlugs: async (makes) =>
      makes.length === 0 ? [] : (await deps.db.selectFrom('models').innerJoin('manufacturers', 'manufacturers.id', 'models.manufacturer_id').select('models.slug').where('manufacturers.slug', 'in', makes).execute()).map((r) => r.slug),
    content: async (tenant, at) => {
      const siteId = deps.siteIds.get(tenant.slug);
      if (siteId === undefined) return { articles: [], liveOfferIds: [] };
      const [articles, offers] = await Promise.all([
        deps.db.selectFrom('blog_posts').select(['slug', 'category']).where('site_id', '=', siteId).orderBy('published_on', 'desc').orderBy('id').execute(),
        liveOffers(deps.db, siteId, at).select('id').orderBy('expires_at').orderBy('id').execute(),
      ]);
      return { articles, liveOfferIds: offers.map((o) => o.id) };
    },
  });

  async function handlePage(request: TenantRequest): Promise<void> {
    const { req, res, tenant, pathname } = request;
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(req, res, 405, { error: `${req.method} is not allowed here` }, { Allow: 'GET, HEAD' });
    const root = path.join(deps.distDir, tenant.slug);
    const https = isHttps(req);
    const security = { https, frameAncestors: deps.frameAncestors };
    // The server entry and its manifest sit inside dist/<slug>/ but are never served.
    if (pathname.startsWith('/server/') || pathname === '/server' || /\/\./.test(pathname)) return sendText(req, res, 404, `Not found: ${pathname}`);
    if (pathname === '/robots.txt') return sendText(req, res, 200, tenantRobots(tenant), 'text/plain; charset=utf-8');
    const sitemap = /^\/sitemap(?:-(\d+))?\.xml$/.exec(pathname);
    if (sitemap) {
      const loaded = entryFor(tenant.slug, tenant.config);
      const { index, files } = await sitemaps.files(tenant, Boolean(loaded?.manifest.routes['/cars/$slug']), Boolean(loaded?.manifest.routes['/locations/$slug']));
      const part = sitemap[1] === undefined ? null : Number(sitemap[1]);
      const body = part === null ? (index ?? files[0]) : index ? files[part - 1] : undefined;
      if (body === undefined) return sendText(req, res, 404, `Not found: ${pathname}`);
      return sendText(req, res, 200, body, 'application/xml; charset=utf-8');
    }
    // Files of the bundle (hashed assets, images, the build report): served as they are.
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
      // The tenant's bundle, else the stand-in's (a page the stand-in served asks for its files).
      const from = assetRoots(tenant.slug).find((dir) => fs.existsSync(path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, '')))) ?? root;
      if (!serveStatic(req, res, from, pathname, security, { fallback: false })) sendHtml(req, res, 503, notBuiltPage(tenant), deps.frameAncestors);
      return;
    }
    const loaded = entryFor(tenant.slug, tenant.config);
    // A bundle built before server rendering: the browser renders it.
    if (!loaded) return serveShell(request);
    // Anonymous pages come from the page cache while fresh: no render, never refused.
    const key = cache?.keyOf(req, `${tenant.slug}|${https}|${loaded.root}|${loaded.version}|${tenantVersion(tenant.config)}|${stockGeneration(tenant.slug).n}|${siteWrites(tenant.slug)}`) ?? null;
    const kept = key === null ? undefined : cache?.get(key);
    if (kept) return sendCachedPage(req, res, kept);
    // One render per page at a time: when a page's time is up (or stock moved its key), the
    // shoppers asking for it meanwhile get the page just past its time, or wait for that render,
    // instead of all rendering it (and all but a few being refused).
    // Under overload the page is answered busy at its deadline (server/http/render-queue.ts).
    const deadline = queue.deadline();
    const flight = key === null ? undefined : rendering.get(key);
    if (key !== null && cache && flight) {
      const old = cache.stale(key);
      if (old) return sendCachedPage(req, res, old);
      const late = await queue.until(flight, deadline);
      if (late) return sendBusy(request, late.retryAfterSeconds);
      const fresh = cache.get(key);
      if (fresh) return sendCachedPage(req, res, fresh);
    }
    // A shopper who left before being answered: their wait is dropped and their render told.
    // One answered busy at the deadline is not gone: their render goes on into the page cache.
    const gone = new AbortController();
    let answeredBusy = false;
    res.on('close', () => {
      if (!answeredBusy) gone.abort();
    });
    const lead = key !== null && cache !== null && !rendering.has(key);
    let landed: (() => void) | undefined;
    if (lead) rendering.set(key, new Promise<void>((resolve) => (landed = resolve)));
    // The page's render is under way until it is written and kept, even when its shopper was
    // answered busy meanwhile: shoppers asking for it then wait for it instead of rendering it again.
    const land = () => {
      if (!lead) return;
      rendering.delete(key);
      landed?.();
      landed = undefined;
    };
    let started = false;
    try {
      const refused = await queue.run(async () => {
        started = true;
        try {
          await render(request, loaded, key, gone.signal);
        } finally {
          land();
        }
      }, { deadline, gone: gone.signal });
      if (refused && !res.headersSent && !res.destroyed) {
        answeredBusy = true;
        sendBusy(request, refused.retryAfterSeconds);
      }
    } finally {
      if (!started) land();
    }
  }

  /** The bundle's static shell (the browser renders the page), else "not built yet". */
  function serveShell({ req, res, tenant, pathname }: TenantRequest): void {
    const security = { https: isHttps(req), frameAncestors: deps.frameAncestors };
    if (!serveStatic(req, res, path.join(deps.distDir, tenant.slug), pathname, security)) sendHtml(req, res, 503, notBuiltPage(tenant), deps.frameAncestors);
  }

  async function render(request: TenantRequest, loaded: LoadedEntry, key: string | null, gone: AbortSignal): Promise<void> {
    const { req, res, tenant } = request;
    const https = isHttps(req);
    const host = req.headers.host ?? `${tenant.slug}.localhost`;
    const testNow = testNowOf(deps, req);
    // One instant for the whole render: the route's stock filter and the one the server ANDs
    // into the render's searches are made for the same hour.
    const requestTime = requestNow(deps, req).getTime();
    const nonce = crypto.randomBytes(16).toString('base64');
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const outcome = await pool.render({
      entry: loaded.spec,
      file: loaded.file,
      version: loaded.version,
      input: {
        path: req.url ?? '/',
        headers: Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value] as [string, string]] : [])),
        host,
        protocol: https ? 'https' : 'http',
        cookie: typeof req.headers.cookie === 'string' ? req.headers.cookie : '',
        requestTime,
        ...(testNow === undefined ? {} : { testNow }),
        port: deps.port(),
        nonce,
        manifest: loaded.manifest,
        tenant: loaded.tenant,
        encoding,
        keepable: key !== null && cache !== null,
      },
      // The render searches exactly as the browser would: through the same enforced stock filter.
      search: async ({ url, method, data }) => {
        if (!deps.search) return { content: JSON.stringify({ message: 'Stock search is not available', status: 503 }), status: 503 };
        const target = new URL(url);
        const restricted = restrictSearch(target.pathname, data ? (JSON.parse(data) as unknown) : undefined, Object.fromEntries(target.searchParams), enforcedStockFilter(tenant, new Date(requestTime)));
        const result = await deps.search.handle(tenant.slug, method, target.pathname, restricted.body, restricted.query);
        return { content: result.text?.() ?? JSON.stringify(result.json), status: result.status };
      },
      signal: gone,
    });
    // Answered busy at its deadline, or the shopper left: a rendered page is only kept.
    if ((res.headersSent || res.destroyed) && outcome.kind !== 'rendered') return;
    switch (outcome.kind) {
      case 'rendered':
        return sendRenderedPage(req, res, outcome.answer, {
          nonce,
          encoding,
          headers: pageHeaders(tenant.config, { nonce, https, frameAncestors: deps.frameAncestors }),
          ...(key === null || cache === null ? {} : { keep: (page) => cache.keep(key, page) }),
        });
      case 'load-failed':
        // A broken entry: the browser renders the page from the bundle's shell.
        console.error(`[server] ${tenant.slug}: server entry failed to load: ${outcome.message}`);
        return serveShell(request);
      case 'failed':
        console.error(`[server] render ${tenant.slug}${req.url ?? ''} failed: ${outcome.message}`);
        return sendHtml(req, res, 500, serverErrorPage(tenant), deps.frameAncestors);
      case 'timed-out':
        console.error(`[server] render ${tenant.slug}${req.url ?? ''} stopped: ${outcome.message}`);
        // A page whose own render ran past the limit would hold a render slot again every few
        // seconds in each tab left open on it: the shopper tries again, the page does not.
        return sendBusy(request, 1, outcome.retrySoon);
    }
  }

  /** 503 with Retry-After and the tenant's short "busy for a moment" page. */
  function sendBusy({ req, res, tenant, url }: TenantRequest, retryAfterSeconds: number, retryBySelf = true): void {
    const nonce = newNonce();
    res.writeHead(503, { ...guardHeaders(req, 'html', { frameAncestors: deps.frameAncestors, nonce }), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(retryAfterSeconds) });
    res.end(req.method === 'HEAD' ? undefined : busyPage(tenant, { retryAfterSeconds, again: `${url.pathname}${url.search}`, nonce, retryBySelf }));
  }

  return { claims: () => true, handle: handlePage, close: () => pool.close() };
}
