import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from './db/types.ts';
import { accountRoutes, sessionToken } from './api/account.ts';
import { contentRoutes, liveOffers } from './api/content.ts';
import { financeRoutes } from './api/finance.ts';
import { financeCalculatorRoutes } from './api/finance-calculator.ts';
import { holdRoutes } from './api/holds.ts';
import { leadRoutes } from './api/leads.ts';
import { locationRoutes } from './api/locations.ts';
import { mapRoutes } from './api/maps.ts';
import { orderRoutes } from './api/orders.ts';
import { placeRoutes } from './api/places.ts';
import { vehicleRoutes } from './api/vehicles.ts';
import { requireStockKey, stockRoutes } from './stock/routes.ts';
import { feedPhotoFile } from './stock/photos.ts';
import { hashToken } from './auth.ts';
import { arrivedOverHttps, clientAddress, type TrustedProxies } from './http/client-address.ts';
import { compilePath, HttpError, MAX_ID, readBody, type Context, type HandlerResult, type Route, type ServerServices, type SessionUser } from './http/core.ts';
import { assertCleanParams, assertSameOriginJson, badText, findBadText, parseJsonBody } from './http/input-guard.ts';
import { maintenancePage, notBuiltPage, serverErrorPage, tenantIndexPage, unknownHostPage } from './http/pages.ts';
import { securityHeaders, type SecurityHeaderOptions } from './http/security-headers.ts';
import { isStorageFailure, STORAGE_FAILURE_MESSAGE } from './db/storage-errors.ts';
import { enforcedStockFilter, restrictSearch } from './search-restrict.ts';
import { createRateLimiter, type RateLimiter } from './http/rate-limit.ts';
import { hostHeaderCount, parseRequestTarget } from './http/request-target.ts';
import { createSignInGuard, type SignInGuard } from './http/sign-in-guard.ts';
import { assertAnswerSize, runSearchCall, searchCallCost } from './http/search-limits.ts';
import { chooseEncoding, serveStatic } from './http/static.ts';
import { createEntryLoader, renderPage } from './http/ssr.ts';
import { handleDealerInbox, isDealerInboxPath } from './dealer-inbox/routes.ts';
import { createSitemaps, tenantRobots } from './http/seo.ts';
import { pageHeaders } from './http/page-headers.ts';
import { FORMATS, imageParams, renderImage, renderPhoto, type ImageFormat, type ImageScene } from './images.ts';
import { openApiDocument } from './openapi.ts';
import type { SearchService } from './search-bridge.ts';
import { tenantForHost, type BrokenTenant, type HostedTenant } from './tenants.ts';
import zlib from 'node:zlib';

/*
 * The request handler: finds the tenant of the Host, then dispatches to the platform API
 * (/api/*), the search engine (/1/*), generated images (/images/*) or the tenant's bundle.
 */

/** Every API route, in match order. */
export const API_ROUTES: Route[] = [...vehicleRoutes, ...locationRoutes, ...mapRoutes, ...placeRoutes, ...contentRoutes, ...leadRoutes, ...holdRoutes, ...orderRoutes, ...accountRoutes, ...financeRoutes, ...financeCalculatorRoutes, ...stockRoutes];
const compiled = API_ROUTES.map((r) => ({ route: r, match: compilePath(r.path) }));

/** What the handler needs from the server. */
export interface AppDeps {
  db: Kysely<Database>;
  tenants: HostedTenant[];
  siteIds: Map<string, number>;
  distDir: string;
  imageCacheDir: string;
  port: () => number;
  search: SearchService | null;
  services: ServerServices;
  leadRateLimit: { max: number; windowMs: number };
  /** Search queries per client address and site per window (a multi-query call counts each query). */
  searchRateLimit?: { max: number; windowMs: number };
  /** Sign-up attempts per account (email) per window, whatever the address; and failed sign-ins per account from all unknown sources together. */
  accountRateLimit?: { max: number; windowMs: number };
  /** Proxies whose X-Forwarded-For / -Proto are believed (TRUSTED_PROXIES). */
  trustedProxies: TrustedProxies;
  /** Origins allowed to frame pages (the editor preview; FRAME_ANCESTORS). */
  frameAncestors?: readonly string[];
  /** Tenants whose file is invalid: answered with a maintenance page (same array the watcher updates). */
  brokenTenants?: BrokenTenant[];
  /** Other origins that may send state-changing requests (the editor preview's proxy; ALLOWED_ORIGINS). */
  allowedOrigins?: (origin: string) => boolean;
  /** Honour `x-forecourt-test-now` on page requests (browser tests only). */
  testClock?: boolean;
  /** Token local tools (npm run leads) send from this machine to read dealer routes. */
  adminToken: string;
  /** Local-only pages of the bare localhost origin (the local mailbox); true when one answered. */
  localPages?: (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean;
}

function isLocalAdmin(req: IncomingMessage, token: string): boolean {
  const sent = req.headers['x-forecourt-admin-token'];
  const address = req.socket.remoteAddress ?? '';
  const loopback = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  if (!loopback || typeof sent !== 'string' || sent.length !== token.length) return false;
  return crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(token));
}

/** Whether the request came over HTTPS, set per request by the handler (HSTS, Secure cookies). */
const httpsRequests = new WeakSet<IncomingMessage>();

function guardHeaders(req: IncomingMessage, kind: SecurityHeaderOptions['kind'], extra: Partial<SecurityHeaderOptions> = {}): Record<string, string> {
  return securityHeaders({ kind, https: httpsRequests.has(req), ...extra });
}

function sendJson(req: IncomingMessage, res: ServerResponse, status: number, json: unknown, headers: Record<string, string | string[]> = {}): void {
  if (json === undefined) {
    res.writeHead(status, { ...guardHeaders(req, 'api'), ...headers });
    res.end();
    return;
  }
  sendJsonText(req, res, status, JSON.stringify(json), headers);
}

/** sendJson for a body already written as JSON text (search answers write their own). */
function sendJsonText(req: IncomingMessage, res: ServerResponse, status: number, text: string, headers: Record<string, string | string[]> = {}): void {
  const raw = Buffer.from(text);
  const encoding = raw.length > 1024 ? chooseEncoding(req.headers['accept-encoding']) : null;
  const body = encoding === 'br' ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : encoding === 'gzip' ? zlib.gzipSync(raw, { level: 6 }) : raw;
  res.writeHead(status, {
    ...guardHeaders(req, 'api'),
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding, Cookie',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': String(body.length),
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendText(req: IncomingMessage, res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  const raw = Buffer.from(text);
  const encoding = raw.length > 1024 ? chooseEncoding(req.headers['accept-encoding']) : null;
  const body = encoding === 'br' ? zlib.brotliCompressSync(raw) : encoding === 'gzip' ? zlib.gzipSync(raw) : raw;
  res.writeHead(status, {
    ...guardHeaders(req, 'asset'),
    'Content-Type': type,
    'Cache-Control': status === 200 ? 'public, max-age=300' : 'no-cache',
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': String(body.length),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendHtml(req: IncomingMessage, res: ServerResponse, status: number, html: string, frameAncestors?: readonly string[]): void {
  res.writeHead(status, { ...guardHeaders(req, 'html', { frameAncestors }), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end(req.method === 'HEAD' ? undefined : html);
}

/**
 * Creates the node:http request listener.
 * @param deps database, tenants, search engine and settings
 */
export function createApp(deps: AppDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const limiter: RateLimiter = createRateLimiter(deps.leadRateLimit);
  const entryFor = createEntryLoader(deps.distDir);
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
  /** The time a browser test set on this request (`x-forecourt-test-now`, only with `testClock`), else undefined. */
  const testNowOf = (req: IncomingMessage): number | undefined => {
    const at = deps.testClock ? Date.parse(String(req.headers['x-forecourt-test-now'] ?? '')) : Number.NaN;
    return Number.isFinite(at) ? at : undefined;
  };
  const accountLimiter: RateLimiter = createRateLimiter(deps.accountRateLimit ?? { max: 10, windowMs: 15 * 60_000 });
  const signInGuard: SignInGuard = createSignInGuard(deps.accountRateLimit);
  const searchLimiter: RateLimiter = createRateLimiter(deps.searchRateLimit ?? { max: 600, windowMs: 60_000 });
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (arrivedOverHttps((req.socket as { encrypted?: boolean }).encrypted === true, req.socket.remoteAddress, req.headers['x-forwarded-proto'], deps.trustedProxies)) httpsRequests.add(req);
    // Two Host headers: Node keeps the first, a proxy in front may have routed by the other.
    if (hostHeaderCount(req.rawHeaders) > 1) return sendJson(req, res, 400, { error: 'Invalid request: more than one Host header' });
    const host = (req.headers.host ?? '').toLowerCase();
    const target = parseRequestTarget(req.url);
    if (!target.ok) return sendJson(req, res, 400, { error: target.error });
    const url = target.url;
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return sendJson(req, res, 400, { error: 'Malformed URL encoding' });
    }
    const badPath = badText(pathname);
    if (badPath) return sendJson(req, res, 400, { error: `Invalid path: ${badPath}` });
    const bareHost = host.replace(/:\d+$/, '');
    // The index of hosted sites is for `npm start` on this machine: a localhost Host header from
    // elsewhere is just an unknown host.
    const fromThisMachine = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
    if (fromThisMachine && (bareHost === 'localhost' || bareHost === '127.0.0.1' || bareHost === '[::1]')) {
      if (pathname === '/' || pathname === '/index.html') {
        const built = new Set(deps.tenants.filter((t) => fs.existsSync(path.join(deps.distDir, t.slug, 'index.html'))).map((t) => t.slug));
        return sendHtml(req, res, 200, tenantIndexPage(deps.tenants, deps.port(), built, deps.localPages !== undefined));
      }
      if (pathname === '/healthz') return sendJson(req, res, 200, { ok: true, tenants: deps.tenants.length });
      if ((req.method === 'GET' || req.method === 'HEAD') && deps.localPages?.(req, res, pathname)) return;
      return sendHtml(req, res, 404, unknownHostPage(host, deps.tenants, deps.port()));
    }
    const tenant = tenantForHost(deps.tenants, host);
    const siteId = tenant ? deps.siteIds.get(tenant.slug) : undefined;
    if (!tenant && answerBrokenTenant(req, res, host, pathname)) return;
    if (!tenant || siteId === undefined) {
      if (pathname.startsWith('/api/') || pathname.startsWith('/1/')) return sendJson(req, res, 404, { error: `Unknown site: no dealer site is configured for host ${host || '(none)'}` });
      return sendHtml(req, res, 404, unknownHostPage(host, [], deps.port()));
    }

    if (pathname.startsWith('/1/')) return handleSearch(req, res, tenant, pathname, url);
    if (pathname.startsWith('/images/')) return handleImage(req, res, tenant, siteId, pathname, url);
    // The site's own address, never one built from the request's Host header.
    if (pathname === '/api/openapi.json') return sendJson(req, res, 200, openApiDocument(API_ROUTES, tenant.config.siteUrl));
    if (pathname.startsWith('/api/')) return handleApi(req, res, tenant, siteId, pathname, url);
    if (isDealerInboxPath(pathname)) {
      const extraHeaders: Record<string, string | string[]> = {};
      // Sign-in attempts count against the same per-account budget as the site's own sign-in.
      const ctx = contextFor(req, res, tenant, siteId, url, {}, '/api/auth/sign-in', extraHeaders);
      return handleDealerInbox({ ctx, pathname, extraHeaders, htmlHeaders: () => guardHeaders(req, 'html'), limitAddress: () => limitAddress(tenant, ctx.ip), allowedOrigins: deps.allowedOrigins });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(req, res, 405, { error: `${req.method} is not allowed here` }, { Allow: 'GET, HEAD' });
    return handlePage(req, res, tenant, pathname);
  };

  /** robots.txt, sitemaps, the bundle's files, and every other path rendered by the tenant's server entry. */
  async function handlePage(req: IncomingMessage, res: ServerResponse, tenant: HostedTenant, pathname: string) {
    const root = path.join(deps.distDir, tenant.slug);
    const https = httpsRequests.has(req);
    const security = { https, frameAncestors: deps.frameAncestors };
    // The server entry and its manifest sit inside dist/<slug>/ but are never served.
    if (pathname.startsWith('/server/') || pathname === '/server' || /\/\./.test(pathname)) return sendText(req, res, 404, `Not found: ${pathname}`);
    if (pathname === '/robots.txt') return sendText(req, res, 200, tenantRobots(tenant), 'text/plain; charset=utf-8');
    const sitemap = /^\/sitemap(?:-(\d+))?\.xml$/.exec(pathname);
    if (sitemap) {
      const loaded = await entryFor(tenant.slug);
      const { index, files } = await sitemaps.files(tenant, Boolean(loaded?.manifest.routes['/cars/$slug']), Boolean(loaded?.manifest.routes['/locations/$slug']));
      const part = sitemap[1] === undefined ? null : Number(sitemap[1]);
      const body = part === null ? (index ?? files[0]) : index ? files[part - 1] : undefined;
      if (body === undefined) return sendText(req, res, 404, `Not found: ${pathname}`);
      return sendText(req, res, 200, body, 'application/xml; charset=utf-8');
    }
    // Files of the bundle (hashed assets, images, the build report): served as they are.
    if (pathname.startsWith('/assets/') || path.extname(pathname) !== '') {
      if (!serveStatic(req, res, root, pathname, security, { fallback: false })) sendHtml(req, res, 503, notBuiltPage(tenant), deps.frameAncestors);
      return;
    }
    const loaded = await entryFor(tenant.slug).catch((error: unknown) => {
      console.error(`[server] ${tenant.slug}: server entry failed to load:`, error);
      return null;
    });
    // A bundle built before server rendering (or a broken entry): the browser renders it.
    if (!loaded) {
      if (!serveStatic(req, res, root, pathname, security)) sendHtml(req, res, 503, notBuiltPage(tenant), deps.frameAncestors);
      return;
    }
    try {
      const proto = https ? 'https' : 'http';
      const testNow = testNowOf(req);
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
      });
    } catch (error) {
      console.error(`[server] render ${tenant.slug}${req.url ?? ''} failed:`, error);
      if (!res.headersSent) sendHtml(req, res, 500, serverErrorPage(tenant), deps.frameAncestors);
      else res.destroy();
    }
  }

  /**
   * A host whose tenant file is invalid gets a maintenance answer (issue 12, defect 5): a page
   * for people, JSON for the API and search, 503 with Retry-After; the other sites are unaffected.
   * Kept apart from the page-serving path so server rendering can replace that path freely.
   */
  function answerBrokenTenant(req: IncomingMessage, res: ServerResponse, host: string, pathname: string): boolean {
    const broken = deps.brokenTenants?.length ? tenantForHost(deps.brokenTenants, host) : undefined;
    if (!broken) return false;
    const retry = { 'Retry-After': '300' };
    if (pathname.startsWith('/api/') || pathname.startsWith('/1/')) {
      sendJson(req, res, 503, { error: 'This site is being updated. Please try again in a few minutes.' }, retry);
    } else {
      res.writeHead(503, { ...guardHeaders(req, 'html'), 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...retry });
      res.end(req.method === 'HEAD' ? undefined : maintenancePage(broken.slug));
    }
    return true;
  }

  /** Counts a lead or account call against the client address's budget; 429 past it. */
  function limitAddress(tenant: HostedTenant, ip: string): void {
    const verdict = limiter.take(`${tenant.slug}|${ip}`);
    if (!verdict.ok) throw new HttpError(429, 'Too many requests. Please wait a moment and try again.', undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
  }

  /**
   * The context of one request to a handler (API routes and the dealer inbox): tenant, database,
   * session, body, limits. `limitScope` names what account attempts count against (the route),
   * and headers handlers set are collected in `extraHeaders`.
   */
  function contextFor(req: IncomingMessage, res: ServerResponse, tenant: HostedTenant, siteId: number, url: URL, params: Record<string, string>, limitScope: string, extraHeaders: Record<string, string | string[]>): Context {
    const ip = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.trustedProxies);
    const secure = httpsRequests.has(req);
    let userPromise: Promise<SessionUser | null> | undefined;
    let bodyPromise: Promise<unknown> | undefined;
    // Browser tests move the clock of the API too (offers and promotions inside their window), as they do a page's.
    const testNow = testNowOf(req);
    const services = testNow === undefined ? deps.services : { ...deps.services, now: () => new Date(testNow) };
    return {
      req, res, tenant, siteId, db: deps.db, params, query: url.searchParams, ip, services,
      secure,
      setHeader: (name, value) => { extraHeaders[name] = value; },
      limitAccount: (account) => {
        const verdict = accountLimiter.take(`${tenant.slug}|${limitScope}|${account}`);
        if (!verdict.ok) throw new HttpError(429, 'Too many attempts for this account. Please wait a few minutes and try again.', undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
      },
      signInGuard,
      body: () =>
        (bodyPromise ??= readBody(req).then((text) => {
          if (text.trim() === '') return undefined;
          const json = parseJsonBody(text);
          const bad = findBadText(json);
          if (bad) throw new HttpError(400, `Invalid body: ${bad.path}: ${bad.message}`, [bad]);
          return json;
        })),
      user: () =>
        (userPromise ??= (async () => {
          const token = sessionToken({ req });
          if (!token) return null;
          const row = await deps.db
            .selectFrom('sessions')
            .innerJoin('users', 'users.id', 'sessions.user_id')
            .select(['users.id', 'users.email', 'users.name', 'users.phone', 'users.role'])
            .where('sessions.token_hash', '=', hashToken(token))
            .where('sessions.site_id', '=', siteId)
            .where('users.site_id', '=', siteId)
            .where('sessions.expires_at', '>', deps.services.now())
            .executeTakeFirst();
          return row ? ({ ...row, role: row.role === 'dealer' ? 'dealer' : 'shopper' } as SessionUser) : null;
        })()),
    };
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, tenant: HostedTenant, siteId: number, pathname: string, url: URL) {
    let params: Record<string, string> | null = null;
    let route: Route | undefined;
    const allowed: string[] = [];
    for (const c of compiled) {
      const p = c.match(pathname);
      if (!p) continue;
      allowed.push(c.route.method);
      if (c.route.method === req.method || (req.method === 'HEAD' && c.route.method === 'GET')) {
        route = c.route;
        params = p;
        break;
      }
    }
    if (!route || !params) {
      if (allowed.length > 0) return sendJson(req, res, 405, { error: `${req.method} is not allowed on ${pathname}` }, { Allow: allowed.join(', ') });
      return sendJson(req, res, 404, { error: `No API route ${pathname}` });
    }
    const extraHeaders: Record<string, string | string[]> = {};
    const ctx = contextFor(req, res, tenant, siteId, url, params, route.path, extraHeaders);
    const ip = ctx.ip;
    try {
      const host = (req.headers.host ?? '').toLowerCase();
      // A stock key travels in the Authorization header, which no other site's page can send.
      // The site's own origin with the scheme this request really arrived over: an https Origin
      // on an http request (or the reverse) is another origin.
      if (route.auth !== 'dealer-key') assertSameOriginJson(req, [`${ctx.secure ? 'https' : 'http'}://${host}`], deps.allowedOrigins);
      assertCleanParams(url.searchParams, 'query');
      assertCleanParams(Object.entries(params), 'path');
      if (route.rateLimited) limitAddress(tenant, ip);
      if (route.auth === 'local') {
        if (!isLocalAdmin(req, deps.adminToken)) throw new HttpError(403, 'Only a tool on the server machine can do this (npm run dealer-account).');
      } else if (route.auth === 'dealer-key') {
        if (!isLocalAdmin(req, deps.adminToken)) await requireStockKey(ctx);
      } else if (route.auth === 'dealer' && isLocalAdmin(req, deps.adminToken)) {
        // local tool on this machine: allowed without a session
      } else if (route.auth) {
        const user = await ctx.user();
        if (!user) throw new HttpError(401, 'Please sign in.');
        if (route.auth === 'dealer' && user.role !== 'dealer') throw new HttpError(403, 'Only dealer staff can do this.');
      }
      const result: HandlerResult = await route.handler(ctx);
      const headers = { ...extraHeaders, ...result.headers };
      if ('json' in result) return sendJson(req, res, result.status ?? 200, result.json, headers);
      // Text answers (SVG maps) are compressed like JSON; PDFs and images already are.
      const raw = Buffer.from(result.body);
      const compressible = /^(image\/svg\+xml|text\/)/.test(result.contentType);
      const encoding = compressible && raw.length > 1024 ? chooseEncoding(req.headers['accept-encoding']) : null;
      const body = encoding === 'br' ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : encoding === 'gzip' ? zlib.gzipSync(raw, { level: 6 }) : raw;
      res.writeHead(result.status ?? 200, {
        ...guardHeaders(req, 'asset'),
        'Content-Type': result.contentType,
        'Content-Length': String(body.length),
        'Cache-Control': 'no-cache',
        ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
        ...headers,
      });
      res.end(req.method === 'HEAD' || result.status === 304 ? undefined : body);
    } catch (error) {
      if (error instanceof HttpError) {
        return sendJson(req, res, error.status, { error: error.message, ...(error.fields ? { fields: error.fields } : {}) }, { ...extraHeaders, ...error.headers });
      }
      if (isStorageFailure(error)) {
        // A full disk or failed write fails this request only; the browser keeps the lead in its outbox.
        console.error(`[server] ${req.method} ${tenant.slug}${pathname}: storage write failed:`, (error as Error).message);
        return sendJson(req, res, 503, { error: STORAGE_FAILURE_MESSAGE }, { 'Retry-After': '30' });
      }
      console.error(`[server] ${req.method} ${tenant.slug}${pathname} failed:`, error);
      return sendJson(req, res, 500, { error: 'Internal server error' });
    }
  }

  async function handleSearch(req: IncomingMessage, res: ServerResponse, tenant: HostedTenant, pathname: string, url: URL) {
    const cors = {
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
      'Access-Control-Allow-Headers': 'content-type, x-algolia-api-key, x-algolia-application-id, x-algolia-agent',
      'Access-Control-Max-Age': '86400',
    };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      return res.end();
    }
    if (!deps.search) return sendJson(req, res, 503, { message: 'Stock search is not available: server/search is not installed', status: 503 }, cors);
    try {
      let body: unknown;
      if (req.method === 'POST' || req.method === 'PUT') {
        const text = await readBody(req);
        if (text.trim() !== '') body = parseJsonBody(text);
      }
      const bad = findBadText(body);
      if (bad) throw new HttpError(400, `Invalid body: ${bad.path}: ${bad.message}`);
      assertCleanParams(url.searchParams, 'query');
      const method = req.method ?? 'GET';
      const ip = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.trustedProxies);
      const verdict = searchLimiter.take(`${tenant.slug}|${ip}`, Date.now(), searchCallCost(pathname, method, body));
      if (!verdict.ok) throw new HttpError(429, 'Too many searches. Please wait a moment and try again.', undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
      // The server's stock filter is ANDed into every query: the browser narrows, never widens.
      const enforced = enforcedStockFilter(tenant, deps.services.now());
      const restricted = restrictSearch(pathname, body, Object.fromEntries(url.searchParams), enforced);
      const search = deps.search;
      const result = await runSearchCall((m, p, b, q) => search.handle(tenant.slug, m, p, b, q), pathname, method, restricted.body, restricted.query);
      if (result.status === 200) await hideNonPublicObjects(tenant, pathname, method, result);
      if (result.json === undefined) return sendJson(req, res, result.status, undefined, cors);
      const text = result.text?.() ?? JSON.stringify(result.json);
      assertAnswerSize(text.length);
      return sendJsonText(req, res, result.status, text, cors);
    } catch (error) {
      if (error instanceof HttpError) return sendJson(req, res, error.status, { message: error.message, status: error.status }, { ...cors, ...error.headers });
      console.error(`[server] search ${tenant.slug}${pathname} failed:`, error);
      return sendJson(req, res, 500, { message: 'Internal search error', status: 500 }, cors);
    }
  }

  /** Object reads by id answer only cars that pass the enforced stock filter. */
  async function hideNonPublicObjects(tenant: HostedTenant, pathname: string, method: string, result: { status: number; json: unknown }) {
    const single = /^\/1\/indexes\/[^/*]+\/([^/]+)$/.exec(pathname);
    if (method === 'GET' && single && single[1] !== 'settings') {
      const id = Number(decodeURIComponent(single[1] ?? ''));
      if (!Number.isInteger(id) || !(await deps.services.carIsPublic(tenant, id))) {
        result.status = 404;
        result.json = { message: 'ObjectID does not exist', status: 404 };
      }
      return;
    }
    if (method === 'POST' && pathname === '/1/indexes/*/objects') {
      const results = (result.json as { results?: ({ objectID?: string } | null)[] }).results ?? [];
      for (let i = 0; i < results.length; i++) {
        const id = Number(results[i]?.objectID);
        if (results[i] && !(Number.isInteger(id) && (await deps.services.carIsPublic(tenant, id)))) results[i] = null;
      }
    }
  }

  async function handleImage(req: IncomingMessage, res: ServerResponse, tenant: HostedTenant, siteId: number, pathname: string, url: URL) {
    const params = imageParams(url.searchParams);
    if ('error' in params) return sendJson(req, res, 400, { error: `Invalid query: ${params.error}` });
    const m = /^\/images\/(cars|brands|models|blog|offers)\/(.+)\.(webp|avif|jpg|svg)$/.exec(pathname);
    if (!m) return sendJson(req, res, 404, { error: `No image ${pathname}` });
    const [, kind, rest = '', ext = 'webp'] = m;
    const cacheDir = path.join(deps.imageCacheDir, tenant.slug);
    let scene: ImageScene | undefined;
    let key = `${kind}-${rest}`;
    if (kind === 'cars') {
      const cm = /^(\d{1,10})\/(?:(\d{1,3})|interior|spin\/(\d{1,3}))$/.exec(rest);
      if (cm && Number(cm[1]) > MAX_ID) return sendJson(req, res, 400, { error: `Invalid path: car id must be at most ${MAX_ID}` });
      const car = cm && (await deps.services.carIsPublic(tenant, Number(cm[1])))
        ? await deps.db.selectFrom('cars').select(['id', 'item_type', 'make', 'model', 'year', 'simple_body', 'colour', 'details']).where('site_id', '=', siteId).where('id', '=', Number(cm[1])).executeTakeFirst()
        : undefined;
      if (!cm || !car) return sendJson(req, res, 404, { error: `No image ${pathname} on this site` });
      const position = cm[2] ? Number(cm[2]) : undefined;
      if (Array.isArray(car.details.feed_photos)) {
        // An imported car: its downloaded photos only, resized from the stored original.
        const file = position !== undefined && ext !== 'svg' && car.details.feed_photos.includes(position) ? await feedPhotoFile(deps.db, path.dirname(deps.imageCacheDir), car.id, position) : null;
        if (!file) return sendJson(req, res, 404, { error: `No image ${pathname} on this site` });
        const buf = await renderPhoto(cacheDir, `car-${car.id}-${path.basename(file, path.extname(file))}`, file, params.width, params.quality, ext as ImageFormat);
        res.writeHead(200, { ...guardHeaders(req, 'asset'), 'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*', 'Content-Type': FORMATS[ext as ImageFormat], 'Content-Length': String(buf.length) });
        return res.end(req.method === 'HEAD' ? undefined : buf);
      }
      const photos = Number(car.details.photos_count ?? 0);
      if (position !== undefined && (position < 1 || position > photos)) return sendJson(req, res, 404, { error: `Car ${car.id} has ${photos} photos` });
      const img = position !== undefined
        ? await deps.db.selectFrom('car_images').select('angle').where('car_id', '=', car.id).where('kind', '=', 'photo').where('position', '=', position).executeTakeFirst()
        : undefined;
      const angle = cm[3] !== undefined ? String(Number(cm[3]) * 10) : position === undefined ? 'panorama' : img?.angle ?? 'side';
      scene = {
        kind: car.item_type === 'caravan' ? 'caravan' : car.item_type === 'motorcycle' ? 'motorcycle' : car.item_type === 'truck' ? 'truck' : 'car',
        body: car.simple_body,
        colour: String(car.details.colour_hex ?? '#8a9099'),
        angle,
        title: `${car.year} ${car.make} ${car.model}`,
        subtitle: angle.replace(/-/g, ' '),
      };
      key = `car-${car.id}-${rest.replace(/\//g, '-')}`;
    } else if (kind === 'brands') {
      const brand = await deps.db.selectFrom('brand_directory').select(['title']).where('site_id', '=', siteId).where('slug', '=', rest).executeTakeFirst();
      const manufacturer = brand ? undefined : await deps.db.selectFrom('manufacturers').select(['name as title']).where('slug', '=', rest).executeTakeFirst();
      const title = brand?.title ?? manufacturer?.title;
      if (!title) return sendJson(req, res, 404, { error: `No brand ${rest}` });
      scene = { kind: 'logo', colour: tenant.config.theme.colours.primary, title };
    } else if (kind === 'models') {
      const slug = rest.split('/')[0] ?? '';
      const model = await deps.db.selectFrom('models').select(['full_name', 'id']).where('slug', '=', slug).executeTakeFirst();
      if (!model) return sendJson(req, res, 404, { error: `No model ${slug}` });
      const colourId = /\/colours\/(\d+)$/.exec(rest)?.[1];
      const colour = colourId && Number(colourId) <= MAX_ID ? await deps.db.selectFrom('model_colours').select(['hex', 'name']).where('id', '=', Number(colourId)).where('model_id', '=', model.id).executeTakeFirst() : undefined;
      const line = await deps.db.selectFrom('cars').select('simple_body').where('site_id', '=', siteId).where('model', '=', model.full_name.split(' ').slice(1).join(' ')).executeTakeFirst();
      scene = { kind: 'car', body: line?.simple_body ?? 'SUV', colour: colour?.hex ?? '#1f4e8c', angle: 'front-three-quarter', title: model.full_name, subtitle: colour?.name };
    } else if (kind === 'blog') {
      const post = await deps.db.selectFrom('blog_posts').select(['heading', 'category']).where('site_id', '=', siteId).where('slug', '=', rest).executeTakeFirst();
      if (!post) return sendJson(req, res, 404, { error: `No blog post ${rest}` });
      scene = { kind: 'banner', colour: tenant.config.theme.colours.primary, title: post.heading.slice(0, 48), subtitle: post.category };
    } else {
      if (!/^\d{1,10}$/.test(rest) || Number(rest) > MAX_ID) return sendJson(req, res, 400, { error: `Invalid path: offer id must be a whole number from 1 to ${MAX_ID}` });
      const offer = await deps.db.selectFrom('offers').select(['title', 'category', 'make', 'model']).where('site_id', '=', siteId).where('id', '=', Number(rest)).executeTakeFirst();
      if (!offer) return sendJson(req, res, 404, { error: `No offer ${rest}` });
      // The offer's model as the site stocks it (its body and a colour), else a plain banner.
      const line = offer.make && offer.model
        ? await deps.db.selectFrom('cars').select(['item_type', 'simple_body', 'details']).where('site_id', '=', siteId).where('make', '=', offer.make).where('model', '=', offer.model).orderBy('id').executeTakeFirst()
        : undefined;
      scene = line
        ? { kind: line.item_type === 'motorcycle' ? 'motorcycle' : line.item_type === 'caravan' ? 'caravan' : 'car', body: line.simple_body, colour: String(line.details.colour_hex ?? '#8a9099'), angle: 'front-three-quarter', title: offer.title.slice(0, 48), subtitle: offer.category }
        : { kind: 'banner', colour: tenant.config.theme.colours.accent, title: offer.title.slice(0, 48), subtitle: offer.category };
      // Named apart from the plain banners rendered before offers showed their model.
      key = `offer-model-${rest}`;
    }
    const headers = { ...guardHeaders(req, 'asset'), 'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*' };
    if (ext === 'svg') {
      const { sceneSvg } = await import('./images.ts');
      const svg = sceneSvg(scene);
      res.writeHead(200, { ...headers, 'Content-Type': 'image/svg+xml', 'Content-Length': String(Buffer.byteLength(svg)) });
      return res.end(req.method === 'HEAD' ? undefined : svg);
    }
    const buf = await renderImage(cacheDir, key, scene, params.width, params.quality, ext as ImageFormat);
    res.writeHead(200, { ...headers, 'Content-Type': FORMATS[ext as ImageFormat], 'Content-Length': String(buf.length) });
    res.end(req.method === 'HEAD' ? undefined : buf);
  }

  // Resolves when the request has been handled (the server waits for these before it closes).
  return async (req, res) => {
    try {
      await handle(req, res);
    } catch (error) {
      console.error('[server] request failed:', error);
      if (!res.headersSent) sendJson(req, res, 500, { error: 'Internal server error' });
      else res.destroy();
    }
  };
}
