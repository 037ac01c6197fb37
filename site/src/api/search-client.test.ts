import { expect, test } from 'vitest';
import { createBoundedCache } from './search-client.ts';

// Spec §7: search answers are cached, the oldest entry evicted beyond a limit.

const missing = () => Promise.resolve('asked again');

test('keeps answers up to the limit, then evicts the oldest', async () => {
  const cache = createBoundedCache(3);
  for (const query of ['corolla', 'hilux', 'ranger']) await cache.set({ query }, { hits: [query] });
  expect(await cache.get({ query: 'corolla' }, missing)).toEqual({ hits: ['corolla'] });
  await cache.set({ query: 'cx-5' }, { hits: ['cx-5'] });
  expect(cache.size).toBe(3);
  expect(await cache.get({ query: 'corolla' }, missing)).toBe('asked again');
  expect(await cache.get({ query: 'cx-5' }, missing)).toEqual({ hits: ['cx-5'] });
});

test('an answer set again counts as the newest', async () => {
  const cache = createBoundedCache(2);
  await cache.set('a', 1);
  await cache.set('b', 2);
  await cache.set('a', 3);
  await cache.set('c', 4);
  expect(await cache.get('b', missing)).toBe('asked again');
  expect(await cache.get('a', missing)).toBe(3);
});

test('a cached answer is a copy: changing what was returned does not change the cache', async () => {
  const cache = createBoundedCache(2);
  await cache.set('q', { hits: [1] });
  const first = await cache.get<{ hits: number[] }>('q', () => Promise.resolve({ hits: [] }));
  first.hits.push(2);
  expect(await cache.get('q', missing)).toEqual({ hits: [1] });
});
