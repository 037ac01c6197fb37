import { describe, expect, it } from 'vitest';
import { OFFERS_CACHE_LIMIT } from '../../domain/special-offers.ts';
import { boundedCache } from './offers.ts';

describe('offers answer cache (spec §7: up to 10 entries)', () => {
  it('keeps 10 answers and evicts the oldest when an 11th arrives', () => {
    const cache = boundedCache<number>(OFFERS_CACHE_LIMIT);
    for (let page = 1; page <= 10; page++) cache.set(`page=${page}`, page);
    expect(cache.keys()).toHaveLength(10);
    cache.set('page=11', 11);
    expect(cache.keys()).toHaveLength(10);
    expect(cache.get('page=1')).toBeUndefined();
    expect(cache.get('page=2')).toBe(2);
    expect(cache.get('page=11')).toBe(11);
  });

  it('counts a key set again as the newest', () => {
    const cache = boundedCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('a', 3);
    cache.set('c', 4);
    expect(cache.keys()).toEqual(['a', 'c']);
    expect(cache.get('a')).toBe(3);
  });
});
