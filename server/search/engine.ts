import { type Bitset, andAllInto, andInPlace, bitsetToIds, emptyBitset, hasBit, orInPlace, popcount } from './bitset.ts';
import { type SearchRecord, readAttribute, sameValue } from './columns.ts';
import { ColumnStore, type SortOrder } from './column-store.ts';
import { SearchError } from './errors.ts';
import { type FacetCounts, type FacetStats, countTouched, statsOfTally, topTouched } from './facet-count.ts';
import { FilterSets } from './filter-sets.ts';
import { HitShapes, HitTexts, type KeptResults, lazyHits } from './hit-shape.ts';
import { type HighlightAlternatives, type HighlightResult, highlightText } from './highlight.ts';
import { collect, compareLabels, intersects, selectSmallest, sortNumbers, walk } from './kernels.ts';
import { foldedWords } from './normalize.ts';
import { type SearchParams, encodeParams } from './params.ts';
import type { SynonymGroups } from './synonyms.ts';
import type { TypoSettings } from './typo.ts';
import { TextIndex, type TextMatch, type WordPostings, wordPostingsSteps } from './text-index.ts';
import { CAR_INDEXES, FACET_ATTRIBUTES, PAGINATION_LIMITED_TO, SEARCHABLE_ATTRIBUTES } from './settings.ts';

/*
 * One tenant's stock, indexed for search. Documents are renumbered in the primary index's
 * ranking order (rank desc, created_at desc, objectID), so "matches in document order" *is* the
 * ranked list: paging the primary index is a scan of a bitset, with no sort per request.
 * Replicas keep one precomputed permutation each. Facet and numeric columns are built on first
 * use, so a rebuild after a stock change costs only the text index until someone filters.
 *
 * The index is four parts: the words (text-index.ts), the per-attribute columns and orders
 * (column-store.ts), the filters as bitsets (filter-sets.ts), and here the query itself:
 * ranking, paging, hits and facet counts.
 */

export type { FacetCounts, FacetStats } from './facet-count.ts';
export { selectSmallest, sortNumbers } from './kernels.ts';


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

/** The records in the primary ranking order (rank desc, created_at desc, objectID): document numbers. */
function rankOrder(records: readonly SearchRecord[]): SearchRecord[] {
  // Sort keys are read once per record, not once per comparison.
  const keyed = records.map((record) => ({ record, rank: numberOf(record, 'rank'), created: numberOf(record, 'created_at') }));
  keyed.sort(
    (a, b) =>
      b.rank - a.rank ||
      b.created - a.created ||
      (a.record.objectID < b.record.objectID ? -1 : a.record.objectID > b.record.objectID ? 1 : 0),
  );
  return keyed.map((entry) => entry.record);
}

/** Changed records compared between two yields while a patch finds which attributes changed. */
const PATCH_RECORDS_PER_STEP = 64;

/** A search as answered, kept to be answered again by the next index before it is swapped in. */
export interface RecentSearch {
  indexName: string;
  params: SearchParams;
  /** The facet of a search for facet values. */
  facet?: string;
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
  private readonly byObjectId: ReadonlyMap<string, number>;
  private readonly text: TextIndex;
  private readonly columns: ColumnStore;
  private readonly filters: FilterSets;
  /** Reused buffer for the matching document numbers while counting facets. */
  private readonly idScratch: Uint32Array;
  /** Reused buffers for one ranked group of hits (a typo level, its exact-last-word part). */
  private readonly groupScratch: Bitset;
  private readonly exactScratch: Bitset;
  /** Reused buffer for replica positions of the matches. */
  private readonly sortScratch: Uint32Array;
  private readonly hitShapes: HitShapes;
  private readonly hitTexts = new HitTexts();

  /**
   * Indexes the records at once. A server swapping in a new index while it answers searches
   * builds it with `buildSteps` instead, in slices.
   * @param records the tenant's records
   * @param options synonyms
   * @param built the records in rank order and their words, when already built by `buildSteps`
   *   (and, from `patchSteps`, the document number of each objectID, which a patch keeps)
   */
  constructor(records: readonly SearchRecord[], options: IndexOptions = {}, built?: { docs: SearchRecord[]; words?: WordPostings; text?: TextIndex; byObjectId?: ReadonlyMap<string, number> }) {
    this.docs = built?.docs ?? rankOrder(records);
    this.size = this.docs.length;
    this.idScratch = new Uint32Array(((this.size + 31) >>> 5) * 32);
    this.groupScratch = emptyBitset(this.size);
    this.exactScratch = emptyBitset(this.size);
    this.sortScratch = new Uint32Array(this.size);
    this.hitShapes = new HitShapes(this.size);
    this.byObjectId = built?.byObjectId ?? new Map(this.docs.map((record, doc) => [record.objectID, doc]));
    this.text = built?.text ?? new TextIndex(this.docs, options.synonyms ?? [], built?.words);
    this.columns = new ColumnStore(this.docs);
    this.filters = new FilterSets(this.size, this.columns);
  }

  /**
   * Builds an index step by step (drive it with `runSliced`, so searches on the index it will
   * replace are answered meanwhile), then what `warmLike` had built on use.
   * @param records the tenant's records
   * @param options synonyms
   * @param warmLike the index this one replaces
   */
  static *buildSteps(
    records: readonly SearchRecord[],
    options: IndexOptions = {},
    warmLike: TenantIndex | null = null,
    recent: readonly RecentSearch[] = [],
  ): Generator<void, TenantIndex> {
    const docs = rankOrder(records);
    yield;
    const words = yield* wordPostingsSteps(docs, warmLike?.text.wordCache());
    const index = new TenantIndex(records, options, { docs, words });
    yield;
    if (warmLike !== null) yield* index.columns.warmLike(warmLike.columns);
    yield* index.answerSteps(recent);
    return index;
  }

  /**
   * The index after records changed in place, built from `previous` step by step: what the
   * changes leave as it was is kept, not rebuilt. In place means every changed record is
   * already indexed and keeps its rank and creation time, so every document keeps its number
   * (a delta's new prices, a reservation, a photo arriving). The words are kept when no changed
   * record's searchable values changed; the filter columns and orders of every attribute whose
   * values did not change are kept. Answers null when the changes are not in place (a record
   * added, or one that moves in the ranking): then build the index whole.
   * @param previous the index searches use now
   * @param changed the changed records (their current values), each once
   * @param recent searches to answer before the index is used (see answerSteps)
   */
  static *patchSteps(previous: TenantIndex, changed: readonly SearchRecord[], recent: readonly RecentSearch[] = []): Generator<void, TenantIndex | null> {
    const moved: { doc: number; before: SearchRecord; after: SearchRecord }[] = [];
    for (const after of changed) {
      const doc = previous.byObjectId.get(after.objectID);
      if (doc === undefined) return null;
      const before = previous.docs[doc] as SearchRecord;
      if (numberOf(before, 'rank') !== numberOf(after, 'rank') || numberOf(before, 'created_at') !== numberOf(after, 'created_at')) return null;
      moved.push({ doc, before, after });
      if (moved.length % (PATCH_RECORDS_PER_STEP * 4) === 0) yield;
    }
    // Which attributes a change touched, found in one pass (a few dozen records a step): the words
    // and every column the previous index built are kept or rebuilt by it.
    let unchanged = [...new Set<string>([...SEARCHABLE_ATTRIBUTES, ...previous.columns.builtAttributes()])];
    const watched = new Set(unchanged);
    for (let i = 0; i < moved.length && unchanged.length > 0; i += 1) {
      const { before, after } = moved[i] as (typeof moved)[number];
      if (unchanged.some((attribute) => !sameValue(readAttribute(before, attribute), readAttribute(after, attribute)))) {
        unchanged = unchanged.filter((attribute) => sameValue(readAttribute(before, attribute), readAttribute(after, attribute)));
      }
      if (i % PATCH_RECORDS_PER_STEP === PATCH_RECORDS_PER_STEP - 1) yield;
    }
    const kept = new Set(unchanged);
    const same = (attribute: string) => watched.has(attribute) && kept.has(attribute);
    const docs = previous.docs.slice();
    for (const { doc, after } of moved) docs[doc] = after;
    yield;
    const sameWords = SEARCHABLE_ATTRIBUTES.every(same);
    const words = sameWords ? undefined : yield* wordPostingsSteps(docs, previous.text.wordCache());
    const index = new TenantIndex(docs, { synonyms: previous.text.synonymGroups() }, { docs, words, text: sameWords ? previous.text : undefined, byObjectId: previous.byObjectId });
    yield;
    index.columns.adopt(previous.columns, same);
    yield;
    // The hits' JSON texts of the documents the change left alone are kept (unless most changed).
    if (moved.length * 2 < docs.length) index.hitTexts.adopt(previous.hitTexts, new Set(moved.map(({ doc }) => doc)));
    yield;
    // A few changed cars (a delta): their new values are merged into the previous numeric columns
    // and replica orders instead of sorting every car again.
    if (moved.length * 8 < docs.length) yield* index.columns.patchLike(previous.columns, moved.map(({ doc }) => doc), (attribute) => !same(attribute));
    yield* index.columns.warmLike(previous.columns);
    yield* index.answerSteps(recent);
    return index;
  }

  /**
   * Prepares what searches build on use and keep, one search a step: their words' matches and
   * filter sets are then ready for the shoppers who repeat them once this index is swapped in.
   * (Columns, orders and facet counting buffers are built by warmLike; the hits' texts of the
   * documents a patch left alone are kept.) The searches are not answered: counting facets and
   * writing hits keeps nothing, and a stock change arriving every few hundred milliseconds would
   * pay for it again each time on the thread that answers shoppers.
   * @param searches recent searches of the index this one replaces
   */
  *answerSteps(searches: readonly RecentSearch[]): Generator<void, void> {
    for (const recent of searches) {
      yield;
      try {
        if (CAR_INDEXES[recent.indexName] === undefined) continue;
        this.filters.matchSet(recent.params, this.text.match(foldedWords(recent.params.query), recent.params.typo));
      } catch {
        // It was answered before; if it no longer can be, the shopper who repeats it hears why.
      }
    }
  }

  /** Replaces the synonym groups (compileSynonyms) used by later queries. */
  setSynonyms(synonyms: SynonymGroups): void {
    this.text.setSynonyms(synonyms);
    this.filters.clearBases();
  }

  /** The record with this objectID, if indexed. */
  getObject(objectID: string): SearchRecord | undefined {
    const doc = this.byObjectId.get(objectID);
    return doc === undefined ? undefined : this.docs[doc];
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
    const text = this.text.match(words, params.typo);
    const byTyposFirst = text !== null && (params.typo.typoTolerance === 'min' || params.typo.typoTolerance === 'strict');
    // Facet counting needs the matching documents as a list: the last AND pass writes it.
    const listIds = params.facets.length > 0 && !byTyposFirst;
    const matches = this.filters.matchSet(params, text, listIds ? this.idScratch : null);
    let ids = listIds ? this.idScratch.subarray(0, this.filters.listed) : null;
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
    let page: { build: () => Record<string, unknown>[]; write: (out: string[]) => boolean } | null = null;
    if (docs.length > 0) {
      const snippetAttributes = params.attributesToSnippet.map((entry) => entry.split(':')[0] as string);
      const whole = params.attributesToRetrieve.length === 1 && params.attributesToRetrieve[0] === '*';
      const highlights: unknown[] = [];
      const snippets: unknown[] = [];
      const kepts: (KeptResults | undefined)[] = [];
      // With no query words the highlight is a function of the record and the settings alone:
      // the results (frozen) and the whole hit's text are kept per document. With words, of the
      // record, the settings and the text match (words and their alternatives): the results and
      // their JSON are kept per text match, for the pages of recent queries.
      const settingsKey = JSON.stringify([highlightAttributes, snippetAttributes, params.highlightPreTag, params.highlightPostTag]);
      const plainKey = words.length === 0 ? settingsKey : null;
      // One function for the page, not one a hit (a closure per hit was a few hundred bytes each).
      const compute = (doc: number): [Record<string, unknown> | null, Record<string, unknown> | null] => [
        highlightObject(this.docs[doc] as SearchRecord, highlightAttributes, words, params, alternatives),
        highlightObject(this.docs[doc] as SearchRecord, snippetAttributes, words, params, alternatives),
      ];
      for (const doc of docs) {
        const record = this.docs[doc] as SearchRecord;
        const kept = plainKey === null && text !== null ? this.hitTexts.wordResults(text, settingsKey, doc, compute) : undefined;
        kepts.push(kept);
        const results = plainKey === null ? (kept?.pair ?? null) : this.hitTexts.plainResults(plainKey, doc, compute);
        const [highlighted, snippet] = results ?? compute(doc);
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
          // Pieces, not one text: the kept texts are copied once, into the whole answer's text or bytes.
          write: (out: string[]) => {
            const from = out.length;
            out.push('[');
            for (let i = 0; i < docs.length; i += 1) {
              const doc = docs[i] as number;
              if (i > 0) out.push(',');
              if (!this.hitTexts.text(doc, this.docs[doc] as SearchRecord, highlights[i], snippets[i], plainKey, out, kepts[i])) {
                out.length = from;
                return false;
              }
            }
            out.push(']');
            return true;
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
    const order = this.columns.permutation(sort.attribute, sort.direction);
    // Where matches can be: a band of the order when the query has conditions on the sort
    // attribute, plus the documents with several values (at the end of the order, with the
    // documents without a value).
    let from = 0;
    let to = this.size;
    let tail = this.size;
    const band = this.filters.bands.get(sort.attribute);
    if (band !== undefined) {
      const valued = this.columns.sortedNumeric(sort.attribute).docs.length;
      [from, to] = sort.direction === 'asc' ? band : [valued - band[1], valued - band[0]];
      tail = this.columns.numericColumn(sort.attribute).multi.size > 0 ? valued : this.size;
    }
    const span = to - from + (this.size - tail);
    // A walk visits about span × (skip + take) / count positions; sorting costs count × log(count).
    const walkLength = Math.min(span, ((skip + take) * span) / Math.max(1, count));
    if (count * (Math.log2(count + 1) + 1) * 2 >= walkLength) {
      const found = walk(order, from, to, set, skip, take, out);
      if (found < skip + take) walk(order, tail, this.size, set, skip - Math.min(skip, found), take - Math.max(0, found - skip), out);
      return;
    }
    const position = this.columns.inversePermutation(sort);
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
      const column = this.columns.facetColumn(attribute);
      const tally = this.columns.tally(attribute, column);
      const touched = countTouched(column, ids, tally);
      if (touched === 0) continue;
      if (column.numeric) {
        // One value per document: the counts already hold what the stats need (no second pass).
        stats[attribute] = column.single !== null ? statsOfTally(tally, touched, this.columns.labelNumbers(attribute, column)) : this.stats(attribute, ids);
      }
      facets[attribute] = topTouched(tally, touched, column.labels, params.maxValuesPerFacet, params.sortFacetValuesBy);
    }
    response.facets = facets;
    response.facets_stats = stats;
    response.exhaustiveFacetsCount = true;
    response.exhaustive.facetsCount = true;
  }

  private stats(attribute: string, ids: Uint32Array): FacetStats {
    const { values, multi } = this.columns.numericColumn(attribute);
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
    const text = this.text.match(foldedWords(params.query), params.typo);
    const matches = this.filters.matchSet(params, text);
    if (text !== null && (params.typo.typoTolerance === 'min' || params.typo.typoTolerance === 'strict')) {
      this.narrowToFewestTypos(text, matches, params.typo);
    }
    const column = this.columns.facetColumn(facet);
    const tally = this.columns.tally(facet, column);
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
