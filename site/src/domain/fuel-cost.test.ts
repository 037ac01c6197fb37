import { describe, expect, test } from 'vitest';
import { consumptionOf, FUEL_DEFAULTS, fuelCalculatorShown, fuelCost } from './fuel-cost.ts';

describe('fuel cost calculator (spec §9)', () => {
  test('defaults: $1.70/L, 250 km a week, 10 L/100 km → $42.50 a week', () => {
    const cost = fuelCost({ litresPer100Km: consumptionOf(null, 10), kmPerWeek: FUEL_DEFAULTS.kmPerWeek, pricePerLitre: FUEL_DEFAULTS.pricePerLitre });
    expect(cost).toEqual({ weekly: 42.5, monthly: 184.17, yearly: 2210 });
  });
  test("the car's own consumption when it has one", () => {
    expect(consumptionOf(7.2, 10)).toBe(7.2);
    expect(consumptionOf(0, 8.5)).toBe(8.5);
    expect(fuelCost({ litresPer100Km: 7.2, kmPerWeek: 300, pricePerLitre: 2 }).weekly).toBe(43.2);
  });
  test('hidden for electric cars', () => {
    expect(fuelCalculatorShown('Electric')).toBe(false);
    expect(fuelCalculatorShown('Hybrid')).toBe(true);
    expect(fuelCalculatorShown(null)).toBe(true);
  });
});
