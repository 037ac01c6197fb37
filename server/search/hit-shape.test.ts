import { describe, expect, it } from 'vitest';
import type { SearchRecord } from './columns.ts';
import { HitShapes } from './hit-shape.ts';

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
