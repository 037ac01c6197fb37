import { describe, expect, it } from 'vitest';
import { carPhone, noPhoneWarning } from './car-phone.ts';

describe('carPhone (spec §8: no phone for a car)', () => {
  it("prefers the car's location number, then the tenant's", () => {
    expect(carPhone('07 5550 1100', '07 5550 9999')).toBe('07 5550 1100');
    expect(carPhone(null, '07 5550 9999')).toBe('07 5550 9999');
    expect(carPhone('  ', '07 5550 9999')).toBe('07 5550 9999');
  });
  it('is null without a number, and the warning names the car and its location', () => {
    expect(carPhone(undefined, null)).toBeNull();
    expect(noPhoneWarning({ id: 42, location: { name: 'Test Toyota Newstead' } })).toBe('No phone number for car 42 at Test Toyota Newstead: the page shows no number to call.');
  });
});
