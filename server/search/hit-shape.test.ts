import { describe, expect, it } from 'vitest';
import type { SearchRecord } from './columns.ts';
import { typicalRequest } from './bench.ts';
import { HitShapes } from './hit-shape.ts';
import { createSearchService } from './service.ts';
import { generateSearchRecords } from './test-records.ts';

/** What the compiled builders must equal: a copy with the results appended when present. */
function plain(record: SearchRecord, highlight: unknown, snippet: unknown): Record<string, unknown> {
  const hit: Record<string, unknown> = { ...record };
  if (highlight !== null) hit['_highlightResult'] = highlight;
  if (snippet !== null) hit['_snippetResult'] = snippet;
  return hit;
}

describe('HitShapes', () => {
  it('builds the same keys, order, values and JSON as a plain copy, per record layout', () => {
    const records: SearchRecord[] = [
      { objectID: '1', make: 'Kia', price: 1, tags: ['a'], nested: { x: 1 }, missing: null },
      { objectID: '2', make: 'Kia', price: 2, tags: [], nested: { x: 2 }, missing: null },
      { price: 3, objectID: '3', make: 'Mazda' },
      { objectID: '4', '10': 'ten', '2': 'two', 'odd "key"\n': 'quoted', 'ünï': 'accents' },
      JSON.parse('{"objectID":"5","__proto__":"own","make":"Ford"}') as SearchRecord,
      { objectID: '6', _highlightResult: 'kept in place', make: 'Tesla' },
    ];
    const shapes = new HitShapes(records.length);
    for (let round = 0; round < 2; round += 1) {
      records.forEach((record, doc) => {
        for (const [highlight, snippet] of [[{ make: { value: 'x' } }, null], [null, null], [{ h: 1 }, { s: 1 }], [null, { s: 2 }]] as const) {
          const hit = shapes.build(doc, record, highlight, snippet);
          const expected = plain(record, highlight, snippet);
          expect(Object.keys(hit)).toEqual(Object.keys(expected));
          expect(JSON.stringify(hit)).toBe(JSON.stringify(expected));
          expect(Object.getPrototypeOf(hit)).toBe(Object.prototype);
          expect(hit).not.toBe(record);
        }
      });
    }
  });

  it('copies symbol-keyed records plainly', () => {
    const symbol = Symbol('s');
    const record = { objectID: '1', [symbol]: 1 } as unknown as SearchRecord;
    const hit = new HitShapes(1).build(0, record, null, null);
    expect((hit as Record<symbol, unknown>)[symbol]).toBe(1);
  });
});

const post = (service: ReturnType<typeof createSearchService>, body: unknown) => service.handle('t', 'POST', '/1/indexes/*/queries', body, {});
const one = (params: Record<string, unknown>) => ({ requests: [{ indexName: 'cars', params }] });

describe('searchResponseText (pages of hits written from cached texts)', () => {
  const records = generateSearchRecords(600, 11) as unknown as SearchRecord[];

  it('writes every answer exactly as JSON.stringify would, first time and from the cache', () => {
    const service = createSearchService();
    service.setRecords('t', records);
    const bodies: unknown[] = [];
    for (let i = 0; i < 120; i += 1) bodies.push(typicalRequest(i));
    bodies.push(
      one({ query: '', hitsPerPage: 5, attributesToSnippet: ['name:3'] }),
      one({ query: 'corola', hitsPerPage: 5, attributesToSnippet: ['name:3'], highlightPreTag: '<em>', highlightPostTag: '</em>' }),
      one({ query: '', hitsPerPage: 5, attributesToRetrieve: ['make', 'price'] }),
      one({ query: '', hitsPerPage: 5, attributesToHighlight: [] }),
      one({ query: '', offset: 3, length: 4 }),
      one({ query: '', hitsPerPage: 3, responseFields: ['nbHits', 'hits'] }),
      one({ query: 'zzzz-nothing', hitsPerPage: 5 }),
    );
    for (let round = 0; round < 2; round += 1) {
      for (const body of bodies) {
        const answer = post(service, body);
        expect(answer.status).toBe(200);
        // The pieces a caller joins to assemble several calls' results: the results array's inside.
        const parts = answer.resultsParts?.()?.join('');
        const bytes = answer.bytes?.();
        expect(answer.text?.()).toBe(JSON.stringify(answer.json));
        expect(bytes?.equals(Buffer.from(JSON.stringify(answer.json)))).toBe(true);
        expect(parts).toBe(JSON.stringify((answer.json as { results: unknown[] }).results).slice(1, -1));
      }
    }
    // Single-index routes too.
    const single = service.handle('t', 'POST', '/1/indexes/cars/query', { query: '', hitsPerPage: 2 }, {});
    expect(single.text?.()).toBe(JSON.stringify(single.json));
  });

  it("keeps a query's highlights per its words and settings: other tags and synonyms set later highlight anew", () => {
    const service = createSearchService();
    service.setRecords('t', records);
    type Hit = { model: string; simple_body: string; _highlightResult: Record<string, { value: string }> };
    const hits = (params: Record<string, unknown>) => {
      const answer = post(service, one({ query: 'ranger', hitsPerPage: 5, ...params }));
      const text = answer.text?.() ?? '';
      expect(text).toBe(JSON.stringify(answer.json));
      return (JSON.parse(text) as { results: { hits: Hit[] }[] }).results[0]!.hits;
    };
    for (const round of [1, 2]) {
      for (const hit of hits({})) expect(hit['_highlightResult']['model']!.value, `round ${round}`).toBe('<em>Ranger</em>');
      for (const hit of hits({ highlightPreTag: '[', highlightPostTag: ']' })) expect(hit['_highlightResult']['model']!.value).toBe('[Ranger]');
    }
    // A Ranger's body "Ute" is highlighted only once "ranger" and "ute" are synonyms.
    const utes = (list: Hit[]) => list.filter((hit) => hit.simple_body === 'Ute');
    expect(utes(hits({})).length).toBeGreaterThan(0);
    for (const hit of utes(hits({}))) expect(hit['_highlightResult']['simple_body']!.value).toBe('Ute');
    service.setSettings('t', { synonyms: [['ranger', 'ute']] });
    const after = utes(hits({}));
    expect(after.length).toBeGreaterThan(0);
    for (const hit of after) expect(hit['_highlightResult']['simple_body']!.value).toBe('<em>Ute</em>');
  });

  it('writes the answer as it is when sent: a replaced answer or a changed page is not written from the cache', () => {
    const service = createSearchService();
    service.setRecords('t', records);
    const answer = post(service, { requests: [{ indexName: 'cars', params: { query: '', hitsPerPage: 3 } }] });
    const results = (answer.json as { results: { hits: unknown[] }[] }).results;
    results[0]!.hits.pop();
    expect(answer.text?.()).toBe(JSON.stringify(answer.json));
    answer.json = { message: 'ObjectID does not exist', status: 404 };
    expect(answer.text?.()).toBe('{"message":"ObjectID does not exist","status":404}');
  });

  it('leaves a record holding a result key to JSON.stringify (the key stays in place)', () => {
    const service = createSearchService();
    service.setRecords('t', [{ objectID: '1', _highlightResult: 'mine', make: 'Kia' } as unknown as SearchRecord]);
    const answer = post(service, { requests: [{ indexName: 'cars', params: { query: '' } }] });
    expect(answer.text?.()).toBe(JSON.stringify(answer.json));
    expect(answer.text?.().match(/_highlightResult/g)).toHaveLength(1);
  });
});
