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

interface Hotspot {
  positions: { activeAngle: number; posX: number; posY: number }[];
}

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

  test('a car sold before the sold window is sold, not reserved, sold after it was listed and before the window', () => {
    const cars = batch('archive', 200, { ...ctx, soldBeforeWindow: true });
    for (const c of cars) {
      expect(c.status).toBe('sold');
      expect(c.reserved).toBe(false);
      const soldAgo = NOW - (c.sold_at?.getTime() ?? NOW);
      expect(soldAgo).toBeGreaterThan(3 * 86_400_000);
      expect(soldAgo).toBeLessThanOrEqual(64 * 86_400_000);
      expect(c.created_at.getTime()).toBeLessThan(c.sold_at?.getTime() ?? 0);
    }
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
    // Markers shown together (the same angle) are a fifth of the frame apart at least: on a phone
    // (a 360 px frame) that is 72 px, more than a 44 px marker.
    for (const car of spin) {
      const { exterior, interior } = car.details.hotspots as { exterior: Hotspot[]; interior: Hotspot[] };
      for (const list of [exterior, interior])
        for (const angle of [0, 90, 180, 270]) {
          const xs = list.map((h) => h.positions.find((p) => p.activeAngle === angle)!.posX).sort((a, b) => a - b);
          for (let i = 1; i < xs.length; i++) expect(xs[i]! - xs[i - 1]!).toBeGreaterThanOrEqual(20);
        }
    }
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

const kind = (itemType: StockContext['itemType'], makes: string[] = []) => batch(`kind-${itemType}`, 600, { ...ctx, template: itemType, itemType, makes });
const CAR_ONLY_ANGLES = ['interior', 'rear-seats', 'boot'];
const CAR_EQUIPMENT = ['Sunroof', 'Power Tailgate', 'Tub Liner', 'Heated Front Seats', 'Dual-Zone Climate Control', 'Android Auto'];
/** The fuel a truck's badge implies (eCanter is electric, a Hybrid badge hybrid), else diesel. */
const truckFuel = (badge: string) => (badge === 'eCanter' ? 'Electric' : badge.includes('Hybrid') ? 'Hybrid' : 'Diesel');

describe('each kind of stock is believable', () => {

  test('motorcycles: bike bodies, one or two seats, no doors, manual gearboxes, chain or belt drive, no certified pre-owned', () => {
    const bikes = kind('motorcycle');
    expect(new Set(bikes.map((b) => b.simple_body))).toEqual(new Set(['Naked', 'Cruiser', 'Touring', 'Adventure', 'Sport']));
    for (const b of bikes) {
      expect(b.item_type).toBe('motorcycle');
      expect(b.details.seats as number).toBeLessThanOrEqual(2);
      expect(b.details.doors).toBeNull();
      expect(b.details.interior_colour).toBeNull();
      expect(b.certified).toBe(false);
      expect(b.details.simple_drive).toBeNull();
      expect(String(b.details.drive)).toMatch(/^(Chain|Belt|Shaft) Drive$/);
      expect((b.details.variant as { ancaprating: unknown }).ancaprating).toBeNull();
      expect((b.details.standardEquipment as string[]).filter((e) => CAR_EQUIPMENT.includes(e))).toEqual([]);
      expect(b.images.filter((i) => CAR_ONLY_ANGLES.includes(i.angle))).toEqual([]);
      // Ride-away prices of learner bikes to tourers; riders cover a few thousand km a year.
      expect(b.price).toBeGreaterThan(3000);
      expect(b.price).toBeLessThan(55_000);
    }
    const used = bikes.filter((b) => b.car_type === 'used');
    expect(used.length).toBeGreaterThan(100);
    expect(Math.max(...used.map((b) => b.km / Math.max(1, 2026 - b.year)))).toBeLessThan(10_000);
    expect(bikes.filter((b) => b.model !== 'Gold Wing').every((b) => b.details.simple_transmission === 'Manual')).toBe(true);
    expect(bikes.some((b) => b.details.tag === 'LAMS Approved' && String(b.details.badge).includes('LAMS'))).toBe(true);
    expect(bikes.filter((b) => b.details.tag === 'LAMS Approved').every((b) => String(b.details.badge).includes('LAMS'))).toBe(true);
  });

  test('trucks: cab chassis with GVM and body, fuels that match the badge, truck equipment, no certified pre-owned', () => {
    const trucks = kind('truck');
    for (const t of trucks) {
      expect(t.simple_body).toBe('Cab Chassis');
      expect((t.details.variant as { grossvehiclemass: number }).grossvehiclemass).toBeGreaterThanOrEqual(4500);
      expect(t.certified).toBe(false);
      expect((t.details.standardEquipment as string[]).filter((e) => CAR_EQUIPMENT.includes(e))).toEqual([]);
      expect(t.images.filter((i) => ['interior', 'rear-seats', 'boot'].includes(i.angle))).toEqual([]);
      expect(t.price).toBeGreaterThan(15_000);
      expect(t.price).toBeLessThan(170_000);
      expect({ badge: t.details.badge, fuel: t.simple_fuel }).toEqual({ badge: t.details.badge, fuel: truckFuel(String(t.details.badge)) });
    }
    expect(new Set(trucks.map((t) => t.simple_fuel))).toEqual(new Set(['Diesel', 'Hybrid', 'Electric']));
  });

  test('caravans: photographed inside as a caravan (lounge, kitchen, bedroom), never a dashboard', () => {
    const vans = kind('caravan', ['Jayco', 'Avan']);
    const angles = new Set(vans.flatMap((v) => v.images.map((i) => i.angle)));
    for (const inside of ['lounge', 'kitchen', 'bedroom']) expect(angles.has(inside)).toBe(true);
    for (const car of ['dashboard', 'rear-seats', 'boot', 'interior']) expect(angles.has(car)).toBe(false);
    expect(vans.every((v) => v.price > 8000 && v.price < 150_000 && !v.certified && v.details.seats === null)).toBe(true);
  });

  test('cars keep car bodies, and only cars can be certified pre-owned', () => {
    const cars = batch('cars-only', 600);
    expect(cars.every((c) => !['Naked', 'Cruiser', 'Touring', 'Adventure', 'Sport'].includes(c.simple_body))).toBe(true);
    expect(cars.some((c) => c.certified)).toBe(true);
  });

  test('no car is complied before it is built', () => {
    const all = [...batch('complied', 600), ...kind('motorcycle'), ...kind('truck')];
    expect(all.filter((v) => String(v.details.compliance_date) < String(v.details.build_date))).toEqual([]);
    // Both months are still drawn: some cars are complied after the month they were built.
    expect(all.some((v) => String(v.details.compliance_date) > String(v.details.build_date))).toBe(true);
  });

  test('no build or compliance date is in the future', () => {
    const month = '2026-06';
    for (const v of [...kind('motorcycle'), ...kind('truck')]) {
      expect(String(v.details.build_date) <= month).toBe(true);
      expect(String(v.details.compliance_date) <= month).toBe(true);
    }
  });
});
