import { describe, expect, it } from 'vitest';
import { allowedTypos, DEFAULT_TYPO_SETTINGS, typoDistance } from './typo.ts';

/** Textbook optimal-string-alignment distance (full table, no cut-off). */
function reference(a: string, b: string): number {
  const d: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) d.push(Array.from({ length: b.length + 1 }, (_cell, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => (d[i] as number[])[j] as number;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      let v = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, at(i - 2, j - 2) + 1);
      (d[i] as number[])[j] = v;
    }
  }
  return at(a.length, b.length);
}

describe('allowedTypos', () => {
  it("follows Algolia's defaults: none below 4 letters, 1 from 4, 2 from 8", () => {
    expect(['kia', 'corola', 'sportgae', 'landcrusier'].map((w) => allowedTypos(w, DEFAULT_TYPO_SETTINGS))).toEqual([0, 1, 2, 2]);
    expect(allowedTypos('toyt', DEFAULT_TYPO_SETTINGS)).toBe(1);
    expect(allowedTypos('toyta', { ...DEFAULT_TYPO_SETTINGS, typoTolerance: false })).toBe(0);
    expect(allowedTypos('corola', { ...DEFAULT_TYPO_SETTINGS, minWordSizefor1Typo: 7 })).toBe(0);
    expect(allowedTypos('corola', { ...DEFAULT_TYPO_SETTINGS, minWordSizefor2Typos: 6 })).toBe(2);
    expect(allowedTypos('2019', { ...DEFAULT_TYPO_SETTINGS, allowTyposOnNumericTokens: false })).toBe(0);
  });
});

describe('typoDistance', () => {
  it('counts insertions, deletions, substitutions and swaps as one typo each', () => {
    expect(typoDistance('corola', 'corolla', 2)).toBe(1);
    expect(typoDistance('toyta', 'toyota', 2)).toBe(1);
    expect(typoDistance('sportgae', 'sportage', 2)).toBe(1);
    expect(typoDistance('hilxu', 'hilux', 2)).toBe(1);
    expect(typoDistance('mazad', 'mazda', 1)).toBe(1);
    expect(typoDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('matches the last word against the closest prefix of a record word', () => {
    const out = { prefixLength: 0 };
    expect(typoDistance('toyt', 'toyota', 1, true, out)).toBe(1);
    expect(out.prefixLength).toBe(4);
    expect(typoDistance('corola', 'corolla', 1, true, out)).toBe(1);
    expect(out.prefixLength).toBe(7);
    expect(typoDistance('xyz', 'toyota', 1, true)).toBe(2);
  });

  it('agrees with the textbook table on 3,000 random pairs (whole words and prefixes)', () => {
    let state = 7;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const word = () => Array.from({ length: 1 + Math.floor(random() * 9) }, () => 'abcde'[Math.floor(random() * 5)]).join('');
    for (let i = 0; i < 3000; i += 1) {
      const a = word();
      const b = word();
      const max = Math.floor(random() * 3);
      const whole = Math.min(reference(a, b), max + 1);
      const prefix = Math.min(Math.min(...Array.from({ length: b.length + 1 }, (_cell, j) => reference(a, b.slice(0, j)))), max + 1);
      expect({ a, b, max, whole: typoDistance(a, b, max), prefix: typoDistance(a, b, max, true) }).toEqual({ a, b, max, whole, prefix });
    }
  });
});
