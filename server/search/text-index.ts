import { type Bitset, andInPlace, emptyBitset, orInPlace } from './bitset.ts';
import { type SearchRecord, readAttribute, sameValue } from './columns.ts';
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
  /** The folded words of each document, for the next index of the same records (see WordCache). */
  cache: WordCache;
}

/** Documents between two yields while collecting words. */
const DOCS_PER_STEP = 256;

/** A document's words as numbers of a WordCache: its title words first, then the others. */
interface DocWords {
  /** The record they were folded from (its searchable values are compared with the next one's). */
  record: SearchRecord;
  words: number[];
  titleCount: number;
  /** The last build that used them. */
  build: number;
}

/** The title attributes: all searchable ones but the identifiers. */
const TITLE_ATTRIBUTES = SEARCHABLE_ATTRIBUTES.filter((attribute) => !(TYPO_FREE_ATTRIBUTES as readonly string[]).includes(attribute));

/** Whether every searchable value of two records is the same (so are their words). */
function sameWordsSource(a: SearchRecord, b: SearchRecord): boolean {
  if (a === b) return true;
  for (const attribute of SEARCHABLE_ATTRIBUTES) {
    if (!sameValue(readAttribute(a, attribute), readAttribute(b, attribute))) return false;
  }
  return true;
}

/**
 * The folded words of a tenant's documents, kept from one index to the next: every word met gets
 * a number once, and each document keeps its words as numbers with the record they came from.
 * A stock change replaces the index whole or in part every few seconds, and most of its cars
 * are as they were: their words are taken from here instead of folded again, so an index build
 * folds only the changed cars' values and makes no new word texts for the others (the texts a
 * build made were most of its garbage, copied by the collector while the build ran in slices
 * beside the searches). Words of cars that left stay numbered until the cache holds twice the
 * words its documents use; the next build then starts a new one. A held record is never changed
 * in place (a change is a new record, as share-values.ts and the index's patch rely on), so the
 * record a document's words came from is compared with the next one by value.
 */
export class WordCache {
  /** Every word met, by number. */
  readonly tokens: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** Word numbers in the words' order; the words numbered from `sortedUpTo` on are not in it yet. */
  private sorted: number[] = [];
  private sortedUpTo = 0;
  private readonly docs = new Map<string, DocWords>();
  private builds = 0;

  /** Starts a build: documents not asked for in it are forgotten at its end (`finishBuild`). */
  startBuild(): number {
    this.builds += 1;
    return this.builds;
  }

  /** The words of a record, folded only when one of its searchable values differs from the last time. */
  wordsOf(record: SearchRecord, build: number, folded: Map<string | number, string[]>): DocWords {
    const kept = this.docs.get(record.objectID);
    if (kept !== undefined && sameWordsSource(kept.record, record)) {
      kept.record = record;
      kept.build = build;
      return kept;
    }
    // Each word once (a name repeats the make, model and year): the title words, then the others.
    const words: number[] = [];
    // Titles repeat (make, model, badge), so each distinct value is folded once per build; stock
    // numbers are unique, so they are not kept.
    for (const attribute of TITLE_ATTRIBUTES) {
      for (const word of valueWords(readAttribute(record, attribute), folded)) this.addWord(words, word);
    }
    const titleCount = words.length;
    for (const attribute of TYPO_FREE_ATTRIBUTES) {
      for (const word of valueWords(readAttribute(record, attribute), null)) this.addWord(words, word);
    }
    // Stock numbers are typed without their punctuation too ("AB-1234" as "ab1234").
    const stock = readAttribute(record, 'stocknum');
    if (typeof stock === 'string') {
      const compact = foldedWords(stock).join('');
      if (compact !== '') this.addWord(words, compact);
    }
    const entry: DocWords = { record, words, titleCount, build };
    this.docs.set(record.objectID, entry);
    return entry;
  }

  /** Adds a word's number to a document's words unless it is there already. */
  private addWord(words: number[], token: string): void {
    const word = this.numberOf(token);
    for (let i = 0; i < words.length; i += 1) if (words[i] === word) return;
    words.push(word);
  }

  private numberOf(token: string): number {
    let word = this.numbers.get(token);
    if (word === undefined) {
      word = this.tokens.length;
      this.numbers.set(token, word);
      this.tokens.push(token);
    }
    return word;
  }

  /** Every word number in the words' order (the words met since the last call sorted and merged in). */
  order(): readonly number[] {
    if (this.sortedUpTo === this.tokens.length) return this.sorted;
    const byToken = (a: number, b: number): number => {
      const x = this.tokens[a] as string;
      const y = this.tokens[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    };
    const added = Array.from({ length: this.tokens.length - this.sortedUpTo }, (_, i) => this.sortedUpTo + i).sort(byToken);
    const merged: number[] = [];
    let i = 0;
    let j = 0;
    while (i < this.sorted.length || j < added.length) {
      if (j === added.length || (i < this.sorted.length && byToken(this.sorted[i] as number, added[j] as number) <= 0)) merged.push(this.sorted[i++] as number);
      else merged.push(added[j++] as number);
    }
    this.sorted = merged;
    this.sortedUpTo = this.tokens.length;
    return merged;
  }

  /**
   * Ends a build: forgets the documents it did not ask for, and answers the cache the next build
   * should use: this one, or a new one once this holds more than twice the words in use.
   */
  finishBuild(build: number, wordsInUse: number): WordCache {
    for (const [objectID, entry] of this.docs) if (entry.build !== build) this.docs.delete(objectID);
    return this.tokens.length > 2 * wordsInUse + 1024 ? new WordCache() : this;
  }
}

/**
 * Collects the words of the documents, yielding every few hundred documents (see TenantIndex.buildSteps).
 * @param docs the index's documents, in document order
 * @param cache the words of the previous index of these records, if any (WordCache)
 */
export function* wordPostingsSteps(docs: readonly SearchRecord[], cache: WordCache = new WordCache()): Generator<void, WordPostings> {
  // A document is recorded once per word it holds (and once more when a title field holds it:
  // those are the typo candidates).
  const build = cache.startBuild();
  const all = new PairList();
  const titles = new PairList();
  const folded = new Map<string | number, string[]>();
  for (let doc = 0; doc < docs.length; doc += 1) {
    const { words, titleCount } = cache.wordsOf(docs[doc] as SearchRecord, build, folded);
    // A document's words are each listed once, title words first.
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i] as number;
      if (i < titleCount) titles.push(word, doc);
      all.push(word, doc);
    }
    if (doc % DOCS_PER_STEP === DOCS_PER_STEP - 1) yield;
  }
  const held = new Uint8Array(cache.tokens.length);
  for (let i = 0; i < all.length; i += 1) held[all.words[i] as number] = 1;
  const order = cache.order().filter((word) => held[word] === 1);
  yield;
  const tokens = order.map((word) => cache.tokens[word] as string);
  const rank = new Uint32Array(cache.tokens.length);
  for (let r = 0; r < order.length; r += 1) rank[order[r] as number] = r;
  const { starts, postings } = packPairs(all, rank, tokens.length);
  yield;
  // The typo candidates: the words met in a title field, in word order.
  const hasTitle = new Uint8Array(tokens.length);
  for (let i = 0; i < titles.length; i += 1) hasTitle[rank[titles.words[i] as number] as number] = 1;
  const typoTokens: string[] = [];
  const typoRank = new Uint32Array(cache.tokens.length);
  for (let r = 0; r < tokens.length; r += 1) {
    if (hasTitle[r] === 0) continue;
    typoRank[order[r] as number] = typoTokens.length;
    typoTokens.push(tokens[r] as string);
  }
  const typo = packPairs(titles, typoRank, typoTokens.length);
  return { tokens, starts, postings, typoTokens, typoStarts: typo.starts, typoPostings: typo.postings, cache: cache.finishBuild(build, tokens.length) };
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

  /** The folded words of the documents, for the next index of the same tenant (see WordCache). */
  wordCache(): WordCache {
    return this.words.cache;
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
