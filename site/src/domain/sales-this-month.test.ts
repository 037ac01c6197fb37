import { describe, expect, it } from 'vitest';
import { SALES_COUNTER_REFRESH_MS, salesThisMonth } from './sales-this-month.ts';

describe('salesThisMonth', () => {
  it('is 0 at midnight on the first of the month in Brisbane', () => {
    // Arrange: 1 July 2025 00:00 AEST is 30 June 14:00 UTC.
    const now = new Date('2025-06-30T14:00:00Z');
    // Act
    const count = salesThisMonth(now);
    // Assert
    expect(count).toBe(0);
  });

  it('adds 192 per elapsed day plus one per 450 seconds of today', () => {
    const now = new Date('2025-07-03T00:15:00+10:00');
    expect(salesThisMonth(now)).toBe(2 * 192 + 2);
  });

  it('counts only full 450-second periods', () => {
    expect(salesThisMonth(new Date('2025-07-01T00:07:29+10:00'))).toBe(0);
    expect(salesThisMonth(new Date('2025-07-01T00:07:30+10:00'))).toBe(1);
  });

  it('reaches 192 × days at the end of a 31-day month without a jump at midnight', () => {
    const beforeMidnight = salesThisMonth(new Date('2025-07-01T23:59:59+10:00'));
    const atMidnight = salesThisMonth(new Date('2025-07-02T00:00:00+10:00'));
    expect(beforeMidnight).toBe(191);
    expect(atMidnight).toBe(192);
    expect(salesThisMonth(new Date('2025-07-31T23:59:59+10:00'))).toBe(31 * 192 - 1);
  });

  it('uses Brisbane time, not UTC, to decide the month', () => {
    // 31 July 20:00 UTC is already 1 August 06:00 in Brisbane.
    expect(salesThisMonth(new Date('2025-07-31T20:00:00Z'))).toBe(Math.floor((6 * 3600) / 450));
  });

  it('follows another tenant time zone when given one', () => {
    const now = new Date('2025-07-31T20:00:00Z'); // 31 July 21:00 in London (BST)
    expect(salesThisMonth(now, 'Europe/London')).toBe(30 * 192 + Math.floor((21 * 3600) / 450));
  });

  it('uses tenant rates when given and names a bad one', () => {
    const now = new Date('2025-07-02T01:00:00+10:00');
    expect(salesThisMonth(now, 'Australia/Brisbane', { perDay: 10, secondsPerExtra: 600 })).toBe(10 + 6);
    expect(() => salesThisMonth(now, 'Australia/Brisbane', { secondsPerExtra: 0 })).toThrow('limits.salesSecondsPerExtra');
  });

  it('refreshes every 150 seconds', () => {
    expect(SALES_COUNTER_REFRESH_MS).toBe(150_000);
  });
});
