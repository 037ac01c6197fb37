import { describe, expect, it } from 'vitest';
import { isAvailable, isPurchasable } from './availability.ts';

describe('isAvailable', () => {
  it('counts in_stock and coming_soon as available and sold as not', () => {
    expect(isAvailable({ status: 'in_stock' })).toBe(true);
    expect(isAvailable({ status: 'coming_soon' })).toBe(true);
    expect(isAvailable({ status: 'sold' })).toBe(false);
    expect(isAvailable({ status: 'reserved' })).toBe(false);
    expect(isAvailable({ status: 'in_stock', sold: true })).toBe(false);
  });
});

describe('isPurchasable', () => {
  it('needs an in-stock, unreserved car with a price', () => {
    expect(isPurchasable({ status: 'in_stock', price: 25000 })).toBe(true);
    expect(isPurchasable({ status: 'coming_soon', price: 25000 })).toBe(false);
    expect(isPurchasable({ status: 'in_stock', price: 25000, reserved: true })).toBe(false);
    expect(isPurchasable({ status: 'in_stock', price: 10 })).toBe(false);
  });
});
