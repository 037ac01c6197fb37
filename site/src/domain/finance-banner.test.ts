import { describe, expect, it } from 'vitest';
import { financeBanner, type FinanceBannerCar } from './finance-banner.ts';

const car: FinanceBannerCar = {
  id: 516,
  status: 'in_stock',
  sold: false,
  reserved: false,
  price: 30_000,
  car_type: 'used',
  dealership_slug: 'harbourside-toyota',
  vin: 'JTDBT923X01234567',
  youxQuote: { weeklyRepaymentAmount: 98.5, advertisedRate: 9.99, comparisonRate: 10.3 },
};
const options = { enabled: true, financePath: '/finance', getFinance: 'Get Finance', preApproved: 'Pre-Approved', weeksPerMonth: 4.33 };
const query = 'preferredDealership=harbourside-toyota&vehiclePriceBudget=30000&car_id=516&car_type=used&vin=JTDBT923X01234567';

describe('financeBanner', () => {
  it('shows the estimate, monthly = weekly × 4.33, and the Get Finance and Pre-Approved links with the car', () => {
    expect(financeBanner(car, options)).toEqual({
      weekly: 98.5,
      // 98.50 × 4.33 = 426.505 → $426.51
      monthly: 426.51,
      advertisedRate: 9.99,
      comparisonRate: 10.3,
      links: [
        { label: 'Get Finance', href: `/finance?${query}#finance-form` },
        { label: 'Pre-Approved', href: `/apply-for-finance?${query}#finance-form` },
      ],
    });
  });

  it("follows the tenant's finance path and labels", () => {
    const banner = financeBanner(car, { ...options, financePath: '/car-finance', getFinance: 'Finance this car', preApproved: 'Get pre-approved' });
    expect(banner?.links).toEqual([
      { label: 'Finance this car', href: `/car-finance?${query}#finance-form` },
      { label: 'Get pre-approved', href: `/apply-for-finance?${query}#finance-form` },
    ]);
  });

  it('is absent where the tenant has the estimate off', () => {
    expect(financeBanner(car, { ...options, enabled: false })).toBeNull();
  });

  it('is absent for cars that are not quote-eligible (spec §5)', () => {
    expect(financeBanner({ ...car, status: 'sold', sold: true }, options)).toBeNull();
    expect(financeBanner({ ...car, reserved: true }, options)).toBeNull();
    expect(financeBanner({ ...car, status: 'coming_soon' }, options)).toBeNull();
    expect(financeBanner({ ...car, price: 200 }, options)).toBeNull();
    expect(financeBanner({ ...car, price: 201 }, options)).not.toBeNull();
  });

  it("is absent without a quote and at or below $25 a week ('Enquire for Finance', spec §8)", () => {
    expect(financeBanner({ ...car, youxQuote: null }, options)).toBeNull();
    expect(financeBanner({ ...car, youxQuote: { weeklyRepaymentAmount: 25, advertisedRate: 9.99, comparisonRate: 10.3 } }, options)).toBeNull();
    expect(financeBanner({ ...car, youxQuote: { weeklyRepaymentAmount: 25.01, advertisedRate: 9.99, comparisonRate: 10.3 } }, options)?.weekly).toBe(25.01);
  });
});
