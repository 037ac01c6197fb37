/*
 * Text folding shared by indexing, querying and highlighting, so the three always agree on what
 * a "word" is: lower case, accents stripped (NFD + combining marks removed), words are runs of
 * letters and digits.
 */

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const COMBINING_MARK = /[\u0300-\u036f]/;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Lower-cases and strips accents ("Škoda Citroën" → "skoda citroen"). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Folded words of a text, in order ("Hi-Lux SR5" → ["hi", "lux", "sr5"]). */
export function foldedWords(text: string): string[] {
  const out: string[] = [];
  for (const word of foldText(text).split(/[^\p{L}\p{N}]+/u)) {
    if (word !== '') out.push(word);
  }
  return out;
}

/** One word of an original (unfolded) string with its span, for highlighting. */
export interface WordSpan {
  /** Folded text of the word. */
  folded: string;
  start: number;
  end: number;
  /** For each folded character, the original index just after the character that produced it. */
  ends: number[];
}

/**
 * Splits an original string into words while keeping their positions in the original, so a
 * highlight can wrap exactly the matched characters even when folding changed them ("Citroën").
 */
export function wordSpans(text: string): WordSpan[] {
  const spans: WordSpan[] = [];
  let current: WordSpan | null = null;
  let index = 0;
  for (const char of text) {
    const next = index + char.length;
    const code = char.charCodeAt(0);
    // ASCII letters and digits (nearly every character of a car title) skip the Unicode work.
    const ascii = code < 128 && ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122));
    if (ascii || (code >= 128 && WORD_CHAR.test(char))) {
      const folded = ascii ? (code <= 90 && code >= 65 ? String.fromCharCode(code + 32) : char) : foldText(char);
      if (current === null) {
        current = { folded: '', start: index, end: next, ends: [] };
        spans.push(current);
      }
      current.folded += folded;
      for (let i = 0; i < folded.length; i += 1) current.ends.push(next);
      current.end = next;
    } else if (COMBINING_MARK.test(char)) {
      // A decomposed accent continues the word it decorates.
      if (current !== null && current.ends.length > 0) {
        current.end = next;
        current.ends[current.ends.length - 1] = next;
      }
    } else {
      current = null;
    }
    index = next;
  }
  return spans;
}
