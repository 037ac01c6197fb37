import { sql } from 'kysely';
import { formatMoney } from '../schema/number-format.ts';
import { zonedDateTimeText } from '../schema/zoned-time.ts';
import { orderReference } from '../site/src/domain/online-purchase.ts';
import { vehicleTitle } from '../site/src/domain/vehicle-title.ts';
import { html } from './dealer-inbox/html.ts';
import { HttpError, readBody, type Context, type Route } from './http/core.ts';
import { DEMO_PROVIDER, paymentProviderFor, PaymentWebhookRefused } from './payments.ts';
import type { HostedTenant } from './tenants.ts';

/*
 * The payment provider's webhook: the only way an order's deposit becomes paid. The tenant's
 * provider checks the signature (and that it is recent, so a captured webhook cannot be replayed
 * later); the webhook's id is recorded with its effect in one transaction, so a second delivery
 * of the same event (providers deliver at least once) changes nothing and sends no second
 * receipt. The order becomes deposit_paid (its hold on the car then outlasts the reservation
 * sweep, as the order rules say), its lead says "Deposit paid" in the dealer's inbox, and the
 * shopper gets a receipt by email.
 */

/** Largest webhook body read. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** What the lead's fields say once the deposit is paid (the inbox shows it as a badge). */
export const DEPOSIT_PAID = 'Deposit paid';

/** The receipt email of a paid deposit. */
export function depositReceipt(tenant: HostedTenant, order: { id: number; deposit: number; total: number }, car: Parameters<typeof vehicleTitle>[0] | null, paidAt: Date, demo: boolean) {
  const reference = orderReference(order.id);
  const amount = formatMoney(order.deposit, { cents: 'always' });
  const title = car ? vehicleTitle(car, tenant.config.features.seriesInTitle) : null;
  const balance = formatMoney(Math.round((order.total - order.deposit) * 100) / 100, { cents: 'always' });
  const when = zonedDateTimeText(paidAt, tenant.config.timeZone);
  const lines = [
    `Thank you: your deposit of ${amount} for order ${reference} is paid.`,
    ...(title ? [`Car: ${title}`] : []),
    `Paid: ${when}`,
    `Balance to pay: ${balance}`,
    ...(demo ? ['This was a demo payment on a demonstration website: no money moved.'] : []),
    `Please quote ${reference} when you talk to ${tenant.config.name}.`,
  ];
  return {
    subject: `Receipt: deposit of ${amount} paid for order ${reference}`,
    text: lines.join('\n'),
    html: `<!doctype html>${html`<html lang="en-AU"><body><h1>Deposit paid</h1>${lines.map((l) => html`<p>${l}</p>`)}</body></html>`}`,
  };
}

async function paymentWebhook(ctx: Context) {
  let body: string;
  try {
    body = await readBody(ctx.req, MAX_WEBHOOK_BYTES);
  } catch (error) {
    if (error instanceof HttpError && error.status === 413) throw new HttpError(413, `body: the webhook is more than the limit of ${MAX_WEBHOOK_BYTES} bytes`);
    throw error;
  }
  const provider = paymentProviderFor(ctx.tenant.slug);
  let event;
  try {
    event = provider.readWebhook(body, ctx.req.headers);
  } catch (error) {
    if (error instanceof PaymentWebhookRefused) throw new HttpError(401, error.message);
    throw error;
  }
  const now = ctx.services.now();
  const applied = await ctx.db.transaction().execute(async (tx) => {
    const first = await tx
      .insertInto('payment_events')
      .values({ site_id: ctx.siteId, webhook_id: event.webhookId, provider: provider.name, intent_id: event.intentId })
      .onConflict((oc) => oc.columns(['site_id', 'webhook_id']).doNothing())
      .returning('webhook_id')
      .executeTakeFirst();
    if (!first) return { duplicate: true as const };
    const order = await tx
      .selectFrom('orders')
      .selectAll()
      .where('site_id', '=', ctx.siteId)
      .where(sql<string>`payment->>'id'`, '=', event.intentId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) throw new HttpError(404, `data.intent_id: no payment ${event.intentId.slice(0, 80)} on this site`);
    if (event.amountCents !== Math.round(order.deposit * 100)) {
      throw new HttpError(400, `data.amount_cents: ${event.amountCents} is not the order's deposit (${Math.round(order.deposit * 100)} cents)`);
    }
    await tx.updateTable('payment_events').set({ order_id: order.id }).where('site_id', '=', ctx.siteId).where('webhook_id', '=', event.webhookId).execute();
    // Another event for an order already paid (a provider's second event id): nothing more to do.
    if (order.status === 'deposit_paid') return { duplicate: true as const };
    const payment = { ...(order.payment as Record<string, unknown>), status: 'succeeded', paid_at: now.toISOString() };
    await tx.updateTable('orders').set({ status: 'deposit_paid', payment: JSON.stringify(payment) }).where('id', '=', order.id).execute();
    const lead = await tx.selectFrom('leads').select(['id', 'email', 'fields']).where('id', '=', order.lead_id).executeTakeFirstOrThrow();
    const fields = lead.fields as Record<string, unknown>;
    const intent = typeof fields.payment_intent === 'object' && fields.payment_intent !== null ? fields.payment_intent : {};
    await tx
      .updateTable('leads')
      .set({ fields: JSON.stringify({ ...fields, payment_state: DEPOSIT_PAID, deposit_paid_at: now.toISOString(), payment_intent: { ...intent, status: 'succeeded' } }), updated_at: now })
      .where('id', '=', lead.id)
      .execute();
    const car = await tx.selectFrom('cars').select(['year', 'make', 'model', 'details']).where('id', '=', order.car_id).executeTakeFirst();
    return { duplicate: false as const, order, email: lead.email, car };
  });
  if (applied.duplicate) return { json: { received: true, duplicate: true } };
  // The receipt, after the commit (a relay that is down never undoes a payment); what the relay
  // answered is kept with the order.
  const { order, email, car } = applied;
  let receipt: { ok: boolean; error: string | null } = { ok: false, error: 'the order has no email address' };
  if (email && ctx.services.sendShopperEmail) {
    const details = (car?.details ?? {}) as { badge?: string | null; series?: string | null; name?: string };
    const mail = depositReceipt(ctx.tenant, order, car ? { ...car, badge: details.badge ?? null, series: details.series ?? null, ...(details.name ? { name: details.name } : {}) } : null, now, provider.name === DEMO_PROVIDER);
    receipt = await ctx.services.sendShopperEmail(ctx.tenant, { to: email, ...mail });
  }
  await ctx.db
    .updateTable('orders')
    .set({ payment: sql`payment || ${JSON.stringify(receipt.ok ? { receipt_sent_at: now.toISOString() } : { receipt_error: receipt.error })}::jsonb` })
    .where('id', '=', order.id)
    .execute();
  return { json: { received: true, duplicate: false, order_reference: orderReference(order.id), status: 'deposit_paid' } };
}

/** The payment webhook route. */
export const paymentWebhookRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/payments/webhook',
    tag: 'Orders',
    summary:
      "The site's payment provider reports a payment (Standard Webhooks headers webhook-id, webhook-timestamp, webhook-signature, signed with the provider's secret). 401 for a wrong or old signature; the same webhook id again changes nothing. A succeeded payment marks the order's deposit paid and emails the shopper a receipt.",
    handler: paymentWebhook,
  },
];
