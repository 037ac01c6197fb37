import { describe, expect, it } from 'vitest';
import { canReserve } from './reservation.ts';

// Spec §4: in_stock and coming_soon are available, reserve buttons only for a purchasable car,
// sold cars get no reserve; a price of 10 or less is "no price" (shows the no-price text).
const on = { features: { reserveButton: true } };
const off = { features: { reserveButton: false } };
const car = { status: 'in_stock', price: 25990, reserved: false, sold: false, show_on_dealer_website: true };

describe('canReserve', () => {
  it('reserves an in-stock, unreserved, listed car with a price on a site with reservations', () => {
    expect(canReserve(car, on)).toBe(true);
  });

  it('refuses on a site whose dealer does not take reservations', () => {
    expect(canReserve(car, off)).toBe(false);
  });

  it('refuses a sold car, by status or by the sold flag', () => {
    expect(canReserve({ ...car, status: 'sold' }, on)).toBe(false);
    expect(canReserve({ ...car, sold: true }, on)).toBe(false);
  });

  it('refuses a coming-soon car (available, but not yet in stock) and a reserved one', () => {
    expect(canReserve({ ...car, status: 'coming_soon' }, on)).toBe(false);
    expect(canReserve({ ...car, reserved: true }, on)).toBe(false);
  });

  it('refuses a price of 10 or less (no price) and takes 11 upward', () => {
    expect(canReserve({ ...car, price: 10 }, on)).toBe(false);
    expect(canReserve({ ...car, price: 0 }, on)).toBe(false);
    expect(canReserve({ ...car, price: 11 }, on)).toBe(true);
  });

  it('refuses a car hidden from the website', () => {
    expect(canReserve({ ...car, show_on_dealer_website: false }, on)).toBe(false);
  });
});
