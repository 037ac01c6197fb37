import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OrderResponseSchema } from '../schema/api/order.ts';
import type { RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { demoPaymentProvider, demoProviderFor } from './payments.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * The deposit of an online order becomes paid only through the payment provider's signed webhook:
 * alpha-motors sells online with the embedded demo provider. The shopper places an order, opens
 * the provider's hosted page (plainly a demo), confirms; the provider's webhook reaches the
 * platform, which marks the deposit paid once, however often the webhook is delivered, and
 * emails the shopper a receipt. A webhook signed with another secret, or signed long ago (a
 * replay), changes nothing.
 */

let dataDir: string;
let server: RunningServer;
let A: string;
const call = (p: string, init?: Parameters<typeof request>[3]) => request(server.port, A, p, init);

let shoppers = 0;
/** A signed-in shopper on an address of their own; places an order for a car and answers it. */
async function placeOrder(email: string) {
  const from = `198.51.100.${++shoppers}`;
  const { cookie } = await confirmedSignUp(server, A, { email, password: 'a long order password', name: 'Paula Payer', phone: '0400 555 666' }, { 'x-forwarded-for': from });
  const headers = { 'x-forwarded-for': from, cookie };
  const car = await server.db
    .selectFrom('cars')
    .innerJoin('sites', 'sites.id', 'cars.site_id')
    .select(['cars.id'])
    .where('sites.slug', '=', 'alpha-motors')
    .where('cars.status', '=', 'in_stock')
    .where('cars.reserved', '=', false)
    .where('cars.price', '>', 1000)
    .orderBy('cars.id')
    .executeTakeFirstOrThrow();
  const placed = await call('/api/orders', { headers, body: { car_id: car.id, name: 'Paula Payer', email, phone: '0400 555 666', postcode: '4000', terms_conditions: true, fulfilment: 'pickup' } });
  expect(placed.status).toBe(201);
  const order = OrderResponseSchema.parse(placed.json);
  const intentId = order.payment.redirect_url!.split('/').pop()!;
  return { order, intentId, carId: car.id };
}

const orderRow = (id: number) => server.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const receipts = (to: string) => server.leadDelivery.mailbox!.mails().filter((m) => m.to.includes(to) && m.subject.startsWith('Receipt:'));
const postWebhook = (webhook: { body: string; headers: Record<string, string> }) => call('/api/payments/webhook', { headers: webhook.headers, body: webhook.body });

beforeAll(async () => {
  dataDir = freshDataDir('fc-payments-');
  server = await startTestServer({ dataDir, seedCars: 30, trustedProxies: 'loopback' });
  A = `alpha-motors.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the deposit of an online order', () => {
  test("is paid on the demo provider's hosted page: its signed webhook marks the order paid, the car stays held, the shopper gets a receipt", async () => {
    const { order, intentId, carId } = await placeOrder('paula@example.com');
    expect(order).toMatchObject({ status: 'awaiting_payment', payment: { provider: 'demo', status: 'requires_action' } });

    const hosted = await call(order.payment.redirect_url!);
    expect(hosted.status).toBe(200);
    expect(hosted.text).toContain('Demo payment — no money moves');
    expect(hosted.text).toContain(`Confirm demo payment of $${order.deposit.toLocaleString('en-AU')}.00`);
    expect(hosted.text).toContain(order.reference);
    // The theme's fonts as CSS reads them (quoted names are not HTML-escaped in the style sheet).
    expect(/<style>([\s\S]*?)<\/style>/.exec(hosted.text)?.[1]).not.toContain('&quot;');
    // Nothing is paid by looking at the page.
    expect((await orderRow(order.order_id)).status).toBe('awaiting_payment');

    const confirmed = await call(order.payment.redirect_url!, { method: 'POST', headers: { origin: `http://${A}`, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe(`/checkout-journey?car_id=${carId}`);

    const row = await orderRow(order.order_id);
    expect(row.status).toBe('deposit_paid');
    expect(row.payment).toMatchObject({ id: intentId, provider: 'demo', status: 'succeeded' });
    const token = order.order_token!;
    const readBack = await call(`/api/orders/${order.order_id}`, { headers: { 'x-order-token': token } });
    expect(readBack.json).toMatchObject({ status: 'deposit_paid', payment: { provider: 'demo', status: 'succeeded' } });
    const lead = await server.db.selectFrom('leads').select('fields').where('id', '=', order.lead_id).executeTakeFirstOrThrow();
    expect(lead.fields).toMatchObject({ payment_state: 'Deposit paid', payment_intent: { status: 'succeeded' } });
    // The order holds the car as a reservation does, now paid.
    const car = await server.db.selectFrom('cars').select(['reserved', 'status']).where('id', '=', carId).executeTakeFirstOrThrow();
    expect(car).toEqual({ reserved: true, status: 'in_stock' });
    const hold = await server.db.selectFrom('reservations').select('status').where('lead_id', '=', order.lead_id).executeTakeFirstOrThrow();
    expect(hold.status).toBe('held');

    const mails = receipts('paula@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Receipt: deposit of $${order.deposit.toLocaleString('en-AU')}.00 paid for order ${order.reference}`);
    expect(mails[0]!.text).toContain('This was a demo payment on a demonstration website: no money moved.');

    // The hosted page of a paid deposit says so, and confirming again sends nothing more.
    expect((await call(order.payment.redirect_url!)).text).toContain('This deposit is paid.');
    expect((await call(order.payment.redirect_url!, { method: 'POST', headers: { origin: `http://${A}`, 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status).toBe(303);
    expect(receipts('paula@example.com')).toHaveLength(1);
  });

  test('a webhook signed with another secret, or replayed after its five minutes, is refused and changes nothing', async () => {
    const { order, intentId } = await placeOrder('rita@example.com');
    const amountCents = Math.round(order.deposit * 100);
    const forged = demoPaymentProvider(`whsec_${crypto.randomBytes(32).toString('base64')}`).signedWebhook({ intentId, amountCents }, new Date());
    const refused = await postWebhook(forged);
    expect(refused.status).toBe(401);
    expect(refused.json.error).toMatch(/signature/);

    const old = demoProviderFor('alpha-motors').signedWebhook({ intentId, amountCents }, new Date(Date.now() - 10 * 60_000));
    expect((await postWebhook(old)).status).toBe(401);

    // A body changed after signing (a larger amount, another intent) fails the signature too.
    const genuine = demoProviderFor('alpha-motors').signedWebhook({ intentId, amountCents }, new Date());
    expect((await postWebhook({ headers: genuine.headers, body: genuine.body.replace(String(amountCents), String(amountCents + 100)) })).status).toBe(401);

    expect((await orderRow(order.order_id)).status).toBe('awaiting_payment');
    expect(receipts('rita@example.com')).toHaveLength(0);
    const events = await server.db.selectFrom('payment_events').select('webhook_id').where('intent_id', '=', intentId).execute();
    expect(events).toEqual([]);
  });

  test('the same webhook delivered twice marks the deposit paid once and sends one receipt; a wrong amount is refused', async () => {
    const { order, intentId } = await placeOrder('ivan@example.com');
    const amountCents = Math.round(order.deposit * 100);
    const wrongAmount = demoProviderFor('alpha-motors').signedWebhook({ intentId, amountCents: amountCents - 1 }, new Date());
    const wrong = await postWebhook(wrongAmount);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toContain('data.amount_cents');
    expect((await orderRow(order.order_id)).status).toBe('awaiting_payment');

    const webhook = demoProviderFor('alpha-motors').signedWebhook({ intentId, amountCents }, new Date());
    const [first, second] = [await postWebhook(webhook), await postWebhook(webhook)];
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ received: true, duplicate: false, status: 'deposit_paid', order_reference: order.reference });
    expect(second.status).toBe(200);
    expect(second.json).toMatchObject({ received: true, duplicate: true });
    // Another event id for the same payment (a provider's resend) changes nothing either.
    const resent = await postWebhook(demoProviderFor('alpha-motors').signedWebhook({ intentId, amountCents }, new Date()));
    expect(resent.json).toMatchObject({ duplicate: true });
    expect((await orderRow(order.order_id)).status).toBe('deposit_paid');
    expect(receipts('ivan@example.com')).toHaveLength(1);
  });

  test('a hosted payment page address that names no payment of this site is a 404', async () => {
    expect((await call(`/payments/demo/demo_pi_${'x'.repeat(32)}`)).status).toBe(404);
    expect((await call('/payments/demo/not-an-intent')).status).toBe(404);
  });
});
