import { expect, test } from 'vitest';
import { deliveryRetryDelayMs } from './backoff.ts';

test('the wait doubles from half a minute and never passes an hour; jitter keeps it between half and all of that', () => {
  // The ceilings: 30 s, 60 s, 120 s, … 3,600 s.
  expect([1, 2, 3, 4].map((n) => deliveryRetryDelayMs(n, 0.999999))).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect([1, 2, 3, 4].map((n) => deliveryRetryDelayMs(n, 0))).toEqual([15_000, 30_000, 60_000, 120_000]);
  expect(deliveryRetryDelayMs(8, 0)).toBe(1_800_000);
  expect(deliveryRetryDelayMs(30, 0.5)).toBe(2_700_000);
});
