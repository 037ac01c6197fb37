import { clientAddress } from '../http/client-address.ts';
import { HttpError, readBody } from '../http/core.ts';
import { assertCleanParams, findBadText, parseJsonBody } from '../http/input-guard.ts';
import { assertAnswerSize, runSearchCall, searchCallCost } from '../http/search-limits.ts';
import { enforcedStockFilter, restrictSearch } from '../search-restrict.ts';
import type { HostedTenant } from '../tenants.ts';
import type { AppDeps, Surface, TenantRequest } from './deps.ts';
import { requestNow } from './context.ts';
import type { AppLimits } from './limits.ts';
import { sendJson, sendJsonText } from './respond.ts';

/*
 * The Algolia-compatible search routes (/1/*) the site's InstantSearch calls: CORS, body and
 * query checks, the search budget, and the tenant's enforced stock filter ANDed into every query.
 */

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, OPTIONS',
  'Access-Control-Allow-Headers': 'content-type, x-algolia-api-key, x-algolia-application-id, x-algolia-agent',
  'Access-Control-Max-Age': '86400',
};

/** The /1/* surface. */
export function searchSurface(deps: AppDeps, limits: AppLimits): Surface {
  return {
    claims: (pathname) => pathname.startsWith('/1/'),
    handle: (request) => handleSearch(deps, limits, request),
  };
}

async function handleSearch(deps: AppDeps, limits: AppLimits, { req, res, tenant, pathname, url }: TenantRequest): Promise<void> {
  const cors = CORS;
  if (req.method === 'OPTIONS') {
    res.writeHead(204, cors);
    res.end();
    return;
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
    const verdict = await limits.search.take(`${tenant.slug}|${ip}`, searchCallCost(pathname, method, body));
    if (!verdict.ok) throw new HttpError(429, 'Too many searches. Please wait a moment and try again.', undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
    // The server's stock filter is ANDed into every query: the browser narrows, never widens.
    // A browser test's clock holds here as on its pages, so both list the same stock.
    const enforced = enforcedStockFilter(tenant, requestNow(deps, req));
    const restricted = restrictSearch(pathname, body, Object.fromEntries(url.searchParams), enforced);
    const search = deps.search;
    const result = await runSearchCall((m, p, b, q) => search.handle(tenant.slug, m, p, b, q), pathname, method, restricted.body, restricted.query);
    if (result.status === 200) await hideNonPublicObjects(deps, tenant, pathname, method, result);
    if (result.json === undefined) return sendJson(req, res, result.status, undefined, cors);
    // The engine's answers are written straight to bytes (no copy of the whole answer as one string).
    const answer = result.bytes?.() ?? result.text?.() ?? JSON.stringify(result.json);
    assertAnswerSize(answer.length);
    return sendJsonText(req, res, result.status, answer, cors);
  } catch (error) {
    if (error instanceof HttpError) return sendJson(req, res, error.status, { message: error.message, status: error.status }, { ...cors, ...error.headers });
    console.error(`[server] search ${tenant.slug}${pathname} failed:`, error);
    return sendJson(req, res, 500, { message: 'Internal search error', status: 500 }, cors);
  }
}

/** Object reads by id answer only cars that pass the enforced stock filter. */
async function hideNonPublicObjects(deps: AppDeps, tenant: HostedTenant, pathname: string, method: string, result: { status: number; json: unknown }): Promise<void> {
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
