import type { FinanceLenders, LenderFigures, QuoteResponse } from '../schema/api/index.ts';
import { amortisedRepayment, comparisonRate as standardComparisonRate, DEFAULT_ESTIMATE, financeEstimate } from '../site/src/domain/finance.ts';

/*
 * Finance maths the embedded platform needs: lender figures for seeded cars and the default
 * quote service. Standard amortisation of (amount − deposit + establishment fee) with an optional
 * balloon, as spec §9 describes for the calculator.
 */

/**
 * Repayment per period by standard amortisation with an optional balloon: the site's domain
 * rule (site/src/domain/finance.ts), so the server's stored figures and the page agree.
 */
export const repayment = amortisedRepayment;

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Lender presets: key, display name, rate band, fees (illustrative market figures). */
export const LENDERS: { key: string; name: string; minRate: number; maxRate: number; fee: number; balloonPct: number }[] = [
  { key: 'plenti', name: 'Plenti', minRate: 7.49, maxRate: 13.9, fee: 595, balloonPct: 0 },
  { key: 'stratton', name: 'Stratton Finance', minRate: 7.99, maxRate: 14.5, fee: 1300, balloonPct: 0 },
  { key: 'money3', name: 'Money3', minRate: 9.95, maxRate: 19.95, fee: 990, balloonPct: 0 },
  { key: 'manual', name: 'Dealer finance', minRate: 8.5, maxRate: 8.5, fee: 0, balloonPct: 0 },
  { key: 'angle', name: 'Angle Finance', minRate: 6.99, maxRate: 11.9, fee: 395, balloonPct: 30 },
  { key: 'pepper', name: 'Pepper Money', minRate: 8.49, maxRate: 15.99, fee: 1360.5, balloonPct: 0 },
  { key: 'youx', name: 'YOUX', minRate: 7.5, maxRate: 14.5, fee: 0, balloonPct: 0 },
  { key: 'carfinance', name: 'Car Finance Co', minRate: 5.99, maxRate: 15.99, fee: 490, balloonPct: 0 },
];

/**
 * Computes one lender's figures for a car price: 10% deposit, 5-year term, comparison rate on the
 * spec's $30,000 5-year secured example (rate plus the fee's effect).
 * @param lenderKey lender key (one of LENDERS, or a tenant's provider key)
 * @param price car price, dollars
 * @param rate interest rate, percent p.a.
 * @param displayName the lender's name as shoppers read it (a tenant's `finance.providerName`);
 *   a lender key is never shown
 */
export function lenderFigures(lenderKey: string, price: number, rate: number, displayName?: string): LenderFigures {
  const known = LENDERS.find((l) => l.key === lenderKey);
  const preset = { fee: 0, balloonPct: 0, ...known, name: displayName ?? known?.name ?? "the dealer's finance partner" };
  const termYears = 5;
  const deposit = Math.round(price * 0.1);
  const balloon = Math.round((price * preset.balloonPct) / 100);
  const principal = price - deposit + preset.fee;
  const paymentWeek = round2(repayment(principal, rate, termYears, 52, balloon));
  const paymentMonth = round2(paymentWeek * 4.33);
  // Comparison rate by the standard method on the spec's example: a $30,000 5-year secured loan.
  const comparisonRate = standardComparisonRate({ amount: 30_000, ratePct: rate, years: termYears, upfrontFees: preset.fee });
  const figures: LenderFigures = {
    interestRate: rate,
    comparisonRate,
    paymentWeek,
    paymentMonth,
    termYears,
    deposit,
    establishmentFees: preset.fee,
    balloon,
    disclaimer: financeDisclaimer(preset.name, rate, comparisonRate),
    termMonths: termYears * 12,
    termWeeks: termYears * 52,
    totalPayable: round2(paymentWeek * termYears * 52 + balloon + deposit),
    financeProvider: lenderKey,
  };
  for (let year = 1; year <= 7; year++) figures[`term${year}`] = round2(repayment(principal, rate, year, 52, balloon));
  return figures;
}

/**
 * The finance disclaimer text for a lender's estimate.
 * @param lenderName lender display name
 * @param rate interest rate, percent p.a.
 * @param comparisonRate comparison rate, percent p.a.
 */
export function financeDisclaimer(lenderName: string, rate: number, comparisonRate: number): string {
  return (
    `Estimate only. Weekly repayment based on a 5-year secured loan with a 10% deposit at ${rate.toFixed(2)}% p.a. ` +
    `(comparison rate ${comparisonRate.toFixed(2)}% p.a.) through ${lenderName}. The comparison rate is based on a ` +
    `5-year secured loan of $30,000. WARNING: This comparison rate is true only for the example given and may not ` +
    `include all fees and charges. Different terms, fees or other loan amounts might result in a different ` +
    `comparison rate. Subject to lending criteria; fees and charges apply.`
  );
}

/** Establishment fee of the embedded demo quote service, dollars (its comparison rate includes it). */
export const DEMO_QUOTE_FEE = 495;

/**
 * The embedded quote service (POST /api/youx/quote, and the youxQuote seeded cars carry): the
 * spec's estimate (5 years, 10% deposit, 30% final payment, weekly) at the car's own youx or
 * manual lender rate when it has one, otherwise a rate by vehicle age (newer cars borrow
 * cheaper); the comparison rate by the standard method ($30,000 over 5 years with the fee).
 * @param purchasePrice price, dollars
 * @param year vehicle year
 * @param lenders the car's finance_lenders, when known
 * @param currentYear the current year
 */
export function computeQuote(purchasePrice: number, year: number, lenders: FinanceLenders | null, currentYear: number): QuoteResponse {
  const own = lenders?.youx ?? lenders?.manual;
  if (own?.interestRate != null && own.comparisonRate != null) {
    return { weeklyRepaymentAmount: financeEstimate(purchasePrice, own.interestRate, DEFAULT_ESTIMATE).weekly, advertisedRate: own.interestRate, comparisonRate: own.comparisonRate };
  }
  const age = Math.max(0, currentYear - year);
  const advertisedRate = round2(Math.min(15.99, 7.49 + age * 0.45));
  return {
    weeklyRepaymentAmount: financeEstimate(purchasePrice, advertisedRate, DEFAULT_ESTIMATE).weekly,
    advertisedRate,
    comparisonRate: standardComparisonRate({ amount: 30_000, ratePct: advertisedRate, years: 5, upfrontFees: DEMO_QUOTE_FEE }),
  };
}
