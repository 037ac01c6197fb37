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
  take(key: string, now?: number): { ok: true } | { ok: false; retryAfterSeconds: number };
}

/**
 * Creates a fixed-window limiter.
 * @param options requests per window
 */
export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(key, now = Date.now()) {
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= options.windowMs) windows.delete(k);
      }
      const w = windows.get(key);
      if (!w || now - w.start >= options.windowMs) {
        windows.set(key, { start: now, count: 1 });
        return { ok: true };
      }
      if (w.count >= options.max) {
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + options.windowMs - now) / 1000)) };
      }
      w.count++;
      return { ok: true };
    },
  };
}
