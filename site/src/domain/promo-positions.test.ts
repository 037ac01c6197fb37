import { describe, expect, it } from 'vitest';
import { promoPositions } from './promo-positions.ts';
import { mergeSearchResults } from './search-promotions.ts';

describe('promoPositions', () => {
  it('accepts a number or a list', () => {
    expect(promoPositions(6)).toEqual([6]);
    expect(promoPositions([15, 6, 6])).toEqual([6, 15]);
    expect(promoPositions(undefined)).toEqual([]);
  });
  it('randomises 3 to 5 plus the configured position', () => {
    const setting = { randomise: { min: 3, max: 5 }, position: 2 };
    expect(promoPositions(setting, () => 0)).toEqual([5]);
    expect(promoPositions(setting, () => 0.5)).toEqual([6]);
    expect(promoPositions(setting, () => 0.999)).toEqual([7]);
  });
});

// The promo card is placed among a page's cars by mergeSearchResults (search-promotions.ts).
function insertPromos(items: readonly string[], positions: readonly number[], promo: (index: number) => string): string[] {
  const cells = mergeSearchResults(
    items.map((car) => ({ car, collapsed: 0 })),
    { promoCardPositions: positions, promotions: [], now: new Date('2026-11-22T00:00:00Z'), carTypes: [] },
  );
  return cells.map((cell) => (cell.kind === 'car' ? cell.entry.car : cell.kind === 'promo-card' ? promo(cell.index) : 'promotion'));
}

describe('promo card among the cars', () => {
  it('inserts promos at their positions among the cards', () => {
    expect(insertPromos(['a', 'b', 'c', 'd'], [1, 3], (i) => `P${i}`)).toEqual(['a', 'P0', 'b', 'P1', 'c', 'd']);
  });
  it('skips positions beyond the list and never fills an empty page', () => {
    expect(insertPromos(['a'], [6], () => 'P')).toEqual(['a']);
    expect(insertPromos([], [0], () => 'P')).toEqual([]);
  });
});
