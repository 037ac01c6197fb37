import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { ResolvedTenant } from '../../../schema/resolved-tenant.gen.ts';
import { followConfigEdit } from './live-config.ts';

/** A config with just what the preview compares: its name and its dealer's details. */
const config = (name: string, phone: string) => ({ name, dealer: { locations: [{ slug: 'toowoomba', phone }] } }) as unknown as ResolvedTenant;

const nothing = () => undefined;

/** A Query cache holding what a location page loaded, counting every fetch; the cars answer when `releaseCars` is called. */
async function loadedLocationPage() {
  const fetched: string[] = [];
  let releaseCars: () => void = nothing;
  let carsPending = false;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const seed = (key: unknown[], slowAfterFirst = false) => {
    let calls = 0;
    return client.fetchQuery({
      queryKey: key,
      queryFn: () => {
        fetched.push(key.join('/'));
        calls += 1;
        if (!slowAfterFirst || calls === 1) return Promise.resolve(calls);
        carsPending = true;
        return new Promise<number>((resolve) => {
          releaseCars = () => {
            carsPending = false;
            resolve(calls);
          };
        });
      },
    });
  };
  await Promise.all([
    seed(['locations']),
    seed(['locations', 'toowoomba']),
    seed(['locations', 'toowoomba', 'reviews', 4, 5]),
    seed(['cars', 'detail', 'kia-sportage-2024'], true),
    seed(['cars', 'at-location', 'Range Road Kia Toowoomba']),
  ]);
  fetched.length = 0;
  return { client, fetched, releaseCars: () => releaseCars(), carsPending: () => carsPending };
}

describe('a config edit in the live preview', () => {
  test("a location's phone: the locations are fetched again, the loaders run before the cars are back, and again after", async () => {
    const page = await loadedLocationPage();
    const reruns: Array<{ carsPending: boolean; fetched: string[] }> = [];
    const done = followConfigEdit(page.client, config('Range Road Kia', '(07) 4600 1000'), config('Range Road Kia', '(07) 4600 10009'), () =>
      reruns.push({ carsPending: page.carsPending(), fetched: [...page.fetched] }),
    );
    await expect.poll(() => reruns.length).toBe(1);
    // The first run: the locations (all, and this one) are back; the cars are still on their way.
    expect(reruns[0]).toEqual({ carsPending: true, fetched: expect.arrayContaining(['locations', 'locations/toowoomba']) as unknown as string[] });
    page.releaseCars();
    await done;
    expect(reruns).toHaveLength(2);
    expect(reruns[1]!.carsPending).toBe(false);
    // Neither the reviews nor the location's stock (its cars without their location's details)
    // depend on a phone: never asked again.
    expect([...page.fetched].sort()).toEqual(['cars/detail/kia-sportage-2024', 'locations', 'locations/toowoomba']);
  });

  test('an edit outside the dealer details runs the loaders at once and fetches nothing', async () => {
    const page = await loadedLocationPage();
    let reruns = 0;
    await followConfigEdit(page.client, config('Range Road Kia', '(07) 4600 1000'), config('Range Road Kia Toowoomba', '(07) 4600 1000'), () => (reruns += 1));
    expect(reruns).toBe(1);
    expect(page.fetched).toEqual([]);
  });
});
