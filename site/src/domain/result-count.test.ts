import { describe, expect, it } from 'vitest';
import { formatCount, resultCount } from './result-count.ts';

describe('resultCount', () => {
  it('shows counts up to 1999 as they are', () => {
    expect(resultCount(1999, { car_type: { used: 5 } })).toBe(1999);
  });
  it('replaces counts over 1999 with the summed car type facet count', () => {
    expect(resultCount(2000, { car_type: { new: 700, demo: 100, used: 1450 } })).toBe(2250);
  });
  it('falls back to the in_stock count, then the total', () => {
    expect(resultCount(5000, { status: { in_stock: 4800, sold: 200 } })).toBe(4800);
    expect(resultCount(5000)).toBe(5000);
  });
});

describe('formatCount', () => {
  it('pluralises and separates thousands', () => {
    expect(formatCount(1)).toBe('1 car');
    expect(formatCount(2250)).toBe('2,250 cars');
    expect(formatCount(3, 'caravan')).toBe('3 caravans');
  });
});
