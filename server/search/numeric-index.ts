import { type Bitset, emptyBitset } from './bitset.ts';

/*
 * A numeric attribute's documents in value order plus prefix bitsets, so a range condition
 * (`price >= 12000`, `price:10000 TO 30000`) costs two binary searches, one copy of a
 * precomputed bitset and at most half a bucket of single-bit fixes at each end — instead of a
 * scan of every document. The shopper's price range changes with nearly every request, so the
 * leaf cache rarely helps there.
 */

/** Prefix bitsets per attribute; 64 × (documents / 8) bytes (0.8 MB at 100,000 documents). */
const BUCKETS = 64;

/** One numeric attribute's sorted index over its single-valued documents. */
export interface SortedNumeric {
  size: number;
  /** Documents with one numeric value, ascending by value (ties by document number). */
  docs: Uint32Array;
  /** values[r] = value of docs[r]. */
  values: Float64Array;
  /** Ranks per bucket. */
  step: number;
  /** prefixes[k] = documents of rank < min(k × step, docs.length), k = 0..BUCKETS. */
  prefixes: Bitset[];
}

/**
 * Builds the index from the ascending permutation of the attribute (documents without a single
 * value at its end) and the per-document values.
 */
export function buildSortedNumeric(ascending: Uint32Array, perDoc: Float64Array): SortedNumeric {
  const size = perDoc.length;
  let count = 0;
  while (count < ascending.length && !Number.isNaN(perDoc[ascending[count] as number] as number)) count += 1;
  const docs = ascending.slice(0, count);
  const values = new Float64Array(count);
  for (let r = 0; r < count; r += 1) values[r] = perDoc[docs[r] as number] as number;
  const step = Math.max(1, Math.ceil(count / BUCKETS));
  const prefixes: Bitset[] = [];
  const running = emptyBitset(size);
  for (let k = 0; k <= BUCKETS; k += 1) {
    const from = Math.min((k - 1) * step, count);
    const to = Math.min(k * step, count);
    for (let r = Math.max(0, from); r < to; r += 1) {
      const doc = docs[r] as number;
      running[doc >>> 5] = (running[doc >>> 5] as number) | (1 << (doc & 31));
    }
    prefixes.push(running.slice());
  }
  return { size, docs, values, step, prefixes };
}

/** First rank whose value is ≥ v (or > v when `strict`). */
export function rankOf(index: SortedNumeric, v: number, strict: boolean): number {
  const { values } = index;
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = values[mid] as number;
    if (strict ? x <= v : x < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function flip(set: Bitset, docs: Uint32Array, from: number, to: number, on: boolean): void {
  for (let r = from; r < to; r += 1) {
    const doc = docs[r] as number;
    if (on) set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
    else set[doc >>> 5] = (set[doc >>> 5] as number) & ~(1 << (doc & 31));
  }
}

/**
 * The documents of rank a ≤ r < b, written over `out` (any contents; a new bitset when absent).
 */
export function rankRange(index: SortedNumeric, a: number, b: number, out?: Bitset): Bitset {
  const { docs, step, prefixes, size } = index;
  const count = docs.length;
  const set = out ?? emptyBitset(size);
  const words = (size + 31) >>> 5;
  // Empty, or few documents: setting their bits beats copying whole bitsets.
  if (b <= a || b - a <= words || b - a <= 2 * step) {
    if (out !== undefined) set.fill(0);
    if (b > a) flip(set, docs, a, b, true);
    return set;
  }
  const kb = Math.min(BUCKETS, Math.round(b / step));
  const baseB = Math.min(kb * step, count);
  set.set(prefixes[kb] as Bitset);
  if (baseB < b) flip(set, docs, baseB, b, true);
  else flip(set, docs, b, baseB, false);
  if (a > 0) {
    const ka = Math.min(BUCKETS, Math.round(a / step));
    const baseA = Math.min(ka * step, count);
    const below = prefixes[ka] as Bitset;
    for (let w = 0; w < set.length; w += 1) set[w] = (set[w] as number) & ~(below[w] as number);
    // baseA is within half a bucket of a, and b − a > 2 buckets, so [baseA, a) / [a, baseA) lie below b.
    if (baseA < a) flip(set, docs, baseA, a, false);
    else flip(set, docs, a, baseA, true);
  }
  return set;
}
