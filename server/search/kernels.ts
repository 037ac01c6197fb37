import type { Bitset } from './bitset.ts';
import { foldText } from './normalize.ts';

/*
 * The tight loops of a search over bitsets and typed arrays: posting lists into a bitset, a
 * page of documents out of one (in document order or along a replica's order), and the
 * small-array sorts a page or a facet's top values need. Kept apart so they can be read,
 * tested and measured (kernels.test.ts, npm run bench) on their own.
 */

/** Whether two bitsets share a document. */
export function intersects(a: Bitset, b: Bitset): boolean {
  for (let i = 0; i < a.length; i += 1) if (((a[i] as number) & (b[i] as number)) !== 0) return true;
  return false;
}

/** Sets the bits of a posting list (document numbers, `ids` from `from` to `to` exclusive) in `set`. */
export function orPostings(set: Bitset, ids: Uint32Array, from = 0, to = ids.length): void {
  for (let i = from; i < to; i += 1) {
    const doc = ids[i] as number;
    set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
  }
}

/**
 * Appends up to `take` documents of `set` met along `order` positions [from, to), after
 * skipping the first `skip`; returns how many documents of `set` it met (at most skip + take).
 */
export function walk(order: Uint32Array, from: number, to: number, set: Bitset, skip: number, take: number, out: number[]): number {
  let seen = 0;
  const end = skip + take;
  for (let i = from; i < to && seen < end; i += 1) {
    const doc = order[i] as number;
    if (((set[doc >>> 5] as number) & (1 << (doc & 31))) === 0) continue;
    if (seen >= skip) out.push(doc);
    seen += 1;
  }
  return seen;
}

/** Appends up to `take` set documents (ascending) after skipping the first `skip`. */
export function collect(set: Bitset, skip: number, take: number, out: number[]): void {
  let skipped = 0;
  let left = take;
  for (let w = 0; w < set.length && left > 0; w += 1) {
    let word = set[w] as number;
    if (word === 0) continue;
    if (skipped + popcountWord(word) <= skip) {
      skipped += popcountWord(word);
      continue;
    }
    while (word !== 0 && left > 0) {
      const low = word & -word;
      word ^= low;
      if (skipped < skip) {
        skipped += 1;
        continue;
      }
      out.push((w << 5) + (31 - Math.clz32(low)));
      left -= 1;
    }
  }
}

function popcountWord(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * Sorts keys[0..n) ascending: insertion sort for the short runs a page or a facet's top values
 * need (TypedArray#sort costs microseconds of setup), the built-in sort beyond.
 */
export function sortNumbers(keys: Float64Array | Uint32Array, n: number): void {
  if (n > 64) {
    keys.subarray(0, n).sort();
    return;
  }
  for (let i = 1; i < n; i += 1) {
    const key = keys[i] as number;
    let j = i - 1;
    while (j >= 0 && (keys[j] as number) > key) {
      keys[j + 1] = keys[j] as number;
      j -= 1;
    }
    keys[j + 1] = key;
  }
}

/**
 * Reorders `keys` so its `k` smallest values come first (in any order): quickselect (Hoare
 * partition, median of three), O(n) on average. Keys are distinct.
 */
export function selectSmallest(keys: Float64Array | Uint32Array, k: number): void {
  if (k <= 0 || k >= keys.length) return;
  let lo = 0;
  let hi = keys.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    const a = keys[lo] as number;
    const b = keys[mid] as number;
    const c = keys[hi] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((keys[i] as number) < pivot) i += 1;
      while ((keys[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const t = keys[i] as number;
        keys[i] = keys[j] as number;
        keys[j] = t;
        i += 1;
        j -= 1;
      }
    }
    // [lo, j] ≤ pivot ≤ [i, hi]; keep narrowing the side that holds position k − 1.
    if (k - 1 <= j) hi = j;
    else if (k - 1 >= i) lo = i;
    else return;
  }
}

/** Orders folded labels, the raw label breaking ties (so two spellings of one word keep a fixed order). */
export function compareFolded(fa: string, fb: string, a: string, b: string): number {
  return fa < fb ? -1 : fa > fb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

/** Orders two labels alphabetically, ignoring case and accents. */
export function compareLabels(a: string, b: string): number {
  return compareFolded(foldText(a), foldText(b), a, b);
}

/** The first position in `sorted` whose string is not below `key`. */
export function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
