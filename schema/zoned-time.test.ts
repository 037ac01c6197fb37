import { describe, expect, it } from 'vitest';
import { isoToZonedLocal, timeZoneName, zonedDateTimeText, zonedDayRange, zonedLocalToIso, zoneOffsetMinutes, zonedParts, zonedTimeToInstant } from './zoned-time.ts';

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

describe('zonedDateTimeText', () => {
  it('writes the wall clock of the zone, whatever the server’s own zone', () => {
    expect(zonedDateTimeText(new Date('2026-03-01T13:30:00Z'), 'Australia/Brisbane')).toBe('1 Mar 2026, 11:30 pm');
    // Sydney is UTC+11 in daylight saving (January).
    expect(zonedDateTimeText(new Date('2026-01-10T01:05:00Z'), 'Australia/Sydney')).toBe('10 Jan 2026, 12:05 pm');
  });
});

describe('zonedDayRange', () => {
  it('covers whole days in the zone: from its midnight to the midnight after the last day', () => {
    const range = zonedDayRange({ from: '2026-03-01', to: '2026-03-02' }, 'Australia/Brisbane');
    expect(range.start?.toISOString()).toBe('2026-02-28T14:00:00.000Z');
    expect(range.end?.toISOString()).toBe('2026-03-02T14:00:00.000Z');
    // Across a month's end and Sydney's daylight-saving end (5 April 2026, 3 am back to 2 am).
    const sydney = zonedDayRange({ to: '2026-04-05' }, 'Australia/Sydney');
    expect(sydney.start).toBeUndefined();
    expect(sydney.end?.toISOString()).toBe('2026-04-05T14:00:00.000Z');
    expect(zonedDayRange({ from: '2026-02-28', to: '2026-02-28' }, 'Australia/Brisbane').end?.toISOString()).toBe('2026-02-28T14:00:00.000Z');
  });
});

describe('timeZoneName', () => {
  it('names the city of the zone, spaces for underscores', () => {
    expect(timeZoneName('Australia/Brisbane')).toBe('Brisbane time');
    expect(timeZoneName('Australia/Broken_Hill')).toBe('Broken Hill time');
  });
});

describe('date-time inputs in the site time zone (the editor)', () => {
  it('converts between an ISO instant and Brisbane wall time (no daylight saving)', () => {
    expect(zoneOffsetMinutes(new Date('2026-01-01T00:00:00Z'), 'Australia/Brisbane')).toBe(600);
    expect(isoToZonedLocal('2026-06-30T13:59:00Z', 'Australia/Brisbane')).toBe('2026-06-30T23:59');
    expect(zonedLocalToIso('2026-06-30T23:59', 'Australia/Brisbane')).toBe('2026-06-30T23:59:00+10:00');
  });

  it('uses the daylight-saving offset of the moment in Sydney', () => {
    expect(zonedLocalToIso('2026-01-15T09:00', 'Australia/Sydney')).toBe('2026-01-15T09:00:00+11:00');
    expect(zonedLocalToIso('2026-07-15T09:00', 'Australia/Sydney')).toBe('2026-07-15T09:00:00+10:00');
  });

  it('returns undefined for an incomplete input', () => {
    expect(zonedLocalToIso('2026-07-15', 'Australia/Sydney')).toBeUndefined();
  });
});
