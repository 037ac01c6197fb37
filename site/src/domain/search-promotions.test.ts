import { describe, expect, it } from 'vitest';
import { promoPositions } from './promo-positions.ts';
import { mergeSearchResults, placePromotions, searchCarTypes, type MergeOptions, type ResultCell, type SearchPromotion } from './search-promotions.ts';
import { collapseSoldRuns, type ResultEntry } from './sold-runs.ts';

interface Car {
  id: string;
  status: 'in_stock' | 'coming_soon' | 'sold';
}

// The spec's stocktake sale: 1 to 24 July 2025, Brisbane time (UTC+10, no daylight saving),
// written as whole days, so the window is 30 June 14:00 UTC to 24 July 14:00 UTC.
const stocktake: SearchPromotion = { id: 'stocktake-sale-2025', start: '2025-07-01', expiry: '2025-07-24', position: 3, display: ['new', 'demo', 'used'] };
const demoClearance: SearchPromotion = { id: 'demo-clearance', start: '2025-07-01', expiry: '2025-07-24', position: 9, display: ['demo'], strictDisplay: true };
const usedOnly: SearchPromotion = { id: 'used-deals', start: '2025-07-01', expiry: '2025-07-24', position: 2, display: ['used'] };
const offersOnly: SearchPromotion = { id: 'offers-page-only', start: '2025-07-01', expiry: '2025-07-24', display: ['new', 'demo', 'used'] };

const IN_SALE = new Date('2025-07-10T02:00:00Z');

function cars(count: number, prefix = 'c'): ResultEntry<Car>[] {
  return Array.from({ length: count }, (_, i) => ({ car: { id: `${prefix}${i}`, status: 'in_stock' as const }, collapsed: 0 }));
}

/** The page as short labels: car ids, 'P<n>' for the promo card, promotion ids. */
function layout(cells: ResultCell<Car, SearchPromotion>[]): string[] {
  return cells.map((cell) => (cell.kind === 'car' ? cell.entry.car.id : cell.kind === 'promo-card' ? `P${cell.index}` : cell.promotion.id));
}

function merge(entries: ResultEntry<Car>[], options: Partial<MergeOptions<SearchPromotion>>) {
  return mergeSearchResults<Car, SearchPromotion>(entries, { promoCardPositions: [], promotions: [], now: IN_SALE, carTypes: [], ...options });
}

/** Whether the stocktake sale is on a page of results at `iso`. */
function at(iso: string): boolean {
  return layout(merge(cars(5), { promotions: [stocktake], now: new Date(iso) })).includes(stocktake.id);
}

/** Whether `promotion` is on a page of results during the sale for a search refined to `refined`. */
function shown(promotion: SearchPromotion, refined: string[], usedOnlySite = false): boolean {
  return layout(merge(cars(12), { promotions: [promotion], carTypes: searchCarTypes(refined, { usedOnly: usedOnlySite }) })).includes(promotion.id);
}

describe('mergeSearchResults — window (stocktake sale 1–24 July 2025, Brisbane time)', () => {
  it('is absent one second before midnight 1 July in Brisbane', () => {
    expect(at('2025-06-30T13:59:59Z')).toBe(false);
  });
  it('shows from midnight 1 July Brisbane time, while it is still 30 June in UTC', () => {
    expect(at('2025-06-30T14:00:00Z')).toBe(true);
  });
  it('shows until the last second of 24 July in Brisbane', () => {
    expect(at('2025-07-24T13:59:59Z')).toBe(true);
  });
  it('is gone at midnight 25 July Brisbane time', () => {
    expect(at('2025-07-24T14:00:00Z')).toBe(false);
  });
  it('reads bare dates in the tenant time zone (Perth is two hours behind Brisbane)', () => {
    const options = { promotions: [stocktake], timeZone: 'Australia/Perth' };
    expect(layout(merge(cars(5), { ...options, now: new Date('2025-06-30T15:59:59Z') }))).not.toContain(stocktake.id);
    expect(layout(merge(cars(5), { ...options, now: new Date('2025-06-30T16:00:00Z') }))).toContain(stocktake.id);
  });
  it('reads date-times with an offset exactly, whatever the tenant time zone (config form, expiry exclusive)', () => {
    const configured = { ...stocktake, start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00' };
    const options = { promotions: [configured], timeZone: 'Australia/Sydney' };
    expect(layout(merge(cars(5), { ...options, now: new Date('2025-07-24T23:59:58+10:00') }))).toContain(configured.id);
    expect(layout(merge(cars(5), { ...options, now: new Date('2025-07-24T23:59:59+10:00') }))).not.toContain(configured.id);
  });
});

describe('mergeSearchResults — car types', () => {
  it('shows a non-strict promotion when the search is unrefined or includes one of its types', () => {
    expect(shown(usedOnly, [])).toBe(true);
    expect(shown(usedOnly, ['used'])).toBe(true);
    expect(shown(usedOnly, ['new', 'used'])).toBe(true);
    expect(shown(usedOnly, ['new'])).toBe(false);
    expect(shown(usedOnly, ['new', 'demo'])).toBe(false);
  });
  it('shows a strict promotion only when the search is refined to exactly its types', () => {
    expect(shown(demoClearance, ['demo'])).toBe(true);
    expect(shown(demoClearance, [])).toBe(false);
    expect(shown(demoClearance, ['new', 'demo'])).toBe(false);
    expect(shown(demoClearance, ['used'])).toBe(false);
  });
  it('treats a strict all-types promotion as shown on the unrefined search', () => {
    expect(shown({ ...stocktake, strictDisplay: true }, [])).toBe(true);
    expect(shown({ ...stocktake, strictDisplay: true }, ['new', 'demo', 'used'])).toBe(true);
    expect(shown({ ...stocktake, strictDisplay: true }, ['used'])).toBe(false);
  });
  it('counts the unrefined search of a used-only site as used', () => {
    expect(shown({ ...usedOnly, strictDisplay: true }, [], true)).toBe(true);
    expect(shown({ ...usedOnly, strictDisplay: true }, [], false)).toBe(false);
    expect(shown({ ...demoClearance, display: ['new'], strictDisplay: false }, [], true)).toBe(false);
  });
  it('leaves promotions without a position to the offers pages', () => {
    expect(shown(offersOnly, [])).toBe(false);
  });
});

describe('searchCarTypes', () => {
  it('keeps known car types in the spec order new, demo, used', () => {
    expect(searchCarTypes(['used', 'caravan', 'new'], { usedOnly: false })).toEqual(['new', 'used']);
    expect(searchCarTypes([], { usedOnly: false })).toEqual([]);
    expect(searchCarTypes([], { usedOnly: true })).toEqual(['used']);
  });
});

describe('mergeSearchResults — positions and the promo card', () => {
  it('puts promotions and the promo card at their 0-based indexes among the cards', () => {
    const cells = merge(cars(21), { promotions: [stocktake, demoClearance], promoCardPositions: promoPositions([6, 15]), carTypes: ['demo'] });
    const labels = layout(cells);
    expect(labels.indexOf(stocktake.id)).toBe(3);
    expect(labels.indexOf('P0')).toBe(6);
    expect(labels.indexOf(demoClearance.id)).toBe(9);
    expect(labels.indexOf('P1')).toBe(15);
  });
  it('moves a promotion off a promo card position to the next free index', () => {
    const labels = layout(merge(cars(21), { promotions: [{ ...stocktake, position: 6 }], promoCardPositions: [6, 7] }));
    expect(labels.slice(5, 10)).toEqual(['c5', 'P0', 'P1', stocktake.id, 'c6']);
  });
  it('places promotions sharing a position in config order, the later one next', () => {
    const labels = layout(merge(cars(10), { promotions: [{ ...usedOnly, position: 3 }, stocktake], promoCardPositions: [4] }));
    expect(labels.slice(2, 7)).toEqual(['c2', usedOnly.id, 'P0', stocktake.id, 'c3']);
  });
  it('avoids the randomised promo card (3 to 5 plus the configured position)', () => {
    const setting = { randomise: { min: 3, max: 5 }, position: 0 };
    for (const random of [0, 0.5, 0.99]) {
      const promoCardPositions = promoPositions(setting, () => random);
      const labels = layout(merge(cars(21), { promotions: [{ ...stocktake, position: 4 }], promoCardPositions }));
      expect(labels.indexOf('P0')).toBe(promoCardPositions[0]);
      expect(labels.indexOf(stocktake.id)).toBe(promoCardPositions[0] === 4 ? 5 : 4);
    }
  });
  it('rejects a position that is not a 0-based index, naming the field', () => {
    expect(() => placePromotions([{ ...stocktake, position: -1 }], [])).toThrow('promotions[stocktake-sale-2025].position');
  });
});

describe('mergeSearchResults — pagination', () => {
  const options = { promotions: [stocktake, demoClearance], promoCardPositions: [6, 15], carTypes: ['demo'] as const };

  it('keeps every car of a full page, in order: 21 per page counts cars, not promos', () => {
    const page = cars(21);
    const cells = merge(page, options);
    expect(cells).toHaveLength(25);
    expect(cells.filter((cell) => cell.kind === 'car').map((cell) => (cell.kind === 'car' ? cell.entry : null))).toEqual(page);
  });
  it('shows the same promotions at the same indexes on every page', () => {
    const first = layout(merge(cars(21, 'a'), options));
    const second = layout(merge(cars(21, 'b'), options));
    expect(first.map((label, i) => (label.startsWith('a') ? i : label))).toEqual(second.map((label, i) => (label.startsWith('b') ? i : label)));
  });
  it('shows promos up to just after the last car of a short page, never on an empty page', () => {
    expect(layout(merge(cars(3), options))).toEqual(['c0', 'c1', 'c2', stocktake.id]);
    expect(layout(merge(cars(2), options))).toEqual(['c0', 'c1']);
    expect(merge([], { ...options, promotions: [{ ...stocktake, position: 0 }], promoCardPositions: [0] })).toEqual([]);
  });
});

describe('mergeSearchResults — sold runs', () => {
  it('counts positions on the collapsed list, so a sold run does not swallow or move a promotion', () => {
    const hits: Car[] = [
      { id: 'c0', status: 'in_stock' },
      { id: 's1', status: 'sold' },
      { id: 's2', status: 'sold' },
      { id: 's3', status: 'sold' },
      { id: 'c4', status: 'in_stock' },
      { id: 'c5', status: 'in_stock' },
      { id: 'c6', status: 'in_stock' },
    ];
    const cells = merge(collapseSoldRuns(hits), { promotions: [stocktake] });
    expect(layout(cells)).toEqual(['c0', 's1', 'c4', stocktake.id, 'c5', 'c6']);
    expect(cells[1]).toEqual({ kind: 'car', entry: { car: hits[1], collapsed: 2 } });
  });
});
