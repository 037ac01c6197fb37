import { ShopperRefusal } from '../http/core.ts';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit.ts';
import { createSignInGuard, type SignInGuard } from '../http/sign-in-guard.ts';
import type { HostedTenant } from '../tenants.ts';
import type { AppDeps } from './deps.ts';

/*
 * The request budgets of one app: leads and account calls per client address, account attempts
 * per account, searches per client address, and the sign-in guard against password guessing.
 * All are counted in the database, shared by every instance (http/rate-limit.ts, http/sign-in-guard.ts).
 */

/** The rate limits every surface shares. */
export interface AppLimits {
  /** Counts a lead or account call against the client address's budget; 429 past it. */
  limitAddress(tenant: HostedTenant, ip: string): Promise<void>;
  /** Counts one attempt against an account within a scope (the route); 429 past it. */
  limitAccount(tenant: HostedTenant, scope: string, account: string): Promise<void>;
  /** Searches per site and client address; a call costs one per query it runs. */
  search: RateLimiter;
  signInGuard: SignInGuard;
}

/** The limits of one app, from its settings (defaults: 10 account attempts per 15 minutes, 600 searches a minute). */
export function createLimits(deps: AppDeps): AppLimits {
  const limiter = createRateLimiter(deps.db, 'lead', deps.leadRateLimit);
  const accountLimiter = createRateLimiter(deps.db, 'account', deps.accountRateLimit ?? { max: 10, windowMs: 15 * 60_000 });
  return {
    async limitAddress(tenant, ip) {
      const verdict = await limiter.take(`${tenant.slug}|${ip}`);
      if (!verdict.ok) throw new ShopperRefusal(429, 'Too many requests. Please wait a moment and try again.', undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
    },
    async limitAccount(tenant, scope, account) {
      const verdict = await accountLimiter.take(`${tenant.slug}|${scope}|${account}`);
      if (!verdict.ok) throw new ShopperRefusal(429, 'Too many attempts for this account. Please wait a few minutes and try again.', undefined, { 'Retry-After': String(verdict.retryAfterSeconds) });
    },
    // A shopper's search never waits on the database to be counted (a stock import may hold it).
    search: createRateLimiter(deps.db, 'search', deps.searchRateLimit ?? { max: 600, windowMs: 60_000 }, { answerFirst: true }),
    signInGuard: createSignInGuard(deps.db, deps.accountRateLimit),
  };
}
