import { describe, expect, it } from 'vitest';
import { insertPromos, promoPositions } from './promo-positions.ts';

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

describe('insertPromos', () => {
  it('inserts promos at their positions among the cards', () => {
    expect(insertPromos(['a', 'b', 'c', 'd'], [1, 3], (i) => `P${i}`)).toEqual(['a', 'P0', 'b', 'P1', 'c', 'd']);
  });
  it('skips positions beyond the list and never fills an empty page', () => {
    expect(insertPromos(['a'], [6], () => 'P')).toEqual(['a']);
    expect(insertPromos([], [0], () => 'P')).toEqual([]);
  });
});
