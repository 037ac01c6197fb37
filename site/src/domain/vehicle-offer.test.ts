import { describe, expect, test } from 'vitest';
import { type ActionCarInput, isValuationEligible, marketPriceHint, reserveDeposit, vehicleActions, type ActionOptions } from './vehicle-offer.ts';

describe('market-price hint (spec §4)', () => {
  test('at least $500 under the average, the state average preferred', () => {
    expect(marketPriceHint(29_500, { average_market_price: 40_000, state_average_market_price: 30_000 })).toEqual({ saving: 500, average: 30_000, state: true });
    expect(marketPriceHint(29_501, { average_market_price: 40_000, state_average_market_price: 30_000 })).toBeNull();
    expect(marketPriceHint(29_000, { average_market_price: 30_000, state_average_market_price: null })).toEqual({ saving: 1_000, average: 30_000, state: false });
    expect(marketPriceHint(5, { average_market_price: 30_000, state_average_market_price: null })).toBeNull();
    expect(marketPriceHint(20_000, null)).toBeNull();
  });
});

describe('reserve deposit (spec §9)', () => {
  test("the car's own value, else the $200 fallback", () => {
    expect(reserveDeposit(500, 200)).toBe(500);
    expect(reserveDeposit(null, 200)).toBe(200);
    expect(reserveDeposit(0, 200)).toBe(200);
  });
});

const options: ActionOptions = {
  historyReport: true,
  financeEnquiry: true,
  tradeIn: true,
  reserveButton: true,
  onlinePurchase: true,
  financePath: '/finance',
  checkoutPathVariant: 'checkout',
  financeButton: 'Get Finance Quote',
  tradeInButton: 'Trade-In',
  reserveCarNow: 'Reserve Car Now',
  onlinePurchaseLabel: 'Online Purchase',
  tradeInMaxAgeYears: 7,
  tradeInMaxKm: 100_000,
  currentYear: 2026,
};
const car: ActionCarInput = { id: 7, slug: 'x-7', status: 'in_stock', price: 30_000, year: 2022, km: 40_000, car_type: 'used', dealership_slug: 'north', vin: 'VIN1', file: '/api/cars/x-7/history-report.pdf' };

const ids = (c: ActionCarInput) => vehicleActions(c, options).map((a) => a.id);

describe('vehicle actions (spec §2, §5)', () => {
  test('every button for a purchasable, valuation-eligible car with a report file', () => {
    const actions = vehicleActions(car, options);
    expect(actions.map((a) => a.id)).toEqual(['enquire', 'history-report', 'finance', 'trade-in', 'reserve', 'online-purchase']);
    expect(actions.find((a) => a.id === 'finance')?.href).toBe('/finance?preferredDealership=north&vehiclePriceBudget=30000&car_id=7&car_type=used&vin=VIN1#finance-form');
    expect(actions.find((a) => a.id === 'reserve')?.href).toBe('/cars/x-7/checkout');
    expect(actions.find((a) => a.id === 'trade-in')?.href).toBe('/cars/trade-in?car_id=7');
  });
  test('history report only with a file; trade-in only when valuation-eligible; reserve only when purchasable', () => {
    expect(ids({ ...car, file: null })).not.toContain('history-report');
    expect(ids({ ...car, year: 2018 })).not.toContain('trade-in');
    expect(ids({ ...car, km: 100_001 })).not.toContain('trade-in');
    expect(ids({ ...car, reserved: true })).not.toContain('reserve');
    expect(ids({ ...car, status: 'coming_soon' })).not.toContain('online-purchase');
  });
  test('an unavailable car gets Find Me Something Similar only', () => {
    expect(vehicleActions({ ...car, status: 'sold' }, options).map((a) => a.label)).toEqual(['Find Me Something Similar']);
  });
  test('valuation eligibility: 7 years, 100,000 km', () => {
    expect(isValuationEligible({ year: 2019, km: 100_000 }, 7, 100_000, 2026)).toBe(true);
    expect(isValuationEligible({ year: 2018, km: 0 }, 7, 100_000, 2026)).toBe(false);
  });
});
