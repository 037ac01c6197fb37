import { describe, expect, it } from 'vitest';
import { eofyPagePath, eofySaleAt, eofySaleOffers, findEofyPage } from './eofy-sale.ts';

// Brisbane is UTC+10 all year; Perth UTC+8; Sydney is UTC+10 in June (daylight saving is October to April).
describe('eofySaleAt', () => {
  it('runs from 1 June 00:00 to 30 June 23:59:59 Brisbane time', () => {
    const sale = eofySaleAt(new Date('2026-06-15T02:00:00Z'), 'Australia/Brisbane');
    expect(sale.year).toBe(2026);
    expect(sale.start.toISOString()).toBe('2026-05-31T14:00:00.000Z');
    expect(sale.end.toISOString()).toBe('2026-06-30T13:59:59.000Z');
    expect(sale.phase).toBe('on');
  });

  it('is on at its last second and over at the next, though it is still 30 June in UTC', () => {
    expect(eofySaleAt(new Date('2026-06-30T13:59:59Z'), 'Australia/Brisbane').phase).toBe('on');
    expect(eofySaleAt(new Date('2026-06-30T14:00:00Z'), 'Australia/Brisbane').phase).toBe('ended');
  });

  it('starts at midnight on 1 June local time, which is still 31 May in UTC', () => {
    expect(eofySaleAt(new Date('2026-05-31T13:59:59Z'), 'Australia/Brisbane').phase).toBe('upcoming');
    expect(eofySaleAt(new Date('2026-05-31T14:00:00Z'), 'Australia/Brisbane').phase).toBe('on');
  });

  it('reads the site time zone: Perth ends two hours after Brisbane', () => {
    const sale = eofySaleAt(new Date('2027-06-30T15:00:00Z'), 'Australia/Perth');
    expect(sale.end.toISOString()).toBe('2027-06-30T15:59:59.000Z');
    expect(sale.phase).toBe('on');
    expect(eofySaleAt(new Date('2027-06-30T15:00:00Z'), 'Australia/Sydney').phase).toBe('ended');
  });

  it('has ended from July to December and is coming from January to May', () => {
    const november = eofySaleAt(new Date('2026-11-26T00:00:00Z'), 'Australia/Sydney');
    expect(november).toMatchObject({ year: 2026, phase: 'ended' });
    // New Year's Day in Sydney is still 31 December in UTC: the sale of the new year is coming.
    const newYear = eofySaleAt(new Date('2026-12-31T14:00:00Z'), 'Australia/Sydney');
    expect(newYear).toMatchObject({ year: 2027, phase: 'upcoming' });
    expect(newYear.end.toISOString()).toBe('2027-06-30T13:59:59.000Z');
  });
});

describe('eofySaleOffers', () => {
  const june = { start: '2027-05-20T00:00:00Z', expiry: '2027-07-01T00:00:00Z', campaign: 'eofy' };
  const offers: { id: number; make: string | null; start: string; expiry: string; campaign: string | null }[] = [
    { id: 1, make: 'Toyota', ...june },
    { id: 2, make: 'Mazda', ...june },
    { id: 3, make: null, ...june },
    // Expired on 10 June 2027 at 10:00 Brisbane time.
    { id: 4, make: 'Toyota', start: '2027-05-01T00:00:00Z', expiry: '2027-06-10T00:00:00Z', campaign: 'eofy' },
    // Live in June, but not one of the dealer's EOFY offers.
    { id: 5, make: 'Toyota', ...june, campaign: null },
  ];
  const midJune = new Date('2027-06-15T02:00:00Z');

  it('lists the EOFY offers live at that moment while the sale is on, or one make’s (any case); other offers live in June are not the sale’s', () => {
    expect(eofySaleOffers(offers, midJune, 'Australia/Brisbane').map((o) => o.id)).toEqual([1, 2, 3]);
    expect(eofySaleOffers(offers, midJune, 'Australia/Brisbane', 'toyota').map((o) => o.id)).toEqual([1]);
    expect(eofySaleOffers(offers, new Date('2027-06-09T23:59:59Z'), 'Australia/Brisbane', 'Toyota').map((o) => o.id)).toEqual([1, 4]);
    expect(eofySaleOffers(offers, midJune, 'Australia/Brisbane', 'Hyundai')).toEqual([]);
  });

  it('lists none before or after the sale, even offers still inside their window', () => {
    expect(eofySaleOffers(offers, new Date('2027-05-25T00:00:00Z'), 'Australia/Brisbane')).toEqual([]);
    expect(eofySaleOffers(offers, new Date('2027-06-30T14:00:00Z'), 'Australia/Brisbane', 'Toyota')).toEqual([]);
  });
});

describe('dealer EOFY pages', () => {
  const pages = [{ slug: 'eofy-toyota-sale' }, { slug: 'eofy-mazda' }];

  it('live under /pages/ by their slug', () => {
    expect(eofyPagePath('eofy-toyota-sale')).toBe('/pages/eofy-toyota-sale');
  });

  it('are found by the part of the path after eofy-; anything else is no page', () => {
    expect(findEofyPage(pages, 'toyota-sale')).toBe(pages[0]);
    expect(findEofyPage(pages, 'nope')).toBeUndefined();
    expect(findEofyPage(pages, 'eofy-mazda')).toBeUndefined();
  });
});
