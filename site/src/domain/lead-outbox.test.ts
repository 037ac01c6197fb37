import { describe, expect, test } from 'vitest';
import { dueEntries, OUTBOX_MAX_AGE_MS, outboxOutcome, parseOutbox, retryDelayMs, type OutboxEntry } from './lead-outbox.ts';

const entry = (over: Partial<OutboxEntry>): OutboxEntry => ({ id: 'k-1', path: '/api/leads', body: {}, createdAt: 0, attempts: 0, nextAttemptAt: 0, ...over });

describe('lead outbox', () => {
  test('confirmed on 2xx; retried when there was no answer, a failed write (503), a limit or a timeout; other 4xx refused', () => {
    expect(outboxOutcome(201)).toBe('sent');
    expect(outboxOutcome(200)).toBe('sent');
    for (const s of [0, 408, 500, 502, 503]) expect(outboxOutcome(s)).toBe('retry');
    expect(outboxOutcome(429, 30)).toBe('retry');
    for (const s of [400, 403, 404, 409, 415, 422]) expect(outboxOutcome(s)).toBe('refused');
    // 'You already have a car on hold' (no Retry-After) or a daily limit (an hour) will not pass by resending.
    expect(outboxOutcome(429)).toBe('refused');
    expect(outboxOutcome(429, 3600)).toBe('refused');
  });
  test('backs off from 2 s, doubling, to 5 minutes, or longer when the server asks', () => {
    expect(retryDelayMs(1)).toBe(2000);
    expect(retryDelayMs(2)).toBe(4000);
    expect(retryDelayMs(20)).toBe(300_000);
    expect(retryDelayMs(1, 30)).toBe(30_000);
  });
  test('due entries oldest first; stale and malformed entries dropped', () => {
    const now = OUTBOX_MAX_AGE_MS + 10;
    const a = entry({ id: 'a', createdAt: 20 });
    const b = entry({ id: 'b', createdAt: 15 });
    const later = entry({ id: 'c', createdAt: 30, nextAttemptAt: now + 1 });
    const stale = entry({ id: 'd', createdAt: 1 });
    expect(dueEntries([a, b, later, stale], now).map((e) => e.id)).toEqual(['b', 'a']);
    expect(parseOutbox([a, { id: 3 }, null, entry({ path: 'https://evil.example/' }), stale], now).map((e) => e.id)).toEqual(['a']);
    expect(parseOutbox('x', now)).toEqual([]);
  });
});
