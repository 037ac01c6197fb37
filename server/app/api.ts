import zlib from 'node:zlib';
import { accountRoutes } from '../api/account.ts';
import { accountLinkRoutes } from '../api/account-links.ts';
import { contentRoutes } from '../api/content.ts';
import { financeRoutes } from '../api/finance.ts';
import { creditCheckRoutes } from '../api/credit-check.ts';
import { financeCalculatorRoutes } from '../api/finance-calculator.ts';
import { holdRoutes } from '../api/holds.ts';
import { leadRoutes } from '../api/leads.ts';
import { locationRoutes } from '../api/locations.ts';
import { mapRoutes } from '../api/maps.ts';
import { orderRoutes } from '../api/orders.ts';
import { onlinePaymentRoutes } from '../api/online-payments.ts';
import { paymentWebhookRoutes } from '../payment-webhook.ts';
import { spinToWinRoutes } from '../api/spin-to-win.ts';
import { placeRoutes } from '../api/places.ts';
import { vehicleRoutes } from '../api/vehicles.ts';
import { isStorageFailure } from '../db/storage-errors.ts';
import { handleDealerInbox, isDealerInboxPath } from '../dealer-inbox/routes.ts';
import { compilePath, HttpError, ShopperRefusal, refusalBody, type HandlerResult, type Route } from '../http/core.ts';
import { assertCleanParams, assertSameOriginJson } from '../http/input-guard.ts';
import { chooseEncoding } from '../http/static.ts';
import { openApiDocument } from '../openapi.ts';
import { requireStockKey, stockRoutes } from '../stock/routes.ts';
import { contextFor } from './context.ts';
import type { AppDeps, Surface, TenantRequest } from './deps.ts';
import type { AppLimits } from './limits.ts';
import { guardHeaders, sendDatabaseUnavailable, sendJson } from './respond.ts';

/*
 * The platform API (/api/*) and the dealer inbox: route matching, the same-origin check that
 * stops cross-site requests, clean parameters, address rate limits, who may call a route
 * (session, dealer role, stock key, local tool), and turning a handler's answer or error into
 * the response.
 */

/** Every API route, in match order. */
export const API_ROUTES: Route[] = [...vehicleRoutes, ...locationRoutes, ...mapRoutes, ...placeRoutes, ...contentRoutes, ...leadRoutes, ...holdRoutes, ...orderRoutes, ...paymentWebhookRoutes, ...onlinePaymentRoutes, ...spinToWinRoutes, ...accountRoutes, ...accountLinkRoutes, ...financeRoutes, ...creditCheckRoutes, ...financeCalculatorRoutes, ...stockRoutes];
const compiled = API_ROUTES.map((r) => ({ route: r, match: compilePath(r.path) }));

/** The /api/* surface. */
export function apiSurface(deps: AppDeps, limits: AppLimits): Surface {
  return {
    claims: (pathname) => pathname.startsWith('/api/'),
    handle: (request) => handleApi(deps, limits, request),
  };
}

/** The dealer inbox's pages and forms (server-rendered HTML, signed in with the site's accounts). */
export function dealerInboxSurface(deps: AppDeps, limits: AppLimits): Surface {
  return {
    claims: (pathname) => isDealerInboxPath(pathname),
    handle: (request) => {
      const { req, tenant, pathname } = request;
      const extraHeaders: Record<string, string | string[]> = {};
      // Sign-in attempts count against the same per-account budget as the site's own sign-in.
      const ctx = contextFor(deps, limits, request, {}, '/api/auth/sign-in', extraHeaders);
      return handleDealerInbox({ ctx, pathname, extraHeaders, htmlHeaders: () => guardHeaders(req, 'html'), limitAddress: () => limits.limitAddress(tenant, ctx.ip), allowedOrigins: deps.allowedOrigins });
    },
  };
}

async function handleApi(deps: AppDeps, limits: AppLimits, request: TenantRequest): Promise<void> {
  const { req, res, tenant, pathname, url } = request;
  // The site's own address, never one built from the request's Host header.
  if (pathname === '/api/openapi.json') return sendJson(req, res, 200, openApiDocument(API_ROUTES, tenant.config.siteUrl));
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
  const ctx = contextFor(deps, limits, request, params, route.path, extraHeaders);
  const ip = ctx.ip;
  try {
    const host = (req.headers.host ?? '').toLowerCase();
    // A stock key travels in the Authorization header, which no other site's page can send.
    // The site's own origin with the scheme this request really arrived over: an https Origin
    // on an http request (or the reverse) is another origin.
    if (route.auth !== 'dealer-key') assertSameOriginJson(req, [`${ctx.secure ? 'https' : 'http'}://${host}`], deps.allowedOrigins);
    assertCleanParams(url.searchParams, 'query');
    assertCleanParams(Object.entries(params), 'path');
    if (route.rateLimited) await limits.limitAddress(tenant, ip);
    if (route.auth === 'local') {
      if (!ctx.localTool) throw new HttpError(403, 'Only a tool on the server machine can do this (npm run dealer-account).');
    } else if (route.auth === 'dealer-key') {
      if (!ctx.localTool) await requireStockKey(ctx);
    } else if (route.auth === 'dealer' && ctx.localTool) {
      // local tool on this machine: allowed without a session
    } else if (route.auth) {
      const user = await ctx.user();
      if (!user) throw new ShopperRefusal(401, 'Please sign in.');
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
      return sendJson(req, res, error.status, refusalBody(error), { ...extraHeaders, ...error.headers });
    }
    // A full disk, a failed write or a database out of reach fails this request only; the
    // browser keeps the lead in its outbox.
    if (isStorageFailure(error)) return sendDatabaseUnavailable(req, res, error);
    console.error(`[server] ${req.method} ${tenant.slug}${pathname} failed:`, error);
    return sendJson(req, res, 500, { error: 'Internal server error' });
  }
}
