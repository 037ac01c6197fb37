import { describe, expect, test } from 'vitest';
import { offerDate } from './offer-date.ts';

describe('offer dates in the site time zone', () => {
  test('the calendar day where the dealer is, not where the server runs', () => {
    // 2026-06-30T13:59:59Z is 11:59:59 pm on 30 June in Brisbane (UTC+10) and 9:59:59 pm in Perth (UTC+8).
    expect(offerDate('2026-06-30T13:59:59Z', 'Australia/Brisbane')).toBe('30 June 2026');
    expect(offerDate('2026-06-30T14:00:00Z', 'Australia/Brisbane')).toBe('1 July 2026');
    expect(offerDate(new Date('2026-06-30T15:30:00Z'), 'Australia/Perth')).toBe('30 June 2026');
    // Sydney in daylight saving (UTC+11): 13:30Z on 23 December is 12:30 am on the 24th.
    expect(offerDate('2026-12-23T13:30:00Z', 'Australia/Sydney')).toBe('24 December 2026');
  });
});
