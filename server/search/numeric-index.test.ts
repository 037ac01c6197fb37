import { describe, expect, it } from 'vitest';
import { bitsetToIds } from './bitset.ts';
import { buildSortedNumeric, rankOf, rankRange } from './numeric-index.ts';

describe('sorted numeric index', () => {
  it('returns exactly the documents of a rank range, for every range near bucket edges', () => {
    let state = 3;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    for (const size of [0, 1, 31, 64, 1000, 4099]) {
      // Ties, missing values (NaN) and a few distinct values, as prices and years have.
      const values = Float64Array.from({ length: size }, () => (random() < 0.1 ? NaN : Math.floor(random() * 50)));
      const ascending = Uint32Array.from(
        Array.from({ length: size }, (_cell, doc) => doc).sort((a, b) => {
          const va = values[a] as number;
          const vb = values[b] as number;
          if (Number.isNaN(va) !== Number.isNaN(vb)) return Number.isNaN(va) ? 1 : -1;
          return (Number.isNaN(va) ? 0 : va - vb) || a - b;
        }),
      );
      const index = buildSortedNumeric(ascending, values);
      const count = index.docs.length;
      const edges = new Set([0, 1, count - 1, count]);
      for (let k = 0; k <= 64; k += 1) for (const d of [-2, -1, 0, 1, 2]) edges.add(k * index.step + d);
      const ranks = [...edges].filter((r) => r >= 0 && r <= count);
      for (let i = 0; i < 400; i += 1) {
        const a = ranks[Math.floor(random() * ranks.length)] as number;
        const b = ranks[Math.floor(random() * ranks.length)] as number;
        const expected = Array.from(index.docs.subarray(a, Math.max(a, b))).sort((x, y) => x - y);
        expect({ size, a, b, ids: Array.from(bitsetToIds(rankRange(index, a, b))) }).toEqual({ size, a, b, ids: expected });
      }
      for (const v of [-1, 0, 10, 25, 49, 50]) {
        expect(rankOf(index, v, false)).toBe(Array.from(index.values).filter((x) => x < v).length);
        expect(rankOf(index, v, true)).toBe(Array.from(index.values).filter((x) => x <= v).length);
      }
    }
  });
});
