import { describe, expect, test } from 'vitest';
import { similarCars, similarCarsFilter, similarPriceWindow } from './similar-cars.ts';

describe('similar cars (spec §9)', () => {
  test('±10,000 below 50,000, else ±25,000', () => {
    expect(similarPriceWindow(49_999)).toEqual({ min: 39_999, max: 59_999 });
    expect(similarPriceWindow(50_000)).toEqual({ min: 25_000, max: 75_000 });
    expect(similarPriceWindow(5_000)).toEqual({ min: 0, max: 15_000 });
  });
  test('in stock only, inside the window, not the car itself, at most 6', () => {
    const car = { id: 1, price: 30_000 };
    const base = { status: 'in_stock', price: 30_000 };
    const candidates = [
      { ...base, id: 1 },
      { ...base, id: 2, status: 'sold' },
      { ...base, id: 3, reserved: true },
      { ...base, id: 4, price: 40_001 },
      { ...base, id: 5, price: 40_000 },
      ...[6, 7, 8, 9, 10, 11, 12].map((id) => ({ ...base, id })),
    ];
    expect(similarCars(car, candidates).map((c) => c.id)).toEqual([5, 6, 7, 8, 9, 10]);
  });
  test('the search filter names the same window', () => {
    expect(similarCarsFilter({ id: 9, price: 60_000 })).toBe('status:in_stock AND NOT reserved:true AND price:35000 TO 85000 AND NOT objectID:9');
  });
});
