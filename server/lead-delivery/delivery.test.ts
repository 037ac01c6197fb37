import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { simpleParser } from 'mailparser';
import { Webhook } from 'standardwebhooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { LeadWebhookSchema } from '../../schema/api/lead-delivery.ts';
import { startServer, type RunningServer } from '../index.ts';
import { confirmedSignUp } from '../test-support/accounts.ts';
import { request } from '../local-client.ts';
import { freshDataDir } from '../test-support/data-dir.ts';
import { manualTimers, ROUTED, routedTenantsDir } from '../test-support/lead-routing.ts';
import { tellOfRefusal } from '../stock/feed-alerts.ts';
import { httpWebhookSender, newWebhookSecret, smtpSender } from './senders.ts';
import { createDeliveryWorker, type DeliveryWorker } from './worker.ts';

/*
 * The outbox end to end against a started server whose own worker is off: leads are submitted
 * over HTTP, and a worker driven by this test (its clock, its timers) sends them to the server's
 * local SMTP server and to webhook receivers of this test, which verify signatures with the
 * Standard Webhooks library. alpha-motors routes sales leads to email and a webhook; beta-caravans
 * routes everything to its own webhook and gives up after three tries.
 */

interface Received {
  id: string;
  verified: boolean;
  body: unknown;
}

/** A webhook receiver on 127.0.0.1 that checks signatures and answers as `mode` says. */
async function receiver(secret: string) {
  const received: Received[] = [];
  const held: http.ServerResponse[] = [];
  let mode: 'ok' | 'fail' | 'hang' = 'ok';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = Buffer.concat(chunks).toString('utf8');
      let verified = false;
      let body: unknown = null;
      try {
        body = new Webhook(secret).verify(payload, req.headers as Record<string, string>);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ id: String(req.headers['webhook-id']), verified, body });
      if (mode === 'hang') held.push(res);
      else res.writeHead(mode === 'ok' ? 204 : 500).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/leads`,
    received,
    setMode: (m: typeof mode) => (mode = m),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const secrets = { ALPHA_CRM_WEBHOOK_SECRET: newWebhookSecret(), BETA_CRM_WEBHOOK_SECRET: newWebhookSecret() };
let alphaHook: Awaited<ReturnType<typeof receiver>>;
let betaHook: Awaited<ReturnType<typeof receiver>>;
let dataDir: string;
let tenantsDir: string;
let server: RunningServer;
let A: string;
let B: string;
let clock: Date;
let timers: ReturnType<typeof manualTimers>;
let worker: DeliveryWorker;
let siteSlugs: Map<number, string>;

const call = (host: string, p: string, init?: Parameters<typeof request>[3]) => request(server.port, host, p, init);

/** The email senders of this file's workers (pooled connections, closed with their worker). */
const senders: ReturnType<typeof smtpSender>[] = [];

function newWorker(overrides: Partial<Parameters<typeof createDeliveryWorker>[0]> = {}): DeliveryWorker {
  const email = smtpSender(server.leadDelivery.smtpUrl, 10_000);
  senders.push(email);
  return createDeliveryWorker({
    db: server.db,
    tenantOf: (id) => server.tenants.find((t) => t.slug === siteSlugs.get(id)),
    email,
    webhook: httpWebhookSender(),
    secretOf: (name) => secrets[name as keyof typeof secrets],
    emailFrom: () => 'Forecourt test <leads@example.com.au>',
    now: () => clock,
    timers,
    random: () => 0.5,
    pollMs: 0,
    log: () => {},
    ...overrides,
  });
}

beforeAll(async () => {
  alphaHook = await receiver(secrets.ALPHA_CRM_WEBHOOK_SECRET);
  betaHook = await receiver(secrets.BETA_CRM_WEBHOOK_SECRET);
  tenantsDir = routedTenantsDir({ alphaWebhook: alphaHook.url, betaWebhook: betaHook.url });
  dataDir = freshDataDir('fc-lead-delivery-');
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 30, log: () => {}, watch: false,
    leadRateLimit: { max: 10_000, windowMs: 60_000 },
    leadDelivery: { worker: false, smtpUrl: undefined },
  });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
  siteSlugs = new Map((await server.db.selectFrom('sites').select(['id', 'slug']).execute()).map((s) => [s.id, s.slug]));
}, 120_000);

afterAll(async () => {
  await worker?.close();
  for (const sender of senders.splice(0)) sender.close();
  await server?.close();
  await alphaHook?.close();
  await betaHook?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await worker?.close();
  for (const sender of senders.splice(0)) sender.close();
  // Every test starts with no delivery due: earlier tests' leftovers are done with.
  await server.db.updateTable('lead_deliveries').set({ status: 'failed' }).where('status', '=', 'pending').execute();
  // The worker's clock starts at the server's (which stamps new deliveries due now) and then moves only by hand.
  clock = new Date(Date.now() + 1000);
  timers = manualTimers();
  alphaHook.setMode('ok');
  betaHook.setMode('ok');
  worker = newWorker();
});

/** An in-stock car of a site, with the facts a lead's snapshot and ADF document carry. */
async function carOf(slug: string, skip = 0) {
  const rows = await server.db
    .selectFrom('cars')
    .innerJoin('sites', 'sites.id', 'cars.site_id')
    .innerJoin('dealerships', 'dealerships.id', 'cars.dealership_id')
    .select(['cars.id', 'cars.slug', 'cars.year', 'cars.make', 'cars.model', 'cars.vin', 'cars.stocknum', 'cars.price', 'cars.car_type', 'cars.details', 'dealerships.name as dealership', 'dealerships.id as dealershipId'])
    .where('sites.slug', '=', slug)
    .where('cars.status', '=', 'in_stock')
    .where('cars.price', '>', 1000)
    .orderBy('cars.id')
    .offset(skip)
    .limit(1)
    .execute();
  const car = rows[0];
  if (!car) throw new Error(`no car on ${slug}`);
  const d = car.details as { badge?: string | null; offer_price?: number | null };
  const shown = d.offer_price && d.offer_price > 10 && d.offer_price < car.price ? d.offer_price : car.price;
  return { ...car, title: [String(car.year), car.make, car.model, d.badge ?? ''].filter(Boolean).join(' '), shown, shownText: `$${shown.toLocaleString('en-AU')}` };
}

const shopper = { name: 'Jane', last_name: 'Citizen', email: 'jane.citizen@example.com', phone: '0412 345 678', postcode: '4000' };
const attribution = {
  visited_pages: ['/', '/search?make=Toyota', '/cars/some-car'],
  linked_query_params: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'spring-sale' },
  landing_page: '/?utm_source=google&utm_medium=cpc&utm_campaign=spring-sale',
  referrer: 'https://www.google.com/',
};

async function enquire(host: string, body: Record<string, unknown>) {
  const r = await call(host, '/api/leads', { body: { form: 'enquiry', category: 'General Enquiry', message: 'Is it still available? Can I see it Saturday?', ...shopper, ...body } });
  expect(r.status).toBe(201);
  // The server stamps the lead's deliveries due at its own time of writing; on a busy machine that
  // can pass the second the worker's clock was set ahead, so the clock never stays behind it.
  if (clock.getTime() <= Date.now()) clock = new Date(Date.now() + 1);
  return r.json.lead_id as number;
}

const deliveriesOf = (leadId: number) => server.db.selectFrom('lead_deliveries').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
const attemptsOf = (deliveryId: number) => server.db.selectFrom('lead_delivery_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('id').execute();

describe('the outbox: a lead and its deliveries are written together', () => {
  test('an enquiry on a car is filed under its dealership and department, keeps the car as shown, and gets one delivery per destination', async () => {
    const car = await carOf('alpha-motors');
    const leadId = await enquire(A, { car_id: car.id, lead_attributes: attribution });
    const lead = await server.db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ dealership_id: car.dealershipId, department: 'sales', dealer_status: 'new' });
    expect(lead.car_snapshot).toMatchObject({ id: car.id, slug: car.slug, title: car.title, price: car.shown, price_text: car.shownText, stock_number: car.stocknum, vin: car.vin, year: car.year, make: car.make, model: car.model, car_type: car.car_type });
    expect(lead.car_snapshot?.url).toBe(`http://${A}/cars/${car.slug}`);

    const deliveries = await deliveriesOf(leadId);
    expect(deliveries.map((d) => [d.channel, d.target, d.status, d.attempts])).toEqual([
      ['email', { to: [...ROUTED.alphaSales], format: 'adf-and-summary' }, 'pending', 0],
      ['webhook', { url: alphaHook.url, secret_env: 'ALPHA_CRM_WEBHOOK_SECRET' }, 'pending', 0],
    ]);
    expect(new Set(deliveries.map((d) => d.delivery_key)).size).toBe(2);
  });

  test('a service booking goes to the service desk only; a multi-step lead waits until it is complete', async () => {
    const service = await call(A, '/api/leads', { body: { form: 'service', message: 'Logbook service please', ...shopper } });
    expect(service.status).toBe(201);
    expect((await deliveriesOf(service.json.lead_id)).map((d) => [d.channel, d.target])).toEqual([['email', { to: [...ROUTED.alphaService], format: 'summary' }]]);

    const first = await call(A, '/api/leads', { body: { form: 'parts', ...shopper, location: 'alpha-toyota-service', form_completed: false } });
    expect(first.status).toBe(201);
    expect(await deliveriesOf(first.json.lead_id)).toEqual([]);
    const done = await call(A, '/api/leads', { body: { form: 'parts', name: shopper.name, lead_id: first.json.lead_id, lead_token: first.json.lead_token, 'Order Detail': 'Front brake pads, 2019 Corolla', form_completed: true } });
    expect(done.status).toBe(200);
    expect((await deliveriesOf(first.json.lead_id)).map((d) => d.target)).toEqual([{ to: [...ROUTED.alphaService], format: 'summary' }]);
  });

  test('an online order is a sales lead the dealer hears about, with the car it bought', async () => {
    const car = await carOf('alpha-motors', 4);
    // Orders need an account.
    const { cookie } = await confirmedSignUp(server, A, { email: `buyer-${Date.now()}@example.com`, password: 'a long order password', name: 'Jane Citizen', phone: shopper.phone });
    const r = await call(A, '/api/orders', { headers: { cookie }, body: { car_id: car.id, ...shopper, terms_conditions: true, fulfilment: 'pickup' } });
    expect(r.status).toBe(201);
    const lead = await server.db.selectFrom('leads').selectAll().where('id', '=', r.json.lead_id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form: 'online_purchase', department: 'sales', dealership_id: car.dealershipId });
    expect(lead.car_snapshot).toMatchObject({ id: car.id, title: car.title });
    expect((await deliveriesOf(lead.id)).map((d) => d.channel)).toEqual(['email', 'webhook']);
  });

  test('the API document describes the lead webhook a CRM receives', async () => {
    const doc = (await call(A, '/api/openapi.json')).json;
    const hook = doc.webhooks['lead.created'].post;
    expect(hook.parameters.map((p: { name: string }) => p.name)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    const data = hook.requestBody.content['application/json'].schema.properties.data;
    expect(data.properties.department.enum).toEqual(['sales', 'service', 'parts', 'finance']);
    expect(Object.keys(data.properties)).toEqual(expect.arrayContaining(['id', 'form', 'email', 'car', 'dealership', 'attribution']));
  });
});

describe('sending', () => {
  test('the email goes through the local SMTP server: ADF 1.0 as its text, a readable summary as its HTML', async () => {
    const car = await carOf('alpha-motors', 1);
    const leadId = await enquire(A, { car_id: car.id, lead_attributes: attribution });
    const [email] = await deliveriesOf(leadId);
    await worker.poll();
    await worker.idle();

    const sent = server.leadDelivery.mailbox?.mails().find((m) => m.messageId.includes(email!.delivery_key));
    expect(sent).toBeDefined();
    const parsed = await simpleParser(sent!.raw);
    expect(parsed.messageId).toBe(`<${email!.delivery_key}@www.alphamotors.example.com.au>`);
    expect((Array.isArray(parsed.to) ? parsed.to : [parsed.to]).flatMap((a) => a!.value.map((v) => v.address))).toEqual([...ROUTED.alphaSales]);
    expect(parsed.replyTo?.value[0]?.address).toBe(shopper.email);
    expect(parsed.subject).toBe(`General Enquiry from Jane Citizen: ${car.title}`);

    const adf = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseTagValue: false }).parse(parsed.text ?? '');
    expect(adf['?xml']).toMatchObject({ version: '1.0' });
    expect(adf['?adf']).toMatchObject({ version: '1.0' });
    const prospect = adf.adf.prospect;
    expect(prospect.status).toBe('new');
    // The lead's time in the site's zone (Brisbane: UTC+10, no daylight saving), to the second.
    expect(prospect.requestdate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+10:00$/);
    const created = (await server.db.selectFrom('leads').select('created_at').where('id', '=', leadId).executeTakeFirstOrThrow()).created_at;
    expect(Date.parse(prospect.requestdate)).toBe(Math.floor(new Date(created).getTime() / 1000) * 1000);
    expect(prospect.vehicle).toMatchObject({ interest: 'buy', year: String(car.year), make: car.make, model: car.model, vin: car.vin, stock: car.stocknum, price: { '#text': String(car.shown), type: 'asking', currency: 'AUD' } });
    expect(prospect.customer.contact).toMatchObject({
      name: [{ part: 'first', '#text': 'Jane' }, { part: 'last', '#text': 'Citizen' }],
      email: shopper.email,
      phone: { '#text': shopper.phone, type: 'voice' },
      address: { postalcode: '4000', country: 'AU' },
    });
    expect(prospect.customer.comments).toContain('Is it still available? Can I see it Saturday?');
    expect(prospect.customer.comments).toContain('utm_campaign=spring-sale');
    expect(prospect.vendor.vendorname).toBe(car.dealership);
    expect(prospect.provider.name['#text']).toBe('Alpha Motors website');

    const html = String(parsed.html);
    expect(html).toContain(car.title);
    expect(html).toContain(car.shownText);
    expect(html).toContain('Jane Citizen');
    expect(html).toContain('utm_source=google');
    expect(html).toContain('https://www.google.com/');
    expect(prospect.customer.comments).toContain('Came from: https://www.google.com/');

    const [row] = await deliveriesOf(leadId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    expect(await attemptsOf(row!.id)).toMatchObject([{ ok: true, status_code: 250, error: null }]);
  });

  test('the webhook is signed per Standard Webhooks: the receiver verifies it with the library, and its id is the delivery key', async () => {
    const car = await carOf('alpha-motors', 2);
    const leadId = await enquire(A, { car_id: car.id, lead_attributes: attribution });
    const hook = (await deliveriesOf(leadId)).find((d) => d.channel === 'webhook')!;
    await worker.poll();
    await worker.idle();

    const got = alphaHook.received.filter((r) => r.id === hook.delivery_key);
    expect(got).toHaveLength(1);
    expect(got[0]!.verified).toBe(true);
    const body = LeadWebhookSchema.parse(got[0]!.body);
    expect(body.type).toBe('lead.created');
    expect(body.data).toMatchObject({ id: leadId, tenant: 'alpha-motors', form: 'enquiry', email: shopper.email, department: 'sales', dealership: { slug: 'alpha-toyota', name: car.dealership }, attribution });
    expect(body.data.car).toMatchObject({ id: car.id, title: car.title, price_text: car.shownText, stock_number: car.stocknum });
    expect((await deliveriesOf(leadId)).find((d) => d.channel === 'webhook')).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(await attemptsOf(hook.id)).toMatchObject([{ ok: true, status_code: 204 }]);
  });

  test('a tampered body or another secret does not verify at the receiver', async () => {
    const wh = new Webhook(secrets.ALPHA_CRM_WEBHOOK_SECRET);
    const at = new Date();
    const body = JSON.stringify({ type: 'lead.created', data: { id: 1 } });
    const headers = { 'webhook-id': 'msg_test', 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': wh.sign('msg_test', at, body) };
    expect(() => new Webhook(secrets.BETA_CRM_WEBHOOK_SECRET).verify(body, headers)).toThrow('No matching signature found');
    expect(() => wh.verify(body.replace('"id":1', '"id":2'), headers)).toThrow('No matching signature found');
    expect(wh.verify(body, headers)).toEqual(JSON.parse(body));
  });
});

describe('several server instances', () => {
  test('two workers polling the same outbox at once send each delivery once (FOR UPDATE SKIP LOCKED)', async () => {
    const other = newWorker();
    try {
      const leads = [];
      for (let i = 0; i < 8; i++) leads.push(await enquire(B, {}));
      const rows = (await Promise.all(leads.map(deliveriesOf))).flat();
      expect(rows).toHaveLength(16);
      // Both claim at the same moment, again and again, until nothing is left.
      for (let round = 0; round < 20; round++) {
        const [a, b] = await Promise.all([worker.poll(), other.poll()]);
        await Promise.all([worker.idle(), other.idle()]);
        if (a + b === 0) break;
      }
      const after = await server.db.selectFrom('lead_deliveries').select(['id', 'status', 'attempts', 'delivery_key']).where('id', 'in', rows.map((r) => r.id)).execute();
      expect(after.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
      const keys = new Set(rows.filter((r) => r.channel === 'webhook').map((r) => r.delivery_key));
      expect(betaHook.received.filter((r) => keys.has(r.id)).map((r) => r.id).sort()).toEqual([...keys].sort());
      const tries = await server.db.selectFrom('lead_delivery_attempts').select('delivery_id').where('delivery_id', 'in', rows.map((r) => r.id)).execute();
      expect(tries).toHaveLength(16);
    } finally {
      await other.close();
    }
  });
});

/** Replaces the test's worker with one whose mail relay refuses connections (a port just closed). */
async function useDeadRelay(): Promise<void> {
  const closed = http.createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
  const deadRelay = `smtp://127.0.0.1:${(closed.address() as AddressInfo).port}`;
  await new Promise<void>((r) => closed.close(() => r()));
  await worker.close();
  const email = smtpSender(deadRelay, 10_000);
  senders.push(email);
  worker = newWorker({ email });
}

/** Polls the test's worker until it claims nothing more. */
async function drain(): Promise<void> {
  for (let round = 0; round < 40; round++) {
    const claimed = await worker.poll();
    await worker.idle();
    if (claimed === 0) break;
  }
}

describe('one claim, one delivery', () => {
  test('with the table analysed, as autovacuum or the housekeeping leaves it, each claim takes one delivery and every one is sent on its first try', async () => {
    // A site that has taken leads for a while: its deliveries done, the table analysed then (few
    // pending rows in the planner's statistics), as autovacuum or the embedded database's
    // housekeeping leaves it.
    for (let i = 0; i < 10; i++) await enquire(A, {});
    await drain();
    await sql`analyze lead_deliveries`.execute(server.db);
    // With those statistics a claim written as "id in (the first due delivery, locked)" became a
    // semi-join that looked for the first due delivery again for each due row, and claimed a second
    // one it never sent: that one waited for its claim to lapse (20 s) before anyone tried it.
    const leads = [];
    for (let i = 0; i < 3; i++) leads.push(await enquire(A, {}));
    const rows = (await Promise.all(leads.map(deliveriesOf))).flat();
    expect(rows).toHaveLength(6);
    await drain();
    const after = await server.db.selectFrom('lead_deliveries').select(['id', 'status', 'attempts']).where('id', 'in', rows.map((r) => r.id)).orderBy('id').execute();
    expect(after.map((d) => [d.status, d.attempts])).toEqual(rows.map(() => ['delivered', 1]));
    const tries = await server.db.selectFrom('lead_delivery_attempts').select('delivery_id').where('delivery_id', 'in', rows.map((r) => r.id)).execute();
    expect(tries).toHaveLength(6);
  });
});

describe('retries and the dead letter', () => {
  test('a failing receiver is tried again after a growing, jittered wait, then the delivery is marked failed; every try is recorded', async () => {
    betaHook.setMode('fail');
    const leadId = await enquire(B, {});
    const hook = (await deliveriesOf(leadId)).find((d) => d.channel === 'webhook')!;
    const start = clock.getTime();
    const sentSoFar = () => betaHook.received.filter((r) => r.id === hook.delivery_key).length;
    const tryOnce = async () => {
      await worker.poll();
      await worker.idle();
      return (await deliveriesOf(leadId)).find((d) => d.id === hook.id)!;
    };
    // With jitter 0.5 each wait is three quarters of its ceiling: 22.5 s after the first try, 45 s after the second.
    const first = await tryOnce();
    expect(first).toMatchObject({ attempts: 1, status: 'pending' });
    expect(new Date(first.next_attempt_at).getTime() - clock.getTime()).toBe(22_500);
    // A moment before it is due, nothing is claimed.
    clock = new Date(new Date(first.next_attempt_at).getTime() - 1);
    expect(await worker.poll()).toBe(0);
    expect(sentSoFar()).toBe(1);
    clock = new Date(first.next_attempt_at);
    const second = await tryOnce();
    expect(second).toMatchObject({ attempts: 2, status: 'pending' });
    expect(new Date(second.next_attempt_at).getTime() - clock.getTime()).toBe(45_000);
    clock = new Date(second.next_attempt_at);
    const third = await tryOnce();
    expect(third).toMatchObject({ attempts: ROUTED.betaMaxAttempts, status: 'failed', last_error: 'the receiver answered 500 Internal Server Error' });
    expect(sentSoFar()).toBe(3);
    expect(clock.getTime() - start).toBe(22_500 + 45_000);
    // Dead-lettered: no further try, however long the wait.
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await worker.poll()).toBe(0);
    expect(sentSoFar()).toBe(3);
    const attempts = await attemptsOf(hook.id);
    expect(attempts.map((a) => [a.ok, a.status_code])).toEqual([[false, 500], [false, 500], [false, 500]]);
    // Every try carried the same id: the receiver can tell a retry from a new lead.
    expect(new Set(betaHook.received.filter((r) => r.id === hook.delivery_key).map((r) => r.id)).size).toBe(1);
    // The lead's email of the same route was not held up by its failing webhook.
    expect((await deliveriesOf(leadId)).find((d) => d.channel === 'email')).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('faults never slow a submission or block another site', () => {
  test('a receiver that never answers is cut off by the timeout; meanwhile submissions answer and the other site is delivered', async () => {
    betaHook.setMode('hang');
    await worker.close();
    // Two sends to one receiver at a time (the default is four): the third lead's waits its turn.
    worker = newWorker({ perReceiver: 2 });
    const beta = [await enquire(B, {}), await enquire(B, {}), await enquire(B, {})];
    await worker.poll();
    // Two sends to the hanging receiver are in flight (the per-receiver limit); the third waits.
    await expect.poll(() => betaHook.received.length).toBeGreaterThanOrEqual(2);
    expect(worker.inFlight()).toBeGreaterThanOrEqual(2);

    // A shopper's submission answers while the sends hang: nothing on the request path waits for a receiver.
    const car = await carOf('alpha-motors', 3);
    const alphaLead = await enquire(A, { car_id: car.id });
    await worker.poll();
    await expect.poll(async () => (await deliveriesOf(alphaLead)).map((d) => d.status)).toEqual(['delivered', 'delivered']);

    // The receiver recovers, and 30 s pass on the worker's timers: the two hanging sends are cut
    // off after 10 s and recorded, which frees a slot for the third, which is delivered.
    betaHook.setMode('ok');
    timers.advance(30_000);
    await worker.idle();
    const hooks = (await Promise.all(beta.map(deliveriesOf))).flat().filter((d) => d.channel === 'webhook');
    const cut = hooks.filter((d) => d.status === 'pending');
    expect(cut).toHaveLength(2);
    for (const d of cut) {
      expect(d).toMatchObject({ attempts: 1, last_error: 'no answer within 10 s' });
      expect(await attemptsOf(d.id)).toMatchObject([{ ok: false, status_code: null, error: 'no answer within 10 s' }]);
    }
    expect(hooks.filter((d) => d.status === 'delivered')).toHaveLength(1);
  });

  test('a refused connection is a failed try with the reason, and is tried again later', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/leads`;
    await new Promise<void>((r) => closed.close(() => r()));
    await worker.close();
    for (const sender of senders.splice(0)) sender.close();
    worker = newWorker({ webhookUrlFor: () => deadUrl });
    const leadId = await enquire(B, {});
    await worker.poll();
    await worker.idle();
    const hook = (await deliveriesOf(leadId)).find((d) => d.channel === 'webhook')!;
    expect(hook.status).toBe('pending');
    expect(hook.last_error).toMatch(/ECONNREFUSED/);
    expect(await attemptsOf(hook.id)).toMatchObject([{ ok: false, status_code: null }]);
  });

  test('a mail relay that refuses connections fails the email try with the reason; the webhook still goes', async () => {
    await useDeadRelay();
    const leadId = await enquire(A, {});
    await worker.poll();
    await worker.idle();
    const [mail, hook] = await deliveriesOf(leadId);
    expect(mail).toMatchObject({ channel: 'email', status: 'pending', attempts: 1 });
    expect(mail!.last_error).toMatch(/ECONNREFUSED/);
    expect(hook).toMatchObject({ channel: 'webhook', status: 'delivered' });
  });
});

describe('a notice to the dealer rides the same outbox', () => {
  test('a refused stock feed’s email waits while the relay is down, is tried again, and goes out as written, once', async () => {
    const siteId = [...siteSlugs].find(([, slug]) => slug === 'alpha-motors')![0];
    const receivedAt = new Date(clock.getTime() - 1);
    const report = await server.db
      .insertInto('stock_feed_reports')
      .values({ site_id: siteId, import_id: null, origin: 'api', mode: 'full', refused: 'the feed lists no cars', summary: JSON.stringify({}), received_at: receivedAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    const site = { id: siteId, name: 'Alpha Motors', timeZone: 'Australia/Brisbane', to: ['stock@alpha.example.com'], pageUrl: 'https://www.alphamotors.example.com.au/dealer/stock' };
    expect(await tellOfRefusal(server.db, site, { reportId: report.id, reason: 'the feed lists no cars', mode: 'full', receivedAt })).toBe('emailed');
    const { refusal_delivery_id: id } = await server.db.selectFrom('stock_feed_reports').select('refusal_delivery_id').where('id', '=', report.id).executeTakeFirstOrThrow();
    const delivery = () => server.db.selectFrom('lead_deliveries').selectAll().where('id', '=', id!).executeTakeFirstOrThrow();

    // The relay is down: the try fails with the reason and the email waits for the next.
    await useDeadRelay();
    await worker.poll();
    await worker.idle();
    const waiting = await delivery();
    expect(waiting).toMatchObject({ lead_id: null, channel: 'email', status: 'pending', attempts: 1 });
    expect(waiting.last_error).toMatch(/ECONNREFUSED/);

    // The relay is back and the wait is over: sent as written, to the site's addresses.
    await worker.close();
    worker = newWorker();
    clock = new Date(waiting.next_attempt_at);
    await worker.poll();
    await worker.idle();
    expect(await delivery()).toMatchObject({ status: 'delivered', attempts: 2, last_error: null });
    const mails = server.leadDelivery.mailbox!.mails().filter((m) => m.messageId.includes(waiting.delivery_key));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ['stock@alpha.example.com'], subject: 'Stock feed refused: the Alpha Motors website still shows the stock from before it' });
    expect(mails[0]!.text).toContain('\nWhy: the feed lists no cars.\n');
    expect(mails[0]!.html).toContain('<a href="https://www.alphamotors.example.com.au/dealer/stock">');
    // Nothing more to send.
    expect(await worker.poll()).toBe(0);
  });
});
