import {
  type Bitset,
  andAllInto,
  andAllIntoIds,
  andInPlace,
  bitsetToIds,
  emptyBitset,
  fullBitset,
  hasBit,
  notInPlace,
  orInPlace,
  popcount,
} from './bitset.ts';
import {
  type FacetColumn,
  type NumericColumn,
  type SearchRecord,
  buildFacetColumn,
  buildNumericColumn,
  facetKey,
  readAttribute,
} from './columns.ts';
import { SearchError } from './errors.ts';
import {
  type FilterNode,
  parseFacetFilter,
  parseFilterList,
  parseFilters,
  parseNumericFilter,
} from './filter-parser.ts';
import { HitShapes, HitTexts, lazyHits } from './hit-shape.ts';
import { type HighlightAlternatives, type HighlightResult, highlightText } from './highlight.ts';
import { foldText, foldedWords } from './normalize.ts';
import { type SortedNumeric, buildSortedNumeric, rankOf, rankRange } from './numeric-index.ts';
import { type SearchParams, encodeParams } from './params.ts';
import { type SynonymGroups, synonymSpans } from './synonyms.ts';
import { type TypoSettings, allowedTypos, typoDistance } from './typo.ts';
import { type IndexOrder, CAR_INDEXES, FACET_ATTRIBUTES, PAGINATION_LIMITED_TO, SEARCHABLE_ATTRIBUTES, TYPO_FREE_ATTRIBUTES } from './settings.ts';

/*
 * One tenant's stock, indexed for search. Documents are renumbered in the primary index's
 * ranking order (rank desc, created_at desc, objectID), so "matches in document order" *is* the
 * ranked list: paging the primary index is a scan of a bitset, with no sort per request.
 * Replicas keep one precomputed permutation each. Facet and numeric columns are built on first
 * use, so a rebuild after a stock change costs only the text index until someone filters.
 */

/** Leaf results kept per index; 256 × 12.5 KB at 100,000 cars. */
const LEAF_CACHE_SIZE = 256;
/** Text-match results kept per index (a few bitsets each); shoppers repeat queries, and the queries of one request share theirs. */
const TEXT_CACHE_SIZE = 64;
/** Text ∧ numeric-condition results kept per index: the queries of one request share one. */
const BASE_CACHE_SIZE = 4;
/** Parsed filter strings kept per index (cleared when full). */
const PARSE_CACHE_SIZE = 2048;

/** Facet counts of one attribute, Algolia's `facets[attr]`. */
export type FacetCounts = Record<string, number>;

/** Algolia's `facets_stats[attr]`. */
export interface FacetStats {
  min: number;
  max: number;
  avg: number;
  sum: number;
}

/** One hits/facets answer, shaped as Algolia's search response. */
export interface SearchResponse {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  offset?: number;
  length?: number;
  exhaustiveNbHits: true;
  exhaustiveTypo: true;
  exhaustiveFacetsCount?: true;
  exhaustive: { nbHits: true; typo: true; facetsCount?: true };
  facets?: Record<string, FacetCounts>;
  facets_stats?: Record<string, FacetStats>;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  serverTimeMS: number;
  renderingContent: Record<string, never>;
}

/** One search-for-facet-values answer. */
export interface FacetSearchResponse {
  facetHits: { value: string; highlighted: string; count: number }[];
  exhaustiveFacetsCount: true;
  processingTimeMS: number;
}

function numberOf(record: Record<string, unknown>, attribute: string): number {
  const value = readAttribute(record, attribute);
  return typeof value === 'number' && !Number.isNaN(value) ? value : -Infinity;
}

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

interface TextMatch {
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

type SortOrder = NonNullable<IndexOrder['sort']>;

/**
 * Per numeric attribute of a query's conditions: the ranks [low, high) of its sorted index that
 * can match. Every single-valued match lies there, so a replica sorted by that attribute only
 * needs walking along that stretch (a price range with the price sort).
 */
type Bands = ReadonlyMap<string, [number, number]>;
const NO_BANDS: Bands = new Map();

type Leaf = Extract<FilterNode, { kind: 'facet' | 'numeric' | 'range' }>;
type NumericLeaf = Extract<FilterNode, { kind: 'numeric' | 'range' }>;

function leafKey(node: Leaf): string {
  return node.kind === 'facet' ? `f\u0000${node.attribute}\u0000${facetKey(node.value)}`
    : node.kind === 'range' ? `r\u0000${node.attribute}\u0000${node.low}\u0000${node.high}`
    : `n\u0000${node.attribute}\u0000${node.operator}\u0000${node.value}`;
}

/** A query's conditions, as matchSet uses them (see TenantIndex.conditions). */
interface Conditions {
  numeric: NumericLeaf[];
  /** The numeric leaves' keys, each after \u0001 (the base cache key without the text). */
  numericKey: string;
  /** The other conjuncts, with their cache keys (sharedKey). */
  others: FilterNode[];
  keys: (string | null)[];
}

/** The leaf-cache key of a leaf or of an OR of leaves (a refinement list); null for anything else. */
function sharedKey(node: FilterNode): string | null {
  if (isLeaf(node)) return leafKey(node);
  if (node.kind === 'or' && node.children.every(isLeaf)) return `o\u0000${(node.children as Leaf[]).map(leafKey).join('\u0001')}`;
  return null;
}

/**
 * The query's filter parameters as one JSON text, a cache key (JSON escapes every separator, so
 * two different parameter sets never share one); null when they are not strings or arrays.
 */
function conditionSignature(params: SearchParams): string | null {
  const lists = [params.facetFilters, params.numericFilters, params.tagFilters];
  if (!lists.every((value) => value === undefined || value === null || typeof value === 'string' || Array.isArray(value))) return null;
  try {
    return JSON.stringify([params.filters, ...lists]);
  } catch {
    return null;
  }
}

function isLeaf(node: FilterNode): node is Leaf {
  return node.kind === 'facet' || node.kind === 'numeric' || node.kind === 'range';
}

/** Pushes the conjuncts of a node (flattening nested ANDs), so one accumulator serves them all. */
function conjuncts(node: FilterNode, out: FilterNode[]): void {
  if (node.kind === 'and') for (const child of node.children) conjuncts(child, out);
  else out.push(node);
}

function intersects(a: Bitset, b: Bitset): boolean {
  for (let i = 0; i < a.length; i += 1) if (((a[i] as number) & (b[i] as number)) !== 0) return true;
  return false;
}

function orPostings(set: Bitset, ids: Uint32Array): void {
  for (let i = 0; i < ids.length; i += 1) {
    const doc = ids[i] as number;
    set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
  }
}

/** Per-tenant search settings kept with the index. */
export interface IndexOptions {
  /** Compiled synonym groups (synonyms.ts). */
  synonyms?: SynonymGroups;
}

/** An immutable, searchable snapshot of one tenant's records. */
export class TenantIndex {
  readonly size: number;
  private readonly docs: SearchRecord[];
  private readonly byObjectId = new Map<string, number>();
  private readonly tokens: string[];
  private readonly tokenPostings: Uint32Array[];
  /**
   * Tokens that may be matched with typos — words of the title fields, not stock numbers
   * (identifiers must match as typed) — with the documents holding them in a title field.
   */
  private readonly typoTokens: { token: string; postings: Uint32Array }[];
  private synonyms: SynonymGroups;
  private readonly textCache = new Map<string, TextMatch>();
  private readonly baseCache = new Map<string, { set: Bitset; bands: Bands }>();
  /** The running query's bands (see Bands). */
  private bands: Bands = NO_BANDS;
  private readonly rangeScratches: Bitset[] = [];
  private readonly parseCache = new Map<string, FilterNode | null>();
  private readonly conditionCache = new Map<string, Conditions>();
  private readonly sortedNumerics = new Map<string, SortedNumeric>();
  private readonly facetColumns = new Map<string, FacetColumn>();
  private readonly numericColumns = new Map<string, NumericColumn>();
  private readonly permutations = new Map<string, Uint32Array>();
  private readonly positions = new Map<string, Uint32Array>();
  private readonly alphaOrders = new Map<string, Uint32Array>();
  private readonly tallies = new Map<string, FacetTally>();
  private readonly facetNumbers = new Map<string, Float64Array>();
  /** Recent leaf-condition results (LRU): the same facet and price conditions recur across the queries of one request and across shoppers. */
  private readonly leafCache = new Map<string, { set: Bitset; used: number }>();
  /** Bitsets evicted from the leaf cache, reused for new leaves (a new price range per request would otherwise feed the GC). */
  private readonly spare: Bitset[] = [];
  /** How many documents the last matchSet listed (when asked to). */
  private listed = 0;
  /** Counts matchSet calls; a leaf used by the running query is never recycled. */
  private generation = 0;
  /** Reused buffer for the matching document numbers while counting facets. */
  private readonly idScratch: Uint32Array;
  /** Reused buffer for a query's matching documents. */
  private readonly matchScratch: Bitset;
  /** Reused buffers for one ranked group of hits (a typo level, its exact-last-word part). */
  private readonly groupScratch: Bitset;
  private readonly exactScratch: Bitset;
  /** Reused buffer for replica positions of the matches. */
  private readonly sortScratch: Uint32Array;
  private readonly everything: Bitset;
  private readonly hitShapes: HitShapes;
  private readonly hitTexts = new HitTexts();

  constructor(records: readonly SearchRecord[], options: IndexOptions = {}) {
    this.synonyms = options.synonyms ?? [];
    // Sort keys are read once per record, not once per comparison.
    const keyed = records.map((record) => ({ record, rank: numberOf(record, 'rank'), created: numberOf(record, 'created_at') }));
    keyed.sort(
      (a, b) =>
        b.rank - a.rank ||
        b.created - a.created ||
        (a.record.objectID < b.record.objectID ? -1 : a.record.objectID > b.record.objectID ? 1 : 0),
    );
    this.docs = keyed.map((entry) => entry.record);
    this.size = this.docs.length;
    this.idScratch = new Uint32Array(((this.size + 31) >>> 5) * 32);
    this.matchScratch = emptyBitset(this.size);
    this.groupScratch = emptyBitset(this.size);
    this.exactScratch = emptyBitset(this.size);
    this.sortScratch = new Uint32Array(this.size);
    this.everything = fullBitset(this.size);
    this.hitShapes = new HitShapes(this.size);
    this.docs.forEach((record, doc) => this.byObjectId.set(record.objectID, doc));

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
    this.docs.forEach((record, doc) => {
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
    });
    const postings = new Map<string, number[]>();
    const titlePostings = new Map<string, number[]>();
    for (const [token, entry] of entries) {
      postings.set(token, entry.all);
      if (entry.titles.length > 0) titlePostings.set(token, entry.titles);
    }
    this.tokens = [...postings.keys()].sort();
    this.tokenPostings = this.tokens.map((token) => Uint32Array.from(postings.get(token) as number[]));
    this.typoTokens = [];
    this.tokens.forEach((token, t) => {
      const titles = titlePostings.get(token);
      if (titles === undefined) return;
      const all = this.tokenPostings[t] as Uint32Array;
      this.typoTokens.push({ token, postings: titles.length === all.length ? all : Uint32Array.from(titles) });
    });
  }

  /** Replaces the synonym groups (compileSynonyms) used by later queries. */
  setSynonyms(synonyms: SynonymGroups): void {
    this.synonyms = synonyms;
    this.textCache.clear();
    this.baseCache.clear();
  }

  /** The record with this objectID, if indexed. */
  getObject(objectID: string): SearchRecord | undefined {
    const doc = this.byObjectId.get(objectID);
    return doc === undefined ? undefined : this.docs[doc];
  }

  private facetColumn(attribute: string): FacetColumn {
    let column = this.facetColumns.get(attribute);
    if (column === undefined) {
      column = buildFacetColumn(this.docs, attribute);
      this.facetColumns.set(attribute, column);
    }
    return column;
  }

  private numericColumn(attribute: string): NumericColumn {
    let column = this.numericColumns.get(attribute);
    if (column === undefined) {
      column = buildNumericColumn(this.docs, attribute);
      this.numericColumns.set(attribute, column);
    }
    return column;
  }

  /** Value numbers of a facet in folded alphabetical order (ties between equal counts break by it). */
  private alphaOrder(attribute: string, column: FacetColumn): Uint32Array {
    let order = this.alphaOrders.get(attribute);
    if (order === undefined) {
      const folded = column.labels.map(foldText);
      const ids = Array.from({ length: column.labels.length }, (_, value) => value);
      ids.sort((a, b) => compareFolded(folded[a] as string, folded[b] as string, column.labels[a] as string, column.labels[b] as string));
      order = Uint32Array.from(ids);
      this.alphaOrders.set(attribute, order);
    }
    return order;
  }

  /** A numeric facet's values as numbers, by value number. */
  private labelNumbers(attribute: string, column: FacetColumn): Float64Array {
    let numbers = this.facetNumbers.get(attribute);
    if (numbers === undefined) {
      numbers = Float64Array.from(column.labels, Number);
      this.facetNumbers.set(attribute, numbers);
    }
    return numbers;
  }

  /** Counting buffers of a facet (reused; reset after each count). */
  private tally(attribute: string, column: FacetColumn): FacetTally {
    let tally = this.tallies.get(attribute);
    if (tally === undefined) {
      const alpha = this.alphaOrder(attribute, column);
      const alphaRank = new Uint32Array(alpha.length);
      alpha.forEach((value, rank) => {
        alphaRank[value] = rank;
      });
      tally = { counts: new Uint32Array(alpha.length), touched: new Uint32Array(alpha.length), keys: new Float64Array(alpha.length), alpha, alphaRank };
      this.tallies.set(attribute, tally);
    }
    return tally;
  }

  private permutation(attribute: string, direction: 'asc' | 'desc'): Uint32Array {
    const key = `${direction}(${attribute})`;
    let order = this.permutations.get(key);
    if (order === undefined) {
      const values = this.numericColumn(attribute).values;
      const sign = direction === 'asc' ? 1 : -1;
      const ids = Array.from({ length: this.size }, (_, doc) => doc);
      ids.sort((a, b) => {
        const va = values[a] as number;
        const vb = values[b] as number;
        const missingA = Number.isNaN(va);
        const missingB = Number.isNaN(vb);
        if (missingA !== missingB) return missingA ? 1 : -1;
        return (missingA ? 0 : sign * (va - vb)) || a - b;
      });
      order = Uint32Array.from(ids);
      this.permutations.set(key, order);
    }
    return order;
  }

  /** position[doc] = the document's place in a replica's order. */
  private inversePermutation(sort: SortOrder): Uint32Array {
    const key = `${sort.direction}(${sort.attribute})`;
    let position = this.positions.get(key);
    if (position === undefined) {
      const order = this.permutation(sort.attribute, sort.direction);
      position = new Uint32Array(order.length);
      for (let i = 0; i < order.length; i += 1) position[order[i] as number] = i;
      this.positions.set(key, position);
    }
    return position;
  }

  private sortedNumeric(attribute: string): SortedNumeric {
    let index = this.sortedNumerics.get(attribute);
    if (index === undefined) {
      index = buildSortedNumeric(this.permutation(attribute, 'asc'), this.numericColumn(attribute).values);
      this.sortedNumerics.set(attribute, index);
    }
    return index;
  }

  /** A cached leaf (or OR of leaves) result, moved to the recent end of the LRU. */
  private cached(key: string): Bitset | undefined {
    const entry = this.leafCache.get(key);
    if (entry === undefined) return undefined;
    this.leafCache.delete(key);
    entry.used = this.generation;
    this.leafCache.set(key, entry);
    return entry.set;
  }

  private remember(key: string, set: Bitset): void {
    if (this.leafCache.size >= LEAF_CACHE_SIZE) {
      const [oldest, entry] = this.leafCache.entries().next().value as [string, { set: Bitset; used: number }];
      this.leafCache.delete(oldest);
      if (entry.used !== this.generation && this.spare.length < 8) this.spare.push(entry.set);
    }
    this.leafCache.set(key, { set, used: this.generation });
  }

  /** A bitset to overwrite completely: recycled from the cache when one is spare. */
  private scratchSet(): Bitset {
    return this.spare.pop() ?? emptyBitset(this.size);
  }

  /** A leaf's documents, from the LRU when recent. Shared: callers never modify it. */
  private leaf(node: Leaf, key = leafKey(node)): Bitset {
    const hit = this.cached(key);
    if (hit !== undefined) return hit;
    const set = this.evaluateLeaf(node);
    this.remember(key, set);
    return set;
  }

  /** A filter's documents. The answer may be shared (cached): callers never modify it. */
  private evaluate(node: FilterNode): Bitset {
    switch (node.kind) {
      case 'and': {
        const set = this.evaluate(node.children[0] as FilterNode).slice();
        for (let i = 1; i < node.children.length; i += 1) andInPlace(set, this.evaluate(node.children[i] as FilterNode));
        return set;
      }
      case 'or':
        return this.union(node, sharedKey(node));
      case 'not':
        return notInPlace(this.evaluate(node.child).slice(), this.size);
      case 'facet':
      case 'numeric':
      case 'range':
        return this.leaf(node);
    }
  }

  /** An OR; with `key` (an OR of leaves, such as a refinement list) cached like a leaf. */
  private union(node: Extract<FilterNode, { kind: 'or' }>, key: string | null): Bitset {
    const hit = key === null ? undefined : this.cached(key);
    if (hit !== undefined) return hit;
    const first = this.evaluate(node.children[0] as FilterNode);
    const set = key !== null ? this.scratchSet() : emptyBitset(this.size);
    set.set(first);
    for (let i = 1; i < node.children.length; i += 1) orInPlace(set, this.evaluate(node.children[i] as FilterNode));
    if (key !== null) this.remember(key, set);
    return set;
  }

  /** A top-level condition with its precomputed cache key (see sharedKey). */
  private evaluateShared(node: FilterNode, key: string | null): Bitset {
    if (key === null) return this.evaluate(node);
    return node.kind === 'or' ? this.union(node, key) : this.leaf(node as Leaf, key);
  }

  private evaluateLeaf(node: Leaf): Bitset {
    if (node.kind === 'facet') {
      const column = this.facetColumn(node.attribute);
      const value = column.byKey.get(facetKey(node.value));
      const set = this.scratchSet().fill(0);
      if (value !== undefined) orPostings(set, column.postings[value] as Uint32Array);
      return set;
    }
    const index = this.sortedNumeric(node.attribute);
    let set: Bitset;
    if (node.kind === 'numeric' && node.operator === '!=') {
      const below = rankOf(index, node.value, false);
      set = orInPlace(rankRange(index, 0, below, this.scratchSet()), rankRange(index, rankOf(index, node.value, true), index.docs.length));
    } else {
      const [a, b] = rankInterval(index, node);
      set = rankRange(index, a, b, this.scratchSet());
    }
    const { multi } = this.numericColumn(node.attribute);
    if (multi.size > 0) {
      const test = numericTest(node);
      for (const [doc, list] of multi) {
        if (list.some(test)) set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
      }
    }
    return set;
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
  private textMatch(words: readonly string[], typo: TypoSettings): TextMatch | null {
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

  /** The documents passing the text match (when any) and every filter, in the index's match buffer (valid until the next query). */
  /** A filter list's or filter string's parse, cached by its text (parsed nodes are never modified). */
  private parsed(kind: string, source: string, label: string, parse: (source: string, label: string) => FilterNode | null): FilterNode | null {
    const key = `${kind}\u0000${source}`;
    let node = this.parseCache.get(key);
    if (node === undefined) {
      node = parse(source, label);
      if (this.parseCache.size >= PARSE_CACHE_SIZE) this.parseCache.clear();
      this.parseCache.set(key, node);
    }
    return node;
  }

  /**
   * A query's conditions (the conjuncts of filters, facetFilters, numericFilters, tagFilters),
   * split into numeric ones (for the base) and the rest with their cache keys. Cached by the
   * parameters' text: the queries of a request and the next requests repeat most of them.
   */
  private conditions(params: SearchParams): Conditions {
    const signature = conditionSignature(params);
    const hit = signature === null ? undefined : this.conditionCache.get(signature);
    if (hit !== undefined) return hit;
    const nodes: FilterNode[] = [];
    const filters = params.filters === '' ? null : this.parsed('filters', params.filters, 'filters', parseFilters);
    if (filters !== null) conjuncts(filters, nodes);
    const facetEntry = (s: string, label: string) => this.parsed('f', s, label, parseFacetFilter) as FilterNode;
    const facetFilters = parseFilterList(params.facetFilters, 'facetFilters', facetEntry);
    if (facetFilters !== null) conjuncts(facetFilters, nodes);
    const numericEntry = (s: string, label: string) => this.parsed('n', s, label, parseNumericFilter) as FilterNode;
    const numericFilters = parseFilterList(params.numericFilters, 'numericFilters', numericEntry);
    if (numericFilters !== null) conjuncts(numericFilters, nodes);
    const tagEntry = (s: string, label: string) => this.parsed('t', s, label, (t, l) => parseFacetFilter(t, l, '_tags')) as FilterNode;
    const tagFilters = parseFilterList(params.tagFilters, 'tagFilters', tagEntry);
    if (tagFilters !== null) conjuncts(tagFilters, nodes);
    const numeric: NumericLeaf[] = [];
    const others: FilterNode[] = [];
    let numericKey = '';
    for (const node of nodes) {
      if (node.kind === 'numeric' || node.kind === 'range') {
        numeric.push(node);
        numericKey += `\u0001${leafKey(node)}`;
      } else {
        others.push(node);
      }
    }
    const conditions: Conditions = { numeric, numericKey, others, keys: others.map(sharedKey) };
    if (signature !== null) {
      if (this.conditionCache.size >= PARSE_CACHE_SIZE) this.conditionCache.clear();
      this.conditionCache.set(signature, conditions);
    }
    return conditions;
  }

  /**
   * The documents passing the text match (when any) and every filter, in the index's match buffer
   * (valid until the next query). The text and the numeric conditions — what the queries of one
   * instantsearch request share, and what changes from one request to the next — are evaluated
   * once into a cached base; each query then ANDs its own refinements onto it in one pass.
   */
  private matchSet(params: SearchParams, text: TextMatch | null, ids: Uint32Array | null = null): Bitset {
    this.generation += 1;
    const { numeric, numericKey, others, keys } = this.conditions(params);
    this.bands = NO_BANDS;
    const base = numeric.length === 0 ? (text === null ? null : text.all) : this.base(text, numeric, numericKey);
    const sets: Bitset[] = [];
    for (let i = 0; i < others.length; i += 1) sets.push(this.evaluateShared(others[i] as FilterNode, keys[i] as string | null));
    // One buffer per index serves every query: searches are synchronous and never keep it.
    const out = this.matchScratch;
    const first = base ?? (sets.length === 0 ? this.everything : (sets.shift() as Bitset));
    if (ids !== null) this.listed = andAllIntoIds(out, first, sets, ids);
    else andAllInto(out, first, sets);
    return out;
  }

  /** Text ∧ numeric conditions, from the base cache or computed into a recycled buffer. */
  private base(text: TextMatch | null, numeric: readonly NumericLeaf[], numericKey: string): Bitset {
    const key = text === null ? numericKey : text.key + numericKey;
    const hit = this.baseCache.get(key);
    if (hit !== undefined) {
      this.bands = hit.bands;
      return hit.set;
    }
    let set: Bitset | undefined;
    if (this.baseCache.size >= BASE_CACHE_SIZE) {
      const oldest = this.baseCache.keys().next().value as string;
      set = this.baseCache.get(oldest)?.set;
      this.baseCache.delete(oldest);
    }
    set ??= emptyBitset(this.size);
    const bands = new Map<string, [number, number]>();
    // Conditions on one attribute (price >= a, price <= b) become one range of the value order.
    const byAttribute = new Map<string, NumericLeaf[]>();
    for (const node of numeric) {
      const list = byAttribute.get(node.attribute);
      if (list === undefined) byAttribute.set(node.attribute, [node]);
      else list.push(node);
    }
    let first = true;
    const others: Bitset[] = text === null ? [] : [text.all];
    for (const [attribute, leaves] of byAttribute) {
      const target = first ? set : this.rangeScratch(others.length);
      bands.set(attribute, this.numericConjunction(attribute, leaves, target));
      if (!first) others.push(target);
      first = false;
    }
    andAllInto(set, set, others);
    this.baseCache.set(key, { set, bands });
    this.bands = bands;
    return set;
  }

  /** A reused buffer for the numeric conditions on a second, third… attribute of one base. */
  private rangeScratch(i: number): Bitset {
    let set = this.rangeScratches[i];
    if (set === undefined) {
      set = emptyBitset(this.size);
      this.rangeScratches[i] = set;
    }
    return set;
  }

  /**
   * Writes over `out` the documents meeting every condition of `leaves` (all on `attribute`).
   * Single-valued documents: the intersection of the conditions' ranges in the value order, one
   * rankRange; `!=` is ANDed as its own leaf; documents with several values test each condition.
   */
  private numericConjunction(attribute: string, leaves: readonly NumericLeaf[], out: Bitset): [number, number] {
    const index = this.sortedNumeric(attribute);
    let low = 0;
    let high = index.docs.length;
    const excluded: NumericLeaf[] = [];
    for (const node of leaves) {
      if (node.kind === 'numeric' && node.operator === '!=') {
        excluded.push(node);
        continue;
      }
      const [a, b] = rankInterval(index, node);
      if (a > low) low = a;
      if (b < high) high = b;
    }
    rankRange(index, low, Math.max(low, high), out);
    const { multi } = this.numericColumn(attribute);
    if (multi.size > 0) {
      // `!=` conditions are tested by their own leaf below.
      const tests = leaves.filter((node) => node.kind !== 'numeric' || node.operator !== '!=').map(numericTest);
      for (const [doc, list] of multi) {
        if (tests.every((test) => list.some(test))) out[doc >>> 5] = (out[doc >>> 5] as number) | (1 << (doc & 31));
      }
    }
    for (const node of excluded) andInPlace(out, this.leaf(node));
    return [low, Math.max(low, high)];
  }

  /** The typo levels present among the matches, fewest typos first (each a subset of the text match). */
  private typoLevels(text: TextMatch, matches: Bitset): Bitset[] {
    return text.byTypos.filter((level) => level !== undefined && intersects(level, matches));
  }

  /**
   * `typoTolerance: 'min'` keeps only the matches with the fewest typos present, `'strict'` those
   * of the two lowest levels present (Algolia's semantics); `matches` is narrowed in place.
   */
  private narrowToFewestTypos(text: TextMatch, matches: Bitset, typo: TypoSettings): void {
    const kept = this.typoLevels(text, matches).slice(0, typo.typoTolerance === 'min' ? 1 : 2);
    const keep = this.exactScratch.fill(0);
    for (const level of kept) orInPlace(keep, level);
    andInPlace(matches, keep);
  }

  /**
   * Writes the ranked documents [start, end) of the listed matches (`ids`, ascending) into `out`:
   * group g = 2 × typo level + (last word exact ? 0 : 1), then document order. One pass counts
   * the groups, a second places each document — no bitset per group.
   */
  private rankListed(text: TextMatch, ids: Uint32Array, start: number, end: number, out: number[]): void {
    const levels = text.byTypos;
    const groups = this.sortScratch.subarray(0, ids.length);
    const sizes = new Uint32Array(levels.length * 2 + 1);
    for (let i = 0; i < ids.length; i += 1) {
      const doc = ids[i] as number;
      let t = 0;
      while (t < levels.length && (levels[t] === undefined || !hasBit(levels[t] as Bitset, doc))) t += 1;
      const g = 2 * t + (hasBit(text.exact, doc) ? 0 : 1);
      groups[i] = g;
      sizes[g] = (sizes[g] as number) + 1;
    }
    // sizes → first position of each group.
    let position = 0;
    for (let g = 0; g < sizes.length; g += 1) {
      const size = sizes[g] as number;
      sizes[g] = position;
      position += size;
    }
    out.length = end - start;
    for (let i = 0; i < ids.length; i += 1) {
      const g = groups[i] as number;
      const at = sizes[g] as number;
      sizes[g] = at + 1;
      if (at >= start && at < end) out[at - start] = ids[i] as number;
    }
  }

  /** Runs one hits/facets query against `indexName` (the primary index or a sort replica). */
  search(indexName: string, params: SearchParams): SearchResponse {
    const started = performance.now();
    const order = CAR_INDEXES[indexName];
    if (order === undefined) throw new SearchError('Index does not exist', 404);
    const words = foldedWords(params.query);
    const text = this.textMatch(words, params.typo);
    const byTyposFirst = text !== null && (params.typo.typoTolerance === 'min' || params.typo.typoTolerance === 'strict');
    // Facet counting needs the matching documents as a list: the last AND pass writes it.
    const listIds = params.facets.length > 0 && !byTyposFirst;
    const matches = this.matchSet(params, text, listIds ? this.idScratch : null);
    let ids = listIds ? this.idScratch.subarray(0, this.listed) : null;
    if (byTyposFirst) {
      // 'min' / 'strict' narrow the matches to the fewest typos present (which changes nbHits).
      this.narrowToFewestTypos(text, matches, params.typo);
      if (params.facets.length > 0) ids = bitsetToIds(matches, this.idScratch);
    }
    const nbHits = ids !== null ? ids.length : popcount(matches);

    const usesOffset = params.offset !== undefined || params.length !== undefined;
    const perPage = usesOffset ? (params.length ?? params.hitsPerPage) : params.hitsPerPage;
    const start = usesOffset ? (params.offset ?? 0) : params.page * perPage;
    const reachable = Math.min(nbHits, PAGINATION_LIMITED_TO);
    const end = Math.min(start + perPage, reachable);
    const docs: number[] = [];
    if (end > start) {
      if (text === null || (order.sort !== undefined && !byTyposFirst)) {
        // One group: every match, in document (= custom ranking) order or replica order.
        if (order.sort === undefined) collect(matches, start, end - start, docs);
        else this.pickSorted(order.sort, matches, ids, nbHits, start, end - start, docs);
      } else if (order.sort === undefined && ids !== null && ids.length * 8 < matches.length) {
        // Few matches, already listed: rank them by group in one counting pass over the list.
        this.rankListed(text, ids, start, end, docs);
      } else {
        // Ranked groups in order, each built in a reused buffer: per typo level (fewest first),
        // and on the primary index the exact last word before the prefix matches.
        let skip = start;
        for (const level of this.typoLevels(text, matches)) {
          if (end - start - docs.length <= 0) break;
          const inLevel = andAllInto(this.groupScratch, level, [matches]);
          if (order.sort !== undefined) {
            skip = this.takeGroup(inLevel, skip, end - start - docs.length, order.sort, docs);
            continue;
          }
          skip = this.takeGroup(andAllInto(this.exactScratch, inLevel, [text.exact]), skip, end - start - docs.length, undefined, docs);
          if (end - start - docs.length <= 0) break;
          for (let w = 0; w < inLevel.length; w += 1) inLevel[w] = (inLevel[w] as number) & ~(text.exact[w] as number);
          skip = this.takeGroup(inLevel, skip, end - start - docs.length, undefined, docs);
        }
      }
    }

    const highlightAttributes = params.attributesToHighlight ?? [...SEARCHABLE_ATTRIBUTES];
    const alternatives = text?.alternatives;
    const hits: Record<string, unknown>[] = [];
    /** A page of whole records: hit objects are built only if read, the JSON text from cached texts. */
    let page: { build: () => Record<string, unknown>[]; write: () => string | null } | null = null;
    if (docs.length > 0) {
      const snippetAttributes = params.attributesToSnippet.map((entry) => entry.split(':')[0] as string);
      const whole = params.attributesToRetrieve.length === 1 && params.attributesToRetrieve[0] === '*';
      const highlights: unknown[] = [];
      const snippets: unknown[] = [];
      // With no query words the highlight is a function of the record and the settings alone:
      // the results (frozen) and the whole hit's text are kept per document.
      const plainKey =
        words.length === 0 ? JSON.stringify([highlightAttributes, snippetAttributes, params.highlightPreTag, params.highlightPostTag]) : null;
      for (const doc of docs) {
        const record = this.docs[doc] as SearchRecord;
        const results =
          plainKey === null
            ? null
            : this.hitTexts.plainResults(plainKey, doc, () => [
                highlightObject(record, highlightAttributes, words, params, alternatives),
                highlightObject(record, snippetAttributes, words, params, alternatives),
              ]);
        const highlighted = results === null ? highlightObject(record, highlightAttributes, words, params, alternatives) : results[0];
        const snippet = results === null ? highlightObject(record, snippetAttributes, words, params, alternatives) : results[1];
        if (whole) {
          highlights.push(highlighted);
          snippets.push(snippet);
        } else {
          const hit = project(record, params.attributesToRetrieve);
          if (highlighted !== null) hit['_highlightResult'] = highlighted;
          if (snippet !== null) hit['_snippetResult'] = snippet;
          hits.push(hit);
        }
      }
      if (whole) {
        page = {
          build: () => docs.map((doc, i) => this.hitShapes.build(doc, this.docs[doc] as SearchRecord, highlights[i], snippets[i])),
          write: () => {
            const texts: string[] = [];
            for (let i = 0; i < docs.length; i += 1) {
              const doc = docs[i] as number;
              const hitText = this.hitTexts.text(doc, this.docs[doc] as SearchRecord, highlights[i], snippets[i], plainKey);
              if (hitText === null) return null;
              texts.push(hitText);
            }
            return `[${texts.join(',')}]`;
          },
        };
      }
    }

    const response: SearchResponse = {
      hits,
      nbHits,
      page: usesOffset ? (perPage > 0 ? Math.floor(start / perPage) : 0) : params.page,
      nbPages: perPage > 0 ? Math.ceil(reachable / perPage) : 0,
      hitsPerPage: perPage,
      exhaustiveNbHits: true,
      exhaustiveTypo: true,
      exhaustive: { nbHits: true, typo: true },
      query: params.query,
      params: encodeParams(params.raw),
      index: indexName,
      processingTimeMS: 0,
      serverTimeMS: 0,
      renderingContent: {},
    };
    if (page !== null) lazyHits(response, page.build, page.write);
    if (usesOffset) {
      response.offset = start;
      response.length = perPage;
    }
    if (params.facets.length > 0) {
      this.addFacets(response, ids as Uint32Array, params);
    }
    const elapsed = Math.max(1, Math.round(performance.now() - started));
    response.processingTimeMS = elapsed;
    response.serverTimeMS = elapsed;
    return filterResponseFields(response, params.responseFields);
  }

  /**
   * Appends the documents of one ranked group (`skip` of them first skipped) up to `want`; returns
   * what is left to skip for the next group.
   */
  private takeGroup(group: Bitset, skip: number, want: number, sort: SortOrder | undefined, out: number[]): number {
    const count = popcount(group);
    if (skip >= count) return skip - count;
    if (sort === undefined) collect(group, skip, want, out);
    else this.pickSorted(sort, group, null, count, skip, want, out);
    return 0;
  }

  /**
   * Appends up to `take` documents of `set` (`count` of them; `ids` when already listed) in a
   * replica's order after skipping `skip`. Few matches: their positions in the replica order,
   * sorted; many: a walk along the replica order, which finds the page after a few positions.
   */
  private pickSorted(sort: SortOrder, set: Bitset, ids: Uint32Array | null, count: number, skip: number, take: number, out: number[]): void {
    const order = this.permutation(sort.attribute, sort.direction);
    // Where matches can be: a band of the order when the query has conditions on the sort
    // attribute, plus the documents with several values (at the end of the order, with the
    // documents without a value).
    let from = 0;
    let to = this.size;
    let tail = this.size;
    const band = this.bands.get(sort.attribute);
    if (band !== undefined) {
      const valued = this.sortedNumeric(sort.attribute).docs.length;
      [from, to] = sort.direction === 'asc' ? band : [valued - band[1], valued - band[0]];
      tail = this.numericColumn(sort.attribute).multi.size > 0 ? valued : this.size;
    }
    const span = to - from + (this.size - tail);
    // A walk visits about span × (skip + take) / count positions; sorting costs count × log(count).
    const walkLength = Math.min(span, ((skip + take) * span) / Math.max(1, count));
    if (count * (Math.log2(count + 1) + 1) * 2 >= walkLength) {
      const found = walk(order, from, to, set, skip, take, out);
      if (found < skip + take) walk(order, tail, this.size, set, skip - Math.min(skip, found), take - Math.max(0, found - skip), out);
      return;
    }
    const position = this.inversePermutation(sort);
    const keys = this.sortScratch.subarray(0, count);
    if (ids !== null) {
      for (let i = 0; i < count; i += 1) keys[i] = position[ids[i] as number] as number;
    } else {
      let n = 0;
      for (let w = 0; w < set.length; w += 1) {
        let word = set[w] as number;
        while (word !== 0) {
          const low = word & -word;
          keys[n++] = position[(w << 5) + (31 - Math.clz32(low))] as number;
          word ^= low;
        }
      }
    }
    // Only the first skip + take positions are needed, in order.
    const needed = Math.min(keys.length, skip + take);
    if (needed < keys.length) selectSmallest(keys, needed);
    sortNumbers(keys, needed);
    for (let r = skip; r < needed; r += 1) out.push(order[keys[r] as number] as number);
  }

  private addFacets(response: SearchResponse, ids: Uint32Array, params: SearchParams): void {
    const attributes = params.facets.includes('*') ? [...FACET_ATTRIBUTES] : [...new Set(params.facets)];
    const facets: Record<string, FacetCounts> = {};
    const stats: Record<string, FacetStats> = {};
    for (const attribute of attributes) {
      const column = this.facetColumn(attribute);
      const tally = this.tally(attribute, column);
      const touched = countTouched(column, ids, tally);
      if (touched === 0) continue;
      if (column.numeric) {
        // One value per document: the counts already hold what the stats need (no second pass).
        stats[attribute] = column.single !== null ? statsOfTally(tally, touched, this.labelNumbers(attribute, column)) : this.stats(attribute, ids);
      }
      facets[attribute] = topTouched(tally, touched, column.labels, params.maxValuesPerFacet, params.sortFacetValuesBy);
    }
    response.facets = facets;
    response.facets_stats = stats;
    response.exhaustiveFacetsCount = true;
    response.exhaustive.facetsCount = true;
  }

  private stats(attribute: string, ids: Uint32Array): FacetStats {
    const { values, multi } = this.numericColumn(attribute);
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    let count = 0;
    const add = (v: number): void => {
      if (v < min) min = v;
      if (v > max) max = v;
      sum += v;
      count += 1;
    };
    for (let i = 0; i < ids.length; i += 1) {
      const doc = ids[i] as number;
      const v = values[doc] as number;
      if (v === v) add(v);
      else multi.get(doc)?.forEach(add);
    }
    return { min, max, avg: count === 0 ? 0 : sum / count, sum };
  }

  /** Search for facet values: the values of `facet` whose words start with `facetQuery`, counted over the matches. */
  searchFacetValues(indexName: string, facet: string, params: SearchParams): FacetSearchResponse {
    const started = performance.now();
    if (CAR_INDEXES[indexName] === undefined) throw new SearchError('Index does not exist', 404);
    if (!(FACET_ATTRIBUTES as readonly string[]).includes(facet)) {
      throw new SearchError(`Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`);
    }
    const text = this.textMatch(foldedWords(params.query), params.typo);
    const matches = this.matchSet(params, text);
    if (text !== null && (params.typo.typoTolerance === 'min' || params.typo.typoTolerance === 'strict')) {
      this.narrowToFewestTypos(text, matches, params.typo);
    }
    const column = this.facetColumn(facet);
    const tally = this.tally(facet, column);
    const touched = countTouched(column, bitsetToIds(matches, this.idScratch), tally);
    const queryWords = foldedWords(params.facetQuery);
    const hits: { value: string; highlighted: string; count: number }[] = [];
    for (let i = 0; i < touched; i += 1) {
      const value = tally.touched[i] as number;
      const count = tally.counts[value] as number;
      tally.counts[value] = 0;
      const label = column.labels[value] as string;
      const result = highlightText(label, queryWords, params.highlightPreTag, params.highlightPostTag);
      if (queryWords.length > 0 && result.matchLevel !== 'full') continue;
      hits.push({ value: label, highlighted: result.value, count });
    }
    hits.sort((a, b) => b.count - a.count || compareLabels(a.value, b.value));
    return {
      facetHits: hits.slice(0, params.maxFacetHits),
      exhaustiveFacetsCount: true,
      processingTimeMS: Math.max(1, Math.round(performance.now() - started)),
    };
  }
}

/** The ranks [a, b) of the sorted index a numeric condition (other than `!=`) selects. */
function rankInterval(index: SortedNumeric, node: NumericLeaf): [number, number] {
  const n = index.docs.length;
  if (node.kind === 'range') return node.low > node.high ? [0, 0] : [rankOf(index, node.low, false), rankOf(index, node.high, true)];
  const v = node.value;
  switch (node.operator) {
    case '<':
      return [0, rankOf(index, v, false)];
    case '<=':
      return [0, rankOf(index, v, true)];
    case '=':
      return [rankOf(index, v, false), rankOf(index, v, true)];
    case '>=':
      return [rankOf(index, v, false), n];
    case '>':
      return [rankOf(index, v, true), n];
    case '!=':
      throw new Error('rankInterval: != is not one range');
  }
}

function numericTest(node: NumericLeaf): (v: number) => boolean {
  if (node.kind === 'range') {
    const { low, high } = node;
    return (v) => v >= low && v <= high;
  }
  const target = node.value;
  switch (node.operator) {
    case '<':
      return (v) => v < target;
    case '<=':
      return (v) => v <= target;
    case '=':
      return (v) => v === target;
    case '!=':
      return (v) => v !== target;
    case '>=':
      return (v) => v >= target;
    case '>':
      return (v) => v > target;
  }
}

/** Appends up to `take` documents of `set` in `order` (a replica permutation) after skipping the first `skip`. */
/**
 * Appends up to `take` documents of `set` met along `order` positions [from, to), after
 * skipping the first `skip`; returns how many documents of `set` it met (at most skip + take).
 */
function walk(order: Uint32Array, from: number, to: number, set: Bitset, skip: number, take: number, out: number[]): number {
  let seen = 0;
  const end = skip + take;
  for (let i = from; i < to && seen < end; i += 1) {
    const doc = order[i] as number;
    if (((set[doc >>> 5] as number) & (1 << (doc & 31))) === 0) continue;
    if (seen >= skip) out.push(doc);
    seen += 1;
  }
  return seen;
}

/** Appends up to `take` set documents (ascending) after skipping the first `skip`. */
function collect(set: Bitset, skip: number, take: number, out: number[]): void {
  let skipped = 0;
  let left = take;
  for (let w = 0; w < set.length && left > 0; w += 1) {
    let word = set[w] as number;
    if (word === 0) continue;
    if (skipped + popcountWord(word) <= skip) {
      skipped += popcountWord(word);
      continue;
    }
    while (word !== 0 && left > 0) {
      const low = word & -word;
      word ^= low;
      if (skipped < skip) {
        skipped += 1;
        continue;
      }
      out.push((w << 5) + (31 - Math.clz32(low)));
      left -= 1;
    }
  }
}

function popcountWord(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Reused counting buffers of one facet: counts by value, the values touched, and alphabetical ranks. */
interface FacetTally {
  counts: Uint32Array;
  touched: Uint32Array;
  /** Sort keys of the touched values. */
  keys: Float64Array;
  alpha: Uint32Array;
  alphaRank: Uint32Array;
}

/**
 * Counts the values of `ids` into the tally; returns how many distinct values were touched.
 * Only touched values are visited afterwards, so a price facet with thousands of values costs
 * what the matching documents cost.
 */
function countTouched(column: FacetColumn, ids: Uint32Array, tally: FacetTally): number {
  const { counts, touched } = tally;
  let n = 0;
  const single = column.single;
  if (single !== null) {
    for (let i = 0; i < ids.length; i += 1) {
      const value = (single[ids[i] as number] as number) - 1;
      if (value < 0) continue;
      const c = counts[value] as number;
      if (c === 0) touched[n++] = value;
      counts[value] = c + 1;
    }
  } else {
    const start = column.multiStart as Uint32Array;
    const values = column.multiValues as Uint32Array;
    for (let i = 0; i < ids.length; i += 1) {
      const doc = ids[i] as number;
      for (let j = start[doc] as number; j < (start[doc + 1] as number); j += 1) {
        const value = values[j] as number;
        const c = counts[value] as number;
        if (c === 0) touched[n++] = value;
        counts[value] = c + 1;
      }
    }
  }
  return n;
}

/** facets_stats from a tally of a single-valued numeric facet: Σ count × value over the touched values. */
function statsOfTally(tally: FacetTally, n: number, numbers: Float64Array): FacetStats {
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i += 1) {
    const value = tally.touched[i] as number;
    const v = numbers[value] as number;
    const c = tally.counts[value] as number;
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v * c;
    count += c;
  }
  return { min, max, avg: count === 0 ? 0 : sum / count, sum };
}

/**
 * The `limit` touched values by count descending (ties alphabetical), or alphabetical, and
 * resets the tally. Each value becomes one number key, so one typed-array sort orders them.
 */
export function topTouched(tally: FacetTally, n: number, labels: readonly string[], limit: number, sortBy: 'count' | 'alpha'): FacetCounts {
  const { counts, touched, alpha, alphaRank } = tally;
  const span = alpha.length;
  let maxCount = 0;
  for (let i = 0; i < n; i += 1) maxCount = Math.max(maxCount, counts[touched[i] as number] as number);
  const keys = tally.keys.subarray(0, n);
  for (let i = 0; i < n; i += 1) {
    const value = touched[i] as number;
    const rank = alphaRank[value] as number;
    keys[i] = sortBy === 'alpha' ? rank : (maxCount - (counts[value] as number)) * span + rank;
  }
  const take = Math.min(limit, n);
  // Only the first `take` keys are needed: a price facet touches thousands of values for 50 shown.
  if (take < n) selectSmallest(keys, take);
  sortNumbers(keys, take);
  const out: FacetCounts = {};
  for (let i = 0; i < take; i += 1) {
    const value = alpha[(keys[i] as number) % span] as number;
    out[labels[value] as string] = counts[value] as number;
  }
  for (let i = 0; i < n; i += 1) counts[touched[i] as number] = 0;
  return out;
}

/**
 * Sorts keys[0..n) ascending: insertion sort for the short runs a page or a facet's top values
 * need (TypedArray#sort costs microseconds of setup), the built-in sort beyond.
 */
export function sortNumbers(keys: Float64Array | Uint32Array, n: number): void {
  if (n > 64) {
    keys.subarray(0, n).sort();
    return;
  }
  for (let i = 1; i < n; i += 1) {
    const key = keys[i] as number;
    let j = i - 1;
    while (j >= 0 && (keys[j] as number) > key) {
      keys[j + 1] = keys[j] as number;
      j -= 1;
    }
    keys[j + 1] = key;
  }
}

/**
 * Reorders `keys` so its `k` smallest values come first (in any order): quickselect (Hoare
 * partition, median of three), O(n) on average. Keys are distinct.
 */
export function selectSmallest(keys: Float64Array | Uint32Array, k: number): void {
  if (k <= 0 || k >= keys.length) return;
  let lo = 0;
  let hi = keys.length - 1;
  while (hi > lo) {
    const mid = (lo + hi) >>> 1;
    const a = keys[lo] as number;
    const b = keys[mid] as number;
    const c = keys[hi] as number;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((keys[i] as number) < pivot) i += 1;
      while ((keys[j] as number) > pivot) j -= 1;
      if (i <= j) {
        const t = keys[i] as number;
        keys[i] = keys[j] as number;
        keys[j] = t;
        i += 1;
        j -= 1;
      }
    }
    // [lo, j] ≤ pivot ≤ [i, hi]; keep narrowing the side that holds position k − 1.
    if (k - 1 <= j) hi = j;
    else if (k - 1 >= i) lo = i;
    else return;
  }
}

function compareFolded(fa: string, fb: string, a: string, b: string): number {
  return fa < fb ? -1 : fa > fb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function compareLabels(a: string, b: string): number {
  return compareFolded(foldText(a), foldText(b), a, b);
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Applies attributesToRetrieve (`*`, names, and `-name` exclusions after `*`); objectID always stays. */
export function project(record: SearchRecord, attributes: readonly string[]): Record<string, unknown> {
  if (attributes.includes('*')) {
    const excluded = attributes.filter((a) => a.startsWith('-')).map((a) => a.slice(1));
    if (excluded.length === 0) return { ...record };
    const hit: Record<string, unknown> = { ...record };
    for (const name of excluded) if (name !== 'objectID') delete hit[name];
    return hit;
  }
  const hit: Record<string, unknown> = {};
  for (const name of attributes) {
    if (name in record) hit[name] = record[name];
  }
  hit.objectID = record.objectID;
  return hit;
}

function highlightObject(
  record: SearchRecord,
  attributes: readonly string[],
  words: string[],
  params: SearchParams,
  alternatives: HighlightAlternatives | undefined,
): Record<string, HighlightResult | HighlightResult[]> | null {
  if (attributes.length === 0) return null;
  const names = attributes.includes('*') ? [...SEARCHABLE_ATTRIBUTES] : attributes;
  const out: Record<string, HighlightResult | HighlightResult[]> = {};
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' || typeof value === 'number') {
      out[name] = highlightText(String(value), words, params.highlightPreTag, params.highlightPostTag, alternatives);
    } else if (Array.isArray(value)) {
      out[name] = value
        .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
        .map((item) => highlightText(String(item), words, params.highlightPreTag, params.highlightPostTag, alternatives));
    }
  }
  return out;
}

function filterResponseFields(response: SearchResponse, fields: readonly string[]): SearchResponse {
  if (fields.includes('*')) return response;
  const out: Record<string, unknown> = {};
  for (const field of fields) if (field in response) out[field] = response[field as keyof SearchResponse];
  return out as unknown as SearchResponse;
}
