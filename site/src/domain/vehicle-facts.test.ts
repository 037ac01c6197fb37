import { describe, expect, it } from 'vitest';
import type { Car } from '../../../schema/api/car.ts';
import { conditionLabel, keyInformation, kilometresText } from './vehicle-facts.ts';

const labels = { newTag: 'New', used: 'Used' };
const car = {
  car_type: 'used', stocknum: 'HU-21003', km: 48213, item_type: 'car', bodyconfiguration: null, simple_body: 'Hatch', trans: null, simple_transmission: 'Automatic',
  fuel: null, simple_fuel: 'Petrol', drive: null, simple_drive: 'FWD', engine_size_litres: null, colour: 'Silver', interior_colour: null, seats: 5, doors: null,
  vin: null, rego: '1AB2CD', rego_expiry: null, build_date: null, compliance_date: null, location: { name: 'Harbourside Toyota' },
} as unknown as Car;

describe('conditionLabel', () => {
  it("words new and used with the tenant's labels and demo as Demo", () => {
    expect(conditionLabel(labels, 'new')).toBe('New');
    expect(conditionLabel({ newTag: 'Brand New', used: 'Pre-owned' }, 'used')).toBe('Pre-owned');
    expect(conditionLabel(labels, 'demo')).toBe('Demo');
  });
});

describe('kilometresText', () => {
  it('writes km with thousands separators and " km"; caravans have none', () => {
    expect(kilometresText({ km: 48213, item_type: 'car' })).toBe('48,213 km');
    expect(kilometresText({ km: 0, item_type: 'car' })).toBe('0 km');
    expect(kilometresText({ km: 100, item_type: 'caravan' })).toBeNull();
  });
});

describe('keyInformation', () => {
  it('lists the facts the car has, in order, with the location unless left out', () => {
    expect(keyInformation(car, labels)).toEqual([
      { label: 'Condition', value: 'Used' },
      { label: 'Stock number', value: 'HU-21003' },
      { label: 'Kilometres', value: '48,213 km' },
      { label: 'Body', value: 'Hatch' },
      { label: 'Transmission', value: 'Automatic' },
      { label: 'Fuel', value: 'Petrol' },
      { label: 'Drive', value: 'FWD' },
      { label: 'Colour', value: 'Silver' },
      { label: 'Seats', value: '5' },
      { label: 'Rego', value: '1AB2CD' },
      { label: 'Location', value: 'Harbourside Toyota' },
    ]);
    expect(keyInformation(car, labels, { location: false }).map((fact) => fact.label)).not.toContain('Location');
  });
});
