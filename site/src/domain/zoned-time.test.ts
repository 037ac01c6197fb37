import { describe, expect, it } from 'vitest';
import { zonedParts, zonedTimeToInstant } from './zoned-time.ts';

describe('zonedParts', () => {
  it('reads the Brisbane wall clock (UTC+10, no daylight saving)', () => {
    const parts = zonedParts(new Date('2025-01-15T14:30:05Z'), 'Australia/Brisbane');
    expect(parts).toEqual({ year: 2025, month: 1, day: 16, hour: 0, minute: 30, second: 5, weekday: 4 });
  });

  it('names the field when the time zone is unknown', () => {
    expect(() => zonedParts(new Date(), 'Mars/Olympus')).toThrow(/timeZone: unknown time zone 'Mars\/Olympus'/);
  });
});

describe('zonedTimeToInstant', () => {
  it('maps Brisbane midnight to 14:00 UTC the previous day', () => {
    const instant = zonedTimeToInstant({ year: 2025, month: 7, day: 1 }, 'Australia/Brisbane');
    expect(instant.toISOString()).toBe('2025-06-30T14:00:00.000Z');
  });

  it('respects daylight saving in Sydney', () => {
    const summer = zonedTimeToInstant({ year: 2025, month: 1, day: 1, hour: 9 }, 'Australia/Sydney');
    const winter = zonedTimeToInstant({ year: 2025, month: 7, day: 1, hour: 9 }, 'Australia/Sydney');
    expect(summer.toISOString()).toBe('2024-12-31T22:00:00.000Z');
    expect(winter.toISOString()).toBe('2025-06-30T23:00:00.000Z');
  });
});
