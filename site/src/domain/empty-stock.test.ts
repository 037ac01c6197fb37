import { describe, expect, test } from 'vitest';
import { listsNoStock } from './empty-stock.ts';

describe('an empty search', () => {
  test('of all the stock, or of one kind of car, means the site lists no car at all', () => {
    expect(listsNoStock({ nbHits: 0, query: '', refinedAttributes: [] })).toBe(true);
    expect(listsNoStock({ nbHits: 0, query: '  ', refinedAttributes: ['car_type', 'car_type'] })).toBe(true);
  });

  test('narrowed by the shopper (words, a make, a price) means none matched: not "being updated"', () => {
    expect(listsNoStock({ nbHits: 0, query: 'hilux', refinedAttributes: [] })).toBe(false);
    expect(listsNoStock({ nbHits: 0, query: '', refinedAttributes: ['car_type', 'make'] })).toBe(false);
    expect(listsNoStock({ nbHits: 0, query: '', refinedAttributes: ['price'] })).toBe(false);
    expect(listsNoStock({ nbHits: 3, query: '', refinedAttributes: [] })).toBe(false);
  });
});
