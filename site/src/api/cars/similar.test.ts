import { afterEach, describe, expect, test, vi } from 'vitest';
import { fetchSimilar } from './similar.ts';

// Spec §7: "Multi-search for similar cars | queries list (index, filter, limit 10, highlight tags)
// | results[].hits; failure logged, falls back to a filter-based search".

const CAR = { id: 40, slug: '2021-toyota-corolla-40', price: 27_990 };

function record(id: number, price: number) {
  return { id, slug: `car-${id}`, name: `Car ${id}`, year: 2020, make: 'Toyota', model: 'Corolla', badge: null, price, km: 30_000, status: 'in_stock', reserved: false, sold: false, primary_image_url: null, location_name: 'Newstead' };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

/** A fetch stand-in answering by path, recording each call's path and JSON body. */
function recordingFetch(answer: (path: string) => Response | Promise<Response>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : null });
      return answer(path);
    }),
  );
  return calls;
}

describe('similar cars search (spec §7)', () => {
  test("one multi-search for the platform's ids: the stock index, their filter, limit 10, highlight tags; cars in the platform's order", async () => {
    const calls = recordingFetch((path) =>
      path === `/api/cars/${CAR.slug}/similar`
        ? json({ ids: [12, 7, 31] })
        : // The search answers in its own ranking, not the platform's.
          json({ results: [{ hits: [record(7, 25_000), record(31, 30_500), record(12, 26_990)] }] }),
    );
    const cars = await fetchSimilar(CAR, 6);
    expect(cars.map((c) => c.id)).toEqual([12, 7, 31]);
    expect(calls.map((c) => c.path)).toEqual([`/api/cars/${CAR.slug}/similar`, '/1/indexes/*/queries']);
    const { requests } = calls[1]!.body as { requests: Record<string, unknown>[] };
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ indexName: 'cars', filters: 'objectID:12 OR objectID:7 OR objectID:31', hitsPerPage: 10, highlightPreTag: '<mark>', highlightPostTag: '</mark>' });
  });

  test('a failed multi-search is logged and the filter-based search answers: in stock, unreserved, within ±10,000 of a car under 50,000', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = recordingFetch((path) => {
      if (path === `/api/cars/${CAR.slug}/similar`) return json({ ids: [12, 7] });
      if (path === '/1/indexes/*/queries') return json({ message: 'Service unavailable' }, 503);
      return json({ hits: [record(8, 21_000), record(9, 33_000)] });
    });
    const cars = await fetchSimilar(CAR, 6);
    expect(cars.map((c) => c.id)).toEqual([8, 9]);
    expect(error).toHaveBeenCalledTimes(1);
    expect(String(error.mock.calls[0]?.[0])).toContain('Similar cars search failed');
    expect(calls[2]?.path).toBe('/1/indexes/cars/query');
    // 27,990 ± 10,000 (spec §9), worked out here.
    expect(calls[2]?.body).toMatchObject({ filters: 'status:in_stock AND NOT reserved:true AND price:17990 TO 37990 AND NOT objectID:40', hitsPerPage: 6 });
    error.mockRestore();
  });

  test('the ids call failing falls back too; a car above 50,000 gets ±25,000', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = recordingFetch((path) => {
      if (path.startsWith('/api/cars/')) throw new TypeError('Failed to fetch');
      return json({ hits: [record(8, 61_000)] });
    });
    expect((await fetchSimilar({ ...CAR, price: 60_000 }, 4)).map((c) => c.id)).toEqual([8]);
    expect(calls[1]?.body).toMatchObject({ filters: 'status:in_stock AND NOT reserved:true AND price:35000 TO 85000 AND NOT objectID:40', hitsPerPage: 4 });
    error.mockRestore();
  });

  test('no similar ids: no search at all', async () => {
    const fetch = vi.fn(async () => json({ ids: [] }));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchSimilar(CAR, 6)).toEqual([]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
