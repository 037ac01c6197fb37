/*
 * The payment step of reserving a car (spec §2 /cars/{slug}/checkout: a refundable deposit) and
 * of the online purchase journey (spec §2 /checkout-journey?car_id=: the order's deposit).
 * The platform talks to a payment provider only through this interface. The embedded provider
 * charges nothing: it records the intent (amount, reference) so the dealer can take the deposit
 * by phone, and says so; the order is stored as `deposit_recorded`.
 *
 * How a real provider (Stripe, Windcave, Adyen…) plugs in:
 * 1. Implement `createIntent`: create a payment intent / hosted payment session for
 *    `amountCents` in AUD with `reference` as its metadata (and as the idempotency key at the
 *    provider, so our own retried request never charges twice); answer its id, its status and,
 *    for a hosted page, the `redirectUrl` to send the shopper to. The order is then stored as
 *    `awaiting_payment` and its answer carries `payment.redirect_url`.
 * 2. Register it at start-up (server/index.ts): `useOrderPaymentProvider(provider)`
 *    (server/api/orders.ts); reservations call `embeddedPaymentProvider` in server/api/leads.ts
 *    and take the same provider the same way.
 * 3. Add the provider's webhook as a route that checks the provider's signature and sets the
 *    order's `status` to `deposit_paid` (and `payment` to the provider's record). The shopper's
 *    return URL reads the order back with GET /api/orders/{id} and its X-Order-Token.
 * Card details never touch this server: the provider's hosted page or its browser SDK takes them.
 */

/** What a reservation or an order asks the provider for. */
export interface PaymentRequest {
  /** Deposit in cents (integer). */
  amountCents: number;
  currency: 'AUD';
  /** Our reference (site slug and the reservation's lead id, or the order reference ORD-…). */
  reference: string;
  description: string;
}

/** What the provider answers. */
export interface PaymentIntent {
  provider: string;
  id: string;
  /** recorded: nothing charged yet (embedded); requires_action: send the shopper to `redirectUrl`; succeeded: paid. */
  status: 'recorded' | 'requires_action' | 'succeeded';
  amountCents: number;
  redirectUrl?: string;
}

/** A payment provider. */
export interface PaymentProvider {
  createIntent(request: PaymentRequest): Promise<PaymentIntent>;
}

/** The embedded provider: records the intent and charges nothing (no provider is called). */
export const embeddedPaymentProvider: PaymentProvider = {
  createIntent: async (request) => ({
    provider: 'embedded',
    id: `embedded-${request.reference}`,
    status: 'recorded',
    amountCents: request.amountCents,
  }),
};
