import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sessionToken } from '../api/account.ts';
import { hashToken } from '../auth.ts';
import { clientAddress } from '../http/client-address.ts';
import { HttpError, readBody, type Context, type SessionUser } from '../http/core.ts';
import { findBadText, parseJsonBody } from '../http/input-guard.ts';
import type { AppDeps, TenantRequest } from './deps.ts';
import type { AppLimits } from './limits.ts';
import { isHttps } from './respond.ts';
import { TEST_NOW_HEADER } from './test-clock.ts';

/*
 * The context a handler is given (API routes and the dealer inbox): tenant, database, session,
 * body, limits, and the clock a browser test may set.
 */

/** The time a browser test set on this request (`x-forecourt-test-now`, only with `testClock`), else undefined. */
export function testNowOf(deps: AppDeps, req: IncomingMessage): number | undefined {
  const at = deps.testClock ? Date.parse(String(req.headers[TEST_NOW_HEADER] ?? '')) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
}

/** The time of this request: a browser test's clock where it set one (`testNowOf`), else the server's. */
export function requestNow(deps: AppDeps, req: IncomingMessage): Date {
  const testNow = testNowOf(deps, req);
  return testNow === undefined ? deps.services.now() : new Date(testNow);
}

/** Whether a local tool on this machine sent the admin token (loopback address and the exact token). */
function isLocalAdmin(req: IncomingMessage, token: string): boolean {
  const sent = req.headers['x-forecourt-admin-token'];
  const address = req.socket.remoteAddress ?? '';
  const loopback = address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
  if (!loopback || typeof sent !== 'string' || sent.length !== token.length) return false;
  return crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(token));
}

/**
 * The context of one request to a handler. `limitScope` names what account attempts count
 * against (the route), and headers handlers set are collected in `extraHeaders`.
 */
export function contextFor(deps: AppDeps, limits: AppLimits, request: TenantRequest, params: Record<string, string>, limitScope: string, extraHeaders: Record<string, string | string[]>): Context {
  const { req, res, tenant, siteId, url } = request;
  const ip = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], deps.trustedProxies);
  const secure = isHttps(req);
  let userPromise: Promise<SessionUser | null> | undefined;
  let bodyPromise: Promise<unknown> | undefined;
  // Browser tests move the clock of the API too (offers and promotions inside their window), as they do a page's.
  const testNow = testNowOf(deps, req);
  const services = testNow === undefined ? deps.services : { ...deps.services, now: () => new Date(testNow) };
  return {
    req, res, tenant, siteId, db: deps.db, params, query: url.searchParams, ip, services,
    secure,
    localTool: isLocalAdmin(req, deps.adminToken),
    setHeader: (name, value) => { extraHeaders[name] = value; },
    limitAccount: (account) => limits.limitAccount(tenant, limitScope, account),
    signInGuard: limits.signInGuard,
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
