import { readFileSync } from 'node:fs';
import { describe, expect, it, test } from 'vitest';
import { resolveTenant } from '../../../schema/resolve.ts';
import type { TenantConfig } from '../../../schema/tenant.gen.ts';
import { tenantFixture } from '../test/tenant-fixture.ts';
import {
  needsQuoteRequest,
  quoteRequestBody,
  amortisedRepayment,
  purchasePriceError,
  purchasePriceLimits,
  calculatorRepayment,
  comparisonRate,
  DEFAULT_ESTIMATE,
  financeEstimate,
  financeSummaryShown,
  isQuoteEligible,
  lenderEligible,
  rateText,
  loanAmountRange,
  calculatorSliderStep,
  defaultInterestRate,
  clampToRange,
  snapToStep,
} from './finance.ts';

// Expected figures were computed independently (Python, closed-form annuity and a secant
// solve of the cash flows), not with these functions.
describe('amortisedRepayment', () => {
  test('the $30,000 5-year loan of spec §9 at 8.5%: monthly and weekly', () => {
    expect(amortisedRepayment(30_000, 8.5, 5, 12)).toBeCloseTo(615.4959, 3);
    expect(amortisedRepayment(30_000, 8.5, 5, 52)).toBeCloseTo(141.7283, 3);
  });
  test('a balloon lowers the repayment; zero interest splits the rest evenly', () => {
    expect(amortisedRepayment(27_000, 8.99, 5, 52, 9_000)).toBeCloseTo(101.5706, 3);
    expect(amortisedRepayment(12_000, 0, 1, 12)).toBe(1_000);
  });
});

describe('calculatorRepayment (spec §9)', () => {
  test('amount minus deposit plus establishment fee, fortnightly over 6 years', () => {
    const result = calculatorRepayment({ amount: 30_000, deposit: 3_000, residual: 0, termYears: 6, ratePct: 10, periodsPerYear: 26, establishmentFee: 1_300 });
    expect(result).toEqual({ kind: 'repayment', repayment: 241.58, financed: 28_300, totalPayable: 37_686.48 });
  });
  test('a repayment at or below $25 means Enquire for Finance (spec §8)', () => {
    expect(calculatorRepayment({ amount: 1_000, deposit: 0, residual: 0, termYears: 7, ratePct: 5, periodsPerYear: 52, establishmentFee: 0 })).toEqual({ kind: 'enquire' });
    expect(calculatorRepayment({ amount: 5_000, deposit: 5_000, residual: 0, termYears: 5, ratePct: 9, periodsPerYear: 12, establishmentFee: 0 })).toEqual({ kind: 'enquire' });
  });
});

describe('financeEstimate (spec §9: 5 years, 10% deposit, 30% final payment, × 4.33)', () => {
  test('a $30,000 car at 8.99%', () => {
    const estimate = financeEstimate(30_000, 8.99, DEFAULT_ESTIMATE);
    expect(estimate).toMatchObject({ deposit: 3_000, balloon: 9_000, financed: 27_000, weekly: 101.57 });
    expect(estimate.monthly).toBeCloseTo(101.57 * 4.33, 2);
  });
});

describe('comparisonRate (standard method)', () => {
  test('no fees: the comparison rate is the interest rate', () => {
    expect(comparisonRate({ amount: 30_000, ratePct: 8.5, years: 5, upfrontFees: 0 })).toBe(8.5);
  });
  test('fees raise it: $30,000 over 5 years', () => {
    expect(comparisonRate({ amount: 30_000, ratePct: 9.99, years: 5, upfrontFees: 1_300 })).toBe(11.84);
    expect(comparisonRate({ amount: 30_000, ratePct: 7.99, years: 5, upfrontFees: 1_300 })).toBe(9.8);
    expect(comparisonRate({ amount: 30_000, ratePct: 9.5, years: 5, upfrontFees: 395, monthlyFees: 8 })).toBe(10.6);
  });
});

describe('isQuoteEligible (spec §5)', () => {
  const car = { status: 'in_stock', sold: false, reserved: false, price: 201 };
  test('in stock, not sold, not reserved, price above 200', () => {
    expect(isQuoteEligible(car)).toBe(true);
    expect(isQuoteEligible({ ...car, price: 200 })).toBe(false);
    expect(isQuoteEligible({ ...car, reserved: true })).toBe(false);
    expect(isQuoteEligible({ ...car, sold: true })).toBe(false);
    expect(isQuoteEligible({ ...car, status: 'coming_soon' })).toBe(false);
    expect(isQuoteEligible({ ...car, status: 'sold' })).toBe(false);
  });
});

describe('lender groups (spec §5)', () => {
  const figures = { interestRate: 9, comparisonRate: 9.5, paymentWeek: 100, paymentMonth: 433 };
  const car = { status: 'in_stock', year: 2020, price: 501 };
  test('group A: year newer than current year − 12, price above 500, a comparison rate', () => {
    expect(lenderEligible('plenti', car, figures, 2026)).toBe(true);
    expect(lenderEligible('plenti', { ...car, year: 2014 }, figures, 2026)).toBe(false);
    expect(lenderEligible('plenti', { ...car, year: 2015 }, figures, 2026)).toBe(true);
    expect(lenderEligible('plenti', { ...car, price: 500 }, figures, 2026)).toBe(false);
    expect(lenderEligible('plenti', car, { ...figures, comparisonRate: null }, 2026)).toBe(false);
  });
  test('group B needs a weekly payment, C a monthly one, D only availability', () => {
    expect(lenderEligible('manual', { ...car, year: 1990 }, figures, 2026)).toBe(true);
    expect(lenderEligible('manual', car, { ...figures, paymentWeek: null }, 2026)).toBe(false);
    expect(lenderEligible('carfinance', car, { ...figures, paymentMonth: null }, 2026)).toBe(false);
    expect(lenderEligible('angle', { ...car, price: 0, year: 1980 }, figures, 2026)).toBe(true);
    expect(lenderEligible('angle', { ...car, status: 'sold' }, figures, 2026)).toBe(false);
  });
  test('the summary needs the provider, both rates and an included location', () => {
    const lenders = { 'kia-finance': figures };
    const options = { excludedLocations: ['richmond'], currentYear: 2026 };
    expect(financeSummaryShown({ ...car, location: { slug: 'a' } }, lenders, 'kia-finance', options)).toBe(true);
    expect(financeSummaryShown({ ...car, location: { slug: 'richmond' } }, lenders, 'kia-finance', options)).toBe(false);
    expect(financeSummaryShown(car, lenders, undefined, options)).toBe(false);
    expect(financeSummaryShown(car, { 'kia-finance': { ...figures, interestRate: null } }, 'kia-finance', options)).toBe(false);
    expect(financeSummaryShown(car, {}, 'kia-finance', options)).toBe(false);
  });
  test("missing rates read '-'", () => {
    expect(rateText(null)).toBe('-');
    expect(rateText(8.5)).toBe('8.50');
  });
});

describe('calculator ranges (spec §9)', () => {
  const range = { min: 5_000, max: 100_000, step: 500, default: 30_000 };
  test('the loan amount defaults to the car price, else 30,000', () => {
    // On the slider's $500 grid: $42,990 starts at $43,000.
    expect(loanAmountRange(range, 42_990, { useCarPrice: true })).toEqual({ min: 5_000, max: 100_000, step: 500, default: 43_000 });
    expect(loanAmountRange(range, 42_990, { useCarPrice: false }).default).toBe(30_000);
  });
  test('above the maximum: up to 105% of the price on sites that allow it, else clamped', () => {
    // 105% of 120,000 = 126,000 (a multiple of the 500 step).
    expect(loanAmountRange(range, 120_000, { useCarPrice: true, maxPercentOfPrice: 105 })).toMatchObject({ max: 126_000, default: 120_000 });
    expect(loanAmountRange(range, 120_000, { useCarPrice: true })).toMatchObject({ max: 100_000, default: 100_000 });
  });
  test("the rate starts at the car's own rate as printed (not rounded to the slider's step), clamped to the provider's range", () => {
    expect(defaultInterestRate({ min: 7.5, max: 14.5, default: 8.5 }, 9.99)).toBe(9.99);
    expect(defaultInterestRate({ min: 0.5, max: 15, step: 0.5 }, 12.78)).toBe(12.78);
    // No rate for the car and no default: the middle of 0.5–15 on the 0.5 grid, not 0.5.
    expect(defaultInterestRate({ min: 0.5, max: 15, step: 0.5 }, null)).toBe(8);
    expect(defaultInterestRate({ min: 5.99, max: 15.99, step: 0.5, default: 8.99 }, null)).toBe(8.99);
    expect(snapToStep(9.74, 7.5, 0.5)).toBe(9.5);
    expect(defaultInterestRate({ min: 7.5, max: 14.5, default: 8.5 }, 19)).toBe(14.5);
    expect(defaultInterestRate({ min: 7.5, max: 14.5, default: 8.5 }, null)).toBe(8.5);
    expect(clampToRange(Number.NaN, 1, 7)).toBe(1);
  });
  test('a term or rate range with no step of its own moves in the spec\'s 0.5 steps (spec §9: term "step 0.5", interest "step 0.5")', () => {
    expect(calculatorSliderStep({ min: 1, max: 7 })).toBe(0.5);
    expect(calculatorSliderStep({ min: 0.5, max: 15 })).toBe(0.5);
    expect(calculatorSliderStep({ min: 1, max: 7, step: 0.25 })).toBe(0.25);
    // No step, no rate for the car and no default: the middle of 7.5–14.5 (11) on the half-point grid from 7.5.
    expect(defaultInterestRate({ min: 7.5, max: 14.5 }, null)).toBe(11);
    // 0.5–15 without a step: the middle, 7.75, on the half-point grid from 0.5 rounds to 8.
    expect(defaultInterestRate({ min: 0.5, max: 15 }, null)).toBe(8);
  });
});

describe('purchase price limits (spec §5: min 1,000 or 5,000, max 250,000)', () => {
  const rangeRoadKia = JSON.parse(readFileSync(new URL('../../../tenants/range-road-kia.json', import.meta.url), 'utf8')) as TenantConfig;

  it('defaults to 1,000 to 250,000 and reads the tenant that starts at 5,000', () => {
    expect(purchasePriceLimits(tenantFixture().finance.calculator)).toEqual({ min: 1000, max: 250000 });
    expect(purchasePriceLimits(resolveTenant(rangeRoadKia).finance.calculator)).toEqual({ min: 5000, max: 250000 });
  });

  it('says it cannot be less than the minimum or more than $250,000', () => {
    const limits = { min: 1000, max: 250000 };
    expect(purchasePriceError(999, limits)).toBe('Purchase price cannot be less than $1,000 or more than $250,000.');
    expect(purchasePriceError(250001, limits)).toBe('Purchase price cannot be less than $1,000 or more than $250,000.');
    expect(purchasePriceError(4999, { min: 5000, max: 250000 })).toBe('Purchase price cannot be less than $5,000 or more than $250,000.');
    expect(purchasePriceError(Number.NaN, limits)).toBe('Purchase price cannot be less than $1,000 or more than $250,000.');
    expect(purchasePriceError(1000, limits)).toBeNull();
    expect(purchasePriceError(250000, limits)).toBeNull();
  });
});

describe('the quote service request (spec §7 youx quote)', () => {
  test('asked only for a car without a quote and priced above 0', () => {
    expect(needsQuoteRequest({ youxQuote: null, price: 25990 })).toBe(true);
    expect(needsQuoteRequest({ price: 25990 })).toBe(true);
    expect(needsQuoteRequest({ youxQuote: { weeklyRepaymentAmount: 120, advertisedRate: 8.5, comparisonRate: 9.1 }, price: 25990 })).toBe(false);
    expect(needsQuoteRequest({ youxQuote: null, price: 0 })).toBe(false);
  });

  test('selfAssessedCreditScore is GREAT, loanTerm 5 and whoIsHelping empty; the car gives price, year, vin and nvic', () => {
    expect(quoteRequestBody({ id: 7, price: 25990, year: 2021, vin: 'JTDBR32E720012345', nvic: 'ABC123' })).toEqual({
      selfAssessedCreditScore: 'GREAT',
      purchasePrice: 25990,
      loanTerm: 5,
      year: 2021,
      vin: 'JTDBR32E720012345',
      nvic: 'ABC123',
      whoIsHelping: '',
      car_id: 7,
    });
  });
});
