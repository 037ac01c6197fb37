import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchResponseSchema } from '../../schema/api/search.ts';
import type { SearchRecord } from './columns.ts';
import { TenantIndex } from './engine.ts';
import { FilterSets } from './filter-sets.ts';
import { createSearchService, WARM_SEARCHES } from './service.ts';
import { generateSearchRecords } from './test-records.ts';

/*
 * A stock change while shoppers search: the tenant's new index is built off the request path and
 * swapped in whole. Searches made before it is ready answer from the previous index — all of it,
 * never a mix of old and new records — and the caller of the change learns when searches see it.
 */

const TENANT = 'demo';
const CARS = 6000;
const RECORDS = generateSearchRecords(CARS, 11) as unknown as SearchRecord[];

/** Counts turns of the event loop until stopped: work that never yields leaves it at 0. */
function turnCounter() {
  const state = { turns: 0, running: true };
  const tick = () => {
    if (!state.running) return;
    state.turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  return state;
}

const makes = (service: ReturnType<typeof createSearchService>) => {
  const answer = SearchResponseSchema.parse(service.handle(TENANT, 'POST', '/1/indexes/cars/query', { hitsPerPage: 0, facets: ['make'] }).json);
  return { total: answer.nbHits, zeekr: answer.facets?.make?.Zeekr ?? 0 };
};

describe('rebuilding a tenant index after a stock change', () => {
  it('keeps answering from the previous index until the new one is whole, then swaps it in', async () => {
    const service = createSearchService();
    await service.setRecords(TENANT, RECORDS);
    expect(makes(service)).toEqual({ total: CARS, zeekr: 0 });

    // A feed renames every make and adds 500 cars.
    const renamed = RECORDS.map((record) => ({ ...record, make: 'Zeekr' }));
    const added = generateSearchRecords(500, 12).map((record, i) => ({ ...record, objectID: `new-${i}`, make: 'Zeekr' })) as unknown as SearchRecord[];
    const counter = turnCounter();
    const state = { ready: false };
    const change = service.upsertRecords(TENANT, [...renamed, ...added]).then(() => {
      state.ready = true;
    });

    // Right after the change, and at every turn until it is ready: the old index, all of it.
    const seen: { total: number; zeekr: number }[] = [makes(service)];
    while (!state.ready) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (!state.ready) seen.push(makes(service));
    }
    await change;
    counter.running = false;
    expect(seen[0]).toEqual({ total: CARS, zeekr: 0 });
    for (const answer of seen) expect(answer).toEqual({ total: CARS, zeekr: 0 });
    // The build gave the event loop turns (other requests are answered between its slices).
    expect(counter.turns).toBeGreaterThan(3);
    expect(makes(service)).toEqual({ total: CARS + 500, zeekr: CARS + 500 });
  });

  it('resolves each change once searches see it, also when changes arrive during a build', async () => {
    const service = createSearchService();
    await service.setRecords(TENANT, RECORDS.slice(0, 3000));
    const first = service.upsertRecords(TENANT, [{ ...(RECORDS[0] as SearchRecord), make: 'Zeekr' }]);
    const second = service.deleteRecords(TENANT, [(RECORDS[1] as SearchRecord).objectID]);
    await first;
    expect(makes(service).zeekr).toBe(1);
    await second;
    expect(makes(service)).toEqual({ total: 2999, zeekr: 1 });
    expect(service.handle(TENANT, 'GET', `/1/indexes/cars/${(RECORDS[1] as SearchRecord).objectID}`, undefined).status).toBe(404);
  });

  it('builds the filter columns the previous index had built before swapping (the first filtered search after a change does not build them)', async () => {
    const service = createSearchService();
    await service.setRecords(TENANT, RECORDS.slice(0, 2000));
    const filtered = { hitsPerPage: 5, facets: ['make', 'simple_body'], numericFilters: ['price>=10000'] };
    const before = SearchResponseSchema.parse(service.handle(TENANT, 'POST', '/1/indexes/cars_price_asc/query', filtered).json);
    await service.upsertRecords(TENANT, [{ ...(RECORDS[5] as SearchRecord), make: 'Zeekr' }]);
    const index = (service.index(TENANT) as unknown as { columns: { facetColumns: Map<string, unknown>; numericColumns: Map<string, unknown>; permutations: Map<string, unknown> } }).columns;
    expect([...index.facetColumns.keys()].sort()).toEqual(expect.arrayContaining(['make', 'simple_body']));
    expect([...index.numericColumns.keys()]).toContain('price');
    expect([...index.permutations.keys()]).toContain('asc(price)');
    const after = SearchResponseSchema.parse(service.handle(TENANT, 'POST', '/1/indexes/cars_price_asc/query', filtered).json);
    expect(after.nbHits).toBe(before.nbHits);
    expect(after.facets?.make?.Zeekr ?? 0).toBe(RECORDS.slice(0, 2000).filter((r, i) => (i === 5 || r.make === 'Zeekr') && Number(r.price) >= 10000).length);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("prepares shoppers' recent searches (their words and filters) on the new index before swapping it in, the most recent few dozen, without answering them", async () => {
    const service = createSearchService();
    await service.setRecords(TENANT, RECORDS.slice(0, 2000));
    // More distinct searches than are kept: the first few are forgotten.
    const queries = Array.from({ length: WARM_SEARCHES + 6 }, (_, i) => `q${i}`);
    for (const query of queries) service.handle(TENANT, 'POST', '/1/indexes/cars_price_asc/query', { query, hitsPerPage: 21, facets: ['make'] });
    service.handle(TENANT, 'POST', '/1/indexes/*/queries', { requests: [{ indexName: 'cars', type: 'facet', facet: 'make', params: 'facetQuery=to' }] });
    const searches = vi.spyOn(TenantIndex.prototype, 'search');
    const facetSearches = vi.spyOn(TenantIndex.prototype, 'searchFacetValues');
    const prepared = vi.spyOn(FilterSets.prototype, 'matchSet');

    await service.upsertRecords(TENANT, [{ ...(RECORDS[3] as SearchRecord), make: 'Zeekr' }]);
    const swapped = service.index(TENANT);
    // Prepared during the build, by the index now in use, before any shopper searched it: the
    // last searches, least recent first, then the facet-value search (no query words).
    const filtersOfSwapped = (swapped as unknown as { filters: FilterSets }).filters;
    expect(prepared.mock.contexts.every((context) => context === filtersOfSwapped)).toBe(true);
    expect(prepared.mock.calls.map(([params]) => params.query)).toEqual([...queries.slice(-(WARM_SEARCHES - 1)), '']);
    // Not answered: counting facets and writing hits keep nothing for the next shopper.
    expect(searches).not.toHaveBeenCalled();
    expect(facetSearches).not.toHaveBeenCalled();
    // And the new index answers with the change.
    expect(makes(service).zeekr).toBe(RECORDS.slice(0, 2000).filter((r, i) => i === 3 || r.make === 'Zeekr').length);
  });
});
