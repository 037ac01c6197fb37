import { describe, expect, it } from 'vitest';
import { addSearchHistory, parseSearchHistory, type SearchHistoryEntry } from './search-history.ts';

const entry = (n: number): SearchHistoryEntry => ({ path: `/search/make-${n}`, refinements: [`Make ${n}`], at: n });

describe('addSearchHistory', () => {
  it('keeps the latest 5 searches, newest first', () => {
    let history: SearchHistoryEntry[] = [];
    for (let n = 1; n <= 7; n++) history = addSearchHistory(history, entry(n));
    expect(history.map((e) => e.at)).toEqual([7, 6, 5, 4, 3]);
  });
  it('moves a repeated search to the front', () => {
    const history = addSearchHistory([entry(2), entry(1)], { ...entry(1), at: 9 });
    expect(history.map((e) => e.path)).toEqual(['/search/make-1', '/search/make-2']);
  });
});

describe('parseSearchHistory', () => {
  it('drops malformed entries', () => {
    expect(parseSearchHistory([entry(1), { path: 5 }, null, { path: '/cars/x', refinements: [], at: 1 }])).toEqual([entry(1)]);
    expect(parseSearchHistory('nope')).toEqual([]);
  });
});
