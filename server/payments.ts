import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/*
 * The payment step of reserving a car (spec §2 /cars/{slug}/checkout: a refundable deposit) and
 * of the online purchase journey (spec §2 /checkout-journey?car_id=: the order's deposit).
 * The platform talks to a payment provider only through this interface, chosen per tenant
 * (`paymentProviderFor`). A provider works as the real ones do (Stripe Checkout, Windcave,
 * Adyen): it answers a hosted payment page to send the shopper to, and later tells the platform
 * that the payment succeeded with a signed webhook to POST /api/payments/webhook on the tenant's
 * host; only that webhook marks a deposit paid. docs/payments.md says how a real provider plugs in.
 *
 * The embedded provider is plainly a demo: its hosted page (server/payment-page.ts) says "Demo
 * payment — no money moves" and, when the shopper confirms, sends the webhook a real provider
 * would, signed with Standard Webhooks (the standardwebhooks package, as lead webhooks are).
 * Reservations and the online payment page still only record the intent
 * (`recordOnlyPaymentProvider`): the dealer takes those payments by phone.
 * Card details never touch this server: the provider's hosted page takes them.
 */

/** What a reservation or an order asks the provider for. */
export interface PaymentRequest {
  /** Deposit in cents (integer). */
  amountCents: number;
  currency: 'AUD';
  /** Our reference (site slug and the reservation's lead id, or the order reference ORD-…). */
  reference: string;
  description: string;
  /** Where the shopper comes back to on the site after the hosted page (a path on the tenant's host). */
  returnPath?: string;
}

/** What the provider answers. */
export interface PaymentIntent {
  provider: string;
  id: string;
  /** recorded: nothing charged yet (record-only); requires_action: send the shopper to `redirectUrl`; succeeded: paid. */
  status: 'recorded' | 'requires_action' | 'succeeded';
  amountCents: number;
  redirectUrl?: string;
}

/** A payment event a provider's webhook reports, once its signature is checked. */
export interface PaymentEvent {
  /** The webhook's own id: the same event delivered twice has the same id. */
  webhookId: string;
  type: 'payment.succeeded';
  intentId: string;
  amountCents: number;
  currency: 'AUD';
}

/** Why a webhook was refused (bad or old signature, unreadable body). */
export class PaymentWebhookRefused extends Error {}

/** A payment provider. */
export interface PaymentProvider {
  /** Its name as the order records it. */
  readonly name: string;
  createIntent(request: PaymentRequest): Promise<PaymentIntent>;
  /**
   * Checks a webhook's signature (and that it is recent) and reads its event; throws
   * PaymentWebhookRefused otherwise.
   * @param body the request body exactly as received
   * @param headers the request's headers
   */
  readWebhook(body: string, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}

/** Records the intent and charges nothing (reservations, the online payment page: the dealer takes the money). */
export const recordOnlyPaymentProvider: Pick<PaymentProvider, 'name' | 'createIntent'> = {
  name: 'embedded',
  createIntent: async (request) => ({
    provider: 'embedded',
    id: `embedded-${request.reference}`,
    status: 'recorded',
    amountCents: request.amountCents,
  }),
};

/** The demo provider's name, as orders record it. */
export const DEMO_PROVIDER = 'demo';

/** Where the demo provider's hosted payment page of an intent is, on the tenant's host. */
export function demoPaymentPath(intentId: string): string {
  return `/payments/demo/${intentId}`;
}

/** A demo intent id: unguessable, as a hosted page's address is the shopper's key to it. */
const DEMO_INTENT = /^demo_pi_[A-Za-z0-9_-]{32}$/;

/** Whether a string is a demo intent id. */
export function isDemoIntentId(id: string): boolean {
  return DEMO_INTENT.test(id);
}

/** The body of a demo payment webhook (Standard Webhooks' envelope: type, timestamp, data). */
export interface DemoWebhookBody {
  type: 'payment.succeeded';
  timestamp: string;
  data: { intent_id: string; amount_cents: number; currency: 'AUD' };
}

/** A provider that also signs its own webhooks (the demo one: it plays the provider's part). */
export interface SigningPaymentProvider extends PaymentProvider {
  /** The signed webhook reporting that an intent was paid. */
  signedWebhook(event: { intentId: string; amountCents: number }, at: Date): { id: string; body: string; headers: Record<string, string> };
}

/**
 * The embedded demo provider of one site: hosted page on the site's own host, webhooks signed
 * with a secret of its own (Standard Webhooks' `whsec_` form).
 * @param secret the signing secret (`whsec_` and base64 of at least 24 bytes)
 */
export function demoPaymentProvider(secret: string): SigningPaymentProvider {
  const webhook = new Webhook(secret);
  return {
    name: DEMO_PROVIDER,
    createIntent: async (request) => {
      const id = `demo_pi_${crypto.randomBytes(24).toString('base64url')}`;
      return { provider: DEMO_PROVIDER, id, status: 'requires_action', amountCents: request.amountCents, redirectUrl: demoPaymentPath(id) };
    },
    readWebhook(body, headers) {
      const flat: Record<string, string> = {};
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
        const value = headers[name];
        flat[name] = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
      }
      let payload: unknown;
      try {
        // Refuses a wrong signature, and a timestamp more than five minutes from now (a replay).
        payload = webhook.verify(body, flat);
      } catch (error) {
        throw new PaymentWebhookRefused(`the webhook's signature was refused: ${(error as Error).message}`);
      }
      const event = payload as Partial<DemoWebhookBody>;
      const data = event.data;
      if (event.type !== 'payment.succeeded' || !data || typeof data.intent_id !== 'string' || !Number.isInteger(data.amount_cents) || data.currency !== 'AUD') {
        throw new PaymentWebhookRefused('the webhook is not a payment.succeeded event with intent_id, amount_cents and currency AUD');
      }
      return { webhookId: flat['webhook-id']!, type: 'payment.succeeded', intentId: data.intent_id, amountCents: data.amount_cents, currency: 'AUD' };
    },
    signedWebhook(event, at) {
      const id = `msg_${crypto.randomBytes(16).toString('base64url')}`;
      const body = JSON.stringify({ type: 'payment.succeeded', timestamp: at.toISOString(), data: { intent_id: event.intentId, amount_cents: event.amountCents, currency: 'AUD' } } satisfies DemoWebhookBody);
      return { id, body, headers: { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': webhook.sign(id, at, body), 'content-type': 'application/json' } };
    },
  };
}

/** Providers plugged in per tenant slug; tenants without one use their demo provider. */
const chosen = new Map<string, PaymentProvider>();
const demos = new Map<string, SigningPaymentProvider>();

/**
 * Plugs in a tenant's payment provider (docs/payments.md says how a real one works).
 * @param slug the tenant
 * @param provider its provider; undefined goes back to the demo provider
 */
export function usePaymentProvider(slug: string, provider: PaymentProvider | undefined): void {
  if (provider) chosen.set(slug, provider);
  else chosen.delete(slug);
}

/**
 * The demo provider of a tenant, with a signing secret made for this server process (the
 * provider and the platform are the same process, so nothing else needs to know it).
 * @param slug the tenant
 */
export function demoProviderFor(slug: string): SigningPaymentProvider {
  let demo = demos.get(slug);
  if (!demo) {
    demo = demoPaymentProvider(`whsec_${crypto.randomBytes(32).toString('base64')}`);
    demos.set(slug, demo);
  }
  return demo;
}

/**
 * The payment provider of a tenant (its own, else the demo one).
 * @param slug the tenant
 */
export function paymentProviderFor(slug: string): PaymentProvider {
  return chosen.get(slug) ?? demoProviderFor(slug);
}

/**
 * Where an order's deposit goes: the tenant's provider; but a launched site whose provider is
 * still the demo one only records the deposit (the dealer takes it), so a real shopper never
 * meets the demo payment page.
 * @param tenant the tenant's slug and launch state
 */
export function orderPaymentProvider(tenant: { slug: string; config: { launch: { launched: boolean } } }): Pick<PaymentProvider, 'name' | 'createIntent'> {
  const provider = paymentProviderFor(tenant.slug);
  return provider.name === DEMO_PROVIDER && tenant.config.launch.launched ? recordOnlyPaymentProvider : provider;
}
