/*
 * The payment step of reserving a car (spec §2 /cars/{slug}/checkout: a refundable deposit).
 * The platform talks to a payment provider only through this interface. The embedded provider
 * charges nothing: it records the intent (amount, reference) so the dealer can take the deposit
 * by phone, and says so. A real provider (Stripe, Windcave…) implements `createIntent` by
 * creating a payment intent / hosted payment session for `amountCents` with `reference` as its
 * metadata and returns its id, status and (for hosted pages) the URL to send the shopper to;
 * its webhook then marks the reservation paid. Choose it per deployment in server/index.ts.
 */

/** What a reservation asks the provider for. */
export interface PaymentRequest {
  /** Deposit in cents (integer). */
  amountCents: number;
  currency: 'AUD';
  /** Our reference (site slug and reservation lead id). */
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
