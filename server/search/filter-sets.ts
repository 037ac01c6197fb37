import {
  type Bitset,
  andAllInto,
  andAllIntoIds,
  andInPlace,
  emptyBitset,
  fullBitset,
  notInPlace,
  orInPlace,
} from './bitset.ts';
import { facetKey } from './columns.ts';
import type { ColumnStore } from './column-store.ts';
import {
  type FilterNode,
  parseFacetFilter,
  parseFilterList,
  parseFilters,
  parseNumericFilter,
} from './filter-parser.ts';
import { orPostings } from './kernels.ts';
import { type SortedNumeric, rankOf, rankRange } from './numeric-index.ts';
import type { SearchParams } from './params.ts';
import type { TextMatch } from './text-index.ts';

/*
 * A query's filters as bitsets: its filter parameters parsed (and cached by their text), split
 * into numeric conditions and the rest, each leaf and refinement list evaluated through a small
 * LRU of recent results, and the text match with the numeric conditions cached as one base that
 * the queries of a request share.
 */

/** Leaf results kept per index; 256 × 12.5 KB at 100,000 cars. */
const LEAF_CACHE_SIZE = 256;
/** Text ∧ numeric-condition results kept per index: the queries of one request share one. */
const BASE_CACHE_SIZE = 4;
/** Parsed filter strings kept per index (cleared when full). */
const PARSE_CACHE_SIZE = 2048;

/**
 * Per numeric attribute of a query's conditions: the ranks [low, high) of its sorted index that
 * can match. Every single-valued match lies there, so a replica sorted by that attribute only
 * needs walking along that stretch (a price range with the price sort).
 */
export type Bands = ReadonlyMap<string, [number, number]>;
const NO_BANDS: Bands = new Map();

type Leaf = Extract<FilterNode, { kind: 'facet' | 'numeric' | 'range' }>;
type NumericLeaf = Extract<FilterNode, { kind: 'numeric' | 'range' }>;

function leafKey(node: Leaf): string {
  return node.kind === 'facet' ? `f\u0000${node.attribute}\u0000${facetKey(node.value)}`
    : node.kind === 'range' ? `r\u0000${node.attribute}\u0000${node.low}\u0000${node.high}`
    : `n\u0000${node.attribute}\u0000${node.operator}\u0000${node.value}`;
}

/** A query's conditions, as matchSet uses them (see FilterSets.conditions). */
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

/** The filter evaluation of one index, with its caches and reused buffers. */
export class FilterSets {
  private readonly baseCache = new Map<string, { set: Bitset; bands: Bands }>();
  /** The running query's bands (see Bands). */
  bands: Bands = NO_BANDS;
  private readonly rangeScratches: Bitset[] = [];
  private readonly parseCache = new Map<string, FilterNode | null>();
  private readonly conditionCache = new Map<string, Conditions>();
  /** Recent leaf-condition results (LRU): the same facet and price conditions recur across the queries of one request and across shoppers. */
  private readonly leafCache = new Map<string, { set: Bitset; used: number }>();
  /** Bitsets evicted from the leaf cache, reused for new leaves (a new price range per request would otherwise feed the GC). */
  private readonly spare: Bitset[] = [];
  /** How many documents the last matchSet listed (when asked to). */
  listed = 0;
  /** Counts matchSet calls; a leaf used by the running query is never recycled. */
  private generation = 0;
  /** Reused buffer for a query's matching documents. */
  private readonly matchScratch: Bitset;
  private readonly everything: Bitset;

  /**
   * @param size the index's document count
   * @param columns the index's columns (leaves read their postings and sorted values)
   */
  constructor(
    private readonly size: number,
    private readonly columns: ColumnStore,
  ) {
    this.matchScratch = emptyBitset(size);
    this.everything = fullBitset(size);
  }

  /** Forgets the cached bases (the text part changes when the synonyms do). */
  clearBases(): void {
    this.baseCache.clear();
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
      const column = this.columns.facetColumn(node.attribute);
      const value = column.byKey.get(facetKey(node.value));
      const set = this.scratchSet().fill(0);
      if (value !== undefined) orPostings(set, column.postings, column.postingStarts[value] as number, column.postingStarts[value + 1] as number);
      return set;
    }
    const index = this.columns.sortedNumeric(node.attribute);
    let set: Bitset;
    if (node.kind === 'numeric' && node.operator === '!=') {
      const below = rankOf(index, node.value, false);
      set = orInPlace(rankRange(index, 0, below, this.scratchSet()), rankRange(index, rankOf(index, node.value, true), index.docs.length));
    } else {
      const [a, b] = rankInterval(index, node);
      set = rankRange(index, a, b, this.scratchSet());
    }
    const { multi } = this.columns.numericColumn(node.attribute);
    if (multi.size > 0) {
      const test = numericTest(node);
      for (const [doc, list] of multi) {
        if (list.some(test)) set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
      }
    }
    return set;
  }

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
  matchSet(params: SearchParams, text: TextMatch | null, ids: Uint32Array | null = null): Bitset {
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
    const index = this.columns.sortedNumeric(attribute);
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
    const { multi } = this.columns.numericColumn(attribute);
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
}
