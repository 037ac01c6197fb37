import { z } from 'zod';

/*
 * The online payment page (spec §2 /online-payment, always signed in): a shopper pays an invoice
 * or a deposit agreed with the dealership. The browser sends what is paid, its reference and
 * amount; the server checks the amount against the tenant's limit, records the payment as a lead
 * the dealer reads and asks the payment provider for the payment (server/payments.ts).
 */

/** What a shopper may pay online. */
export const ONLINE_PAYMENT_KINDS = ['vehicle-deposit', 'service-invoice', 'parts-invoice', 'other-invoice'] as const;
export type OnlinePaymentKind = (typeof ONLINE_PAYMENT_KINDS)[number];

const AMOUNT_FORMAT = 'Please enter the amount in dollars and cents, for example 1,234.50.';

/** Body of POST /api/online-payments. */
export const OnlinePaymentRequestSchema = z.object({
  kind: z.enum(ONLINE_PAYMENT_KINDS, { error: 'Please choose what you are paying.' }),
  reference: z
    .string({ error: 'Please enter the invoice or stock number.' })
    .trim()
    .min(1, 'Please enter the invoice or stock number.')
    .max(40, 'The invoice or stock number has at most 40 characters.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'The invoice or stock number has only letters, digits, spaces, dots, slashes and dashes.'),
  /** Dollars, at most two decimals. */
  amount: z
    .number({ error: (issue) => (issue.input === undefined ? 'Please enter the amount to pay.' : AMOUNT_FORMAT) })
    .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, AMOUNT_FORMAT),
  dealership_slug: z.string({ error: '*Please select a dealership location.' }).trim().min(1, '*Please select a dealership location.').max(100),
  name: z.string({ error: 'Please enter your name.' }).trim().min(1, 'Please enter your name.').max(200),
  phone: z
    .string({ error: 'Please enter your phone number.' })
    .trim()
    .regex(/^[+()\d\s-]{6,20}$/, 'Please enter a valid phone number.'),
  message: z.string().trim().max(2000, 'Comments have at most 2,000 characters.').optional(),
  url: z.string().max(2000).optional(),
});
export type OnlinePaymentRequest = z.infer<typeof OnlinePaymentRequestSchema>;

/** Answer of POST /api/online-payments. */
export const OnlinePaymentResponseSchema = z.object({
  lead_id: z.int32(),
  /** The payment's reference the shopper quotes (OP- and the lead's number). */
  payment_reference: z.string(),
  kind: z.enum(ONLINE_PAYMENT_KINDS),
  reference: z.string(),
  amount: z.number(),
  payment: z.object({
    provider: z.string(),
    status: z.enum(['recorded', 'requires_action', 'succeeded']),
    redirect_url: z.string().optional(),
  }),
});
export type OnlinePaymentResponse = z.infer<typeof OnlinePaymentResponseSchema>;
