import { describe, expect, it } from 'vitest';
import { carTag } from './car-tags.ts';

const labels = { justSold: 'JUST SOLD', reserved: 'Reserved', comingSoon: 'COMING SOON', newArrival: 'New Arrival' };
const now = 1_800_000_000;
const day = 86_400;
const base = { status: 'in_stock', created_at: now - 30 * day, car_type: 'used' };

describe('carTag', () => {
  it('follows the spec priority: fuel, reserved, certified, custom, coming soon, just arrived', () => {
    const all = { ...base, simple_fuel: 'Hybrid', reserved: true, certified: true, tag: 'Low Kms', created_at: now - day };
    expect(carTag(all, labels, now, 8)).toEqual({ kind: 'fuel', text: 'Hybrid' });
    expect(carTag({ ...all, simple_fuel: 'Petrol' }, labels, now, 8)).toEqual({ kind: 'reserved', text: 'Reserved' });
    expect(carTag({ ...all, simple_fuel: 'Petrol', reserved: false }, labels, now, 8)?.kind).toBe('certified');
    expect(carTag({ ...all, simple_fuel: 'Petrol', reserved: false, certified: false }, labels, now, 8)).toEqual({ kind: 'custom', text: 'Low Kms' });
    expect(carTag({ ...base, status: 'coming_soon', created_at: now - day }, labels, now, 8)).toEqual({ kind: 'coming-soon', text: 'COMING SOON' });
    expect(carTag({ ...base, created_at: now - 7 * day }, labels, now, 8)).toEqual({ kind: 'just-arrived', text: 'New Arrival' });
    expect(carTag({ ...base, created_at: now - 8 * day }, labels, now, 8)).toBeNull();
  });
  it('labels unavailable cars as sold', () => {
    expect(carTag({ ...base, status: 'sold', simple_fuel: 'Electric' }, labels, now, 8)).toEqual({ kind: 'sold', text: 'JUST SOLD' });
  });
});
