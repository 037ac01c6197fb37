import { describe, expect, it } from 'vitest';
import type { SearchRecord } from './columns.ts';
import { TenantIndex } from './engine.ts';
import { createSearchService, type SearchService } from './service.ts';
import { generateSearchRecords } from './test-records.ts';

/*
 * Records changed in place (new prices from a delta, a reservation, a photo arriving) are patched
 * into the index searches use, keeping what the change left as it was. Every answer after a
 * patch must be the one an index built from scratch over the same records gives: the checks
 * below compare the two for hits, facets, filters, sorted replicas and words.
 */

const TENANT = 'demo';
const RECORDS = generateSearchRecords(3000, 21) as unknown as SearchRecord[];

/** Searches shoppers make: a filtered page with every facet, sorted replicas, words, a facet search. */
const SEARCHES: [string, Record<string, unknown>][] = [
  ['/1/indexes/cars/query', { hitsPerPage: 21, facets: ['*'], numericFilters: ['price>=20000'] }],
  ['/1/indexes/cars_price_asc/query', { hitsPerPage: 21, facets: ['make', 'price'], facetFilters: [['make:Toyota', 'make:Mazda']] }],
  ['/1/indexes/cars_price_desc/query', { hitsPerPage: 50, page: 2, numericFilters: ['price<=60000', 'price>=15000'] }],
  ['/1/indexes/cars_latest/query', { hitsPerPage: 10, facets: ['simple_body'] }],
  ['/1/indexes/cars/query', { query: 'toyota', hitsPerPage: 21, facets: ['make', 'model'] }],
  ['/1/indexes/cars/query', { query: 'zeekr x', hitsPerPage: 21, facets: ['make'] }],
  ['/1/indexes/cars/query', { query: 'hilx', hitsPerPage: 21, filters: 'price > 30000' }],
  ['/1/indexes/cars/facets/model/query', { facetQuery: 'c', facetFilters: ['make:Toyota'] }],
];

/** Cars read by id (a car page, a comparison): the first, one in the middle, the last. */
const READS = [RECORDS[0], RECORDS[1500], RECORDS[2999]].map((record) => `/1/indexes/cars/${record!.objectID}`);

/** Every answer of SEARCHES and READS as the shopper receives it, without the timings. */
function answers(service: SearchService): unknown[] {
  const reads = READS.map((path) => {
    const answer = service.handle(TENANT, 'GET', path, undefined);
    expect(answer.status).toBe(200);
    return JSON.parse(answer.text?.() ?? JSON.stringify(answer.json)) as unknown;
  });
  return [...reads, ...SEARCHES.map(([path, body]) => {
    const answer = service.handle(TENANT, 'POST', path, body);
    expect(answer.status).toBe(200);
    const json = JSON.parse(answer.text?.() ?? JSON.stringify(answer.json)) as Record<string, unknown>;
    delete json.processingTimeMS;
    delete json.serverTimeMS;
    return json;
  })];
}

/** The answers of an index built from scratch over `records`. */
async function fromScratch(records: readonly SearchRecord[]): Promise<unknown[]> {
  const service = createSearchService();
  await service.setRecords(TENANT, records);
  return answers(service);
}

/** A service holding RECORDS whose index has answered SEARCHES (so it has built their columns). */
async function searched(): Promise<SearchService> {
  const service = createSearchService();
  await service.setRecords(TENANT, RECORDS);
  answers(service);
  return service;
}

const parts = (index: TenantIndex) => index as unknown as { text: unknown; columns: { facetColumns: Map<string, unknown>; permutations: Map<string, unknown> } };

describe('patching records changed in place into the search index', () => {
  it('new prices for a tenth of the cars: words and the other columns kept, every answer as from scratch', async () => {
    const service = await searched();
    const before = parts(service.index(TENANT));
    const changed = RECORDS.filter((_, i) => i % 10 === 3).map((record, i) => ({ ...record, price: 15_000 + ((i * 7919) % 60_000) }));
    await service.upsertRecords(TENANT, changed);
    const after = parts(service.index(TENANT));
    expect(after.text).toBe(before.text);
    expect(after.columns.facetColumns.get('make')).toBe(before.columns.facetColumns.get('make'));
    expect(after.columns.facetColumns.get('price')).not.toBe(before.columns.facetColumns.get('price'));
    expect(after.columns.permutations.get('asc(price)')).not.toBe(before.columns.permutations.get('asc(price)'));
    const records = RECORDS.map((record, i) => (i % 10 === 3 ? (changed[(i - 3) / 10] as SearchRecord) : record));
    expect(answers(service)).toEqual(await fromScratch(records));
  });

  it('a changed make (a searchable word): the words are rebuilt, every answer as from scratch', async () => {
    const service = await searched();
    const before = parts(service.index(TENANT));
    const changed = [5, 50, 500, 2999].map((i) => ({ ...(RECORDS[i] as SearchRecord), make: 'Zeekr', model: 'X' }));
    await service.upsertRecords(TENANT, changed);
    const after = parts(service.index(TENANT));
    expect(after.text).not.toBe(before.text);
    expect(after.columns.facetColumns.get('simple_body')).toBe(before.columns.facetColumns.get('simple_body'));
    const records = RECORDS.map((record) => changed.find((c) => c.objectID === record.objectID) ?? record);
    const patched = answers(service);
    expect(patched).toEqual(await fromScratch(records));
    expect((patched[READS.length + 5] as { nbHits: number }).nbHits).toBe(4);
  });

  it('a new car, a car that moves in the ranking, or a removed car: the index is built whole, as from scratch', async () => {
    const service = await searched();
    const added = { ...(RECORDS[0] as SearchRecord), objectID: 'new-1', price: 12_345 };
    await service.upsertRecords(TENANT, [added]);
    expect(parts(service.index(TENANT)).columns.facetColumns.size).toBeGreaterThan(0);
    const reranked = { ...(RECORDS[7] as SearchRecord), rank: Number(RECORDS[7]?.rank ?? 0) + 1000 };
    await service.upsertRecords(TENANT, [reranked]);
    await service.deleteRecords(TENANT, [(RECORDS[9] as SearchRecord).objectID]);
    const records = [...RECORDS.map((record) => (record.objectID === reranked.objectID ? reranked : record)), added].filter((record) => record.objectID !== RECORDS[9]?.objectID);
    expect(answers(service)).toEqual(await fromScratch(records));
  });

  it('a delta of a few cars: new, equal and removed prices merged into the replica orders, the same orders and answers as from scratch', async () => {
    const service = await searched();
    const before = parts(service.index(TENANT));
    const prices = RECORDS.map((record) => record.price).filter((price): price is number => typeof price === 'number');
    // 40 cars: some priced like another car (ties go by document number), some priced on
    // application (no price: last in both orders), some at the cheapest and dearest ends.
    const changed = Array.from({ length: 40 }, (_, i) => {
      const record = RECORDS[(i * 73) % RECORDS.length] as SearchRecord;
      const price = i % 4 === 0 ? prices[(i * 31) % prices.length] : i % 4 === 1 ? null : i % 4 === 2 ? 1 + i : 900_000 + i;
      return { ...record, price };
    });
    await service.upsertRecords(TENANT, changed);
    const after = parts(service.index(TENANT));
    expect(after.columns.permutations.get('asc(price)')).not.toBe(before.columns.permutations.get('asc(price)'));
    const records = RECORDS.map((record) => changed.find((c) => c.objectID === record.objectID) ?? record);
    const scratch = createSearchService();
    await scratch.setRecords(TENANT, records);
    const answered = answers(scratch);
    const built = parts(scratch.index(TENANT));
    for (const key of ['asc(price)', 'desc(price)']) expect(after.columns.permutations.get(key)).toEqual(built.columns.permutations.get(key));
    expect(answers(service)).toEqual(answered);
    // Every car of both sorted replicas, page by page.
    for (const index of ['cars_price_asc', 'cars_price_desc']) {
      const all = (s: SearchService) => [0, 1, 2].flatMap((page) => (JSON.parse(s.handle(TENANT, 'POST', `/1/indexes/${index}/query`, { hitsPerPage: 1000, page, attributesToRetrieve: ['objectID'] }).text?.() ?? '') as { hits: { objectID: string }[] }).hits.map((hit) => hit.objectID));
      expect(all(service)).toEqual(all(scratch));
    }
  });

  it('finding what changed in thousands of records gives searches turns: no step reads more than a column of the records', async () => {
    const service = await searched();
    const previous = service.index(TENANT);
    // Every record gets a new price; reads of the changed records' attributes are counted between yields.
    let reads = 0;
    const changed = RECORDS.map(
      (record, i) =>
        new Proxy({ ...record, price: 20_000 + i }, {
          get(target, key, receiver) {
            if (typeof key === 'string') reads += 1;
            return Reflect.get(target, key, receiver) as unknown;
          },
        }) as SearchRecord,
    );
    const steps = TenantIndex.patchSteps(previous, changed);
    const perStep: number[] = [];
    let next = steps.next();
    for (; !next.done; next = steps.next()) {
      perStep.push(reads);
      reads = 0;
    }
    perStep.push(reads);
    expect(next.value).not.toBeNull();
    // A step may build one column over every document (each record read once or twice), never
    // compare every attribute of every record at once (before: one step read them ~50 times each).
    expect(Math.max(...perStep)).toBeLessThanOrEqual(2 * RECORDS.length);
    expect(perStep.reduce((a, b) => a + b, 0)).toBeGreaterThan(10 * RECORDS.length);
    // And the patched index answers as one built from scratch.
    await service.upsertRecords(TENANT, changed.map((record) => ({ ...record })));
    expect(answers(service)).toEqual(await fromScratch(RECORDS.map((record, i) => ({ ...record, price: 20_000 + i }))));
  });

  it('changes arriving while a patch is being built are all in the index after the last one resolves', async () => {
    const service = await searched();
    const first = service.upsertRecords(TENANT, [{ ...(RECORDS[1] as SearchRecord), price: 11_111 }]);
    const second = service.upsertRecords(TENANT, [{ ...(RECORDS[2] as SearchRecord), price: 22_222 }, { ...(RECORDS[1] as SearchRecord), price: 33_333 }]);
    await Promise.all([first, second]);
    const records = RECORDS.map((record, i) => (i === 1 ? { ...record, price: 33_333 } : i === 2 ? { ...record, price: 22_222 } : record));
    expect(answers(service)).toEqual(await fromScratch(records));
  });
});
