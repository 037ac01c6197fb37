/*
 * Card price display (spec §4): Cash and Finance modes; subscription price first when offered,
 * then the reduced/offer price (with the was-price), then the car price. A price of 10 or less
 * is not a price: PREORDER for preorder cars, otherwise the site's no-price text.
 */
import { formatMoney } from '../../../schema/number-format.ts';
import { ENQUIRE_FOR_FINANCE_AT } from './finance.ts';

/** Price display mode, remembered on the device. */
export type PriceMode = 'cash' | 'finance';

/** The car fields the price depends on. */
export interface PriceInput {
  price: number;
  before_price?: number | null;
  offer_price?: number | null;
  subscription_price?: number | null;
  preorder?: boolean;
  youxQuote?: { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number } | null;
}

/** The tenant texts and switches that shape the price. */
export interface PriceOptions {
  mode: PriceMode;
  /** `features.subscriptionLayout`: subscription prices first. */
  subscriptionLayout: boolean;
  /** `labels.noPrice` ('Enquire for price.' by default). */
  noPrice: string;
  /** `labels.preorder` ('PREORDER' by default). */
  preorder: string;
  /** `labels.enquireForFinance` ('Enquire for Finance'). */
  enquireForFinance: string;
}

/** What a card shows as its price. */
export type PriceDisplay =
  | { kind: 'subscription'; text: string; amount: number; suffix: string }
  | { kind: 'finance'; text: string; amount: number; suffix: string; rate: number }
  | { kind: 'offer'; text: string; amount: number; was: number; wasText: string }
  | { kind: 'price'; text: string; amount: number }
  | { kind: 'no-price'; text: string }
  | { kind: 'preorder'; text: string };

/** A price of 10 or less means the car has no price (spec §4). */
export const NO_PRICE_THRESHOLD = 10;

/** The price a card shows for a car. */
export function priceDisplay(car: PriceInput, options: PriceOptions): PriceDisplay {
  if (options.subscriptionLayout && (car.subscription_price ?? 0) > NO_PRICE_THRESHOLD) {
    const amount = car.subscription_price as number;
    return { kind: 'subscription', text: formatMoney(amount), amount, suffix: '/week' };
  }
  if (options.mode === 'finance' && car.youxQuote) {
    const weekly = car.youxQuote.weeklyRepaymentAmount;
    if (weekly > ENQUIRE_FOR_FINANCE_AT) {
      return { kind: 'finance', text: formatMoney(weekly), amount: weekly, suffix: '/week', rate: car.youxQuote.advertisedRate };
    }
    if (car.price > NO_PRICE_THRESHOLD) return { kind: 'no-price', text: options.enquireForFinance };
  }
  const offer = car.offer_price ?? 0;
  if (offer > NO_PRICE_THRESHOLD && offer < car.price) {
    return { kind: 'offer', text: formatMoney(offer), amount: offer, was: car.price, wasText: formatMoney(car.price) };
  }
  if (car.price <= NO_PRICE_THRESHOLD) {
    return car.preorder ? { kind: 'preorder', text: options.preorder } : { kind: 'no-price', text: options.noPrice };
  }
  const before = car.before_price ?? 0;
  if (before > car.price) {
    return { kind: 'offer', text: formatMoney(car.price), amount: car.price, was: before, wasText: formatMoney(before) };
  }
  return { kind: 'price', text: formatMoney(car.price), amount: car.price };
}
