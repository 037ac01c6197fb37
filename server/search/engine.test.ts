import { describe, expect, it } from 'vitest';
import { MultiSearchResponseSchema, SearchResponseSchema } from '../../schema/api/search.ts';
import { CarSearchRecordSchema } from '../../schema/api/car.ts';
import type { SearchRecord } from './columns.ts';
import type { FilterNode } from './filter-parser.ts';
import { parseFacetFilter, parseFilterList, parseFilters, parseNumericFilter } from './filter-parser.ts';
import { createSearchService } from './service.ts';
import { FACET_ATTRIBUTES } from './settings.ts';
import { generateSearchRecords } from './test-records.ts';

/** A search answer without its timing fields, which differ between two runs of the same query. */
const withoutTimings = (x: unknown): unknown => JSON.parse(JSON.stringify(x, (k, v) => (k === 'processingTimeMS' || k === 'serverTimeMS' ? 0 : v)));

/*
 * The engine (bitsets, columns, permutations) is checked against a deliberately naive evaluation
 * over the same rows: loop over every record, test it, sort with one comparator.
 */

const RECORDS = generateSearchRecords(1500, 5) as unknown as SearchRecord[];
const TENANT = 'demo';

function serviceWith(records: readonly SearchRecord[]) {
  const service = createSearchService();
  service.setRecords(TENANT, records);
  return service;
}
const SERVICE = serviceWith(RECORDS);

// ---- the straightforward reference -------------------------------------------------------------

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const recordOf = (m: { record: SearchRecord }) => m.record;
const SEARCHABLE = ['make', 'model', 'badge', 'series', 'year', 'name', 'simple_body', 'simple_fuel', 'simple_drive', 'stocknum'];

function valuesOf(record: SearchRecord, attribute: string): unknown[] {
  const value = record[attribute];
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function numbersOf(record: SearchRecord, attribute: string): number[] {
  return valuesOf(record, attribute)
    .map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v))
    .filter((v): v is number => typeof v === 'number');
}

function referenceMatch(record: SearchRecord, node: FilterNode | null): boolean {
  if (node === null) return true;
  switch (node.kind) {
    case 'and':
      return node.children.every((child) => referenceMatch(record, child));
    case 'or':
      return node.children.some((child) => referenceMatch(record, child));
    case 'not':
      return !referenceMatch(record, node.child);
    case 'facet':
      return valuesOf(record, node.attribute).some((v) => String(v).toLowerCase() === node.value.toLowerCase());
    case 'range':
      return numbersOf(record, node.attribute).some((v) => v >= node.low && v <= node.high);
    case 'numeric':
      return numbersOf(record, node.attribute).some((v) =>
        node.operator === '<' ? v < node.value
        : node.operator === '<=' ? v <= node.value
        : node.operator === '=' ? v === node.value
        : node.operator === '!=' ? v !== node.value
        : node.operator === '>=' ? v >= node.value
        : v > node.value,
      );
  }
}

const titleCache = new WeakMap<SearchRecord, string[]>();
const wordCache = new WeakMap<SearchRecord, string[]>();
const distanceCache = new Map<string, number>();

function titleWords(record: SearchRecord): string[] {
  let cached = titleCache.get(record);
  if (cached === undefined) titleCache.set(record, (cached = [...new Set(titleWordsUncached(record))]));
  return cached;
}

function titleWordsUncached(record: SearchRecord): string[] {
  return SEARCHABLE.filter((attribute) => attribute !== 'stocknum').flatMap((attribute) => valuesOf(record, attribute).flatMap((v) => words(String(v))));
}

function recordWords(record: SearchRecord): string[] {
  let cached = wordCache.get(record);
  if (cached === undefined) wordCache.set(record, (cached = recordWordsUncached(record)));
  return cached;
}

function recordWordsUncached(record: SearchRecord): string[] {
  const out = SEARCHABLE.flatMap((attribute) => valuesOf(record, attribute).flatMap((v) => words(String(v))));
  out.push(words(String(record.stocknum)).join(''));
  return out;
}

const at = (r: number[], k: number) => r[k] as number;

/** Edit distance with adjacent transpositions (optimal string alignment), by the textbook table. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_row, i) => Array.from({ length: b.length + 1 }, (_cell, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const row = d[i] as number[];
      const up = d[i - 1] as number[];
      row[j] = Math.min(at(up, j) + 1, at(row, j - 1) + 1, at(up, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(at(row, j), at(d[i - 2] as number[], j - 2) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

interface TypoOptions {
  /** Tenant synonym groups (set on the service, not sent as a parameter). */
  synonyms?: string[][];
  typoTolerance?: boolean | 'min' | 'strict';
  minWordSizefor1Typo?: number;
  minWordSizefor2Typos?: number;
}

/** Algolia's allowance: 1 typo from 4 characters, 2 from 8 (or the given sizes); none when off. */
function allowance(word: string, o: TypoOptions): number {
  if (o.typoTolerance === false) return 0;
  if (word.length >= (o.minWordSizefor2Typos ?? 8)) return 2;
  if (word.length >= (o.minWordSizefor1Typo ?? 4)) return 1;
  return 0;
}

/**
 * Brute force: for each query word, the fewest typos with which some record word matches it
 * (the last query word against every prefix of every record word; stock numbers exactly only).
 * Returns the total typos and whether the last word equals a record word, or null (no match).
 */
function textTier(record: SearchRecord, query: string, o: TypoOptions = {}): { typos: number; tier: number } | null {
  const q = words(query);
  if (q.length === 0) return { typos: 0, tier: 0 };
  const tokens = recordWords(record);
  const titles = titleWords(record);
  // Synonyms: where the query spells a term of a group, a record holding every word of another term matches those words exactly.
  const bySynonym = new Set<number>();
  let lastBySynonym = false;
  for (const group of o.synonyms ?? []) {
    const terms = group.map(words);
    for (const term of terms) {
      for (let start = 0; start + term.length <= q.length; start += 1) {
        if (term.some((word, k) => q[start + k] !== word)) continue;
        if (!terms.some((other) => other !== term && other.every((word) => tokens.includes(word)))) continue;
        for (let k = start; k < start + term.length; k += 1) bySynonym.add(k);
        if (start + term.length === q.length) lastBySynonym = true;
      }
    }
  }
  let typos = 0;
  for (let i = 0; i < q.length; i += 1) {
    const word = q[i] as string;
    const last = i === q.length - 1;
    let best = bySynonym.has(i) ? 0 : Infinity;
    if (tokens.some((token) => (last ? token.startsWith(word) : token === word))) best = 0;
    const max = allowance(word, o);
    for (const token of titles) {
      const key = `${last ? 1 : 0}|${word}|${token}`;
      let d = distanceCache.get(key);
      if (d === undefined) {
        // The last word against every prefix of the record word.
        const candidates = last ? Array.from({ length: token.length + 1 }, (_, j) => token.slice(0, j)) : [token];
        d = Math.min(...candidates.map((candidate) => osa(word, candidate)));
        distanceCache.set(key, d);
      }
      if (d <= max && d < best) best = d;
    }
    if (best === Infinity) return null;
    typos += best;
  }
  return { typos, tier: tokens.includes(q[q.length - 1] as string) || lastBySynonym ? 0 : 1 };
}

const num = (record: SearchRecord, attribute: string) => (typeof record[attribute] === 'number' ? (record[attribute] as number) : null);

function compareCustom(a: SearchRecord, b: SearchRecord): number {
  return (
    (num(b, 'rank') ?? -Infinity) - (num(a, 'rank') ?? -Infinity) ||
    (num(b, 'created_at') ?? -Infinity) - (num(a, 'created_at') ?? -Infinity) ||
    (a.objectID < b.objectID ? -1 : a.objectID > b.objectID ? 1 : 0)
  );
}

const SORTS: Record<string, [string, number] | null> = {
  cars: null,
  cars_latest: ['created_at', -1],
  cars_price_desc: ['price', -1],
  cars_price_asc: ['price', 1],
};

interface Scenario extends TypoOptions {
  indexName: string;
  query?: string;
  filters?: string;
  facetFilters?: unknown;
  numericFilters?: unknown;
  facets?: string[];
  hitsPerPage?: number;
  page?: number;
  offset?: number;
  length?: number;
  maxValuesPerFacet?: number;
}

function referenceSearch(records: readonly SearchRecord[], s: Scenario) {
  const filter = [
    parseFilters(s.filters ?? ''),
    parseFilterList(s.facetFilters, 'facetFilters', (x, l) => parseFacetFilter(x, l)),
    parseFilterList(s.numericFilters, 'numericFilters', parseNumericFilter),
  ];
  let matches = records
    .map((record) => ({ record, text: textTier(record, s.query ?? '', s) }))
    .filter((m): m is { record: SearchRecord; text: { typos: number; tier: number } } => m.text !== null && filter.every((node) => referenceMatch(recordOf(m), node)));
  if (s.typoTolerance === 'min' || s.typoTolerance === 'strict') {
    const levels = [...new Set(matches.map((m) => m.text.typos))].sort((a, b) => a - b).slice(0, s.typoTolerance === 'min' ? 1 : 2);
    matches = matches.filter((m) => levels.includes(m.text.typos));
  }
  const typoFirst = s.typoTolerance === 'min' || s.typoTolerance === 'strict';
  const sort = SORTS[s.indexName];
  matches.sort((a, b) => {
    if (sort && typoFirst && a.text.typos !== b.text.typos) return a.text.typos - b.text.typos;
    if (sort) {
      const [attribute, direction] = sort;
      const va = num(a.record, attribute);
      const vb = num(b.record, attribute);
      if ((va === null) !== (vb === null)) return va === null ? 1 : -1;
      if (va !== null && vb !== null && va !== vb) return direction * (va - vb);
    } else if (a.text.typos !== b.text.typos) {
      return a.text.typos - b.text.typos;
    } else if (a.text.tier !== b.text.tier) {
      return a.text.tier - b.text.tier;
    }
    return compareCustom(a.record, b.record);
  });
  const usesOffset = s.offset !== undefined || s.length !== undefined;
  const perPage = usesOffset ? (s.length ?? s.hitsPerPage ?? 20) : (s.hitsPerPage ?? 20);
  const start = usesOffset ? (s.offset ?? 0) : (s.page ?? 0) * perPage;
  const reachable = Math.min(matches.length, 1000);
  const hits = matches.slice(start, Math.max(start, Math.min(start + perPage, reachable))).map((m) => m.record.objectID);

  const facets: Record<string, Record<string, number>> = {};
  const stats: Record<string, { min: number; max: number; avg: number; sum: number }> = {};
  const attributes = (s.facets ?? []).includes('*') ? [...FACET_ATTRIBUTES] : (s.facets ?? []);
  for (const attribute of attributes) {
    const counts: Record<string, number> = {};
    let numeric = true;
    let seen = 0;
    const numbers: number[] = [];
    for (const { record } of matches) {
      for (const value of new Set(valuesOf(record, attribute).map((v) => String(v)))) counts[value] = (counts[value] ?? 0) + 1;
    }
    for (const record of records) {
      for (const value of valuesOf(record, attribute)) {
        seen += 1;
        if (typeof value !== 'number') numeric = false;
      }
    }
    for (const { record } of matches) numbers.push(...numbersOf(record, attribute));
    if (Object.keys(counts).length === 0) continue;
    const top = Object.entries(counts)
      .sort(([la, ca], [lb, cb]) => cb - ca || (fold(la) < fold(lb) ? -1 : fold(la) > fold(lb) ? 1 : la < lb ? -1 : 1))
      .slice(0, s.maxValuesPerFacet ?? 100);
    facets[attribute] = Object.fromEntries(top);
    if (numeric && seen > 0) {
      const sum = numbers.reduce((a, b) => a + b, 0);
      stats[attribute] = { min: Math.min(...numbers), max: Math.max(...numbers), avg: sum / numbers.length, sum };
    }
  }
  return { nbHits: matches.length, nbPages: perPage > 0 ? Math.ceil(reachable / perPage) : 0, hits, facets, stats };
}

function engineSearch(s: Scenario) {
  const { indexName, ...params } = s;
  return SearchResponseSchema.parse(SERVICE.handle(TENANT, 'POST', `/1/indexes/${indexName}/query`, params, {}).json);
}

const round6 = (n: number | undefined) => (n === undefined ? n : Math.round(n * 1e6) / 1e6);

function roundStats(stats: Record<string, { min: number; max: number; avg: number; sum: number }>) {
  return Object.fromEntries(
    Object.entries(stats).map(([attribute, { min, max, avg, sum }]) => [attribute, { min, max, avg: round6(avg), sum: round6(sum) }]),
  );
}

/** The engine's answer reduced to what the reference computes, labelled with its scenario. */
const synonymServices = new Map<string, ReturnType<typeof createSearchService>>();

/** The shared service, or one configured with the scenario's synonyms. */
function serviceFor(synonyms: string[][] | undefined) {
  if (synonyms === undefined) return SERVICE;
  const key = JSON.stringify(synonyms);
  let service = synonymServices.get(key);
  if (service === undefined) {
    service = serviceWith(RECORDS);
    service.setSettings(TENANT, { synonyms });
    synonymServices.set(key, service);
  }
  return service;
}

function engineView(scenario: Scenario) {
  const { indexName, synonyms, ...params } = scenario;
  const result = serviceFor(synonyms).handle(TENANT, 'POST', `/1/indexes/${indexName}/query`, params, {});
  const json = result.json as Record<string, unknown>;
  return {
    scenario,
    status: result.status,
    message: json.message,
    nbHits: json.nbHits,
    nbPages: json.nbPages,
    hits: ((json.hits ?? []) as { objectID: string }[]).map((hit) => hit.objectID),
    // Algolia leaves `facets` out when no facet has a value to count.
    facets: json.facets ?? {},
    stats: roundStats((json.facets_stats ?? {}) as Record<string, { min: number; max: number; avg: number; sum: number }>),
  };
}

/** The reference answer in the same form. */
function referenceView(scenario: Scenario) {
  const expected = referenceSearch(RECORDS, scenario);
  return {
    scenario,
    status: 200,
    message: undefined,
    nbHits: expected.nbHits,
    nbPages: expected.nbPages,
    hits: expected.hits,
    facets: expected.facets,
    stats: roundStats(expected.stats),
  };
}

declare module 'vitest' {
  interface Assertion<T> {
    /** The engine's answer to this scenario equals the straightforward computation's. */
    toMatchReference(): T;
  }
}

expect.extend({
  toMatchReference(scenario: Scenario) {
    const actual = engineView(scenario);
    const expected = referenceView(scenario);
    return {
      pass: this.equals(actual, expected),
      message: () => `engine and reference differ:\n${this.utils.diff(expected, actual) ?? ''}`,
      actual,
      expected,
    };
  },
});

// ---- tests ---------------------------------------------------------------------------------------

describe('search semantics against a straightforward computation', () => {
  it('generates records that are valid CarSearchRecords', () => {
    for (const record of RECORDS.slice(0, 50)) expect(() => CarSearchRecordSchema.parse(record)).not.toThrow();
  });

  it('ranks the primary index by rank desc, then created_at desc', () => {
    expect({ indexName: 'cars', hitsPerPage: 50 }).toMatchReference();
  });

  it.each(['cars_latest', 'cars_price_desc', 'cars_price_asc'])('sorts the %s replica', (indexName) => {
    expect({ indexName, hitsPerPage: 40, page: 2 }).toMatchReference();
    expect({ indexName, hitsPerPage: 10, query: 'toyota', filters: 'car_type:used' }).toMatchReference();
  });

  it.each([
    'toy',
    'TOYOTA hilux',
    'hilux sr',
    'skoda',
    'ŠKODA octavia',
    'citroen c5',
    'cx',
    '2019 ranger',
    'ql-10',
    'ql1000',
    'gt-line',
    'zzzz',
    '   ',
  ])('matches the query %j by prefix, case and accent insensitively', (query) => {
    expect({ indexName: 'cars', query, hitsPerPage: 30 }).toMatchReference();
  });

  it.each([
    'make:Toyota OR make:Kia',
    'make:toyota AND NOT car_type:used',
    'price > 50000 AND km <= 20000',
    'price:20000 TO 40000 AND (simple_body:SUV OR simple_body:Ute)',
    'certified:true',
    'certified:false AND reserved:true',
    'NOT (status:sold OR status:coming_soon)',
    'year = 2019 OR year != 2025',
    'categories:Family AND filtered_features:"Tow Bar"',
    'make_model:"Škoda Octavia"',
    'weekly_price >= 100',
    'subscription_price < 500',
    'reserved = 1',
    '(status:in_stock OR status:coming_soon OR (status:sold AND sold_date_timestamp >= 1750000000)) AND show_on_dealer_website:true',
  ])('evaluates filters %j', (filters) => {
    expect({ indexName: 'cars', filters, hitsPerPage: 25, facets: ['make', 'price', 'categories'] }).toMatchReference();
  });

  it('evaluates facetFilters (nested, negated) and numericFilters (nested)', () => {
    expect({
      indexName: 'cars',
      facetFilters: [['make:Toyota', 'make:Mazda'], 'car_type:-new', ['simple_body:SUV', 'simple_body:Ute']],
      numericFilters: ['price>=10000', ['km<50000', 'year:2024 TO 2025']],
      facets: ['*'],
      hitsPerPage: 21,
    }).toMatchReference();
    expect({ indexName: 'cars', facetFilters: '["location_name:Gold Coast"]', numericFilters: 'price>0', facets: ['location_name'] }).toMatchReference();
  });

  it('paginates with page/hitsPerPage and with offset/length', () => {
    for (const page of [0, 1, 7, 200]) expect({ indexName: 'cars', hitsPerPage: 7, page }).toMatchReference();
    expect({ indexName: 'cars', offset: 13, length: 9 }).toMatchReference();
    expect({ indexName: 'cars_price_asc', offset: 995, length: 20 }).toMatchReference();
    expect({ indexName: 'cars', hitsPerPage: 0, facets: ['make'] }).toMatchReference();
    const paged = engineSearch({ indexName: 'cars', offset: 13, length: 9 });
    expect(paged.offset).toBe(13);
    expect(paged.length).toBe(9);
  });

  it('stops paging at the pagination limit (1000 hits), as Algolia does by default', () => {
    const result = engineSearch({ indexName: 'cars', hitsPerPage: 100, page: 10 });
    expect(result.nbHits).toBe(1500);
    expect(result.nbPages).toBe(10);
    expect(result.hits).toEqual([]);
  });

  it('truncates facet values to maxValuesPerFacet, most frequent first', () => {
    expect({ indexName: 'cars', facets: ['make', 'model', 'colour'], maxValuesPerFacet: 3 }).toMatchReference();
    const alpha = engineSearch({ indexName: 'cars', facets: ['make'], sortFacetValuesBy: 'alpha', maxValuesPerFacet: 3 } as Scenario);
    expect(Object.keys(alpha.facets?.make ?? {})).toEqual(['BYD', 'Citroën', 'Ford']);
  });

  it('agrees on 300 random combinations', () => {
    let state = 99;
    const random = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const queries = ['', '', '', 'toy', 'mazda cx', 'ford r', 'kia', 'sport', 'citroën', '2020', 'ns-1'];
    const filters = ['', '', 'make:Ford', 'price < 30000', 'NOT car_type:new', 'km:0 TO 100000 OR certified:true', 'seats = 2'];
    const facetOptions = [['make:Toyota', 'make:Ford', 'make:Kia'], ['car_type:used', 'car_type:demo'], ['simple_fuel:Electric', 'simple_fuel:Hybrid'], 'status:-sold'];
    for (let i = 0; i < 300; i += 1) {
      const facetFilters = facetOptions.filter(() => random() < 0.35);
      const low = Math.floor(random() * 60) * 1000;
      const scenario: Scenario = {
        indexName: pick(Object.keys(SORTS)),
        query: pick(queries),
        filters: pick(filters),
        facetFilters,
        numericFilters: random() < 0.5 ? [`price>=${low}`, `price<=${low + 40000}`] : [],
        facets: random() < 0.2 ? ['*'] : ['make', 'car_type', 'price', 'km', 'filtered_features'].filter(() => random() < 0.5),
        hitsPerPage: Math.floor(random() * 30),
        page: Math.floor(random() * 4),
      };
      if (random() < 0.2) Object.assign(scenario, { offset: Math.floor(random() * 50), length: Math.floor(random() * 20) });
      expect(scenario).toMatchReference();
    }
  });
});

describe('instantsearch-style disjunctive faceting', () => {
  it('counts each refined facet without its own refinement', () => {
    const refinements: Record<string, string[]> = {
      make: ['Toyota', 'Mazda'],
      simple_body: ['SUV'],
      car_type: ['used', 'demo'],
    };
    const facetFilters = (except?: string) =>
      Object.entries(refinements)
        .filter(([attribute]) => attribute !== except)
        .map(([attribute, values]) => values.map((value) => `${attribute}:${value}`));
    const common = { query: '', numericFilters: ['price>=10000', 'price<=90000'] };
    const body = {
      requests: [
        { indexName: 'cars', params: { ...common, facets: ['car_type', 'make', 'simple_body', 'simple_fuel', 'price'], facetFilters: facetFilters(), hitsPerPage: 21 } },
        ...Object.keys(refinements).map((facet) => ({
          indexName: 'cars',
          params: { ...common, facets: facet, facetFilters: facetFilters(facet), hitsPerPage: 0, page: 0, analytics: false, clickAnalytics: false },
        })),
      ],
    };
    const result = SERVICE.handle(TENANT, 'POST', '/1/indexes/*/queries', JSON.stringify(body), {});
    expect(result.status).toBe(200);
    const { results } = MultiSearchResponseSchema.parse(result.json);
    const [hits, ...disjunctive] = results.map((r) => SearchResponseSchema.parse(r));
    const expectedHits = referenceSearch(RECORDS, { indexName: 'cars', ...common, facetFilters: facetFilters(), facets: ['car_type', 'make', 'simple_body', 'simple_fuel', 'price'], hitsPerPage: 21 });
    expect(hits?.hits.map((h) => h.objectID)).toEqual(expectedHits.hits);
    expect(hits?.facets).toEqual(expectedHits.facets);
    Object.keys(refinements).forEach((facet, i) => {
      const expected = referenceSearch(RECORDS, { indexName: 'cars', ...common, facetFilters: facetFilters(facet), facets: [facet], hitsPerPage: 0 });
      expect({ facet, counts: disjunctive[i]?.facets }).toEqual({ facet, counts: expected.facets });
      expect(disjunctive[i]?.hits).toEqual([]);
      // Unrefined values of the facet still get counts, so the shopper can widen the selection.
      expect(Object.keys(disjunctive[i]?.facets?.[facet] ?? {}).length).toBeGreaterThan(refinements[facet]?.length ?? 0);
    });
  });
});

describe('response details', () => {
  it('highlights the query in searchable attributes with the requested tags', () => {
    const result = engineSearch({ indexName: 'cars', query: 'skoda oct', hitsPerPage: 1, highlightPreTag: '<mark>', highlightPostTag: '</mark>' } as Scenario);
    const highlight = result.hits[0]?.['_highlightResult'] as Record<string, { value: string; matchLevel: string; matchedWords: string[] }>;
    expect(highlight.make).toEqual({ value: '<mark>Škoda</mark>', matchLevel: 'partial', matchedWords: ['skoda'], fullyHighlighted: true });
    expect(highlight.model).toEqual({ value: '<mark>Oct</mark>avia', matchLevel: 'partial', matchedWords: ['oct'], fullyHighlighted: false });
    expect(highlight.name).toMatchObject({ value: expect.stringMatching(/<mark>Škoda<\/mark> <mark>Oct<\/mark>avia/), matchLevel: 'full' });
    expect(highlight.badge?.matchLevel ?? 'none').toBe('none');
  });

  it('retrieves only the requested attributes plus objectID', () => {
    const result = engineSearch({ indexName: 'cars', hitsPerPage: 2, attributesToRetrieve: ['make', 'price'], attributesToHighlight: [] } as Scenario);
    for (const hit of result.hits) expect(Object.keys(hit).sort()).toEqual(['make', 'objectID', 'price']);
  });

  it('accepts urlencoded params and echoes them', () => {
    const result = SERVICE.handle(TENANT, 'POST', '/1/indexes/*/queries', {
      requests: [{ indexName: 'cars_latest', params: 'query=toy&hitsPerPage=3&facets=make%2Ccar_type&numericFilters=%5B%22price%3E1%22%5D' }],
    });
    const response = SearchResponseSchema.parse((result.json as { results: unknown[] }).results[0]);
    expect(response.hitsPerPage).toBe(3);
    expect(Object.keys(response.facets ?? {}).sort()).toEqual(['car_type', 'make']);
    expect(response.params).toBe('query=toy&hitsPerPage=3&facets=make%2Ccar_type&numericFilters=%5B%22price%3E1%22%5D');
    expect(response.index).toBe('cars_latest');
  });

  it('searches with parameters in a GET query string, ignoring the credentials there', () => {
    const query = { query: 'kia', hitsPerPage: '2', 'x-algolia-api-key': 'key', 'x-algolia-application-id': 'app', 'x-algolia-agent': 'Algolia for JavaScript' };

    const result = SERVICE.handle(TENANT, 'GET', '/1/indexes/cars', undefined, query);

    const expected = engineSearch({ indexName: 'cars', query: 'kia', hitsPerPage: 2 });
    expect(result.status).toBe(200);
    expect(SearchResponseSchema.parse(result.json).hits.map((hit) => hit.objectID)).toEqual(expected.hits.map((hit) => hit.objectID));
  });

  it('answers 400 naming the problem', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: 'make:Toyota)' }, "filters: unexpected token ')' at position 12, expected 'AND', 'OR' or end of input"],
      [{ hitsPerPage: 'many' }, 'hitsPerPage: expected an integer, got "many"'],
      [{ page: -1 }, 'page: must be between 0 and 1000000, got -1'],
      [{ colour: 'red' }, 'Unknown parameter: colour'],
      [{ aroundLatLng: '1,2' }, 'Unsupported parameter: aroundLatLng (not available in the embedded search)'],
      [{ facetFilters: [[['make:x']]] }, 'facetFilters[0][0]: expected a string'],
    ];
    for (const [params, message] of cases) {
      expect(SERVICE.handle(TENANT, 'POST', '/1/indexes/cars/query', params)).toEqual({ status: 400, json: { message, status: 400 } });
    }
    expect(SERVICE.handle(TENANT, 'POST', '/1/indexes/*/queries', '{"requests": [')).toEqual({
      status: 400,
      json: { message: 'Invalid JSON in request body', status: 400 },
    });
    expect(SERVICE.handle(TENANT, 'POST', '/1/indexes/*/queries', { requests: [{ query: 'x' }] }).json).toEqual({
      message: 'requests[0]: indexName is required',
      status: 400,
    });
    expect(SERVICE.handle(TENANT, 'POST', '/1/indexes/trucks/query', {}).status).toBe(404);
  });

  it('searches facet values', () => {
    const result = SERVICE.handle(TENANT, 'POST', '/1/indexes/cars/facets/make_model/query', { facetQuery: 'toyota h', filters: 'car_type:used' });
    expect(result.status).toBe(200);
    const expected = referenceSearch(RECORDS, { indexName: 'cars', filters: 'car_type:used', facets: ['make_model'] }).facets.make_model ?? {};
    expect(result.json).toEqual({
      facetHits: [{ value: 'Toyota HiLux', highlighted: '<em>Toyota</em> <em>H</em>iLux', count: expected['Toyota HiLux'] }],
      exhaustiveFacetsCount: true,
      processingTimeMS: expect.any(Number),
    });
  });

  it('gets one object and reflects record changes', async () => {
    const service = serviceWith(RECORDS.slice(0, 10));
    expect(service.handle(TENANT, 'GET', '/1/indexes/cars/3', undefined, { attributesToRetrieve: 'make' }).json).toEqual({
      make: RECORDS[2]?.make,
      objectID: '3',
    });
    await service.upsertRecords(TENANT, [{ ...(RECORDS[2] as SearchRecord), make: 'Zeekr', rank: 1000 }]);
    await service.deleteRecords(TENANT, ['4']);
    const after = SearchResponseSchema.parse(service.handle(TENANT, 'POST', '/1/indexes/cars/query', { hitsPerPage: 100 }).json);
    expect(after.nbHits).toBe(9);
    expect(after.hits[0]).toMatchObject({ objectID: '3', make: 'Zeekr' });
    expect(service.handle(TENANT, 'GET', '/1/indexes/cars/4', undefined).status).toBe(404);
  });

  it('answers an unknown tenant with an empty index', () => {
    const result = SearchResponseSchema.parse(SERVICE.handle('nobody', 'POST', '/1/indexes/cars/query', { facets: ['make'] }).json);
    expect(result.nbHits).toBe(0);
    expect(result.hits).toEqual([]);
  });
});

describe('typo tolerance (Algolia thresholds) against brute force', () => {
  it.each([
    'corola',
    'toyta',
    'sportgae',
    'hilxu',
    'toyt',
    'mazad cx',
    'tuscon elite',
    'outlandr',
    'landcrusier',
    'lndcrusier',
    'octvia rs',
    'ranegr wildtrak',
    '2019',
    'everets',
    'sx',
    'ql-100',
  ])('matches %j with 1 typo from 4 letters and 2 from 8, fewest typos first', (query) => {
    expect({ indexName: 'cars', query, hitsPerPage: 40, facets: ['make'] }).toMatchReference();
  });

  it.each([
    { typoTolerance: false },
    { typoTolerance: 'min' as const },
    { typoTolerance: 'strict' as const },
    { minWordSizefor1Typo: 5 },
    { minWordSizefor1Typo: 3, minWordSizefor2Typos: 5 },
    { minWordSizefor2Typos: 12 },
  ])('honours %j', (options) => {
    for (const query of ['corola', 'toyt', 'ranegr', 'lndcrusier', 'cx', 'hilux sr', '2020']) {
      expect({ indexName: 'cars', query, hitsPerPage: 30, ...options }).toMatchReference();
      expect({ indexName: 'cars_price_asc', query, hitsPerPage: 30, ...options }).toMatchReference();
    }
  });

  it('finds misspelt models and ranks exact spellings before typos', () => {
    const records = [
      { objectID: 'typo', make: 'Kia', model: 'Ceratp', rank: 100 },
      { objectID: 'exact', make: 'Kia', model: 'Cerato', rank: 1 },
      { objectID: 'prefix', make: 'Kia', model: 'Ceratos', rank: 50 },
      { objectID: 'other', make: 'Toyota', model: 'Corolla', rank: 10 },
    ];
    const service = serviceWith(records);
    const ids = (params: Record<string, unknown>) =>
      SearchResponseSchema.parse(service.handle(TENANT, 'POST', '/1/indexes/cars/query', params, {}).json).hits.map((hit) => hit.objectID);
    // Exact whole word, then the prefix match (0 typos), then the 1-typo match despite its rank.
    expect(ids({ query: 'cerato' })).toEqual(['exact', 'prefix', 'typo']);
    expect(ids({ query: 'corola' })).toEqual(['other']);
    expect(ids({ query: 'toyta' })).toEqual(['other']);
    expect(ids({ query: 'cerato', typoTolerance: false })).toEqual(['exact', 'prefix']);
    expect(ids({ query: 'cerato', typoTolerance: 'min' })).toEqual(['exact', 'prefix']);
    expect(ids({ query: 'corola', typoTolerance: 'false' })).toEqual([]);
    expect(service.handle(TENANT, 'POST', '/1/indexes/cars/query', { typoTolerance: 'sometimes' }, {}).json).toEqual({
      message: "typoTolerance: expected true, false, 'min' or 'strict', got \"sometimes\"",
      status: 400,
    });
  });

  it('highlights the record word a misspelling matched', () => {
    const result = engineSearch({ indexName: 'cars', query: 'corola', hitsPerPage: 1 });
    const highlight = result.hits[0]?.['_highlightResult'] as Record<string, { value: string; matchLevel: string }>;
    expect(highlight.model).toMatchObject({ value: '<em>Corolla</em>', matchLevel: 'full' });
  });

  it('does not match stock numbers with typos', () => {
    const records = [{ objectID: '1', make: 'Kia', stocknum: 'AB-1234' }];
    const service = serviceWith(records);
    const nbHits = (query: string) => SearchResponseSchema.parse(service.handle(TENANT, 'POST', '/1/indexes/cars/query', { query }, {}).json).nbHits;
    expect(nbHits('ab1234')).toBe(1);
    expect(nbHits('ab1235')).toBe(0);
  });
});

describe('tenant synonyms', () => {
  const synonyms = [['ute', 'pick-up'], ['4wd', '4x4'], ['merc', 'Škoda Octavia'], ['ev', 'electric']];

  it.each(['pick-up', 'pick up', 'ute', '4x4 ranger', 'merc', 'merc rs', 'ev', 'pick-up 4x4 hilux'])('expands %j both ways as brute force does', (query) => {
    expect({ indexName: 'cars', query, hitsPerPage: 40, facets: ['simple_body', 'make'], synonyms }).toMatchReference();
  });

  it('finds utes for "pick-up" and 4WDs for "4x4" only once the tenant configures them', () => {
    const plain = engineSearch({ indexName: 'cars', query: 'pick-up', hitsPerPage: 0, facets: ['simple_body'] } as Scenario);
    expect(plain.nbHits).toBe(0);
    const view = engineView({ indexName: 'cars', query: 'pick-up', hitsPerPage: 0, facets: ['simple_body'], synonyms });
    expect(Object.keys((view.facets as Record<string, Record<string, number>>).simple_body ?? {})).toEqual(['Ute']);
    const fourByFour = engineView({ indexName: 'cars', query: '4x4', hitsPerPage: 0, facets: ['simple_drive'], synonyms });
    expect(Object.keys((fourByFour.facets as Record<string, Record<string, number>>).simple_drive ?? {})).toEqual(['4WD']);
  });
});

describe('facetFilters, numericFilters and tagFilters as strings', () => {
  it.each([
    ['make:Kia,simple_body:SUV', [['make:Kia'], ['simple_body:SUV']]],
    ['(make:Kia,make:Mazda),car_type:used', [['make:Kia', 'make:Mazda'], 'car_type:used']],
    ['car_type:-new, (simple_fuel:Electric, simple_fuel:Hybrid)', ['car_type:-new', ['simple_fuel:Electric', 'simple_fuel:Hybrid']]],
    ['make_model:"Škoda Octavia",location_name:Gold Coast', ['make_model:Škoda Octavia', 'location_name:Gold Coast']],
  ])('reads %j as %j', (text, array) => {
    const viaString = engineView({ indexName: 'cars', facetFilters: text, facets: ['make', 'simple_body'], hitsPerPage: 30 });
    const viaArray = engineView({ indexName: 'cars', facetFilters: array, facets: ['make', 'simple_body'], hitsPerPage: 30 });
    expect(viaString.nbHits).toBeGreaterThan(0);
    expect({ ...viaString, scenario: null }).toEqual({ ...viaArray, scenario: null });
    expect({ indexName: 'cars', facetFilters: array, facets: ['make'], hitsPerPage: 30 }).toMatchReference();
  });

  it('reads the string forms inside a urlencoded params string', () => {
    const params = new URLSearchParams({
      facetFilters: 'make:Kia,simple_body:SUV',
      numericFilters: 'price>=20000,price<=60000',
      hitsPerPage: '50',
      facets: 'make,simple_body',
    }).toString();
    const result = SERVICE.handle(TENANT, 'POST', '/1/indexes/*/queries', { requests: [{ indexName: 'cars', params }] });
    const response = SearchResponseSchema.parse((result.json as { results: unknown[] }).results[0]);
    const expected = referenceSearch(RECORDS, {
      indexName: 'cars',
      facetFilters: ['make:Kia', 'simple_body:SUV'],
      numericFilters: ['price>=20000', 'price<=60000'],
      hitsPerPage: 50,
      facets: ['make', 'simple_body'],
    });
    expect(response.nbHits).toBeGreaterThan(0);
    expect(response.nbHits).toBe(expected.nbHits);
    expect(response.hits.map((hit) => hit.objectID)).toEqual(expected.hits);
    expect(response.facets).toEqual(expected.facets);
  });

  it('answers 400 for what it cannot read, never an empty result', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ facetFilters: 'make:Kia,SUV' }, 'facetFilters[1]: expected \'attribute:value\', got "SUV"'],
      [{ facetFilters: '(make:Kia,make:Mazda' }, "facetFilters: unbalanced '(' at position 1"],
      [{ facetFilters: 'make:Kia,,car_type:used' }, 'facetFilters: empty entry at position 10'],
      [{ facetFilters: '(make:Kia)x' }, "facetFilters: expected ',' after ')' at position 11"],
      [{ numericFilters: 'price>=1000,price' }, "numericFilters[1]: unexpected end of input at position 6, expected ':' or a comparison operator after attribute 'price'"],
      [{ params: 'facetFilters=make%3AKia%2CSUV' }, 'facetFilters[1]: expected \'attribute:value\', got "SUV"'],
    ];
    for (const [params, message] of cases) {
      expect(SERVICE.handle(TENANT, 'POST', '/1/indexes/cars/query', params)).toEqual({ status: 400, json: { message, status: 400 } });
    }
  });
});

describe('numeric ranges at their boundaries', () => {
  const prices = [...new Set(RECORDS.map((r) => r.price as number))].sort((a, b) => a - b);
  // Values at the index's bucket edges (1,500 records → 24 per bucket), the extremes and beyond.
  const probes = [
    prices[0] as number,
    (prices[0] as number) - 1,
    prices[prices.length - 1] as number,
    (prices[prices.length - 1] as number) + 1,
    ...[23, 24, 25, 47, 48, 700, 701, 1199, 1200].map((r) => prices[Math.min(r, prices.length - 1)] as number),
    0,
  ];

  it.each(probes)('agrees with brute force for every operator at %d', (v) => {
    for (const op of ['<', '<=', '=', '!=', '>=', '>']) {
      expect({ indexName: 'cars', numericFilters: [`price${op}${v}`], hitsPerPage: 5, facets: ['price'] }).toMatchReference();
    }
    expect({ indexName: 'cars', filters: `price:${v} TO ${v}`, hitsPerPage: 5 }).toMatchReference();
    expect({ indexName: 'cars', filters: `price:${v} TO ${v + 30000}`, hitsPerPage: 5 }).toMatchReference();
    expect({ indexName: 'cars', filters: `price:${v} TO ${v - 1}`, hitsPerPage: 5 }).toMatchReference();
    expect({ indexName: 'cars_price_asc', numericFilters: [`price>=${v}`, `price<=${v + 15000}`], hitsPerPage: 5 }).toMatchReference();
  });
});

describe('the leaf cache under churn', () => {
  it('stays correct when cached results are evicted and their memory reused', () => {
    // 400 distinct price ranges (more than the 256 cached leaves), each with a refinement list.
    for (let i = 0; i < 400; i += 1) {
      const low = 5000 + i * 211;
      expect({
        indexName: 'cars',
        numericFilters: [`price>=${low}`, `price<=${low + 25_000}`],
        facetFilters: [i % 2 === 0 ? ['make:Toyota', 'make:Kia'] : 'car_type:used'],
        hitsPerPage: 3,
        facets: ['make'],
      }).toMatchReference();
    }
  });

  it('never recycles a leaf the running query still uses (one query with 300 leaves)', () => {
    const prices = [...new Set(RECORDS.map((r) => r.price as number))].slice(0, 300);
    const filters = prices.map((p) => `price = ${p}`).join(' OR ');
    expect({ indexName: 'cars', filters, hitsPerPage: 50, facets: ['make'] }).toMatchReference();
    expect({ indexName: 'cars', filters: `(${filters}) AND NOT make:Toyota`, hitsPerPage: 50 }).toMatchReference();
    // 300 conjuncts are held at once while the query ANDs them.
    const conjuncts = prices.map((p) => `price != ${p}`).join(' AND ');
    expect({ indexName: 'cars', filters: conjuncts, hitsPerPage: 50, facets: ['make'] }).toMatchReference();
  });
});

/** The engine's answer on `service` (holding `records`) next to the reference's, for one scenario. */
function compareOn(service: ReturnType<typeof createSearchService>, records: readonly SearchRecord[], scenario: Scenario) {
  const { indexName, synonyms: _synonyms, ...params } = scenario;
  const json = service.handle(TENANT, 'POST', `/1/indexes/${indexName}/query`, params, {}).json as Record<string, unknown>;
  const expected = referenceSearch(records, scenario);
  return {
    actual: {
      scenario,
      nbHits: json.nbHits,
      hits: ((json.hits ?? []) as { objectID: string }[]).map((hit) => hit.objectID),
      facets: json.facets ?? {},
      stats: roundStats((json.facets_stats ?? {}) as Record<string, { min: number; max: number; avg: number; sum: number }>),
    },
    expected: { scenario, nbHits: expected.nbHits, hits: expected.hits, facets: expected.facets, stats: roundStats(expected.stats) },
  };
}

describe('shared numeric base, merged ranges and the sorted walk (the fast paths)', () => {
  // Some cars carry two prices (a multi-valued numeric attribute) or none: the merged range of the
  // base must still test each condition separately for them, and the replica walk must reach them.
  const mixed = RECORDS.slice(0, 900).map((record, i) => {
    const price = record.price as number;
    if (i % 9 === 0) return { ...record, price: [price, price + 15_000] };
    if (i % 13 === 0) return { ...record, price: null };
    return record;
  }) as SearchRecord[];
  const service = serviceWith(mixed);

  it('agrees with brute force on range conjunctions, != and two attributes, on every index and page', () => {
    const conditions: string[][] = [
      ['price>=20000', 'price<=45000'],
      ['price>20000', 'price<45000', 'price!=30000'],
      ['price!=30000'],
      ['price!=30000', 'price!=0'],
      ['price>=60000', 'price<=40000'],
      ['price=0'],
      ['price>=20000', 'km<=50000'],
      ['price>=100000'],
      [],
    ];
    for (const numericFilters of conditions) {
      for (const indexName of Object.keys(SORTS)) {
        for (const [page, hitsPerPage] of [[0, 5], [0, 60], [0, 1000], [1, 20], [3, 30], [40, 10]] as const) {
          const { actual, expected } = compareOn(service, mixed, {
            indexName,
            numericFilters,
            page,
            hitsPerPage,
            facets: ['price', 'make'],
            ...(page === 1 ? { filters: 'price:10000 TO 90000' } : {}),
          });
          expect(actual).toEqual(expected);
        }
      }
    }
  });

  it('gives each query of a request its own answer when they share one base', () => {
    // The four queries of an instantsearch request share text and price range: one base, then
    // each query's own refinements. Every answer must equal the same query sent alone.
    const common = { query: 'toy', numericFilters: ['price>=15000', 'price<=60000'], facets: ['make', 'car_type', 'price'] };
    const requests = [
      { indexName: 'cars', params: { ...common, facetFilters: [['make:Toyota', 'make:Kia'], ['car_type:used']], hitsPerPage: 10 } },
      { indexName: 'cars', params: { ...common, facetFilters: [['car_type:used']], hitsPerPage: 0, facets: 'make' } },
      { indexName: 'cars', params: { ...common, facetFilters: [['make:Toyota', 'make:Kia']], hitsPerPage: 0, facets: 'car_type' } },
      { indexName: 'cars_price_desc', params: { ...common, query: '', facetFilters: [['make:Toyota']], hitsPerPage: 7, page: 2 } },
    ];
    const together = (service.handle(TENANT, 'POST', '/1/indexes/*/queries', { requests }, {}).json as { results: unknown[] }).results;
    requests.forEach((request, i) => {
      const alone = serviceWith(mixed).handle(TENANT, 'POST', `/1/indexes/${request.indexName}/query`, request.params, {}).json;
      expect(withoutTimings(together[i])).toEqual(withoutTimings(alone));
    });
  });
});

describe('paths taken at larger stock sizes', () => {
  // 12,000 cars: few matches per bitset word, so the ranked page is built from the match list
  // and replica pages from sorted positions; many matches take the bitset groups and the walk.
  const large = generateSearchRecords(12_000, 11) as unknown as SearchRecord[];
  const service = serviceWith(large);

  it('agrees with brute force on typo-ranked pages, replica pages and facet tops', () => {
    const queries = ['', 'toyta', 'corola', 'ranger x', 'hilux sr5', 'mazda', 'kia s', '2019'];
    let i = 0;
    for (const query of queries) {
      for (const indexName of Object.keys(SORTS)) {
        {
          i += 1;
          const typoTolerance = ([true, 'min', 'strict'] as const)[i % 3];
          const low = 5000 + ((i * 7919) % 60) * 1000;
          const { actual, expected } = compareOn(service, large, {
            indexName,
            query,
            typoTolerance,
            numericFilters: i % 3 === 0 ? [] : [`price>=${low}`, `price<=${low + 30_000}`],
            facetFilters: i % 2 === 0 ? [['car_type:used', 'car_type:demo']] : [],
            facets: ['make', 'make_model', 'price', 'simple_body'],
            maxValuesPerFacet: [50, 3, 1000][i % 3] as number,
            hitsPerPage: [21, 1, 40][i % 3] as number,
            page: i % 5,
          });
          expect(actual).toEqual(expected);
        }
      }
    }
  });

  it('ranks a few matches by typos, then exact last word, from the match list', () => {
    // Narrow price windows leave a few dozen cars: the page comes from the listed matches.
    // 'range' is exact for "Long Range" and one typo from "Ranger": two typo levels among few cars.
    for (const query of ['kia s', 'range 20', 'range s', 'toyta', 'mazda cx']) {
      for (let low = 20_000; low < 80_000; low += 12_000) {
        for (const typoTolerance of [true, 'strict'] as const) {
          const { actual, expected } = compareOn(service, large, {
            indexName: 'cars',
            query,
            typoTolerance,
            numericFilters: [`price>=${low}`, `price<=${low + 4_000}`],
            facets: ['make'],
            hitsPerPage: 50,
          });
          expect(actual).toEqual(expected);
        }
      }
    }
  });
});
