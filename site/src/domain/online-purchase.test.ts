import { describe, expect, it } from 'vitest';
import { canBuyOnline, orderDeposit, orderReference, orderTotals, purchasePrice } from './online-purchase.ts';

describe('canBuyOnline (spec §4: reserve/online purchase need a reservable car)', () => {
  it('takes an in-stock, unreserved car with a price', () => {
    expect(canBuyOnline({ status: 'in_stock', price: 25990 })).toBe(true);
  });
  it('refuses coming soon, sold, reserved and no-price cars', () => {
    expect(canBuyOnline({ status: 'coming_soon', price: 25990 })).toBe(false);
    expect(canBuyOnline({ status: 'sold', price: 25990 })).toBe(false);
    expect(canBuyOnline({ status: 'in_stock', price: 25990, sold: true })).toBe(false);
    expect(canBuyOnline({ status: 'in_stock', price: 25990, reserved: true })).toBe(false);
    // Spec §4: a price of 10 or less is no price.
    expect(canBuyOnline({ status: 'in_stock', price: 10 })).toBe(false);
  });
});

describe('purchasePrice (spec §4 price display: the reduced/offer price, then the car price)', () => {
  it('uses a real offer price below the car price', () => {
    expect(purchasePrice({ price: 30990, offer_price: 28990 })).toBe(28990);
  });
  it('ignores a missing, no-price (10 or less) or higher offer', () => {
    expect(purchasePrice({ price: 30990, offer_price: null })).toBe(30990);
    expect(purchasePrice({ price: 30990, offer_price: 10 })).toBe(30990);
    expect(purchasePrice({ price: 30990, offer_price: 31990 })).toBe(30990);
  });
});

describe('orderDeposit (spec §9: per-car deposit, fallback $200)', () => {
  it("uses the car's own deposit", () => {
    expect(orderDeposit({ reserve_deposit: 500 }, 200)).toBe(500);
  });
  it('falls back to the site value ($200 by default)', () => {
    expect(orderDeposit({ reserve_deposit: null }, 200)).toBe(200);
    expect(orderDeposit({}, 200)).toBe(200);
    expect(orderDeposit({ reserve_deposit: 0 }, 300)).toBe(300);
  });
});

describe('orderTotals', () => {
  it('adds delivery to the price, takes the deposit now and leaves the balance', () => {
    expect(orderTotals(28990, 900, 200)).toEqual({ vehicle_price: 28990, delivery_fee: 900, total: 29890, deposit: 200, balance_due: 29690 });
  });
  it('a pickup costs nothing extra', () => {
    expect(orderTotals(28990, 0, 200)).toMatchObject({ total: 28990, balance_due: 28790 });
  });
  it('never takes a deposit above the total', () => {
    expect(orderTotals(150, 0, 200)).toMatchObject({ deposit: 150, balance_due: 0 });
  });
});

describe('orderReference', () => {
  it('pads the order number to six digits', () => {
    expect(orderReference(42)).toBe('ORD-000042');
    expect(orderReference(1234567)).toBe('ORD-1234567');
  });
});
