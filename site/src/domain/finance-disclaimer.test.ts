import { describe, expect, test } from 'vitest';
import { carFinanceDisclaimer } from './finance-disclaimer.ts';

const DEALER = 'Finance is provided by Baywater Finance Pty Ltd to approved applicants only.';
const CAR_OWN = 'Estimate only. Weekly repayment based on a 5-year secured loan with a 10% deposit at 8.45% p.a.';

describe('finance disclaimer by car (spec §7)', () => {
  test("the dealer's disclaimer, then the car's own for the site's provider", () => {
    expect(carFinanceDisclaimer({ 'baywater-finance': { disclaimer: CAR_OWN }, manual: { disclaimer: 'Other lender.' } }, 'baywater-finance', DEALER)).toEqual({
      lender: 'baywater-finance',
      disclaimer: `${DEALER}\n\n${CAR_OWN}`,
    });
  });

  test("another lender's disclaimer on the car is not the provider's: the dealer's alone", () => {
    expect(carFinanceDisclaimer({ manual: { disclaimer: 'Other lender.' } }, 'baywater-finance', DEALER)).toEqual({ lender: null, disclaimer: DEALER });
  });

  test('a car with its own disclaimer on a site without one of its own', () => {
    expect(carFinanceDisclaimer({ youx: { disclaimer: CAR_OWN } }, 'youx', undefined)).toEqual({ lender: 'youx', disclaimer: CAR_OWN });
  });

  test('neither: nothing is said (no rates are made up)', () => {
    expect(carFinanceDisclaimer({}, 'baywater-finance', null)).toEqual({ lender: null, disclaimer: null });
    expect(carFinanceDisclaimer({ manual: { disclaimer: 'Other lender.' } }, null, undefined)).toEqual({ lender: null, disclaimer: null });
    expect(carFinanceDisclaimer({ youx: { disclaimer: '   ' } }, 'youx', '')).toEqual({ lender: null, disclaimer: null });
  });
});
