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

/**
 * (word, document) pairs in the order they are met, in one growing typed array (outside the
 * JavaScript heap): a build in slices keeps them across several young-generation collections,
 * which would copy a small array per word each time.
 */
class PairList {
  words = new Uint32Array(4096);
  docs = new Uint32Array(4096);
  length = 0;

  push(word: number, doc: number): void {
    if (this.length === this.words.length) {
      const words = new Uint32Array(this.length * 2);
      words.set(this.words);
      this.words = words;
      const docs = new Uint32Array(this.length * 2);
      docs.set(this.docs);
      this.docs = docs;
    }
    this.words[this.length] = word;
    this.docs[this.length] = doc;
    this.length += 1;
  }
}

/** Each word's last document, by word number, growing as words are met (-1: none yet). */
class LastDocs {
  docs = new Int32Array(1024).fill(-1);

  /** Sets `word`'s last document to `doc`; answers whether it was another one. */
  moveTo(word: number, doc: number): boolean {
    if (word >= this.docs.length) {
      const docs = new Int32Array(this.docs.length * 2).fill(-1);
      docs.set(this.docs);
      this.docs = docs;
    }
    if (this.docs[word] === doc) return false;
    this.docs[word] = doc;
    return true;
  }
}

/**
 * Packs pairs into one array of documents per word, in word order: `rank[w]` is word w's place
 * in that order, `starts[r]` where the word ranked r begins. Documents keep their order of
 * arrival (ascending, as pairs are met in document order).
 */
function packPairs(pairs: PairList, rank: Uint32Array, wordCount: number): { starts: Uint32Array; postings: Uint32Array } {
  const starts = new Uint32Array(wordCount + 1);
  for (let i = 0; i < pairs.length; i += 1) {
    const next = (rank[pairs.words[i] as number] as number) + 1;
    starts[next] = (starts[next] as number) + 1;
  }
  for (let r = 0; r < wordCount; r += 1) starts[r + 1] = (starts[r + 1] as number) + (starts[r] as number);
  const fill = starts.slice(0, wordCount);
  const postings = new Uint32Array(pairs.length);
  for (let i = 0; i < pairs.length; i += 1) {
    const r = rank[pairs.words[i] as number] as number;
    const at = fill[r] as number;
    postings[at] = pairs.docs[i] as number;
    fill[r] = at + 1;
  }
  return { starts, postings };
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
  /** Every word, sorted. */
  tokens: string[];
  /** The documents holding word t are postings[starts[t]] to postings[starts[t + 1]] (exclusive). */
  starts: Uint32Array;
  postings: Uint32Array;
  /**
   * The words that may be matched with typos (those of title fields), each with the documents
   * holding it in a title field: typoPostings[typoStarts[i]] to typoPostings[typoStarts[i + 1]].
   */
  typoTokens: string[];
  typoStarts: Uint32Array;
  typoPostings: Uint32Array;
}

/** Documents between two yields while collecting words. */
const DOCS_PER_STEP = 256;

/**
 * Collects the words of the documents, yielding every few hundred documents (see TenantIndex.buildSteps).
 * @param docs the index's documents, in document order
 */
export function* wordPostingsSteps(docs: readonly SearchRecord[]): Generator<void, WordPostings> {
  // Each word gets a number when first met; a document is recorded once per word it holds (and
  // once more when a title field holds it: those are the typo candidates).
  const numbers = new Map<string, number>();
  const all = new PairList();
  const titles = new PairList();
  const lastAll = new LastDocs();
  const lastTitle = new LastDocs();
  const add = (token: string, doc: number, title: boolean): void => {
    let word = numbers.get(token);
    if (word === undefined) {
      word = numbers.size;
      numbers.set(token, word);
    }
    if (title && lastTitle.moveTo(word, doc)) titles.push(word, doc);
    if (lastAll.moveTo(word, doc)) all.push(word, doc);
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
  const byNumber = [...numbers.keys()];
  const order = byNumber.map((_, word) => word).sort((a, b) => {
    const x = byNumber[a] as string;
    const y = byNumber[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  });
  yield;
  const tokens = order.map((word) => byNumber[word] as string);
  const rank = new Uint32Array(order.length);
  for (let r = 0; r < order.length; r += 1) rank[order[r] as number] = r;
  const { starts, postings } = packPairs(all, rank, tokens.length);
  yield;
  // The typo candidates: the words met in a title field, in word order.
  const hasTitle = new Uint8Array(tokens.length);
  for (let i = 0; i < titles.length; i += 1) hasTitle[rank[titles.words[i] as number] as number] = 1;
  const typoTokens: string[] = [];
  const typoRank = new Uint32Array(order.length);
  for (let r = 0; r < tokens.length; r += 1) {
    if (hasTitle[r] === 0) continue;
    typoRank[order[r] as number] = typoTokens.length;
    typoTokens.push(tokens[r] as string);
  }
  const typo = packPairs(titles, typoRank, typoTokens.length);
  return { tokens, starts, postings, typoTokens, typoStarts: typo.starts, typoPostings: typo.postings };
}


/** The word index of one index's documents. */
export class TextIndex {
  private readonly size: number;
  /**
   * The documents' words and the documents holding each; the words that may be matched with
   * typos are those of the title fields, not stock numbers (identifiers must match as typed),
   * with the documents holding them in a title field.
   */
  private readonly words: WordPostings;
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
    this.words = words ?? runNow(wordPostingsSteps(docs));
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
    const { tokens, starts, postings } = this.words;
    for (let t = lowerBound(tokens, word); t < tokens.length; t += 1) {
      const token = tokens[t] as string;
      if (prefix ? !token.startsWith(word) : token !== word) break;
      orPostings(set, postings, starts[t] as number, starts[t + 1] as number);
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
        const { typoTokens, typoStarts, typoPostings } = this.words;
        for (let t = 0; t < typoTokens.length; t += 1) {
          const token = typoTokens[t] as string;
          if (prefix ? token.startsWith(word) : token === word) continue;
          const d = typoDistance(word, token, max, prefix, alignment);
          if (d < 1 || d > max) continue;
          orPostings(byDistance[d] as Bitset, typoPostings, typoStarts[t] as number, typoStarts[t + 1] as number);
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
