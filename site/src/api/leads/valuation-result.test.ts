import { afterEach, expect, test, vi } from 'vitest';
import { sendValuationResult } from './valuation-result.ts';

// Spec §7 POST /api/miscellaneous (column_name=valuation) and §8 "Valuation save result: logged
// only": the shopper's flow neither waits on the outcome nor shows it.

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const result = { offer_price: 18500, vehicle: { year: 2020, make: 'Mazda', model: 'CX-5', badge: 'Maxx' }, kms: 42000, adjustmentAnswers: { condition: 'good' } };

test('sends the result with column_name=valuation and its lead, and logs the answer', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true }), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  await sendValuationResult({ lead_id: 77, lead_token: 'tok' }, result);
  const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
  expect(path).toBe('/api/miscellaneous');
  expect(JSON.parse(String(init.body))).toEqual({ column_name: 'valuation', value: result, lead_id: 77, lead_token: 'tok' });
  expect(info.mock.calls.map(([text]) => text)).toEqual(['Valuation result saved']);
});

test('a refused or failed save is logged as a warning and nothing else happens', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } }));
  await expect(sendValuationResult({ lead_id: 77 }, result)).resolves.toBeUndefined();
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  await expect(sendValuationResult({ lead_id: 77 }, result)).resolves.toBeUndefined();
  expect(warn.mock.calls.map(([text]) => text)).toEqual(['Valuation result not saved', 'Valuation result not saved']);
});
