import { describe, expect, it } from 'vitest';
import type { SearchRecord } from './columns.ts';
import { runNow } from '../time-slice.ts';
import { WordCache, type WordPostings, wordPostingsSteps } from './text-index.ts';

/*
 * The words of an index's documents, each with the documents holding it, packed into one array
 * (and the title words, the typo candidates, into another). The expected lists below were worked
 * out by hand from the four documents: words folded to lower case, split at punctuation, a stock
 * number also without its punctuation, each document once per word.
 */

const DOCS: SearchRecord[] = [
  { objectID: 'a', make: 'Toyota', model: 'Hilux', stocknum: 'AB-12' },
  { objectID: 'b', make: 'Mazda', model: 'CX-5', stocknum: 'T9' },
  { objectID: 'c', make: 'Toyota', model: 'Corolla', name: 'Toyota Corolla', stocknum: 'ab-13' },
  { objectID: 'd', make: 'Kia', stocknum: 'KIA' },
];

function lists(tokens: string[], starts: Uint32Array, postings: Uint32Array): Record<string, number[]> {
  return Object.fromEntries(tokens.map((token, t) => [token, [...postings.subarray(starts[t], starts[t + 1])]]));
}

describe('wordPostingsSteps', () => {
  const words: WordPostings = runNow(wordPostingsSteps(DOCS));

  it('lists every word in order with the documents holding it, each once', () => {
    expect(words.tokens).toEqual(['12', '13', '5', 'ab', 'ab12', 'ab13', 'corolla', 'cx', 'hilux', 'kia', 'mazda', 't9', 'toyota']);
    expect(lists(words.tokens, words.starts, words.postings)).toEqual({
      '12': [0], '13': [2], '5': [1], ab: [0, 2], ab12: [0], ab13: [2], corolla: [2], cx: [1], hilux: [0], kia: [3], mazda: [1], t9: [1], toyota: [0, 2],
    });
    expect(words.postings.length).toBe(15);
  });

  it('gives the title words, with the documents holding each in a title field, as typo candidates', () => {
    expect(words.typoTokens).toEqual(['5', 'corolla', 'cx', 'hilux', 'kia', 'mazda', 'toyota']);
    expect(lists(words.typoTokens, words.typoStarts, words.typoPostings)).toEqual({ '5': [1], corolla: [2], cx: [1], hilux: [0], kia: [3], mazda: [1], toyota: [0, 2] });
  });

  it('packs thousands of words past the arrays it starts with', () => {
    const many: SearchRecord[] = Array.from({ length: 3000 }, (_, i) => ({ objectID: String(i), make: `Make${i % 7}`, stocknum: `S-${i}` }));
    const built = runNow(wordPostingsSteps(many));
    const all = lists(built.tokens, built.starts, built.postings);
    expect(all.make3).toEqual(Array.from({ length: 3000 }, (_, i) => i).filter((i) => i % 7 === 3));
    expect(all.s2999).toEqual([2999]);
    expect(all['2999']).toEqual([2999]);
    expect(all.s).toHaveLength(3000);
    expect(built.typoTokens).toEqual(['make0', 'make1', 'make2', 'make3', 'make4', 'make5', 'make6']);
  });
});

describe('the words kept from one index to the next', () => {
  // The four documents again after a stock change: b's model changed, d left, e arrived, and a
  // and c came back as new records with the same values (a price change). Worked out by hand.
  const CHANGED: SearchRecord[] = [
    { ...DOCS[0]!, price: 1 },
    { objectID: 'b', make: 'Mazda', model: 'CX-8', stocknum: 'T9' },
    { ...DOCS[2]!, price: 2 },
    { objectID: 'e', make: 'Ford', stocknum: 'F-1' },
  ];

  it('a rebuild with the previous words gives the changed documents their new words and drops the old ones', () => {
    const first = runNow(wordPostingsSteps(DOCS));
    const next = runNow(wordPostingsSteps(CHANGED, first.cache));
    expect(next.tokens).toEqual(['1', '12', '13', '8', 'ab', 'ab12', 'ab13', 'corolla', 'cx', 'f', 'f1', 'ford', 'hilux', 'mazda', 't9', 'toyota']);
    expect(lists(next.tokens, next.starts, next.postings)).toEqual({
      '1': [3], '12': [0], '13': [2], '8': [1], ab: [0, 2], ab12: [0], ab13: [2], corolla: [2], cx: [1], f: [3], f1: [3], ford: [3], hilux: [0], mazda: [1], t9: [1], toyota: [0, 2],
    });
    expect(next.typoTokens).toEqual(['8', 'corolla', 'cx', 'ford', 'hilux', 'mazda', 'toyota']);
    expect(lists(next.typoTokens, next.typoStarts, next.typoPostings)).toEqual({ '8': [1], corolla: [2], cx: [1], ford: [3], hilux: [0], mazda: [1], toyota: [0, 2] });
  });

  it('numbers each word once across builds: the rebuild adds only the new words (8, f, 1, f1, ford) to the thirteen', () => {
    const first = runNow(wordPostingsSteps(DOCS, new WordCache()));
    expect(first.cache.tokens).toHaveLength(13);
    const next = runNow(wordPostingsSteps(CHANGED, first.cache));
    expect(next.cache).toBe(first.cache);
    expect(next.cache.tokens).toHaveLength(18);
  });

  it('a car whose record is new but whose words are not keeps its words; one whose stock number changed gets the new one', () => {
    const first = runNow(wordPostingsSteps([{ objectID: 'x', make: 'Kia', stocknum: 'K1', price: 1 }]));
    const samePrice = runNow(wordPostingsSteps([{ objectID: 'x', make: 'Kia', stocknum: 'K1', price: 2 }], first.cache));
    expect(samePrice.tokens).toEqual(['k1', 'kia']);
    const renumbered = runNow(wordPostingsSteps([{ objectID: 'x', make: 'Kia', stocknum: 'K2', price: 2 }], samePrice.cache));
    expect(renumbered.tokens).toEqual(['k2', 'kia']);
  });

  it('lets go of the words of cars that left: a yard that turns over its stock numbers keeps at most twice the words in use (and a thousand)', () => {
    let cache = new WordCache();
    let built: WordPostings | null = null;
    for (let round = 0; round < 12; round += 1) {
      const yard: SearchRecord[] = Array.from({ length: 500 }, (_, i) => ({ objectID: `${round}-${i}`, make: 'Toyota', stocknum: `R${round}-${i}` }));
      built = runNow(wordPostingsSteps(yard, cache));
      cache = built.cache;
      expect(cache.tokens.length).toBeLessThanOrEqual(2 * built.tokens.length + 1024);
    }
    // The last yard's words only: toyota, r11, 500 numbers and 500 compact stock numbers.
    expect(built!.tokens).toHaveLength(1002);
    expect(built!.tokens).not.toContain('r10');
  });
});
