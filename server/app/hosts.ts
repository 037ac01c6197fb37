import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { badText } from '../http/input-guard.ts';
import { maintenancePage, tenantIndexPage, unknownHostPage } from '../http/pages.ts';
import { hostHeaderCount, parseRequestTarget } from '../http/request-target.ts';
import { tenantForHost } from '../tenants.ts';
import type { AppDeps, TenantRequest } from './deps.ts';
import { guardHeaders, sendHtml, sendJson } from './respond.ts';

/*
 * Host routing, the first stage of the pipeline: a well-formed request target, then whose
 * origin the Host names — this machine's index of sites, a hosted tenant, a tenant whose file
 * is invalid (maintenance), or nobody (unknown host). Only a hosted tenant's request goes on.
 */

/** The Host, the decoded path and the URL of a request, or null when it was answered 400. */
export function readTarget(req: IncomingMessage, res: ServerResponse): { host: string; pathname: string; url: URL } | null {
  // Two Host headers: Node keeps the first, a proxy in front may have routed by the other.
  if (hostHeaderCount(req.rawHeaders) > 1) {
    sendJson(req, res, 400, { error: 'Invalid request: more than one Host header' });
    return null;
  }
  const host = (req.headers.host ?? '').toLowerCase();
  const target = parseRequestTarget(req.url);
  if (!target.ok) {
    sendJson(req, res, 400, { error: target.error });
    return null;
  }
  const url = target.url;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    sendJson(req, res, 400, { error: 'Malformed URL encoding' });
    return null;
  }
  const badPath = badText(pathname);
  if (badPath) {
    sendJson(req, res, 400, { error: `Invalid path: ${badPath}` });
    return null;
  }
  return { host, pathname, url };
}

/**
 * Answers the bare localhost origin when the request comes from this machine (the index of
 * hosted sites for `npm start`, /healthz, the local mailbox); false for every other request.
 * A localhost Host header from elsewhere is just an unknown host.
 */
export function answerLocalOrigin(deps: AppDeps, req: IncomingMessage, res: ServerResponse, host: string, pathname: string): boolean {
  const bareHost = host.replace(/:\d+$/, '');
  const fromThisMachine = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
  if (!fromThisMachine || (bareHost !== 'localhost' && bareHost !== '127.0.0.1' && bareHost !== '[::1]')) return false;
  if (pathname === '/' || pathname === '/index.html') {
    const built = new Set(deps.tenants.filter((t) => fs.existsSync(path.join(deps.distDir, t.slug, 'index.html'))).map((t) => t.slug));
    sendHtml(req, res, 200, tenantIndexPage(deps.tenants, deps.port(), built, deps.localPages !== undefined));
  } else if (pathname === '/healthz') {
    sendJson(req, res, 200, { ok: true, tenants: deps.tenants.length });
  } else if (!((req.method === 'GET' || req.method === 'HEAD') && deps.localPages?.(req, res, pathname))) {
    sendHtml(req, res, 404, unknownHostPage(host, deps.tenants, deps.port()));
  }
  return true;
}

/**
 * The hosted tenant the Host names, or null when the request was answered: a host whose tenant
 * file is invalid gets a maintenance answer, any other unknown host a 404.
 */
export function resolveTenant(deps: AppDeps, req: IncomingMessage, res: ServerResponse, host: string, pathname: string, url: URL): TenantRequest | null {
  const tenant = tenantForHost(deps.tenants, host);
  const siteId = tenant ? deps.siteIds.get(tenant.slug) : undefined;
  if (!tenant && answerBrokenTenant(deps, req, res, host, pathname)) return null;
  if (!tenant || siteId === undefined) {
    if (pathname.startsWith('/api/') || pathname.startsWith('/1/')) sendJson(req, res, 404, { error: `Unknown site: no dealer site is configured for host ${host || '(none)'}` });
    else sendHtml(req, res, 404, unknownHostPage(host, [], deps.port()));
    return null;
  }
  return { req, res, tenant, siteId, pathname, url };
}

/**
 * A host whose tenant file is invalid gets a maintenance answer: a page for people, JSON for
 * the API and search, 503 with Retry-After; the other sites are unaffected. Kept apart from
 * the page surface so server rendering can change freely.
 */
function answerBrokenTenant(deps: AppDeps, req: IncomingMessage, res: ServerResponse, host: string, pathname: string): boolean {
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
