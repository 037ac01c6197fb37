import {
  type Bitset,
  andInPlace,
  bitsetFromIds,
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
import { type HighlightResult, highlightText } from './highlight.ts';
import { foldText, foldedWords } from './normalize.ts';
import { type SearchParams, encodeParams } from './params.ts';
import { CAR_INDEXES, FACET_ATTRIBUTES, PAGINATION_LIMITED_TO, SEARCHABLE_ATTRIBUTES } from './settings.ts';

/*
 * One tenant's stock, indexed for search. Documents are renumbered in the primary index's
 * ranking order (rank desc, created_at desc, objectID), so "matches in document order" *is* the
 * ranked list: paging the primary index is a scan of a bitset, with no sort per request.
 * Replicas keep one precomputed permutation each. Facet and numeric columns are built on first
 * use, so a rebuild after a stock change costs only the text index until someone filters.
 */

/** Leaf results kept per index; 256 × 12.5 KB at 100,000 cars. */
const LEAF_CACHE_SIZE = 256;

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

function addTokens(tokens: Set<string>, value: unknown, cache: Map<string | number, string[]>): void {
  if (typeof value === 'string' || typeof value === 'number') {
    let words = cache.get(value);
    if (words === undefined) {
      words = foldedWords(String(value));
      cache.set(value, words);
    }
    for (const word of words) tokens.add(word);
  } else if (Array.isArray(value)) {
    for (const item of value) addTokens(tokens, item, cache);
  }
}

interface TextMatch {
  /** Documents matching every query word. */
  all: Bitset;
  /** Of those, documents whose last query word matched a whole word (ranked first). */
  exact: Bitset;
}

/** An immutable, searchable snapshot of one tenant's records. */
export class TenantIndex {
  readonly size: number;
  private readonly docs: SearchRecord[];
  private readonly byObjectId = new Map<string, number>();
  private readonly tokens: string[];
  private readonly tokenPostings: Uint32Array[];
  private readonly facetColumns = new Map<string, FacetColumn>();
  private readonly numericColumns = new Map<string, NumericColumn>();
  private readonly permutations = new Map<string, Uint32Array>();
  private readonly alphaOrders = new Map<string, Uint32Array>();
  /** Recent leaf-condition results (LRU): the same facet and price conditions recur across the queries of one request and across shoppers. */
  private readonly leafCache = new Map<string, Bitset>();
  /** Reused buffer for the matching document numbers while counting facets. */
  private readonly idScratch: Uint32Array;

  constructor(records: readonly SearchRecord[]) {
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
    this.idScratch = new Uint32Array(this.size);
    this.docs.forEach((record, doc) => this.byObjectId.set(record.objectID, doc));

    const postings = new Map<string, number[]>();
    // Titles repeat (make, model, badge), so each distinct value is folded once per build.
    const folded = new Map<string | number, string[]>();
    this.docs.forEach((record, doc) => {
      const tokens = new Set<string>();
      for (const attribute of SEARCHABLE_ATTRIBUTES) addTokens(tokens, readAttribute(record, attribute), folded);
      // Stock numbers are typed without their punctuation too ("AB-1234" as "ab1234").
      const stock = readAttribute(record, 'stocknum');
      if (typeof stock === 'string') {
        const compact = foldedWords(stock).join('');
        if (compact !== '') tokens.add(compact);
      }
      for (const token of tokens) {
        let list = postings.get(token);
        if (list === undefined) postings.set(token, (list = []));
        list.push(doc);
      }
    });
    this.tokens = [...postings.keys()].sort();
    this.tokenPostings = this.tokens.map((token) => Uint32Array.from(postings.get(token) as number[]));
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

  private evaluate(node: FilterNode): Bitset {
    switch (node.kind) {
      case 'and': {
        const [first, ...rest] = node.children;
        const set = this.evaluate(first as FilterNode);
        for (const child of rest) andInPlace(set, this.evaluate(child));
        return set;
      }
      case 'or': {
        const set = emptyBitset(this.size);
        for (const child of node.children) orInPlace(set, this.evaluate(child));
        return set;
      }
      case 'not':
        return notInPlace(this.evaluate(node.child), this.size);
      case 'facet':
      case 'numeric':
      case 'range': {
        const key =
          node.kind === 'facet' ? `f\u0000${node.attribute}\u0000${facetKey(node.value)}`
          : node.kind === 'range' ? `r\u0000${node.attribute}\u0000${node.low}\u0000${node.high}`
          : `n\u0000${node.attribute}\u0000${node.operator}\u0000${node.value}`;
        let cached = this.leafCache.get(key);
        if (cached === undefined) {
          cached = this.evaluateLeaf(node);
          if (this.leafCache.size >= LEAF_CACHE_SIZE) this.leafCache.delete(this.leafCache.keys().next().value as string);
        } else {
          this.leafCache.delete(key);
        }
        this.leafCache.set(key, cached);
        // Callers combine sets in place, so they get a copy.
        return Uint32Array.from(cached);
      }
    }
  }

  private evaluateLeaf(node: Extract<FilterNode, { kind: 'facet' | 'numeric' | 'range' }>): Bitset {
    switch (node.kind) {
      case 'facet': {
        const column = this.facetColumn(node.attribute);
        const value = column.byKey.get(facetKey(node.value));
        return value === undefined ? emptyBitset(this.size) : bitsetFromIds(column.postings[value] as Uint32Array, this.size);
      }
      case 'numeric':
      case 'range': {
        const { values, multi } = this.numericColumn(node.attribute);
        const set = emptyBitset(this.size);
        scanNumeric(values, node, set);
        if (multi.size > 0) {
          const test = numericTest(node);
          for (const [doc, list] of multi) {
            if (list.some(test)) set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
          }
        }
        return set;
      }
    }
  }

  private textMatch(words: readonly string[]): TextMatch | null {
    if (words.length === 0) return null;
    const all = fullBitset(this.size);
    const lastIndex = words.length - 1;
    for (let i = 0; i < lastIndex; i += 1) andInPlace(all, this.exactTokenSet(words[i] as string));
    const last = words[lastIndex] as string;
    const prefixed = emptyBitset(this.size);
    for (let t = lowerBound(this.tokens, last); t < this.tokens.length; t += 1) {
      if (!(this.tokens[t] as string).startsWith(last)) break;
      const ids = this.tokenPostings[t] as Uint32Array;
      for (let i = 0; i < ids.length; i += 1) {
        const doc = ids[i] as number;
        prefixed[doc >>> 5] = (prefixed[doc >>> 5] as number) | (1 << (doc & 31));
      }
    }
    andInPlace(all, prefixed);
    return { all, exact: andInPlace(this.exactTokenSet(last), all) };
  }

  private exactTokenSet(word: string): Bitset {
    const at = lowerBound(this.tokens, word);
    return this.tokens[at] === word ? bitsetFromIds(this.tokenPostings[at] as Uint32Array, this.size) : emptyBitset(this.size);
  }

  private filterSet(params: SearchParams): Bitset {
    const nodes: FilterNode[] = [];
    const filters = parseFilters(params.filters);
    if (filters !== null) nodes.push(filters);
    const facetFilters = parseFilterList(params.facetFilters, 'facetFilters', (s, label) => parseFacetFilter(s, label));
    if (facetFilters !== null) nodes.push(facetFilters);
    const numericFilters = parseFilterList(params.numericFilters, 'numericFilters', parseNumericFilter);
    if (numericFilters !== null) nodes.push(numericFilters);
    const tagFilters = parseFilterList(params.tagFilters, 'tagFilters', (s, label) => parseFacetFilter(s, label, '_tags'));
    if (tagFilters !== null) nodes.push(tagFilters);
    const set = fullBitset(this.size);
    for (const node of nodes) andInPlace(set, this.evaluate(node));
    return set;
  }

  /** Runs one hits/facets query against `indexName` (the primary index or a sort replica). */
  search(indexName: string, params: SearchParams): SearchResponse {
    const started = performance.now();
    const order = CAR_INDEXES[indexName];
    if (order === undefined) throw new SearchError('Index does not exist', 404);
    const words = foldedWords(params.query);
    const matches = this.filterSet(params);
    const text = this.textMatch(words);
    if (text !== null) andInPlace(matches, text.all);
    const nbHits = popcount(matches);

    const usesOffset = params.offset !== undefined || params.length !== undefined;
    const perPage = usesOffset ? (params.length ?? params.hitsPerPage) : params.hitsPerPage;
    const start = usesOffset ? (params.offset ?? 0) : params.page * perPage;
    const reachable = Math.min(nbHits, PAGINATION_LIMITED_TO);
    const end = Math.min(start + perPage, reachable);
    const docs: number[] = [];
    if (end > start) {
      if (order.sort !== undefined) {
        const permutation = this.permutation(order.sort.attribute, order.sort.direction);
        let seen = 0;
        for (let i = 0; i < permutation.length && seen < end; i += 1) {
          const doc = permutation[i] as number;
          if (!hasBit(matches, doc)) continue;
          if (seen >= start) docs.push(doc);
          seen += 1;
        }
      } else if (text !== null) {
        const exact = andInPlace(Uint32Array.from(text.exact), matches);
        const rest = notInPlace(Uint32Array.from(exact), this.size);
        andInPlace(rest, matches);
        const exactCount = popcount(exact);
        if (start < exactCount) collect(exact, start, end - start, docs);
        const remaining = end - start - docs.length;
        if (remaining > 0) collect(rest, Math.max(0, start - exactCount), remaining, docs);
      } else {
        collect(matches, start, end - start, docs);
      }
    }

    const highlightAttributes = params.attributesToHighlight ?? [...SEARCHABLE_ATTRIBUTES];
    const hits = docs.map((doc) => this.renderHit(this.docs[doc] as SearchRecord, params, words, highlightAttributes));

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
    if (usesOffset) {
      response.offset = start;
      response.length = perPage;
    }
    if (params.facets.length > 0) {
      this.addFacets(response, matches, params);
    }
    const elapsed = Math.max(1, Math.round(performance.now() - started));
    response.processingTimeMS = elapsed;
    response.serverTimeMS = elapsed;
    return filterResponseFields(response, params.responseFields);
  }

  private addFacets(response: SearchResponse, matches: Bitset, params: SearchParams): void {
    const attributes = params.facets.includes('*') ? [...FACET_ATTRIBUTES] : [...new Set(params.facets)];
    const ids = bitsetToIds(matches, this.idScratch);
    const facets: Record<string, FacetCounts> = {};
    const stats: Record<string, FacetStats> = {};
    for (const attribute of attributes) {
      const column = this.facetColumn(attribute);
      const counts = countValues(column, ids);
      const top = topValues(counts, this.alphaOrder(attribute, column), params.maxValuesPerFacet, params.sortFacetValuesBy);
      if (top.length === 0) continue;
      const out: FacetCounts = {};
      for (const value of top) out[column.labels[value] as string] = counts[value] as number;
      facets[attribute] = out;
      if (column.numeric) stats[attribute] = this.stats(attribute, ids);
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

  private renderHit(
    record: SearchRecord,
    params: SearchParams,
    words: string[],
    highlightAttributes: readonly string[],
  ): Record<string, unknown> {
    const hit = project(record, params.attributesToRetrieve);
    const highlighted = highlightObject(record, highlightAttributes, words, params);
    if (highlighted !== null) hit['_highlightResult'] = highlighted;
    const snippet = highlightObject(
      record,
      params.attributesToSnippet.map((entry) => entry.split(':')[0] as string),
      words,
      params,
    );
    if (snippet !== null) hit['_snippetResult'] = snippet;
    return hit;
  }

  /** Search for facet values: the values of `facet` whose words start with `facetQuery`, counted over the matches. */
  searchFacetValues(indexName: string, facet: string, params: SearchParams): FacetSearchResponse {
    const started = performance.now();
    if (CAR_INDEXES[indexName] === undefined) throw new SearchError('Index does not exist', 404);
    if (!(FACET_ATTRIBUTES as readonly string[]).includes(facet)) {
      throw new SearchError(`Cannot search in \`${facet}\` attribute, you need to add \`searchable(${facet})\` to attributesForFaceting.`);
    }
    const matches = this.filterSet(params);
    const text = this.textMatch(foldedWords(params.query));
    if (text !== null) andInPlace(matches, text.all);
    const column = this.facetColumn(facet);
    const counts = countValues(column, bitsetToIds(matches));
    const queryWords = foldedWords(params.facetQuery);
    const hits: { value: string; highlighted: string; count: number }[] = [];
    for (let value = 0; value < counts.length; value += 1) {
      const count = counts[value] as number;
      if (count === 0) continue;
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

/**
 * Sets the documents whose single numeric value satisfies the condition. One tight loop per
 * operator (rather than a callback per document) keeps this a plain typed-array scan.
 */
function scanNumeric(values: Float64Array, node: Extract<FilterNode, { kind: 'numeric' | 'range' }>, set: Bitset): void {
  const n = values.length;
  let low = -Infinity;
  let high = Infinity;
  if (node.kind === 'range') {
    low = node.low;
    high = node.high;
  } else if (node.operator === '<' || node.operator === '>' || node.operator === '!=') {
    const target = node.value;
    const op = node.operator;
    for (let doc = 0; doc < n; doc += 1) {
      const v = values[doc] as number;
      // NaN (no value) fails every comparison, including the explicit v === v for '!='.
      if (op === '<' ? v < target : op === '>' ? v > target : v === v && v !== target) {
        set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
      }
    }
    return;
  } else if (node.operator === '<=') {
    high = node.value;
  } else if (node.operator === '>=') {
    low = node.value;
  } else {
    low = node.value;
    high = node.value;
  }
  for (let doc = 0; doc < n; doc += 1) {
    const v = values[doc] as number;
    if (v >= low && v <= high) set[doc >>> 5] = (set[doc >>> 5] as number) | (1 << (doc & 31));
  }
}

function numericTest(node: Extract<FilterNode, { kind: 'numeric' | 'range' }>): (v: number) => boolean {
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

function countValues(column: FacetColumn, ids: Uint32Array): Uint32Array {
  const counts = new Uint32Array(column.labels.length);
  const single = column.single;
  if (single !== null) {
    for (let i = 0; i < ids.length; i += 1) {
      const value = single[ids[i] as number] as number;
      if (value >= 0) counts[value] = (counts[value] as number) + 1;
    }
  } else {
    const start = column.multiStart as Uint32Array;
    const values = column.multiValues as Uint32Array;
    for (let i = 0; i < ids.length; i += 1) {
      const doc = ids[i] as number;
      for (let j = start[doc] as number; j < (start[doc + 1] as number); j += 1) {
        const value = values[j] as number;
        counts[value] = (counts[value] as number) + 1;
      }
    }
  }
  return counts;
}

function compareFolded(fa: string, fb: string, a: string, b: string): number {
  return fa < fb ? -1 : fa > fb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function compareLabels(a: string, b: string): number {
  return compareFolded(foldText(a), foldText(b), a, b);
}

/**
 * The `limit` values to show: by count descending (ties alphabetical), or alphabetical. Only the
 * values that can make the cut are sorted, since price or km facets have thousands of values.
 */
function topValues(counts: Uint32Array, alpha: Uint32Array, limit: number, sortBy: 'count' | 'alpha'): number[] {
  const present: number[] = [];
  for (let i = 0; i < alpha.length; i += 1) {
    const value = alpha[i] as number;
    if ((counts[value] as number) > 0) present.push(value);
  }
  if (sortBy === 'alpha') return present.slice(0, limit);
  let candidates = present;
  if (present.length > limit) {
    const sorted = Uint32Array.from(present, (value) => counts[value] as number).sort();
    const threshold = sorted[sorted.length - limit] as number;
    candidates = present.filter((value) => (counts[value] as number) >= threshold);
  }
  // Array.prototype.sort is stable, so equal counts stay in alphabetical order.
  candidates.sort((a, b) => (counts[b] as number) - (counts[a] as number));
  return candidates.slice(0, limit);
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
): Record<string, HighlightResult | HighlightResult[]> | null {
  if (attributes.length === 0) return null;
  const names = attributes.includes('*') ? [...SEARCHABLE_ATTRIBUTES] : attributes;
  const out: Record<string, HighlightResult | HighlightResult[]> = {};
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' || typeof value === 'number') {
      out[name] = highlightText(String(value), words, params.highlightPreTag, params.highlightPostTag);
    } else if (Array.isArray(value)) {
      out[name] = value
        .filter((item): item is string | number => typeof item === 'string' || typeof item === 'number')
        .map((item) => highlightText(String(item), words, params.highlightPreTag, params.highlightPostTag));
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
