import { afterEach, expect, test, vi } from 'vitest';
import { fetchYouxQuote } from './youx-quote.ts';

const CAR = { id: 7, price: 25990, year: 2021, vin: 'JTDBR32E720012345', nvic: null };

afterEach(() => vi.restoreAllMocks());

test('posts the spec §7 request and answers the quote', async () => {
  const fetch = vi.fn(async (_path: string, _init?: RequestInit) => new Response(JSON.stringify({ weeklyRepaymentAmount: 112.4, advertisedRate: 8.95, comparisonRate: 9.41 }), { headers: { 'content-type': 'application/json' } }));
  expect(await fetchYouxQuote(CAR, { fetch })).toEqual({ weeklyRepaymentAmount: 112.4, advertisedRate: 8.95, comparisonRate: 9.41 });
  const [path, init] = fetch.mock.calls[0]!;
  expect(path).toBe('/api/youx/quote');
  expect(init?.method).toBe('POST');
  expect(JSON.parse(String(init?.body))).toEqual({ selfAssessedCreditScore: 'GREAT', purchasePrice: 25990, loanTerm: 5, year: 2021, vin: 'JTDBR32E720012345', nvic: null, whoIsHelping: '', car_id: 7 });
});

test('a failure is silently ignored: no estimate', async () => {
  const error = vi.spyOn(console, 'error');
  const refused = vi.fn(async () => new Response(JSON.stringify({ error: 'this car cannot be quoted' }), { status: 422, headers: { 'content-type': 'application/json' } }));
  expect(await fetchYouxQuote(CAR, { fetch: refused })).toBeNull();
  const offline = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  expect(await fetchYouxQuote(CAR, { fetch: offline })).toBeNull();
  expect(error).not.toHaveBeenCalled();
});
