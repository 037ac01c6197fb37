import { z } from 'zod';
import { INVALID_POSTCODE_MESSAGE } from './lead.ts';
import { INVALID_EMAIL_MESSAGE } from '../plain-issue.ts';

/*
 * The online purchase journey (spec §2 /checkout-journey?car_id=): the order the browser sends
 * and what the server answers. The browser never sends a price: the server computes the order's
 * sums from its own records; `expected_total` is only what the shopper was shown, and an order
 * whose total has changed meanwhile is refused (409) instead of being placed at another price.
 */

/** How the shopper takes the car. */
export const FulfilmentSchema = z.enum(['pickup', 'delivery'], { error: 'Please choose pickup or delivery.' });

const postcode = z.string({ error: INVALID_POSTCODE_MESSAGE }).trim().regex(/^\d{4}$/, INVALID_POSTCODE_MESSAGE);

/** The contact step of the journey (also checked by the browser before it goes on). */
export const OrderContactSchema = z.object({
  name: z.string({ error: 'Please enter your name.' }).trim().min(1, 'Please enter your name.').max(200),
  email: z.email({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'Please enter your email address.' : INVALID_EMAIL_MESSAGE) }),
  phone: z
    .string({ error: 'Please enter your phone number.' })
    .trim()
    .regex(/^[+()\d\s-]{6,20}$/, 'Please enter a valid phone number.'),
  postcode,
});

/** The delivery step: pickup, or delivery to a postcode. */
export const OrderFulfilmentSchema = z
  .object({
    fulfilment: FulfilmentSchema,
    delivery_postcode: postcode.optional(),
  })
  .refine((v) => v.fulfilment === 'pickup' || v.delivery_postcode !== undefined, {
    path: ['delivery_postcode'],
    message: 'Please enter the postcode to deliver to.',
  });

/** Body of POST /api/orders: the car, the contact, pickup or delivery, terms, what the shopper saw. */
export const OrderRequestSchema = z
  .object({
    car_id: z.int32().positive(),
    ...OrderContactSchema.shape,
    fulfilment: FulfilmentSchema,
    delivery_postcode: postcode.optional(),
    terms_conditions: z.literal(true, { error: 'Please agree to the terms and conditions.' }),
    /** The total (dollars) the shopper was shown; a different server total is refused with 409. */
    expected_total: z.number().nonnegative().max(100_000_000).optional(),
    /** Alternative to the Idempotency-Key header. */
    idempotency_key: z.string().min(8).max(200).optional(),
    url: z.string().max(2000).optional(),
  })
  .refine((v) => v.fulfilment === 'pickup' || v.delivery_postcode !== undefined, {
    path: ['delivery_postcode'],
    message: 'Please enter the postcode to deliver to.',
  });
export type OrderRequest = z.infer<typeof OrderRequestSchema>;

/** The payment step's outcome as the shopper may see it. */
export const OrderPaymentSchema = z.object({
  provider: z.string(),
  /** recorded: nothing charged (embedded provider); requires_action: go to `redirect_url`; succeeded: paid. */
  status: z.enum(['recorded', 'requires_action', 'succeeded']),
  redirect_url: z.string().optional(),
});

/** An order as its shopper reads it back (answer of POST /api/orders and GET /api/orders/{id}). */
export const OrderResponseSchema = z.object({
  order_id: z.int32(),
  /** The reference the shopper quotes ('ORD-000042'). */
  reference: z.string(),
  lead_id: z.int32(),
  car_id: z.int32(),
  status: z.enum(['deposit_recorded', 'deposit_paid', 'awaiting_payment']),
  fulfilment: FulfilmentSchema,
  delivery_postcode: z.string().nullable(),
  delivery_region: z.string().nullable(),
  vehicle_price: z.number(),
  delivery_fee: z.number(),
  total: z.number(),
  deposit: z.number(),
  balance_due: z.number(),
  payment: OrderPaymentSchema,
  /** Only in the answer that placed the order: send it back (X-Order-Token) to read the order. */
  order_token: z.string().optional(),
  created_at: z.string(),
});
export type OrderResponse = z.infer<typeof OrderResponseSchema>;
