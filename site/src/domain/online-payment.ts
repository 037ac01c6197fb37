import type { OnlinePaymentKind } from '../../../schema/api/online-payment.ts';
import { amountLimitMessage } from './finance.ts';

/*
 * The rules of the online payment page (spec §2 /online-payment; the spec is silent on its flow,
 * docs/site.md says what was chosen): what may be paid, the amount's limits, the payment's
 * reference and which dealership team the payment goes to.
 */

/** The smallest payment: a dollar (less is not worth a card fee). */
export const ONLINE_PAYMENT_MIN = 1;

/** What the shopper reads for each kind of payment. */
export const ONLINE_PAYMENT_KIND_LABELS: Readonly<Record<OnlinePaymentKind, string>> = {
  'vehicle-deposit': 'Vehicle deposit',
  'service-invoice': 'Service invoice',
  'parts-invoice': 'Parts invoice',
  'other-invoice': 'Other invoice',
};

/**
 * The lead category of a payment: it names the team that takes it (service and parts invoices
 * go to those departments, deposits and other invoices to sales; `leadDepartment` reads it).
 * @param kind what is paid
 */
export function onlinePaymentCategory(kind: OnlinePaymentKind): string {
  switch (kind) {
    case 'vehicle-deposit':
      return 'Vehicle Deposit Payment';
    case 'service-invoice':
      return 'Service Invoice Payment';
    case 'parts-invoice':
      return 'Parts Invoice Payment';
    default:
      return 'Invoice Payment';
  }
}

/**
 * Why an amount may not be paid online, or null when it may: from $1 to the tenant's
 * `limits.onlinePaymentMax`.
 * @param amount dollars
 * @param max the tenant's limit
 * @example onlinePaymentAmountIssue(60000, 50000) // 'The amount cannot be less than $1 or more than $50,000.'
 */
export function onlinePaymentAmountIssue(amount: number, max: number): string | null {
  if (amount >= ONLINE_PAYMENT_MIN && amount <= max) return null;
  return amountLimitMessage('The amount', { min: ONLINE_PAYMENT_MIN, max });
}

/**
 * The reference a shopper quotes for a payment: OP- and the payment's lead number, six digits at least.
 * @param leadId the payment's lead
 */
export function onlinePaymentReference(leadId: number): string {
  return `OP-${String(leadId).padStart(6, '0')}`;
}

/**
 * A typed payment amount in dollars and cents ('$1,234.50', '1234.5', '80'), or null when it is
 * not one (no digits, more than two decimals, a minus sign).
 * @param text the input's text
 */
export function parsePaymentAmount(text: string): number | null {
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  return Number(plain);
}

