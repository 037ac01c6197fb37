import { expect, test } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';
import { chooseEncoding } from './static.ts';

test('the limiter allows max requests per window per key, then says when to retry', () => {
  const limiter = createRateLimiter({ max: 2, windowMs: 10_000 });
  expect(limiter.take('a', 0).ok).toBe(true);
  expect(limiter.take('a', 1).ok).toBe(true);
  expect(limiter.take('a', 2)).toEqual({ ok: false, retryAfterSeconds: 10 });
  expect(limiter.take('b', 2).ok).toBe(true);
  expect(limiter.take('a', 10_001).ok).toBe(true);
});

test('compression prefers brotli, then gzip, honouring q=0', () => {
  expect(chooseEncoding('gzip, deflate, br')).toBe('br');
  expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
  expect(chooseEncoding('identity')).toBeNull();
  expect(chooseEncoding(undefined)).toBeNull();
});
