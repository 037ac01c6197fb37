import type { FacetColumn } from './columns.ts';
import { selectSmallest, sortNumbers } from './kernels.ts';

/*
 * Facet counting: the values of the matching documents counted into reused buffers, then the
 * top values (by count or alphabetical) and a numeric facet's stats read from those counts.
 */

/** Facet counts of one attribute, Algolia's `facets[attr]`. */
export type FacetCounts = Record<string, number>;

/** Algolia's `facets_stats[attr]`. */
export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

/** Reused counting buffers of one facet: counts by value, the values touched, and alphabetical ranks. */
export interface FacetTally {
  counts: Uint32Array;
  touched: Uint32Array;
  /** Sort keys of the touched values. */
  keys: Float64Array;
  alpha: Uint32Array;
  alphaRank: Uint32Array;
}

/**
 * Counts the values of `ids` into the tally; returns how many distinct values were touched.
 * Only touched values are visited afterwards, so a price facet with thousands of values costs
 * what the matching documents cost.
 */
export function countTouched(column: FacetColumn, ids: Uint32Array, tally: FacetTally): number {
  const { counts, touched } = tally;
  let n = 0;
  const single = column.single;
  if (single !== null) {
    for (let i = 0; i < ids.length; i += 1) {
      const value = (single[ids[i] as number] as number) - 1;
      if (value < 0) continue;
      const c = counts[value] as number;
      if (c === 0) touched[n++] = value;
      counts[value] = c + 1;
    }
  } else {
    const start = column.multiStart as Uint32Array;
    const values = column.multiValues as Uint32Array;
    for (let i = 0; i < ids.length; i += 1) {
      const doc = ids[i] as number;
      for (let j = start[doc] as number; j < (start[doc + 1] as number); j += 1) {
        const value = values[j] as number;
        const c = counts[value] as number;
        if (c === 0) touched[n++] = value;
        counts[value] = c + 1;
      }
    }
  }
  return n;
}

/** facets_stats from a tally of a single-valued numeric facet: Σ count × value over the touched values. */
export function statsOfTally(tally: FacetTally, n: number, numbers: Float64Array): FacetStats {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i += 1) {
    const value = tally.touched[i] as number;
    const v = numbers[value] as number;
    const c = tally.counts[value] as number;
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v * c;
    count += c;
  }
  return { min, max, avg: count === 0 ? 0 : sum / count, sum };
}

/**
 * The `limit` touched values by count descending (ties alphabetical), or alphabetical, and
 * resets the tally. Each value becomes one number key, so one typed-array sort orders them.
 */
export function topTouched(tally: FacetTally, n: number, labels: readonly string[], limit: number, sortBy: 'count' | 'alpha'): FacetCounts {
  const { counts, touched, alpha, alphaRank } = tally;
  const span = alpha.length;
  let maxCount = 0;
  for (let i = 0; i < n; i += 1) maxCount = Math.max(maxCount, counts[touched[i] as number] as number);
  const keys = tally.keys.subarray(0, n);
  for (let i = 0; i < n; i += 1) {
    const value = touched[i] as number;
    const rank = alphaRank[value] as number;
    keys[i] = sortBy === 'alpha' ? rank : (maxCount - (counts[value] as number)) * span + rank;
  }
  const take = Math.min(limit, n);
  // Only the first `take` keys are needed: a price facet touches thousands of values for 50 shown.
  if (take < n) selectSmallest(keys, take);
  sortNumbers(keys, take);
  const out: FacetCounts = {};
  for (let i = 0; i < take; i += 1) {
    const value = alpha[(keys[i] as number) % span] as number;
    out[labels[value] as string] = counts[value] as number;
  }
  for (let i = 0; i < n; i += 1) counts[touched[i] as number] = 0;
  return out;
}
