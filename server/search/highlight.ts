import { foldText, wordSpans } from './normalize.ts';

/** Algolia's highlight object for one attribute value. */
export interface HighlightResult {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
  fullyHighlighted?: boolean;
}

/**
 * Record words that matched a query word by typo or synonym: folded word → the query word's
 * position and how many of the record word's characters to wrap.
 */
export type HighlightAlternatives = ReadonlyMap<string, { word: number; length: number }>;

/**
 * Wraps the parts of `text` that match the query words: every word but the last must match a
 * whole word, the last may match a word's beginning (Algolia's prefixLast), in which case only
 * the typed prefix is wrapped. Words in `alternatives` (typo and synonym matches) are wrapped too.
 */
export function highlightText(
  text: string,
  queryWords: readonly string[],
  preTag: string,
  postTag: string,
  alternatives?: HighlightAlternatives,
): HighlightResult {
  if (queryWords.length === 0 || text === '') return { value: text, matchLevel: 'none', matchedWords: [] };
  if (queryWords.length <= 30 && isAscii(text)) return highlightAscii(text, queryWords, preTag, postTag, alternatives);
  return highlightSpans(text, queryWords, preTag, postTag, alternatives);
}

/** highlightText for any text, through word spans (exported for tests: the ASCII path must agree with it). */
export function highlightSpans(
  text: string,
  queryWords: readonly string[],
  preTag: string,
  postTag: string,
  alternatives?: HighlightAlternatives,
): HighlightResult {
  if (queryWords.length === 0 || text === '') return { value: text, matchLevel: 'none', matchedWords: [] };
  const last = queryWords.length - 1;
  const matched = new Set<number>();
  const ranges: [number, number][] = [];
  for (const span of wordSpans(text)) {
    let end = -1;
    for (let q = 0; q < queryWords.length; q += 1) {
      const word = queryWords[q] as string;
      if (span.folded === word) {
        matched.add(q);
        end = span.end;
      } else if (q === last && span.folded.startsWith(word)) {
        matched.add(q);
        end = Math.max(end, span.ends[word.length - 1] as number);
      }
    }
    const alternative = end < 0 ? alternatives?.get(span.folded) : undefined;
    if (alternative !== undefined && alternative.length > 0) {
      matched.add(alternative.word);
      end = span.ends[Math.min(alternative.length, span.ends.length) - 1] as number;
    }
    if (end > span.start) ranges.push([span.start, end]);
  }
  if (ranges.length === 0) return { value: text, matchLevel: 'none', matchedWords: [] };
  let value = '';
  let cursor = 0;
  let highlightedChars = 0;
  for (const [start, end] of ranges) {
    value += text.slice(cursor, start) + preTag + text.slice(start, end) + postTag;
    highlightedChars += foldText(text.slice(start, end)).replace(/[^\p{L}\p{N}]/gu, '').length;
    cursor = end;
  }
  value += text.slice(cursor);
  const matchLevel = matched.size === queryWords.length ? 'full' : 'partial';
  return {
    value,
    matchLevel,
    matchedWords: [...matched].sort((a, b) => a - b).map((q) => queryWords[q] as string),
    fullyHighlighted: highlightedChars === foldText(text).replace(/[^\p{L}\p{N}]/gu, '').length,
  };
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 127) return false;
  return true;
}

function isWordCode(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/**
 * highlightText for ASCII text (nearly every car title): the same result without the general
 * word-span bookkeeping. Folding is lower-casing, each character is one folded character, and
 * every highlighted range lies inside one word, so the highlighted letters are the ranges' lengths.
 */
function highlightAscii(
  text: string,
  queryWords: readonly string[],
  preTag: string,
  postTag: string,
  alternatives: HighlightAlternatives | undefined,
): HighlightResult {
  const last = queryWords.length - 1;
  let matched = 0;
  let value = '';
  let cursor = 0;
  let highlightedChars = 0;
  let wordChars = 0;
  let i = 0;
  while (i < text.length) {
    if (!isWordCode(text.charCodeAt(i))) {
      i += 1;
      continue;
    }
    const start = i;
    while (i < text.length && isWordCode(text.charCodeAt(i))) i += 1;
    wordChars += i - start;
    const folded = text.slice(start, i).toLowerCase();
    let end = -1;
    for (let q = 0; q < queryWords.length; q += 1) {
      const word = queryWords[q] as string;
      if (folded === word) {
        matched |= 1 << q;
        end = i;
      } else if (q === last && folded.startsWith(word)) {
        matched |= 1 << q;
        end = Math.max(end, start + word.length);
      }
    }
    const alternative = end < 0 ? alternatives?.get(folded) : undefined;
    if (alternative !== undefined && alternative.length > 0) {
      matched |= 1 << alternative.word;
      end = start + Math.min(alternative.length, i - start);
    }
    if (end > start) {
      value += text.slice(cursor, start) + preTag + text.slice(start, end) + postTag;
      highlightedChars += end - start;
      cursor = end;
    }
  }
  if (cursor === 0 && highlightedChars === 0) return { value: text, matchLevel: 'none', matchedWords: [] };
  value += text.slice(cursor);
  const matchedWords: string[] = [];
  for (let q = 0; q < queryWords.length; q += 1) if ((matched & (1 << q)) !== 0) matchedWords.push(queryWords[q] as string);
  return {
    value,
    matchLevel: matchedWords.length === queryWords.length ? 'full' : 'partial',
    matchedWords,
    fullyHighlighted: highlightedChars === wordChars,
  };
}
