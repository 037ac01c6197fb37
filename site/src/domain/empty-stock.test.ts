import { describe, expect, test } from 'vitest';
import { listsNoStock } from './empty-stock.ts';

const carType = (value: string) => ({ attribute: 'car_type', value });

describe('an empty search', () => {
  test('of everything the site sells means the site lists no car at all', () => {
    expect(listsNoStock({ nbHits: 0, query: '', refinements: [], usedOnly: false })).toBe(true);
    expect(listsNoStock({ nbHits: 0, query: '  ', refinements: [carType('new'), carType('demo'), carType('used')], usedOnly: false })).toBe(true);
    // A used-only dealer's used-car page is all its stock.
    expect(listsNoStock({ nbHits: 0, query: '', refinements: [carType('used')], usedOnly: true })).toBe(true);
  });

  test('of one kind of car where the site sells others means none of that kind: not "being updated"', () => {
    expect(listsNoStock({ nbHits: 0, query: '', refinements: [carType('new'), carType('demo')], usedOnly: true })).toBe(false);
    expect(listsNoStock({ nbHits: 0, query: '', refinements: [carType('new')], usedOnly: false })).toBe(false);
  });

  test('narrowed by the shopper (words, a make, a price) means none matched: not "being updated"', () => {
    expect(listsNoStock({ nbHits: 0, query: 'hilux', refinements: [], usedOnly: false })).toBe(false);
    expect(listsNoStock({ nbHits: 0, query: '', refinements: [carType('used'), { attribute: 'make', value: 'Kia' }], usedOnly: true })).toBe(false);
    expect(listsNoStock({ nbHits: 0, query: '', refinements: [{ attribute: 'price', value: '10000' }], usedOnly: false })).toBe(false);
    expect(listsNoStock({ nbHits: 3, query: '', refinements: [], usedOnly: false })).toBe(false);
  });
});
