import { ENQUIRE_FOR_FINANCE_AT, isQuoteEligible, type QuoteInput } from './finance.ts';
import { financeLink } from './vehicle-offer.ts';

/*
 * The vehicle page's finance banner (spec §2 "finance banner, finance disclaimer"; §9 finance
 * estimate): where the tenant shows the finance estimate and the car is quote-eligible (§5), a
 * band with the estimate ($ per week, monthly = weekly × 4.33, at the sample rate), its two links
 * 'Get Finance' and 'Pre-Approved' carrying the car's finance parameters, and a pointer to the
 * finance disclaimer (#financeDisclaimer).
 */

/** The in-page anchor of the finance disclaimer (spec §2 anchors). */
export const FINANCE_DISCLAIMER_ANCHOR = 'financeDisclaimer';

/** The car fields the banner reads. */
export interface FinanceBannerCar extends QuoteInput {
  id: number;
  car_type: string;
  dealership_slug: string;
  vin?: string | null;
  youxQuote?: { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number } | null;
}

/** Switches, labels and figures of the tenant the banner reads. */
export interface FinanceBannerOptions {
  /** features.financeEstimate. */
  enabled: boolean;
  /** routes.financePath. */
  financePath: string;
  /** labels.getFinance, labels.preApproved. */
  getFinance: string;
  preApproved: string;
  /** finance.estimate.weeksPerMonth (4.33). */
  weeksPerMonth: number;
}

/** What the banner shows; its links are shown only where their pages exist. */
export interface FinanceBanner {
  weekly: number;
  monthly: number;
  advertisedRate: number;
  comparisonRate: number;
  links: { label: string; href: string }[];
}

/**
 * The finance banner of a car, or null: not where the tenant has the estimate off, not for a car
 * that is not quote-eligible (sold, reserved, coming soon, $200 or less), not without a quote, and
 * not for a repayment at or below $25 (spec §8: that reads 'Enquire for Finance').
 */
export function financeBanner(car: FinanceBannerCar, options: FinanceBannerOptions): FinanceBanner | null {
  const quote = car.youxQuote;
  if (!options.enabled || !isQuoteEligible(car) || !quote || !(quote.weeklyRepaymentAmount > ENQUIRE_FOR_FINANCE_AT)) return null;
  return {
    weekly: quote.weeklyRepaymentAmount,
    monthly: Math.round(quote.weeklyRepaymentAmount * options.weeksPerMonth * 100) / 100,
    advertisedRate: quote.advertisedRate,
    comparisonRate: quote.comparisonRate,
    links: [
      { label: options.getFinance, href: financeLink(options.financePath, car) },
      { label: options.preApproved, href: financeLink('/apply-for-finance', car) },
    ],
  };
}
