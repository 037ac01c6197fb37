import { describe, expect, it } from 'vitest';
import { priceDisplay, type PriceOptions } from './price-display.ts';
import { formatMoney } from '../../../schema/number-format.ts';

const options: PriceOptions = {
  mode: 'cash',
  subscriptionLayout: false,
  noPrice: 'Enquire for price.',
  preorder: 'PREORDER',
  enquireForFinance: 'Enquire for Finance',
};

describe('priceDisplay', () => {
  it('shows the car price with separators', () => {
    expect(priceDisplay({ price: 45990 }, options)).toEqual({ kind: 'price', text: '$45,990', amount: 45990 });
    expect(formatMoney(1234567)).toBe('$1,234,567');
  });
  it('prefers the subscription price when the site offers subscriptions', () => {
    const car = { price: 45990, subscription_price: 189 };
    expect(priceDisplay(car, { ...options, subscriptionLayout: true })).toMatchObject({ kind: 'subscription', text: '$189' });
    expect(priceDisplay(car, options)).toMatchObject({ kind: 'price' });
  });
  it('shows the offer price with the car price as was-price', () => {
    expect(priceDisplay({ price: 30000, offer_price: 28500 }, options)).toEqual({
      kind: 'offer',
      text: '$28,500',
      amount: 28500,
      was: 30000,
      wasText: '$30,000',
    });
  });
  it('shows a reduced price against its before price', () => {
    expect(priceDisplay({ price: 27000, before_price: 29990 }, options)).toMatchObject({ kind: 'offer', text: '$27,000', wasText: '$29,990' });
  });
  it('shows PREORDER for a preorder car priced 10 or less, else the no-price text', () => {
    expect(priceDisplay({ price: 10, preorder: true }, options)).toEqual({ kind: 'preorder', text: 'PREORDER' });
    expect(priceDisplay({ price: 0 }, options)).toEqual({ kind: 'no-price', text: 'Enquire for price.' });
    expect(priceDisplay({ price: 5 }, { ...options, noPrice: 'Call for price' })).toEqual({ kind: 'no-price', text: 'Call for price' });
    expect(priceDisplay({ price: 11 }, options)).toMatchObject({ kind: 'price', text: '$11' });
  });
  it('shows the weekly repayment in Finance mode, and Enquire for Finance at $25 or less', () => {
    const quote = { weeklyRepaymentAmount: 142.5, advertisedRate: 8.99, comparisonRate: 9.5 };
    expect(priceDisplay({ price: 30000, youxQuote: quote }, { ...options, mode: 'finance' })).toMatchObject({
      kind: 'finance',
      text: '$143',
      rate: 8.99,
    });
    expect(priceDisplay({ price: 30000, youxQuote: { ...quote, weeklyRepaymentAmount: 25 } }, { ...options, mode: 'finance' })).toEqual({
      kind: 'no-price',
      text: 'Enquire for Finance',
    });
    expect(priceDisplay({ price: 30000 }, { ...options, mode: 'finance' })).toMatchObject({ kind: 'price' });
  });
});
