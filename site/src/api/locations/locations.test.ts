import { afterEach, expect, test, vi } from 'vitest';
import { fetchLocations, fetchManufacturerLocations } from './locations.ts';

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

test('the websites call asks for sales locations unless told, and a failure is logged and leaves the list empty (spec §7, §8)', async () => {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  const website = { id: 1, name: 'Range Road Kia', url: 'https://rangeroadkia.example', dealership: { id: 7, slug: 'range-road-kia', name: 'Range Road Kia' }, locations: [] };
  const ok = vi.fn(async () => new Response(JSON.stringify([website]), { headers: { 'content-type': 'application/json' } }));
  expect(await fetchManufacturerLocations(undefined, ok)).toEqual([website]);
  expect(ok).toHaveBeenCalledWith('/api/manufacturer-locations?location_type=sales', expect.anything());
  await fetchManufacturerLocations('service', ok);
  expect(ok).toHaveBeenLastCalledWith('/api/manufacturer-locations?location_type=service', expect.anything());
  expect(log).not.toHaveBeenCalled();

  const failing = vi.fn(async () => new Response(JSON.stringify({ error: 'Service unavailable' }), { status: 503, headers: { 'content-type': 'application/json' } }));
  expect(await fetchManufacturerLocations('sales', failing)).toEqual([]);
  expect(log).toHaveBeenCalledWith('Failed to fetch locations', expect.anything());
  const malformed = vi.fn(async () => new Response(JSON.stringify([{ id: 'one' }]), { headers: { 'content-type': 'application/json' } }));
  expect(await fetchManufacturerLocations('sales', malformed)).toEqual([]);
  expect(log).toHaveBeenCalledTimes(2);
});
