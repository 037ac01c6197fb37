import { describe, expect, it } from 'vitest';
import { collapseSoldRuns } from './sold-runs.ts';

const car = (id: number, status: string) => ({ id, status });

describe('collapseSoldRuns', () => {
  it('collapses a run of consecutive sold cars to its first car', () => {
    const entries = collapseSoldRuns([car(1, 'in_stock'), car(2, 'sold'), car(3, 'sold'), car(4, 'sold'), car(5, 'coming_soon'), car(6, 'sold')]);
    expect(entries.map((e) => [e.car.id, e.collapsed])).toEqual([
      [1, 0],
      [2, 2],
      [5, 0],
      [6, 0],
    ]);
  });
  it('keeps every car when every result is sold', () => {
    const entries = collapseSoldRuns([car(1, 'sold'), car(2, 'sold')]);
    expect(entries.map((e) => e.collapsed)).toEqual([0, 0]);
    expect(entries).toHaveLength(2);
  });
  it('returns nothing for no results', () => {
    expect(collapseSoldRuns([])).toEqual([]);
  });
});
