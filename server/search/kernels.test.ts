import { describe, expect, it } from 'vitest';
import { andAllInto, andAllIntoIds, bitsetToIds } from './bitset.ts';
import { selectSmallest, sortNumbers } from './engine.ts';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('andAllIntoIds', () => {
  it('ANDs like andAllInto and lists the result like bitsetToIds, for 0 to 6 operands', () => {
    const random = mulberry32(3);
    const words = 40;
    const bitset = (density: number) => {
      const set = new Uint32Array(words);
      for (let w = 0; w < words; w += 1) for (let b = 0; b < 32; b += 1) if (random() < density) set[w] = (set[w] as number) | (1 << b);
      return set;
    };
    for (let i = 0; i < 200; i += 1) {
      const a = bitset(0.7);
      const others = Array.from({ length: i % 7 }, () => bitset(0.4 + random() * 0.6));
      const expected = andAllInto(new Uint32Array(words), a, others);
      const out = new Uint32Array(words);
      const ids = new Uint32Array(words * 32);
      const n = andAllIntoIds(out, a, others, ids);
      expect(out).toEqual(expected);
      expect(ids.subarray(0, n)).toEqual(bitsetToIds(expected));
    }
  });
});

describe('partial selection and short sorts', () => {
  it('selectSmallest puts the k smallest first; sortNumbers orders a prefix', () => {
    const random = mulberry32(9);
    for (let i = 0; i < 300; i += 1) {
      const n = Math.floor(random() * 200);
      const values = [...new Set(Array.from({ length: n }, () => Math.floor(random() * 1e6)))];
      const sorted = [...values].sort((a, b) => a - b);
      const k = Math.floor(random() * (values.length + 2));
      for (const keys of [Float64Array.from(values), Uint32Array.from(values)]) {
        selectSmallest(keys, k);
        const take = Math.min(k, keys.length);
        sortNumbers(keys, take);
        expect([...keys.subarray(0, take)]).toEqual(sorted.slice(0, take));
        // The rest holds the others (a permutation).
        expect([...keys].sort((a, b) => a - b)).toEqual(sorted);
      }
    }
  });
});
