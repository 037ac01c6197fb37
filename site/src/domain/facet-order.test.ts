import { describe, expect, it } from 'vitest';
import { groupMakes, modelsOfMake, priceRangeLowerBound, sortFacetItems, visibleFacetItems, type FacetItem } from './facet-order.ts';

const item = (value: string, count: number): FacetItem => ({ label: value, value, count });

describe('sortFacetItems', () => {
  it('orders body series duo, city, sport', () => {
    const sorted = sortFacetItems('series', [item('sport', 9), item('city', 1), item('duo', 3)]);
    expect(sorted.map((i) => i.value)).toEqual(['duo', 'city', 'sport']);
  });
  it('orders car type new, demo, used whatever the counts', () => {
    const sorted = sortFacetItems('car_type', [item('used', 300), item('new', 2), item('demo', 40)]);
    expect(sorted.map((i) => i.value)).toEqual(['new', 'demo', 'used']);
  });
  it('sorts price ranges numerically, not alphabetically', () => {
    const sorted = sortFacetItems('price_range', [
      item('$100,000 - $150,000', 1),
      item('$20,000 - $30,000', 5),
      item('$0 - $10,000', 2),
      item('$150,000+', 1),
    ]);
    expect(sorted.map((i) => i.value)).toEqual(['$0 - $10,000', '$20,000 - $30,000', '$100,000 - $150,000', '$150,000+']);
    expect(priceRangeLowerBound('$150,000+')).toBe(150000);
  });
  it('sorts other facets by count', () => {
    expect(sortFacetItems('colour', [item('White', 2), item('Black', 7)]).map((i) => i.value)).toEqual(['Black', 'White']);
  });
});

describe('groupMakes', () => {
  it('puts the first 20 makes by count in Popular Makes and every make alphabetically in All Makes', () => {
    const makes = Array.from({ length: 25 }, (_, i) => item(`Make ${String.fromCharCode(65 + i)}`, i + 1));
    const { popular, all } = groupMakes(makes, 20);
    expect(popular).toHaveLength(20);
    expect(popular[0]?.value).toBe('Make Y');
    expect(all).toHaveLength(25);
    expect(all[0]?.value).toBe('Make A');
  });
});

describe('modelsOfMake', () => {
  it('caps the model sub-list at the limit and strips the make', () => {
    const models = Array.from({ length: 40 }, (_, i) => item(`Toyota Model ${i}`, 40 - i));
    const list = modelsOfMake('Toyota', [...models, item('Mazda CX-5', 99)], 30);
    expect(list).toHaveLength(30);
    expect(list[0]).toMatchObject({ label: 'Model 0', value: 'Toyota Model 0' });
  });
});

describe('visibleFacetItems', () => {
  it('hides the value false of the certified facet on certified-only sites', () => {
    const items = [item('true', 10), item('false', 2)];
    expect(visibleFacetItems('certified', items, true).map((i) => i.value)).toEqual(['true']);
    expect(visibleFacetItems('certified', items, false)).toHaveLength(2);
  });
});
