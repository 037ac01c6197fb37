import { afterEach, expect, test, vi } from 'vitest';
import { fetchLocations } from './locations.ts';

afterEach(() => vi.restoreAllMocks());

test('a failed locations call is logged as "Failed to fetch locations" and leaves the list empty (spec §7, §8)', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  const failing = vi.fn(async () => new Response(JSON.stringify({ error: 'Service unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } }));
  expect(await fetchLocations(failing)).toEqual([]);
  expect(log).toHaveBeenCalledWith('Failed to fetch locations', expect.anything());
  const offline = vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  expect(await fetchLocations(offline)).toEqual([]);
  expect(log).toHaveBeenCalledTimes(2);
});

test('a good answer is the list', async () => {
  const ok = vi.fn(async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));
  expect(await fetchLocations(ok)).toEqual([]);
  expect(ok).toHaveBeenCalledWith('/api/locations', expect.anything());
});
