import { foldedWords } from './normalize.ts';

/*
 * A tenant's synonyms (Algolia's regular, multi-way synonyms): each group lists terms that mean
 * the same, e.g. ["ute", "pick-up"] or ["merc", "Mercedes-Benz"]. A query word sequence equal to
 * one term also matches records holding every word of another term of its group.
 */

/** Synonym groups with each term folded into words. */
export type SynonymGroups = readonly (readonly (readonly string[])[])[];

/** One stretch of the query covered by a synonym group. */
export interface SynonymSpan {
  /** First query word covered. */
  start: number;
  /** One past the last query word covered. */
  end: number;
  /** The other terms of the group, as word lists (a record must hold every word of one). */
  alternatives: (readonly string[])[];
}

/** Folds configured groups (terms as typed in the tenant file) into word lists; drops empty terms and groups of fewer than two. */
export function compileSynonyms(groups: readonly (readonly string[])[]): SynonymGroups {
  const out: string[][][] = [];
  for (const group of groups) {
    const seen = new Set<string>();
    const terms: string[][] = [];
    for (const term of group) {
      const words = foldedWords(term);
      const key = words.join(' ');
      if (words.length === 0 || seen.has(key)) continue;
      seen.add(key);
      terms.push(words);
    }
    if (terms.length >= 2) out.push(terms);
  }
  return out;
}

/** Where the query's words spell a synonym term, with the group's other terms. */
export function synonymSpans(queryWords: readonly string[], groups: SynonymGroups): SynonymSpan[] {
  const spans: SynonymSpan[] = [];
  for (const group of groups) {
    for (const term of group) {
      for (let start = 0; start + term.length <= queryWords.length; start += 1) {
        if (!term.every((word, k) => queryWords[start + k] === word)) continue;
        spans.push({ start, end: start + term.length, alternatives: group.filter((other) => other !== term) });
      }
    }
  }
  return spans;
}
