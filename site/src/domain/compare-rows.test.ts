import { describe, expect, it } from 'vitest';
import { compareRows, NO_VALUE, type CompareCarFacts } from './compare-rows.ts';

const facts = (overrides: Partial<CompareCarFacts>): CompareCarFacts => ({
  price: '$31,990',
  year: 2021,
  car_type: 'used',
  km: 41250,
  body: 'SUV',
  transmission: 'Automatic',
  fuel: 'Petrol',
  drive: 'FWD',
  engine_litres: 2,
  fuel_consumption: 6.8,
  seats: 5,
  doors: 4,
  colour: 'White',
  towing_braked: null,
  ancap: null,
  location: 'Range Road Kia',
  ...overrides,
});

describe('compareRows', () => {
  const labels = { condition: (type: string) => (type === 'used' ? 'Used' : type === 'new' ? 'New' : 'Demo') };

  it('one column per car, with units, and marks the rows where cars differ', () => {
    const rows = compareRows([facts({}), facts({ price: '$45,990', year: 2024, car_type: 'new', km: 10, engine_litres: 1.6, fuel_consumption: 7.25 })], labels);
    const row = (label: string) => rows.find((r) => r.label === label);
    expect(row('Price')).toEqual({ label: 'Price', values: ['$31,990', '$45,990'], differs: true });
    expect(row('Kilometres')).toEqual({ label: 'Kilometres', values: ['41,250 km', '10 km'], differs: true });
    expect(row('Condition')?.values).toEqual(['Used', 'New']);
    expect(row('Engine')?.values).toEqual(['2.0 L', '1.6 L']);
    expect(row('Fuel consumption (combined)')?.values).toEqual(['6.8 L/100 km', '7.25 L/100 km']);
    expect(row('Body')).toEqual({ label: 'Body', values: ['SUV', 'SUV'], differs: false });
  });

  it('leaves out rows no car has and shows — for a car without the value', () => {
    const rows = compareRows([facts({ towing_braked: 1500 }), facts({ colour: null })], labels);
    expect(rows.some((r) => r.label === 'ANCAP safety rating')).toBe(false);
    expect(rows.find((r) => r.label === 'Towing capacity (braked)')?.values).toEqual(['1,500 kg', NO_VALUE]);
    expect(rows.find((r) => r.label === 'Colour')).toEqual({ label: 'Colour', values: ['White', NO_VALUE], differs: true });
  });

  it('a car without details reads — everywhere and does not count as a difference', () => {
    const rows = compareRows([facts({}), null, facts({ price: '$29,990' })], labels);
    expect(rows.find((r) => r.label === 'Body')).toEqual({ label: 'Body', values: ['SUV', NO_VALUE, 'SUV'], differs: false });
    expect(rows.find((r) => r.label === 'Price')).toEqual({ label: 'Price', values: ['$31,990', NO_VALUE, '$29,990'], differs: true });
  });

  it('a caravan without km has no Kilometres row; one car differs from nothing', () => {
    const rows = compareRows([facts({ km: null })], labels);
    expect(rows.some((r) => r.label === 'Kilometres')).toBe(false);
    expect(rows.every((r) => !r.differs)).toBe(true);
  });
});
