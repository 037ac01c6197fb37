import { describe, expect, it } from 'vitest';
import { capitalised, countOf, itemNoun } from './item-noun.ts';

describe('itemNoun (tenant search.itemType, spec §3 item_type)', () => {
  it('words each kind of stock in the singular and plural', () => {
    expect(itemNoun('car')).toEqual({ one: 'car', many: 'cars' });
    expect(itemNoun('caravan')).toEqual({ one: 'caravan', many: 'caravans' });
    expect(itemNoun('motorcycle')).toEqual({ one: 'motorcycle', many: 'motorcycles' });
    expect(itemNoun('truck')).toEqual({ one: 'truck', many: 'trucks' });
  });

  it('falls back to cars for a kind it does not know', () => {
    expect(itemNoun('boat')).toEqual({ one: 'car', many: 'cars' });
  });
});

describe('countOf', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(countOf(1, itemNoun('caravan'))).toBe('1 caravan');
    expect(countOf(2, itemNoun('caravan'))).toBe('2 caravans');
    expect(countOf(0, itemNoun('motorcycle'))).toBe('0 motorcycles');
  });
});

describe('capitalised', () => {
  it('capitalises the first letter only', () => {
    expect(capitalised('motorcycles')).toBe('Motorcycles');
    expect(capitalised('')).toBe('');
  });
});
