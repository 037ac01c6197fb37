import fs from 'node:fs';
import path from 'node:path';
import { liveOffers } from '../api/content.ts';
import { createPageCache, sendCachedPage, siteWrites } from '../http/page-cache.ts';
import { pageHeaders } from '../http/page-headers.ts';
import { busyPage, notBuiltPage, serverErrorPage } from '../http/pages.ts';
import { createRenderQueue } from '../http/render-queue.ts';
import { createSitemaps, tenantRobots } from '../http/seo.ts';
import { createEntryLoader, renderPage } from '../http/ssr.ts';
import { serveStatic } from '../http/static.ts';
import { enforcedStockFilter, restrictSearch } from '../search-restrict.ts';
import { stockGeneration } from '../stock/generation.ts';
import { testNowOf } from './context.ts';
import type { AppDeps, Surface, TenantRequest } from './deps.ts';
import { guardHeaders, isHttps, sendHtml, sendJson, sendText } from './respond.ts';

/*
 * The tenant's pages: robots.txt, sitemaps, the bundle's files, and every other path rendered
 * by the tenant's server entry (or its static shell when the bundle predates server rendering).
 * Only GET and HEAD reach a page.
 */

/** The last surface: answers every path no other surface claimed. */
export function pageSurface(deps: AppDeps): Surface {
  const { entryFor, assetRoots } = createEntryLoader(deps.distDir);
  const cache = deps.pageCache === false ? null : createPageCache(deps.pageCache);
  const queue = createRenderQueue(deps.renderQueue);
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
      const loaded = await entryFor(tenant.slug, tenant.config);
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
    const loaded = await entryFor(tenant.slug, tenant.config).catch((error: unknown) => {
      console.error(`[server] ${tenant.slug}: server entry failed to load:`, error);
      return null;
    });
    // A bundle built before server rendering (or a broken entry): the browser renders it.
    if (!loaded) {
      if (!serveStatic(req, res, root, pathname, security)) sendHtml(req, res, 503, notBuiltPage(tenant), deps.frameAncestors);
      return;
    }
    // Anonymous pages come from the page cache while fresh: no render, never refused.
    const key = cache?.keyOf(req, `${tenant.slug}|${https}|${loaded.root}|${loaded.version}|${tenantVersion(tenant.config)}|${stockGeneration(tenant.slug).n}|${siteWrites(tenant.slug)}`) ?? null;
    const kept = key === null ? undefined : cache?.get(key);
    if (kept) return sendCachedPage(req, res, kept);
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    const refused = await queue.run(() => render(request, loaded, key), gone.signal);
    if (refused) {
      res.writeHead(503, { ...guardHeaders(req, 'html', { frameAncestors: deps.frameAncestors }), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': String(refused.retryAfterSeconds) });
      res.end(req.method === 'HEAD' ? undefined : busyPage(tenant));
    }
  }

  async function render({ req, res, tenant }: TenantRequest, loaded: NonNullable<Awaited<ReturnType<typeof entryFor>>>, key: string | null): Promise<void> {
    const https = isHttps(req);
    try {
      const proto = https ? 'https' : 'http';
      const testNow = testNowOf(deps, req);
      await renderPage(req, res, {
        slug: tenant.slug,
        loaded,
        // The render searches exactly as the browser would: through the same enforced stock filter.
        search: deps.search
          ? {
              handle: (slug: string, method: string, searchPath: string, body: unknown, query: Record<string, string>) => {
                const restricted = restrictSearch(searchPath, body, query, enforcedStockFilter(tenant, deps.services.now()));
                return deps.search!.handle(slug, method, searchPath, restricted.body, restricted.query);
              },
            }
          : null,
        port: deps.port(),
        protocol: proto,
        headers: (nonce) => pageHeaders(tenant.config, { nonce, https, frameAncestors: deps.frameAncestors }),
        ...(testNow === undefined ? {} : { now: testNow }),
        ...(key === null || cache === null ? {} : { keep: (page) => cache.keep(key, page) }),
      });
    } catch (error) {
      console.error(`[server] render ${tenant.slug}${req.url ?? ''} failed:`, error);
      if (!res.headersSent) sendHtml(req, res, 500, serverErrorPage(tenant), deps.frameAncestors);
      else res.destroy();
    }
  }

  return { claims: () => true, handle: handlePage };
}
