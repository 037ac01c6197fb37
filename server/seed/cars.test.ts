import { describe, expect, test } from 'vitest';
import { generateCar, type StockContext } from './cars.ts';
import { createRng } from './random.ts';

const NOW = Date.UTC(2026, 5, 15);
const ctx: StockContext = {
  template: 'dealer-group', financeProvider: 'plenti', soldWindowDays: 3, dealershipSlug: 'd', dealershipCode: 'HM',
  makes: ['Toyota', 'Mazda', 'Hyundai'], state: 'QLD', city: 'Brisbane', postcode: '4000', itemType: 'car', certifiedOnly: false, usedOnly: false,
};
const batch = (seed: string, n: number, c: StockContext = ctx) => {
  const rng = createRng(seed);
  return Array.from({ length: n }, (_, i) => generateCar(rng, c, i + 1, NOW));
};

describe('generateCar', () => {
  test('is deterministic for a seed', () => {
    expect(batch('same', 50)).toEqual(batch('same', 50));
    expect(batch('same', 5)).not.toEqual(batch('other', 5));
  });

  test('covers the statuses, sold dates inside the sold window and just-arrived stock', () => {
    const cars = batch('mix', 1500);
    const statuses = new Set(cars.map((c) => c.status));
    expect(statuses).toEqual(new Set(['in_stock', 'coming_soon', 'sold']));
    for (const c of cars.filter((x) => x.status === 'sold')) {
      expect(c.sold_at).not.toBeNull();
      expect(NOW - (c.sold_at?.getTime() ?? 0)).toBeLessThanOrEqual(3 * 86_400_000);
    }
    expect(cars.some((c) => c.reserved)).toBe(true);
    expect(cars.filter((c) => NOW - c.created_at.getTime() < 8 * 86_400_000).length).toBeGreaterThan(50);
    expect(new Set(cars.map((c) => c.car_type))).toEqual(new Set(['new', 'used', 'demo']));
  });

  test('has empty and over-400-character dealer comments, electrified fuels, spin frames and hotspots', () => {
    const cars = batch('detail', 1500);
    const comments = cars.map((c) => String(c.details.dealercomments));
    expect(comments.some((t) => t === '')).toBe(true);
    expect(comments.some((t) => t.length > 400)).toBe(true);
    const fuels = new Set(cars.map((c) => c.simple_fuel));
    for (const f of ['Petrol', 'Diesel', 'Hybrid', 'Electric', 'PHEV']) expect(fuels.has(f)).toBe(true);
    const spin = cars.filter((c) => c.details.spin === true);
    expect(spin.length).toBeGreaterThan(0);
    expect(spin.every((c) => c.images.filter((i) => i.kind === 'spin').length === 36 && c.details.hotspots)).toBe(true);
  });

  test('used cars have rego and plausible km; new cars have neither', () => {
    const cars = batch('rego', 400);
    const fresh = cars.filter((c) => c.car_type === 'new');
    const used = cars.filter((c) => c.car_type === 'used');
    expect(fresh.every((c) => c.rego === null && c.km < 100)).toBe(true);
    expect(used.every((c) => /^[A-Z0-9]{5,7}$/.test(c.rego ?? '') && c.km > 1000)).toBe(true);
    expect(cars.every((c) => c.vin?.length === 17 && c.price > 1000)).toBe(true);
  });

  test('caravan dealers get caravans with caravan specs; certified-only sites certified used stock', () => {
    const vans = batch('van', 50, { ...ctx, itemType: 'caravan', makes: ['Jayco'] });
    expect(vans.every((v) => v.item_type === 'caravan' && v.make === 'Jayco' && v.details.caravan_specs)).toBe(true);
    const cpo = batch('cpo', 50, { ...ctx, certifiedOnly: true, template: 'certified-pre-owned' });
    expect(cpo.every((c) => c.car_type === 'used' && c.certified)).toBe(true);
  });

  test('finance lenders include the tenant provider and the manual entry', () => {
    for (const c of batch('fin', 30)) {
      const lenders = c.details.finance_lenders as Record<string, { paymentWeek: number }>;
      expect(Object.keys(lenders)).toEqual(expect.arrayContaining(['plenti', 'manual']));
      expect(lenders.manual?.paymentWeek).toBeGreaterThan(0);
    }
  });
});
