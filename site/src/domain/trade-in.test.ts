import { expect, test } from 'vitest';
import { onlineEstimateAllowed } from './trade-in.ts';

const now = Date.UTC(2026, 5, 1);

test('spec §5: no online estimate over 7 years old or 100,000 km', () => {
  expect(onlineEstimateAllowed(2019, 100_000, now)).toBe(true);
  expect(onlineEstimateAllowed(2018, 50_000, now)).toBe(false);
  expect(onlineEstimateAllowed(2024, 100_001, now)).toBe(false);
  expect(onlineEstimateAllowed(2020, 120_000, now, { tradeInMaxAgeYears: 10, tradeInMaxKm: 150_000 })).toBe(true);
});
