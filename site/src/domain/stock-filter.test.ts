import { describe, expect, it } from 'vitest';
import { dealerStockFilter, soldStockFilter, stockFilterHour, soldWindowDays, stockFilterExpression, stockFilterInput, type StockFilterInput } from './stock-filter.ts';

const now = 1_750_000_000; // 2025-06-15T15:06:40Z
const hour = (seconds: number) => Math.floor(seconds / 3600) * 3600;
const settings = {
  soldWithinDays: 3,
  usedOnly: false,
  inStockOnly: false,
  excludeMakes: [],
  excludeStockNumbers: [],
  excludeCarTypes: [],
  dealerships: [],
};
const input: StockFilterInput = { stockFilter: settings, certifiedOnly: false };

describe('dealerStockFilter', () => {
  it('keeps in-stock, coming-soon and cars sold within N days shown on the dealer website', () => {
    expect(dealerStockFilter(3, now)).toBe(
      `show_on_dealer_website:true AND (status:in_stock OR status:coming_soon OR sold_date_timestamp >= ${hour(now - 3 * 86400)})`,
    );
  });
  it('lists no sold cars with argument 0', () => {
    expect(dealerStockFilter(0, now)).toBe('show_on_dealer_website:true AND (status:in_stock OR status:coming_soon)');
  });
  it('refuses an argument outside 0 to 14, naming the field', () => {
    expect(() => dealerStockFilter(15, now)).toThrow('stockFilter.soldWithinDays: must be a whole number from 0 to 14, got 15');
    expect(() => dealerStockFilter(-1, now)).toThrow(RangeError);
  });
  it('holds for the whole clock hour and moves when it ends', () => {
    // 2025-06-15T15:00:00Z, the start of the hour `now` falls in.
    expect(stockFilterHour(now)).toBe(1_749_999_600);
    expect(dealerStockFilter(3, 1_749_999_600)).toBe(dealerStockFilter(3, 1_750_003_199));
    expect(dealerStockFilter(3, 1_750_003_200)).toBe(`show_on_dealer_website:true AND (status:in_stock OR status:coming_soon OR sold_date_timestamp >= ${1_750_003_200 - 3 * 86400})`);
  });
});

describe('stockFilterInput', () => {
  it("takes the site's own sold window when the dealer sets none, and the dealer's when set", () => {
    const tenant = { stockFilter: { ...settings, soldWithinDays: 7 }, dealer: {}, search: { certifiedOnly: false } };
    expect(soldWindowDays(stockFilterInput(tenant))).toBe(7);
    expect(soldWindowDays(stockFilterInput({ ...tenant, dealer: { includeSoldCarsDays: 2 } }))).toBe(2);
    expect(stockFilterInput({ ...tenant, search: { certifiedOnly: true } }).certifiedOnly).toBe(true);
  });
});

describe('soldWindowDays', () => {
  it('defaults to 3 and prefers the dealer include_sold_cars_days', () => {
    expect(soldWindowDays(input)).toBe(3);
    expect(soldWindowDays({ ...input, includeSoldCarsDays: 10 })).toBe(10);
    expect(soldWindowDays({ ...input, includeSoldCarsDays: 0 })).toBe(0);
  });
});

describe('stockFilterExpression', () => {
  it('adds the site limits and exclusions', () => {
    const expression = stockFilterExpression(
      {
        stockFilter: { ...settings, soldWithinDays: 2, usedOnly: true, excludeStockNumbers: ['BL-TEST-0001'], excludeMakes: ['Toyota'], excludeCarTypes: ['demo'] },
        certifiedOnly: false,
      },
      now,
    );
    expect(expression).toBe(
      `show_on_dealer_website:true AND (status:in_stock OR status:coming_soon OR sold_date_timestamp >= ${hour(now - 2 * 86400)})` +
        ' AND car_type:used AND NOT make:"Toyota" AND NOT stocknum:"BL-TEST-0001" AND NOT car_type:"demo"',
    );
  });
  it('limits certified-only, in-stock-only sites and dealerships', () => {
    expect(stockFilterExpression({ stockFilter: { ...settings, inStockOnly: true, dealerships: ['a', 'b'] }, certifiedOnly: true }, now)).toBe(
      'show_on_dealer_website:true AND status:in_stock AND certified:true AND (dealership_slug:"a" OR dealership_slug:"b")',
    );
  });
});

describe('soldStockFilter', () => {
  it('is every sold car the site once listed, whenever it was sold, inside the same limits and exclusions', () => {
    const limited: StockFilterInput = {
      stockFilter: { ...settings, soldWithinDays: 2, usedOnly: true, excludeStockNumbers: ['BL-TEST-0001'], excludeMakes: ['Toyota'], excludeCarTypes: ['demo'], dealerships: ['a'] },
      certifiedOnly: true,
    };
    expect(soldStockFilter(limited)).toBe(
      'show_on_dealer_website:true AND status:sold AND car_type:used AND certified:true AND dealership_slug:"a" AND NOT make:"Toyota" AND NOT stocknum:"BL-TEST-0001" AND NOT car_type:"demo"',
    );
    // No time in it: the sold window decides only whether a sold car is still listed.
    expect(soldStockFilter(limited)).not.toMatch(/sold_date_timestamp/);
  });
  it('includes sold cars of an in-stock-only site (they were listed until they sold)', () => {
    expect(soldStockFilter({ stockFilter: { ...settings, inStockOnly: true }, certifiedOnly: false })).toBe('show_on_dealer_website:true AND status:sold');
  });
});

describe('a launched site', () => {
  it("lists only the dealer's own stock: the sample stock is left out of the stock filter and of the sold stock it once listed", () => {
    const tenant = { stockFilter: settings, dealer: {}, search: { certifiedOnly: false } };
    const launched = stockFilterInput({ ...tenant, launch: { launched: true } });
    expect(stockFilterExpression(launched, now)).toBe(
      `show_on_dealer_website:true AND (status:in_stock OR status:coming_soon OR sold_date_timestamp >= ${hour(now - 3 * 86400)}) AND sample_stock:false`,
    );
    expect(soldStockFilter(launched)).toBe('show_on_dealer_website:true AND status:sold AND sample_stock:false');
    const preview = stockFilterInput({ ...tenant, launch: { launched: false } });
    expect(stockFilterExpression(preview, now)).not.toContain('sample_stock');
  });
});
