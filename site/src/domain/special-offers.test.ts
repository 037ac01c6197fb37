import { describe, expect, it } from 'vitest';
import {
  hasOfferFilters,
  isOfferLive,
  offerHref,
  parseOfferRef,
  promotionAudience,
  OFFER_PRICE_BANDS,
  OFFERS_CACHE_LIMIT,
  OFFERS_PAGE_SIZE,
  offerPages,
  offerSearchHref,
  offersApiQuery,
  parseOfferSearch,
  priceInBand,
} from './special-offers.ts';

describe('special-offers search constants (spec §7, §9)', () => {
  it('pages 21 offers and caches up to 10 answers', () => {
    expect(OFFERS_PAGE_SIZE).toBe(21);
    expect(OFFERS_CACHE_LIMIT).toBe(10);
  });
});

describe('parseOfferSearch', () => {
  it('keeps category, price band, query and page', () => {
    expect(parseOfferSearch({ category: 'Finance', price: '30000:50000', query: ' Corolla ', page: '2' })).toEqual({ category: 'Finance', price: '30000:50000', query: 'Corolla', page: 2 });
  });
  it('drops what it cannot use instead of breaking the page', () => {
    expect(parseOfferSearch({ category: '  ', price: '1:2', query: ['x'], page: '0' })).toEqual({ page: 1 });
    expect(parseOfferSearch({ page: '2.5' })).toEqual({ page: 1 });
    expect(parseOfferSearch({ page: 'abc' })).toEqual({ page: 1 });
    expect(parseOfferSearch({})).toEqual({ page: 1 });
  });
});

describe('offerSearchHref (Clear Filters returns to /special-offers, spec §8)', () => {
  it('is /special-offers without filters, and leaves page 1 out', () => {
    expect(offerSearchHref({ page: 1 })).toBe('/special-offers');
    expect(offerSearchHref({ category: 'Drive Away', page: 1 })).toBe('/special-offers?category=Drive%20Away');
    expect(offerSearchHref({ query: 'ute', price: '80000:', page: 3 })).toBe('/special-offers?price=80000%3A&query=ute&page=3');
  });
  it('knows when filters are applied', () => {
    expect(hasOfferFilters({ page: 4 })).toBe(false);
    expect(hasOfferFilters({ query: 'x', page: 1 })).toBe(true);
  });
});

describe('offersApiQuery', () => {
  it('asks the platform for 21 per page, the price band as min and max', () => {
    expect(offersApiQuery({ category: 'Finance', price: '30000:50000', query: 'Kia', page: 2 })).toBe('category=Finance&query=Kia&price_min=30000&price_max=50000&page=2&per_page=21');
    expect(offersApiQuery({ price: '80000:', page: 1 })).toBe('price_min=80000&page=1&per_page=21');
  });
});

describe('priceInBand', () => {
  it('includes the minimum, excludes the maximum; an offer without a price is in no band', () => {
    const [under30, from30] = OFFER_PRICE_BANDS;
    expect(priceInBand(29_990, under30!)).toBe(true);
    expect(priceInBand(30_000, under30!)).toBe(false);
    expect(priceInBand(30_000, from30!)).toBe(true);
    expect(priceInBand(1_000_000, OFFER_PRICE_BANDS[3]!)).toBe(true);
    expect(priceInBand(null, under30!)).toBe(false);
  });
});

describe('offerPages', () => {
  it('links pages only when there is more than one page of 21', () => {
    expect(offerPages(21)).toEqual([]);
    expect(offerPages(22)).toEqual([1, 2]);
    expect(offerPages(63)).toEqual([1, 2, 3]);
    expect(offerPages(0)).toEqual([]);
  });
});

describe('offer pages (spec §2 /offers/{id})', () => {
  it('links each offer and promotion to its own page', () => {
    expect(offerHref(12)).toBe('/offers/12');
    expect(offerHref('eofy-2027')).toBe('/offers/eofy-2027');
  });
  it('reads a whole number as an offer id and a slug as a promotion id', () => {
    expect(parseOfferRef('12')).toEqual({ kind: 'offer', id: 12 });
    expect(parseOfferRef('stocktake-sale-2025')).toEqual({ kind: 'promotion', id: 'stocktake-sale-2025' });
    expect(parseOfferRef('0')).toBeNull();
    expect(parseOfferRef('012')).toBeNull();
    expect(parseOfferRef('99999999999')).toBeNull();
    expect(parseOfferRef('Bad Id')).toBeNull();
    expect(parseOfferRef('-1')).toBeNull();
  });
  it('has a page only inside the window: start inclusive, expiry exclusive', () => {
    // The stocktake sale of spec §2: 1 to 24 July 2025, Brisbane time (UTC+10).
    const offer = { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-25T00:00:00+10:00' };
    expect(isOfferLive(offer, new Date('2025-06-30T13:59:59Z'))).toBe(false);
    expect(isOfferLive(offer, new Date('2025-06-30T14:00:00Z'))).toBe(true);
    expect(isOfferLive(offer, new Date('2025-07-24T13:59:59Z'))).toBe(true);
    expect(isOfferLive(offer, new Date('2025-07-24T14:00:00Z'))).toBe(false);
  });
  it('names the car types a promotion is for', () => {
    expect(promotionAudience()).toBe('For new, demo and used cars');
    expect(promotionAudience(['demo', 'new'])).toBe('For new and demo cars');
    expect(promotionAudience(['used'])).toBe('For used cars');
  });
});
