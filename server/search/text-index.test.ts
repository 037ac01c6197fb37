import { describe, expect, it } from 'vitest';
import type { SearchRecord } from './columns.ts';
import { runNow } from '../time-slice.ts';
import { type WordPostings, wordPostingsSteps } from './text-index.ts';

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
