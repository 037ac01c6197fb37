import { describe, expect, test } from 'vitest';
import { computeQuote, lenderFigures, repayment } from './finance.ts';

describe('the finance disclaimer names the provider as shoppers know it', () => {
  test("a tenant's provider key is never printed: its display name is, or a plain description", () => {
    expect(lenderFigures('mazda-finance', 30_000, 9.5, 'Mazda Finance').disclaimer).toContain('through Mazda Finance.');
    expect(lenderFigures('mazda-finance', 30_000, 9.5).disclaimer).toContain("through the dealer's finance partner.");
    expect(lenderFigures('mazda-finance', 30_000, 9.5).disclaimer).not.toContain('mazda-finance');
    expect(lenderFigures('plenti', 30_000, 9.5).disclaimer).toContain('through Plenti.');
  });
});

describe('repayment', () => {
  test('matches standard amortisation', () => {
    // $30,000 over 5 years monthly at 6% p.a. is $579.98 a month.
    expect(repayment(30_000, 6, 5, 12)).toBeCloseTo(579.98, 2);
    expect(repayment(12_000, 0, 1, 12)).toBe(1000);
  });

  test('a balloon lowers the repayment', () => {
    expect(repayment(30_000, 8, 5, 52, 9_000)).toBeLessThan(repayment(30_000, 8, 5, 52));
  });
});

describe('lenderFigures', () => {
  test('monthly is weekly × 4.33 and the deposit is 10%', () => {
    const f = lenderFigures('plenti', 40_000, 9);
    expect(f.deposit).toBe(4_000);
    expect(f.paymentMonth).toBeCloseTo((f.paymentWeek ?? 0) * 4.33, 1);
    expect(f.termYears).toBe(5);
  });
});

describe('computeQuote', () => {
  test("uses the car's manual lender rate when present", () => {
    const q = computeQuote(30_000, 2022, { manual: lenderFigures('manual', 30_000, 8.5) }, 2026);
    expect(q.advertisedRate).toBe(8.5);
  });

  test('older cars get a higher rate without lender data', () => {
    expect(computeQuote(20_000, 2014, null, 2026).advertisedRate).toBeGreaterThan(computeQuote(20_000, 2025, null, 2026).advertisedRate);
  });
});

describe('comparison rate by the standard method (spec §9 example: $30,000 over 5 years)', () => {
  test("a lender's establishment fee raises it to the independently computed rate", () => {
    // Stratton's $1,300 fee at 7.99%: the rate equating $30,000 with 60 monthly repayments of
    // the amortised $31,300 is 9.8026% p.a. (computed separately, secant solve of the cash flows).
    expect(lenderFigures('stratton', 40_000, 7.99).comparisonRate).toBe(9.8);
    expect(lenderFigures('manual', 40_000, 8.5).comparisonRate).toBe(8.5);
  });
});
