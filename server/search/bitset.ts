/*
 * Fixed-size bitsets over document numbers (32 documents per word). Filters combine as word-wise
 * AND/OR/NOT, so a whole boolean expression over 100,000 cars costs a few thousand word operations.
 */

export type Bitset = Uint32Array;

/** An empty bitset able to hold `size` documents. */
export function emptyBitset(size: number): Bitset {
  return new Uint32Array((size + 31) >>> 5);
}

/** A bitset with documents 0..size-1 set. */
export function fullBitset(size: number): Bitset {
  const set = emptyBitset(size);
  set.fill(0xffffffff);
  trimTail(set, size);
  return set;
}

function trimTail(set: Bitset, size: number): void {
  const rest = size & 31;
  if (rest !== 0 && set.length > 0) set[set.length - 1] = (set[set.length - 1] as number) & ((1 << rest) - 1) >>> 0;
}

/** A bitset with exactly the given document numbers set. */
export function bitsetFromIds(ids: ArrayLike<number>, size: number): Bitset {
  const set = emptyBitset(size);
  for (let i = 0; i < ids.length; i += 1) {
    const id = ids[i] as number;
    set[id >>> 5] = (set[id >>> 5] as number) | (1 << (id & 31));
  }
  return set;
}

/** Sets one document. */
export function setBit(set: Bitset, id: number): void {
  set[id >>> 5] = (set[id >>> 5] as number) | (1 << (id & 31));
}

/** Whether one document is set. */
export function hasBit(set: Bitset, id: number): boolean {
  return ((set[id >>> 5] as number) & (1 << (id & 31))) !== 0;
}

/** a &= b, in place; returns a. */
export function andInPlace(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i += 1) a[i] = (a[i] as number) & (b[i] as number);
  return a;
}

/** a |= b, in place; returns a. */
export function orInPlace(a: Bitset, b: Bitset): Bitset {
  for (let i = 0; i < a.length; i += 1) a[i] = (a[i] as number) | (b[i] as number);
  return a;
}

/** a = ~a restricted to `size` documents, in place; returns a. */
export function notInPlace(a: Bitset, size: number): Bitset {
  for (let i = 0; i < a.length; i += 1) a[i] = ~(a[i] as number);
  trimTail(a, size);
  return a;
}

/** Writes the set bits of `word` (documents base..base+31) into ids from n on; returns the new n. */
function listBits(word: number, base: number, ids: Uint32Array, n: number): number {
  let bits = word;
  let at = n;
  do {
    const low = bits & -bits;
    ids[at] = base + (31 - Math.clz32(low));
    at += 1;
    bits ^= low;
  } while (bits !== 0);
  return at;
}

/** Number of documents set. */
export function popcount(set: Bitset): number {
  let count = 0;
  for (let i = 0; i < set.length; i += 1) {
    let v = set[i] as number;
    v = v - ((v >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}

/**
 * The documents set, ascending. With `scratch` (large enough for every document) the answer is a
 * view into it, which saves allocating up to 400 KB per facet query at 100,000 documents.
 */
export function bitsetToIds(set: Bitset, scratch?: Uint32Array): Uint32Array {
  // With a scratch as large as the set's capacity, one pass suffices (no count first).
  const ids = scratch !== undefined && scratch.length >= set.length * 32 ? scratch : new Uint32Array(popcount(set));
  let n = 0;
  for (let w = 0; w < set.length; w += 1) {
    const word = set[w] as number;
    if (word !== 0) n = listBits(word, w << 5, ids, n);
  }
  return ids === scratch ? ids.subarray(0, n) : ids;
}

/**
 * out = a ∧ b₁ ∧ b₂ ∧ … in one pass over the words per four operands (instead of one pass
 * per operand). `out` may be `a`.
 */
export function andAllInto(out: Bitset, a: Bitset, others: readonly Bitset[]): Bitset {
  const n = out.length;
  let k = 0;
  // Up to four operands per pass in locals (the usual request: a price range and three refinements).
  let first = a;
  do {
    const b0 = others[k];
    const b1 = others[k + 1];
    const b2 = others[k + 2];
    const b3 = others[k + 3];
    if (b0 === undefined) {
      if (out !== first) out.set(first);
    } else if (b1 === undefined) {
      for (let w = 0; w < n; w += 1) out[w] = (first[w] as number) & (b0[w] as number);
    } else if (b2 === undefined) {
      for (let w = 0; w < n; w += 1) out[w] = (first[w] as number) & (b0[w] as number) & (b1[w] as number);
    } else if (b3 === undefined) {
      for (let w = 0; w < n; w += 1) out[w] = (first[w] as number) & (b0[w] as number) & (b1[w] as number) & (b2[w] as number);
    } else {
      for (let w = 0; w < n; w += 1) {
        out[w] = (first[w] as number) & (b0[w] as number) & (b1[w] as number) & (b2[w] as number) & (b3[w] as number);
      }
    }
    first = out;
    k += 4;
  } while (k < others.length);
  return out;
}

/**
 * out = a ∧ b₁ ∧ b₂ ∧ …, and the documents set in it listed in `ids` (ascending) in the same
 * pass; returns how many. `ids` must hold every document of the index.
 */
export function andAllIntoIds(out: Bitset, a: Bitset, others: readonly Bitset[], ids: Uint32Array): number {
  let first = a;
  let rest = others;
  if (others.length > 3) {
    andAllInto(out, a, others.slice(0, others.length - 3));
    first = out;
    rest = others.slice(others.length - 3);
  }
  // The usual query ANDs two or three refinements onto its base: a loop without filler loads.
  const b0 = rest[0] ?? first;
  const b1 = rest[1] ?? first;
  let n = 0;
  if (rest.length <= 2) {
    for (let w = 0; w < out.length; w += 1) {
      const word = (first[w] as number) & (b0[w] as number) & (b1[w] as number);
      out[w] = word;
      if (word !== 0) n = listBits(word, w << 5, ids, n);
    }
    return n;
  }
  const b2 = rest[2] as Bitset;
  for (let w = 0; w < out.length; w += 1) {
    const word = (first[w] as number) & (b0[w] as number) & (b1[w] as number) & (b2[w] as number);
    out[w] = word;
    if (word !== 0) n = listBits(word, w << 5, ids, n);
  }
  return n;
}
