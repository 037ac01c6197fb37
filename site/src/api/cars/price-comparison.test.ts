import { afterEach, expect, test, vi } from 'vitest';
import { fetchPriceComparison } from './price-comparison.ts';

// Spec §7 and §8: GET {car path}/autogauge; 'No data returned' or 'Failed to fetch auto gauge
// data' are logged, and the gauge is hidden (no data to draw).

afterEach(() => vi.restoreAllMocks());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

test('asks for the car’s autogauge and answers its comparison', async () => {
  const comparison = { fill: 0.42, listing_price: 31990, market_range_min: 30000, market_range_max: 36000, confidence: 0.8, description: 'Priced below the market' };
  const fetch = vi.fn(async (_path: string) => json(comparison));
  expect(await fetchPriceComparison('2021-toyota-corolla-7', { fetch })).toEqual(comparison);
  expect(fetch.mock.calls[0]?.[0]).toBe('/api/cars/2021-toyota-corolla-7/autogauge');
});

test("no data for the car: 'No data returned' is logged and there is nothing to draw", async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(await fetchPriceComparison('2021-toyota-corolla-7', { fetch: async () => json({ error: 'No data for this car.' }, 404) })).toBeNull();
  expect(warn.mock.calls).toEqual([['No data returned', '2021-toyota-corolla-7']]);
});

test("a failed call: 'Failed to fetch auto gauge data' is logged and there is nothing to draw", async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  expect(await fetchPriceComparison('2021-toyota-corolla-7', { fetch: async () => json({ error: 'Busy' }, 503) })).toBeNull();
  expect(await fetchPriceComparison('2021-toyota-corolla-7', { fetch: () => Promise.reject(new TypeError('Failed to fetch')) })).toBeNull();
  expect(warn.mock.calls.map(([text]) => text)).toEqual(['Failed to fetch auto gauge data', 'Failed to fetch auto gauge data']);
});
