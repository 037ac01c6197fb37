import { describe, expect, it } from 'vitest';
import {
  ABOVE_RANGE_MESSAGE,
  BELOW_RANGE_MESSAGE,
  moveThumbs,
  normaliseSliderInput,
  rangeRefinementError,
  roundToNearest,
  sliderBounds,
  sliderRefinement,
  sliderTrack,
  thumbPosition,
  type SliderSettings,
} from './slider.ts';

const settings: SliderSettings = { defaultMin: 0, defaultMax: 100000, stepFraction: 0.01, priceStep: 500, rounding: 1000 };

describe('sliderBounds', () => {
  it('uses the default range max 100000 when the facet has no stats', () => {
    expect(sliderBounds('km', undefined, settings)).toEqual({ min: 0, max: 100000, step: 1000 });
  });

  it('steps price by 500 and other sliders by 1/100 of the range', () => {
    expect(sliderBounds('price', { min: 5000, max: 95000 }, settings).step).toBe(500);
    expect(sliderBounds('km', { min: 0, max: 250000 }, settings).step).toBe(2500);
    expect(sliderBounds('year', { min: 2005, max: 2025 }, settings).step).toBe(1);
  });

  it('prefers the tenant override (5,000 to 250,000 configuration)', () => {
    const caravan = { ...settings, price: { min: 5000, max: 250000, step: 500 } };
    expect(sliderBounds('price', { min: 12000, max: 90000 }, caravan)).toEqual({ min: 5000, max: 250000, step: 500 });
  });
});

describe('normaliseSliderInput', () => {
  const bounds = { min: 0, max: 100000, step: 500 };
  it('rounds price and km to the nearest 1000', () => {
    expect(normaliseSliderInput('price', 25499, bounds, 1000)).toBe(25000);
    expect(normaliseSliderInput('km', 25500, bounds, 1000)).toBe(26000);
    expect(roundToNearest(1499, 1000)).toBe(1000);
  });
  it('turns an amount below 0 into 0 and clamps to the range', () => {
    expect(normaliseSliderInput('price', -300, bounds, 1000)).toBe(0);
    expect(normaliseSliderInput('price', 250000, bounds, 1000)).toBe(100000);
  });
  it('keeps a typed weekly subscription amount as typed (only price and km round)', () => {
    const weekly = { min: 160, max: 700, step: 5 };
    expect(normaliseSliderInput('subscription_price', 250, weekly, 1000)).toBe(250);
    expect(normaliseSliderInput('subscription_price', 649, weekly, 1000)).toBe(649);
    expect(normaliseSliderInput('subscription_price', 100, weekly, 1000)).toBe(160);
    expect(normaliseSliderInput('subscription_price', 900, weekly, 1000)).toBe(700);
  });
  it('clamps non-amount inputs to min or max without rounding', () => {
    const years = { min: 2010, max: 2024, step: 1 };
    expect(normaliseSliderInput('year', 1999, years, 1000)).toBe(2010);
    expect(normaliseSliderInput('year', 2031, years, 1000)).toBe(2024);
    expect(normaliseSliderInput('year', 2017, years, 1000)).toBe(2017);
  });
});

describe('moveThumbs', () => {
  it('stops the minimum at the current maximum and the maximum at the current minimum', () => {
    expect(moveThumbs([60000, 50000], [10000, 50000])).toEqual([50000, 50000]);
    expect(moveThumbs([10000, 5000], [10000, 50000])).toEqual([10000, 10000]);
    expect(moveThumbs([20000, 40000], [10000, 50000])).toEqual([20000, 40000]);
  });
});

describe('rangeRefinementError', () => {
  const bounds = { min: 1000, max: 90000 };
  it('refuses values outside the range with the spec messages', () => {
    expect(rangeRefinementError({ min: 500 }, bounds)).toBe(BELOW_RANGE_MESSAGE);
    expect(rangeRefinementError({ max: 95000 }, bounds)).toBe(ABOVE_RANGE_MESSAGE);
    expect(rangeRefinementError({ min: 1000, max: 90000 }, bounds)).toBeNull();
    expect(BELOW_RANGE_MESSAGE).toBe('Cannot refine below the range minimum');
    expect(ABOVE_RANGE_MESSAGE).toBe('Cannot refine above the range maximum');
  });
});

describe('sliderRefinement', () => {
  it('leaves ends at the edge of the range open', () => {
    expect(sliderRefinement([0, 100000], { min: 0, max: 100000 })).toEqual({});
    expect(sliderRefinement([5000, 100000], { min: 0, max: 100000 })).toEqual({ min: 5000 });
    expect(sliderRefinement([0, 30000], { min: 0, max: 100000 })).toEqual({ max: 30000 });
  });
});

describe('sliderTrack and thumbPosition', () => {
  // Big Lot's price range as its stock gives it: the cheapest car $3,990, the dearest $124,490.
  const bigLot = { min: 3990, max: 124490, step: 500 };

  it('widens the range to whole steps, so each stop of the track is a round amount', () => {
    expect(sliderTrack(bigLot)).toEqual({ min: 3500, max: 124500 });
    expect(sliderTrack({ min: 5000, max: 250000, step: 500 })).toEqual({ min: 5000, max: 250000 });
    // Kilometres step by a hundredth of the range (spec §9): 13,140 to 233,200 by 2,201.
    expect(sliderTrack({ min: 13140, max: 233200, step: 2201 })).toEqual({ min: 11005, max: 233306 });
    expect(sliderTrack({ min: 2014, max: 2025, step: 1 })).toEqual({ min: 2014, max: 2025 });
  });

  it('puts an open end at the end of the track and any other amount at its nearest stop', () => {
    expect(thumbPosition(3990, bigLot)).toBe(3500);
    expect(thumbPosition(124490, bigLot)).toBe(124500);
    expect(thumbPosition(10000, bigLot)).toBe(10000);
    expect(thumbPosition(10240, bigLot)).toBe(10000);
    expect(thumbPosition(10260, bigLot)).toBe(10500);
    // An amount inside the range never sits at a stop past its end.
    expect(thumbPosition(124400, bigLot)).toBe(124500);
    expect(thumbPosition(4100, bigLot)).toBe(4000);
  });
});
