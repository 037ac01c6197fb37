import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { OrderResponseSchema } from '../schema/api/order.ts';
import { orderDeposit, orderTotals, purchasePrice } from '../site/src/domain/online-purchase.ts';
import type { RunningServer } from './index.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * POST /api/orders and GET /api/orders/{id} (spec §2 /checkout-journey?car_id=) against a
 * started server: alpha-motors sells online (features.onlinePurchase), beta-caravans does not.
 */

let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;

const call = (host: string, p: string, init?: Parameters<typeof request>[3]) => request(server.port, host, p, init);

/** An in-stock, unreserved car of a site with its price facts, from the database. */
async function buyableCar(slug: string, skip = 0) {
  const rows = await server.db
    .selectFrom('cars')
    .innerJoin('sites', 'sites.id', 'cars.site_id')
    .select(['cars.id', 'cars.price', 'cars.details'])
    .where('sites.slug', '=', slug)
    .where('cars.status', '=', 'in_stock')
    .where('cars.reserved', '=', false)
    .where('cars.price', '>', 1000)
    .orderBy('cars.id')
    .limit(skip + 1)
    .execute();
  const row = rows[skip];
  if (!row) throw new Error(`no buyable car on ${slug}`);
  const d = row.details as { offer_price?: number | null; reserve_deposit?: number | null };
  return { id: row.id, price: purchasePrice({ price: row.price, offer_price: d.offer_price ?? null }), deposit: orderDeposit({ reserve_deposit: d.reserve_deposit ?? null }, 200) };
}

const contact = { name: 'Olive Order', email: 'olive@example.com', phone: '0400 555 666', postcode: '4000', terms_conditions: true };

let shoppers = 0;
/**
 * A signed-in shopper on a client address of their own (orders need an account, and one address
 * may place only a few holds a day): the headers to send their requests with.
 */
async function shopper(host: string, email = `buyer-${++shoppers}@example.com`): Promise<Record<string, string>> {
  const from = `198.51.100.${++shoppers}`;
  const { cookie } = await confirmedSignUp(server, host, { email, password: 'a long order password', name: 'Olive Order', phone: '0400 555 666' }, { 'x-forwarded-for': from });
  return { 'x-forwarded-for': from, cookie };
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-orders-');
  server = await startTestServer({ dataDir, seedCars: 40, trustedProxies: 'loopback' });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('POST /api/orders', () => {
  test('a pickup order: the server computes the sums, records the order, its lead and the deposit intent', async () => {
    const car = await buyableCar('alpha-motors');
    const totals = orderTotals(car.price, 0, car.deposit);
    const headers = await shopper(A, 'olive@example.com');
    const r = await call(A, '/api/orders', { headers, body: { car_id: car.id, ...contact, fulfilment: 'pickup', expected_total: totals.total } });
    expect(r.status).toBe(201);
    const order = OrderResponseSchema.parse(r.json);
    expect(order).toMatchObject({ car_id: car.id, status: 'awaiting_payment', fulfilment: 'pickup', ...totals, payment: { provider: 'demo', status: 'requires_action' } });
    // The deposit is taken on the provider's hosted page (here the demo one, on the site's own host).
    expect(order.payment.redirect_url).toMatch(/^\/payments\/demo\/demo_pi_[\w-]{32}$/);
    expect(order.reference).toMatch(/^ORD-\d{6,}$/);
    expect(order.order_token).toBeTruthy();

    const lead = await server.db.selectFrom('leads').selectAll().where('id', '=', order.lead_id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form: 'online_purchase', category: 'Online Purchase', status: 'Complete', car_id: car.id, email: 'olive@example.com' });
    expect(lead.fields).toMatchObject({ order_reference: order.reference, total: totals.total, payment_intent: { provider: 'demo', status: 'requires_action', amountCents: totals.deposit * 100 } });
    const row = await server.db.selectFrom('orders').selectAll().where('id', '=', order.order_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ total: totals.total, deposit: totals.deposit, status: 'awaiting_payment' });
    expect(row.token_hash).not.toBe(order.order_token);
  });

  test('delivery adds the delivery price of the delivery calculator; no estimate is a field error', async () => {
    const car = await buyableCar('alpha-motors', 1);
    const headers = await shopper(A);
    const delivery = await call(A, '/api/delivery?postcode=2000');
    expect(delivery.json.price).toBeGreaterThan(0);
    const r = await call(A, '/api/orders', { headers, body: { car_id: car.id, ...contact, fulfilment: 'delivery', delivery_postcode: '2000' } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ delivery_fee: delivery.json.price, delivery_region: delivery.json.region, total: car.price + delivery.json.price });

    // That car is now held by the order: the refusals below are asked about another one.
    const spare = await buyableCar('alpha-motors', 1);
    const none = await call(A, '/api/orders', { headers: await shopper(A), body: { car_id: spare.id, ...contact, fulfilment: 'delivery', delivery_postcode: '0999' } });
    expect(none.status).toBe(400);
    expect(none.json.fields).toEqual([{ path: 'delivery_postcode', message: expect.stringMatching(/^Sorry, we can't provide an estimate/) }]);
    const missing = await call(A, '/api/orders', { headers: await shopper(A), body: { car_id: spare.id, ...contact, fulfilment: 'delivery' } });
    expect(missing.status).toBe(400);
    expect(missing.json.fields).toEqual([{ path: 'delivery_postcode', message: 'Please enter the postcode to deliver to.' }]);
  });

  test('the browser never sets the price: a total other than the server’s is refused with 409', async () => {
    const car = await buyableCar('alpha-motors', 2);
    const before = await server.db.selectFrom('orders').select('id').execute();
    const r = await call(A, '/api/orders', { headers: await shopper(A), body: { car_id: car.id, ...contact, fulfilment: 'pickup', expected_total: 1, vehicle_price: 1, total: 1 } });
    expect(r.status).toBe(409);
    expect(r.json.error).toMatch(/^The total for this order is now \$/);
    expect(r.json.message).toMatch(/^The total for this order is now \$[\d,.]+\. Please check it and place the order again\.$/);
    expect((await server.db.selectFrom('orders').select('id').execute()).length).toBe(before.length);
  });

  test('bad input names each field', async () => {
    const r = await call(A, '/api/orders', { headers: await shopper(A), body: { car_id: 1, name: '', email: 'nope', phone: 'x', postcode: '12', fulfilment: 'boat' } });
    expect(r.status).toBe(400);
    const paths = (r.json.fields as { path: string }[]).map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'postcode', 'fulfilment', 'terms_conditions']));
    expect(r.json.fields).toContainEqual({ path: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' });
  });

  test('a double submit with one Idempotency-Key places one order and replays its answer', async () => {
    const car = await buyableCar('alpha-motors', 3);
    const body = { car_id: car.id, ...contact, fulfilment: 'pickup' };
    const headers = { ...(await shopper(A)), 'idempotency-key': 'order-double-0001' };
    const [first, second] = await Promise.all([call(A, '/api/orders', { headers, body }), call(A, '/api/orders', { headers, body })]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(201);
    const ok = [first, second].filter((r) => r.status === 201);
    expect(new Set(ok.map((r) => r.json.order_id)).size).toBe(1);
    const third = await call(A, '/api/orders', { headers, body });
    expect(third.json.order_id).toBe(ok[0]?.json.order_id);
    expect(third.headers['idempotent-replayed']).toBe('true');
    const orders = await server.db.selectFrom('orders').select('id').where('car_id', '=', car.id).execute();
    expect(orders.length).toBe(1);
  });

  test('a car that cannot be bought online (reserved) is refused with 409; an unknown car with 400', async () => {
    const car = await buyableCar('alpha-motors', 4);
    await server.db.updateTable('cars').set({ reserved: true }).where('id', '=', car.id).execute();
    const r = await call(A, '/api/orders', { headers: await shopper(A), body: { car_id: car.id, ...contact, fulfilment: 'pickup' } });
    expect(r.status).toBe(409);
    expect(r.json.error).toBe('This car cannot be bought online: it is reserved, sold or not yet in stock.');
    expect(r.json.message).toBe('This car cannot be bought online: it is reserved, sold or not yet in stock.');
    const other = await buyableCar('beta-caravans');
    const foreign = await call(A, '/api/orders', { headers: await shopper(A), body: { car_id: other.id, ...contact, fulfilment: 'pickup' } });
    expect(foreign.status).toBe(400);
    expect(foreign.json.fields).toEqual([{ path: 'car_id', message: 'no such car on this site' }]);
    // A summary for programs carries no words for the shopper: the form shows its own fallback.
    expect(foreign.json.message).toBeUndefined();
  });

  test('a tenant without online purchase answers 404', async () => {
    const car = await buyableCar('beta-caravans');
    const r = await call(B, '/api/orders', { headers: await shopper(B), body: { car_id: car.id, ...contact, fulfilment: 'pickup' } });
    expect(r.status).toBe(404);
    expect(r.json.error).toBe('This dealer does not sell cars online.');
  });
});

describe('GET /api/orders/{id}', () => {
  test('only the browser holding the order token reads the order back', async () => {
    const car = await buyableCar('alpha-motors', 5);
    const placed = await call(A, '/api/orders', { headers: await shopper(A), body: { car_id: car.id, ...contact, fulfilment: 'pickup' } });
    expect(placed.status).toBe(201);
    const mine = await call(A, `/api/orders/${placed.json.order_id}`, { method: 'GET', headers: { 'x-order-token': placed.json.order_token } });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ order_id: placed.json.order_id, reference: placed.json.reference, total: placed.json.total });
    expect(mine.json.order_token).toBeUndefined();
    expect((await call(A, `/api/orders/${placed.json.order_id}`, { method: 'GET' })).status).toBe(404);
    expect((await call(A, `/api/orders/${placed.json.order_id}`, { method: 'GET', headers: { 'x-order-token': 'x'.repeat(43) } })).status).toBe(404);
  });

  test('the OpenAPI document lists the order routes', async () => {
    const doc = await call(A, '/api/openapi.json', { method: 'GET' });
    expect(Object.keys(doc.json.paths)).toEqual(expect.arrayContaining(['/api/orders', '/api/orders/{id}']));
  });
});

describe('POST /api/online-payments (spec §2 /online-payment)', () => {
  const payment = { kind: 'service-invoice', reference: 'INV 20391', amount: 1234.5, dealership_slug: 'alpha-toyota', name: 'Paula Payer', phone: '0400 111 222' };

  test('a signed-in shopper’s payment is a lead of the service team with the provider’s record; the payer is the account', async () => {
    const headers = await shopper(A, 'paula@example.com');
    const r = await call(A, '/api/online-payments', { headers, body: payment });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ kind: 'service-invoice', reference: 'INV 20391', amount: 1234.5, payment: { provider: 'embedded', status: 'recorded' } });
    expect(r.json.payment_reference).toBe(`OP-${String(r.json.lead_id).padStart(6, '0')}`);
    const lead = await server.db.selectFrom('leads').selectAll().where('id', '=', r.json.lead_id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form: 'online_payment', category: 'Service Invoice Payment', department: 'service', status: 'Complete', email: 'paula@example.com', car_id: null });
    expect(lead.fields).toMatchObject({ payment_for: 'Service invoice', reference: 'INV 20391', amount: 1234.5, payment_reference: r.json.payment_reference, payment_intent: { provider: 'embedded', status: 'recorded', amountCents: 123450 } });
  });

  test('signed out: 401; nothing recorded', async () => {
    const before = await server.db.selectFrom('leads').select('id').where('form', '=', 'online_payment').execute();
    const r = await call(A, '/api/online-payments', { headers: { 'x-forwarded-for': '198.51.100.250' }, body: payment });
    expect(r.status).toBe(401);
    expect((await server.db.selectFrom('leads').select('id').where('form', '=', 'online_payment').execute()).length).toBe(before.length);
  });

  test('the amount is from $1 to the site’s limit ($50,000 by default), in dollars and cents; every bad field is named', async () => {
    const headers = await shopper(A);
    const over = await call(A, '/api/online-payments', { headers, body: { ...payment, amount: 50000.01 } });
    expect(over.status).toBe(400);
    expect(over.json.fields).toEqual([{ path: 'amount', message: 'The amount cannot be less than $1 or more than $50,000.' }]);
    expect((await call(A, '/api/online-payments', { headers, body: { ...payment, amount: 0.5 } })).json.fields).toEqual([{ path: 'amount', message: 'The amount cannot be less than $1 or more than $50,000.' }]);
    expect((await call(A, '/api/online-payments', { headers, body: { ...payment, amount: 50000 } })).status).toBe(201);
    const bad = await call(A, '/api/online-payments', { headers, body: { kind: 'lunch', reference: '', amount: 10.001, dealership_slug: 'alpha-toyota', name: '', phone: 'x' } });
    expect(bad.status).toBe(400);
    expect((bad.json.fields as { path: string }[]).map((f) => f.path)).toEqual(expect.arrayContaining(['kind', 'reference', 'amount', 'name', 'phone']));
    const elsewhere = await call(A, '/api/online-payments', { headers, body: { ...payment, dealership_slug: 'beta-caravans-yard' } });
    expect(elsewhere.json.fields).toEqual([{ path: 'dealership_slug', message: 'no such dealership on this site' }]);
  });

  test('a tenant without online payments answers 404', async () => {
    const r = await call(B, '/api/online-payments', { headers: await shopper(B), body: payment });
    expect(r.status).toBe(404);
    expect(r.json.error).toBe('This dealer does not take payments online.');
  });
});
