import { describe, expect, it } from 'vitest';
import {
  isPromotionLive,
  promotionMatchesCarTypes,
  promotionWindow,
  visiblePromotions,
  type PromotionWindowInput,
} from './promotions.ts';

// The spec's stocktake sale: 1 to 24 July 2025, Brisbane time (UTC+10, no daylight saving).
const stocktake: PromotionWindowInput = {
  id: 'stocktake-sale',
  start: '2025-07-01T00:00:00+10:00',
  expiry: '2025-07-25T00:00:00+10:00',
  display: ['used'],
};

describe('isPromotionLive — stocktake sale 1–24 July 2025, Brisbane time', () => {
  it('is not live one second before 1 July in Brisbane (30 June 13:59:59 UTC)', () => {
    expect(isPromotionLive(stocktake, new Date('2025-06-30T13:59:59Z'))).toBe(false);
  });

  it('is live from midnight 1 July Brisbane time, while it is still 30 June in UTC', () => {
    expect(isPromotionLive(stocktake, new Date('2025-06-30T14:00:00Z'))).toBe(true);
  });

  it('is live until the last second of 24 July in Brisbane', () => {
    expect(isPromotionLive(stocktake, new Date('2025-07-24T23:59:59+10:00'))).toBe(true);
  });

  it('has ended at midnight 25 July Brisbane time (24 July 14:00 UTC)', () => {
    expect(isPromotionLive(stocktake, new Date('2025-07-24T14:00:00Z'))).toBe(false);
  });

  it('reads bare dates in the tenant time zone, expiry inclusive of its day', () => {
    const byDate = { ...stocktake, start: '2025-07-01', expiry: '2025-07-24' };
    expect(promotionWindow(byDate)).toEqual({
      start: new Date('2025-06-30T14:00:00Z'),
      end: new Date('2025-07-24T14:00:00Z'),
    });
    expect(isPromotionLive(byDate, new Date('2025-07-24T13:59:59Z'))).toBe(true);
    expect(isPromotionLive(byDate, new Date('2025-07-24T14:00:00Z'))).toBe(false);
  });

  it('reads the same bare dates differently for a Perth tenant (UTC+8)', () => {
    const byDate = { ...stocktake, start: '2025-07-01', expiry: '2025-07-24' };
    expect(isPromotionLive(byDate, new Date('2025-06-30T15:00:00Z'), 'Australia/Perth')).toBe(false);
    expect(isPromotionLive(byDate, new Date('2025-06-30T16:00:00Z'), 'Australia/Perth')).toBe(true);
  });
});

describe('promotionWindow errors', () => {
  it('names the field of an unreadable date', () => {
    expect(() => promotionWindow({ ...stocktake, start: '1 July' })).toThrow("promotions[stocktake-sale].start: '1 July' is not an ISO 8601");
  });

  it('names the expiry when it is not after the start', () => {
    expect(() => promotionWindow({ ...stocktake, expiry: '2025-06-01T00:00:00+10:00' })).toThrow(
      'promotions[stocktake-sale].expiry',
    );
  });
});

describe('promotionMatchesCarTypes', () => {
  it('shows a non-strict promotion when the search overlaps its car types', () => {
    const promo = { ...stocktake, display: ['new', 'demo'] as ('new' | 'demo')[] };
    expect(promotionMatchesCarTypes(promo, ['demo', 'used'])).toBe(true);
    expect(promotionMatchesCarTypes(promo, ['used'])).toBe(false);
  });

  it('treats an unrefined search as all car types', () => {
    expect(promotionMatchesCarTypes(stocktake, [])).toBe(true);
    expect(promotionMatchesCarTypes({ ...stocktake, strictDisplay: true }, [])).toBe(false);
  });

  it('shows a strict promotion only when the search is exactly its car types', () => {
    const strict = { ...stocktake, strictDisplay: true };
    expect(promotionMatchesCarTypes(strict, ['used'])).toBe(true);
    expect(promotionMatchesCarTypes(strict, ['used', 'demo'])).toBe(false);
  });

  it('defaults display to all car types', () => {
    const { display: _d, ...everyType } = stocktake;
    expect(promotionMatchesCarTypes(everyType, ['new'])).toBe(true);
  });
});

describe('visiblePromotions', () => {
  const later = { id: 'eofy', start: '2025-06-01', expiry: '2025-06-30', display: ['new' as const] };

  it('keeps live promotions in config order and filters by car type when given', () => {
    const now = new Date('2025-07-10T09:00:00+10:00');
    expect(visiblePromotions([later, stocktake], { now }).map((p) => p.id)).toEqual(['stocktake-sale']);
    expect(visiblePromotions([stocktake], { now, carTypes: ['new'] })).toEqual([]);
    expect(visiblePromotions([stocktake], { now, carTypes: ['used'] })).toEqual([stocktake]);
  });
});
