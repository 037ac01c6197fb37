import { describe, expect, test } from 'vitest';
import { acceptComparison, countUpValue, displayedFill, gaugeBand, gaugeLabel } from './price-gauge.ts';

const result = { fill: 0.5, listing_price: 30_000, market_range_min: 28_000, market_range_max: 34_000, confidence: 0.21, description: 'Listed below average.' };

describe('acceptComparison (spec §4, §5)', () => {
  test('accepted with every field and confidence above 0.2', () => {
    expect(acceptComparison(result)).toMatchObject({ fill: 0.5, listingPrice: 30_000, marketMax: 34_000 });
  });
  test('hidden at confidence 0.2 or below, a missing value, or market max below the listing price', () => {
    expect(acceptComparison({ ...result, confidence: 0.2 })).toBeNull();
    expect(acceptComparison({ ...result, market_range_min: null })).toBeNull();
    expect(acceptComparison({ ...result, description: '' })).toBeNull();
    expect(acceptComparison({ ...result, market_range_max: 29_999 })).toBeNull();
    expect(acceptComparison(null)).toBeNull();
  });
});

describe('gauge drawing (spec §9)', () => {
  test('minimum fill 20%', () => {
    expect(displayedFill(0.05)).toBe(0.2);
    expect(displayedFill(0.7)).toBe(0.7);
    expect(displayedFill(1.4)).toBe(1);
  });
  test('bands below 0.3, 0.3 to below 0.6, 0.6 or above', () => {
    expect(gaugeBand(0.29)).toBe('low');
    expect(gaugeBand(0.3)).toBe('mid');
    expect(gaugeBand(0.59)).toBe('mid');
    expect(gaugeBand(0.6)).toBe('high');
  });
  test('Good Deal below 0.65 else Great Deal', () => {
    expect(gaugeLabel(0.64)).toBe('Good Deal');
    expect(gaugeLabel(0.65)).toBe('Great Deal');
  });
  test('the count-up reaches the target at 2 s', () => {
    expect(countUpValue(30_000, 0)).toBe(0);
    expect(countUpValue(30_000, 1000)).toBeCloseTo(30_000 * 0.875, 6);
    expect(countUpValue(30_000, 2000)).toBe(30_000);
  });
});
