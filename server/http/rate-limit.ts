/*
 * A fixed-window per-key rate limit (key = site + client IP). In memory: with several API
 * instances each enforces its own window, which is enough against form-spamming bots; a shared
 * limit would live in PostgreSQL or the load balancer (docs/deployment.md).
 */

/** Limit settings. */
export interface RateLimitOptions {
  /** Requests allowed per window. */
  max: number;
  /** Window length, ms. */
  windowMs: number;
}

/** A rate limiter: `take(key)` says whether a request may proceed, and when to retry if not. */
export interface RateLimiter {
  /** `cost`: how many requests this one counts as (a search call of several queries counts each). */
  take(key: string, now?: number, cost?: number): { ok: true } | { ok: false; retryAfterSeconds: number };
}

/**
 * Creates a fixed-window limiter.
 * @param options requests per window
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key, now = Date.now(), cost = 1) {
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
      }
      const w = windows.get(key);
      if (!w || now - w.start >= options.windowMs) {
        if (cost > options.max) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(options.windowMs / 1000)) };
        windows.set(key, { start: now, count: cost });
        return { ok: true };
      }
      if (w.count + cost > options.max) {
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000)) };
      }
      w.count += cost;
      return { ok: true };
    },
  };
}
