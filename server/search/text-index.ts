import { type Bitset, andInPlace, emptyBitset, orInPlace } from './bitset.ts';
import { type SearchRecord, readAttribute } from './columns.ts';
import type { HighlightAlternatives } from './highlight.ts';
import { lowerBound, orPostings } from './kernels.ts';
import { foldedWords } from './normalize.ts';
import { SEARCHABLE_ATTRIBUTES, TYPO_FREE_ATTRIBUTES } from './settings.ts';
import { type SynonymGroups, synonymSpans } from './synonyms.ts';
import { type TypoSettings, allowedTypos, typoDistance } from './typo.ts';
import { runNow } from '../time-slice.ts';

/*
 * The words of one index: every folded word of the searchable attributes with the documents
 * holding it (sorted, so a prefix is a run), the title words that may be matched with typos,
 * and the tenant's synonyms. A query's words become bitsets by typo count, cached per index.
 */

/** Text-match results kept per index (a few bitsets each); shoppers repeat queries, and the queries of one request share theirs. */
const TEXT_CACHE_SIZE = 64;

/** A token's documents while the index is built. */
interface TokenEntry {
  all: number[];
  titles: number[];
  lastAll: number;
  lastTitle: number;
}

/** The folded words of a searchable value (strings, numbers, arrays of them); `cache` by raw value. */
function valueWords(value: unknown, cache: Map<string | number, string[]> | null): string[] {
  if (typeof value === 'string' || typeof value === 'number') {
    let words = cache?.get(value);
    if (words === undefined) {
      words = foldedWords(String(value));
      cache?.set(value, words);
    }
    return words;
  }
  if (Array.isArray(value)) return value.flatMap((item) => valueWords(item, cache));
  return [];
}

/** The documents a query's words match, by typos, for filtering and ranking. */
export interface TextMatch {
  /** Documents matching every query word (within the typo allowance, or through a synonym). */
  all: Bitset;
  /** byTypos[t]: the documents whose best match has t typos in total; disjoint, their union is `all`. */
  byTypos: Bitset[];
  /** Documents whose last query word matched a whole word exactly (ranked first among equal typos). */
  exact: Bitset;
  /** Record words matched by typo or synonym, for highlighting. */
  alternatives: HighlightAlternatives;
  /** The text cache's key: query words and their typo allowances. */
  key: string;
}

/** The words of an index's documents with the documents holding each (built by `wordPostingsSteps`). */
export interface WordPostings {
  tokens: string[];
  tokenPostings: Uint32Array[];
  typoTokens: { token: string; postings: Uint32Array }[];
}

/** Documents between two yields while collecting words, and words between two yields while packing postings. */
const DOCS_PER_STEP = 256;
const TOKENS_PER_STEP = 2048;

/**
 * Collects the words of the documents, yielding every few hundred documents (see TenantIndex.buildSteps).
 * @param docs the index's documents, in document order
 */
export function* wordPostingsSteps(docs: readonly SearchRecord[]): Generator<void, WordPostings> {
  // One entry per token: its documents, and those holding it in a title field (typo candidates).
  // A document is appended once per token (lastAll / lastTitle), without a Set per document.
  const entries = new Map<string, TokenEntry>();
  const add = (token: string, doc: number, title: boolean): void => {
    let entry = entries.get(token);
    if (entry === undefined) {
      entry = { all: [], titles: [], lastAll: -1, lastTitle: -1 };
      entries.set(token, entry);
    }
    if (title && entry.lastTitle !== doc) {
      entry.lastTitle = doc;
      entry.titles.push(doc);
    }
    if (entry.lastAll !== doc) {
      entry.lastAll = doc;
      entry.all.push(doc);
    }
  };
  // Titles repeat (make, model, badge), so each distinct value is folded once per build; stock
  // numbers are unique, so they are not kept.
  const folded = new Map<string | number, string[]>();
  const titleAttributes = SEARCHABLE_ATTRIBUTES.filter((attribute) => !(TYPO_FREE_ATTRIBUTES as readonly string[]).includes(attribute));
  for (let doc = 0; doc < docs.length; doc += 1) {
    const record = docs[doc] as SearchRecord;
    for (const attribute of titleAttributes) {
      for (const word of valueWords(readAttribute(record, attribute), folded)) add(word, doc, true);
    }
    for (const attribute of TYPO_FREE_ATTRIBUTES) {
      for (const word of valueWords(readAttribute(record, attribute), null)) add(word, doc, false);
    }
    // Stock numbers are typed without their punctuation too ("AB-1234" as "ab1234").
    const stock = readAttribute(record, 'stocknum');
    if (typeof stock === 'string') {
      const compact = foldedWords(stock).join('');
      if (compact !== '') add(compact, doc, false);
    }
    if (doc % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  const postings = new Map<string, number[]>();
  const titlePostings = new Map<string, number[]>();
  for (const [token, entry] of entries) {
    postings.set(token, entry.all);
    if (entry.titles.length > 0) titlePostings.set(token, entry.titles);
  }
  yield;
  const tokens = [...postings.keys()].sort();
  yield;
  const tokenPostings: Uint32Array[] = [];
  const typoTokens: WordPostings['typoTokens'] = [];
  for (let t = 0; t < tokens.length; t += 1) {
    const token = tokens[t] as string;
    const all = Uint32Array.from(postings.get(token) as number[]);
    tokenPostings.push(all);
    const titles = titlePostings.get(token);
    if (titles !== undefined) typoTokens.push({ token, postings: titles.length === all.length ? all : Uint32Array.from(titles) });
    if (t % TOKENS_PER_STEP === TOKENS_PER_STEP - 1) yield;
  }
  return { tokens, tokenPostings, typoTokens };
}


/** The word index of one index's documents. */
export class TextIndex {
  private readonly size: number;
  private readonly tokens: string[];
  private readonly tokenPostings: Uint32Array[];
  /**
   * Tokens that may be matched with typos — words of the title fields, not stock numbers
   * (identifiers must match as typed) — with the documents holding them in a title field.
   */
  private readonly typoTokens: { token: string; postings: Uint32Array }[];
  private synonyms: SynonymGroups;
  private readonly textCache = new Map<string, TextMatch>();

  /**
   * @param docs the index's documents, in document order
   * @param synonyms compiled synonym groups (synonyms.ts)
   * @param words the documents' words when already collected (`wordPostingsSteps`)
   */
  constructor(docs: readonly SearchRecord[], synonyms: SynonymGroups, words?: WordPostings) {
    this.size = docs.length;
    this.synonyms = synonyms;
    const built = words ?? runNow(wordPostingsSteps(docs));
    this.tokens = built.tokens;
    this.tokenPostings = built.tokenPostings;
    this.typoTokens = built.typoTokens;
  }

  /** The synonym groups queries are expanded with. */
  synonymGroups(): SynonymGroups {
    return this.synonyms;
  }

  /** Replaces the synonym groups used by later queries (cached matches are dropped). */
  setSynonyms(synonyms: SynonymGroups): void {
    this.synonyms = synonyms;
    this.textCache.clear();
  }

  /** Documents holding `word` as a whole word, or (prefix) a word starting with it. */
  private tokenSet(word: string, prefix: boolean): Bitset {
    const set = emptyBitset(this.size);
    for (let t = lowerBound(this.tokens, word); t < this.tokens.length; t += 1) {
      const token = this.tokens[t] as string;
      if (prefix ? !token.startsWith(word) : token !== word) break;
      orPostings(set, this.tokenPostings[t] as Uint32Array);
    }
    return set;
  }

  /**
   * Matches the query words: each must match a record word, the last one possibly as a prefix,
   * with up to its typo allowance (typo.ts) or through a synonym. Cached per index (shared).
   */
  match(words: readonly string[], typo: TypoSettings): TextMatch | null {
    if (words.length === 0) return null;
    const allowance = words.map((word) => allowedTypos(word, typo));
    const key = `${words.join(' ')}\u0000${allowance.join('')}`;
    const cached = this.textCache.get(key);
    if (cached !== undefined) {
      this.textCache.delete(key);
      this.textCache.set(key, cached);
      return cached;
    }
    const lastIndex = words.length - 1;
    const alternatives = new Map<string, { word: number; length: number }>();
    // levels[i][d]: documents matching word i with d typos at best.
    const levels: Bitset[][] = words.map((word, i) => {
      const prefix = i === lastIndex;
      const byDistance = [this.tokenSet(word, prefix)];
      const max = allowance[i] as number;
      if (max > 0) {
        for (let d = 1; d <= max; d += 1) byDistance.push(emptyBitset(this.size));
        const alignment = { prefixLength: 0 };
        for (const { token, postings } of this.typoTokens) {
          if (prefix ? token.startsWith(word) : token === word) continue;
          const d = typoDistance(word, token, max, prefix, alignment);
          if (d < 1 || d > max) continue;
          orPostings(byDistance[d] as Bitset, postings);
          if (!alternatives.has(token)) alternatives.set(token, { word: i, length: prefix ? alignment.prefixLength : token.length });
        }
      }
      return byDistance;
    });
    const exact = this.tokenSet(words[lastIndex] as string, false);
    for (const span of synonymSpans(words, this.synonyms)) {
      const alt = emptyBitset(this.size);
      for (const term of span.alternatives) {
        const termSet = this.tokenSet(term[0] as string, false);
        for (let w = 1; w < term.length; w += 1) andInPlace(termSet, this.tokenSet(term[w] as string, false));
        orInPlace(alt, termSet);
        for (const word of term) if (!alternatives.has(word)) alternatives.set(word, { word: span.start, length: word.length });
      }
      // A synonym counts as the words it stands for, spelled exactly.
      for (let i = span.start; i < span.end; i += 1) orInPlace((levels[i] as Bitset[])[0] as Bitset, alt);
      if (span.end === words.length) orInPlace(exact, alt);
    }
    // Each document counts a word at its best distance only.
    for (const byDistance of levels) {
      const seen = (byDistance[0] as Bitset).slice();
      for (let d = 1; d < byDistance.length; d += 1) {
        const set = byDistance[d] as Bitset;
        for (let w = 0; w < set.length; w += 1) set[w] = (set[w] as number) & ~(seen[w] as number);
        orInPlace(seen, set);
      }
    }
    // byTypos[t] over the words so far: documents matching all of them with t typos in total.
    let byTypos: Bitset[] = [(levels[0] as Bitset[])[0] as Bitset];
    for (let d = 1; d < (levels[0] as Bitset[]).length; d += 1) byTypos.push((levels[0] as Bitset[])[d] as Bitset);
    for (let i = 1; i < words.length; i += 1) {
      const byDistance = levels[i] as Bitset[];
      const next: Bitset[] = [];
      for (let t = 0; t < byTypos.length; t += 1) {
        for (let d = 0; d < byDistance.length; d += 1) {
          const both = andInPlace((byTypos[t] as Bitset).slice(), byDistance[d] as Bitset);
          const at = next[t + d];
          if (at === undefined) next[t + d] = both;
          else orInPlace(at, both);
        }
      }
      byTypos = next;
    }
    const all = emptyBitset(this.size);
    for (const set of byTypos) orInPlace(all, set);
    andInPlace(exact, all);
    const match: TextMatch = { all, byTypos, exact, alternatives, key };
    if (this.textCache.size >= TEXT_CACHE_SIZE) this.textCache.delete(this.textCache.keys().next().value as string);
    this.textCache.set(key, match);
    return match;
  }
}
