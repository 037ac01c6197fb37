import { describe, expect, it } from 'vitest';
import { highlightSpans, highlightText } from './highlight.ts';

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

describe('highlightText', () => {
  it('wraps whole words and the prefix of the last query word', () => {
    expect(highlightText('2019 Toyota HiLux SR5', ['toyota', 'hil'], '<em>', '</em>')).toEqual({
      value: '2019 <em>Toyota</em> <em>HiL</em>ux SR5',
      matchLevel: 'full',
      matchedWords: ['toyota', 'hil'],
      fullyHighlighted: false,
    });
    expect(highlightText('Škoda', ['skoda'], '<em>', '</em>').value).toBe('<em>Škoda</em>');
  });

  it('the ASCII fast path answers exactly what the general word-span path answers', () => {
    const random = mulberry32(7);
    const pieces = ['Toyota', 'toy', 'HiLux', 'hi', 'SR5', 'sr', 'CX-5', 'cx', '5', '2019', 'Ranger', 'XL', 'xlt', ' ', '  ', '-', '/', '(', ')', 'a'];
    const queryPieces = ['toyota', 'toy', 'hilux', 'hi', 'sr5', 'sr', 'cx', '5', '2019', 'ranger', 'xl', 'x', 'a'];
    for (let i = 0; i < 3000; i += 1) {
      const length = Math.floor(random() * 7);
      let text = '';
      for (let j = 0; j < length; j += 1) text += pieces[Math.floor(random() * pieces.length)];
      const words = Array.from({ length: Math.floor(random() * 4) }, () => queryPieces[Math.floor(random() * queryPieces.length)] as string);
      const alternatives = random() < 0.5
        ? new Map([['toyota', { word: 0, length: random() < 0.5 ? 6 : 3 }], ['ranger', { word: Math.max(0, words.length - 1), length: 4 }], ['xl', { word: 0, length: 0 }]])
        : undefined;
      const usable = alternatives !== undefined && words.length > 0 ? alternatives : undefined;
      expect(highlightText(text, words, '<b>', '</b>', usable)).toEqual(highlightSpans(text, words, '<b>', '</b>', usable));
    }
  });
});
