import { expect, it, vi } from 'vitest';
import { fetchModelListing } from './models.ts';

const answer = (page: number) => ({ items: [], count: 250, page, pages: 12 });

it('asks for 21 models a page, and keeps the last 10 answers, the oldest evicted (spec §7, §9)', async () => {
  const fetcher = vi.fn(async (path: string) => {
    const page = Number(new URL(path, 'http://x').searchParams.get('page'));
    return new Response(JSON.stringify(answer(page)), { headers: { 'content-type': 'application/json' } });
  });
  for (let page = 1; page <= 11; page++) expect(await fetchModelListing({ manufacturer: 'kia', page }, fetcher)).toEqual(answer(page));
  expect(fetcher).toHaveBeenCalledTimes(11);
  expect(fetcher.mock.calls[0]?.[0]).toBe('/api/model-listing?manufacturer=kia&page=1&per_page=21');
  // Pages 2 to 11 come from the cache; page 1, the oldest, was evicted by the 11th.
  for (let page = 2; page <= 11; page++) await fetchModelListing({ manufacturer: 'kia', page }, fetcher);
  expect(fetcher).toHaveBeenCalledTimes(11);
  await fetchModelListing({ manufacturer: 'kia', page: 1 }, fetcher);
  expect(fetcher).toHaveBeenCalledTimes(12);
});
