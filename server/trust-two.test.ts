import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { freeCars } from './test-support/free-cars.ts';

/*
 * The second outside probe of the platform: one test (or more) per defect it found, each
 * reproducing the probe's request against a started server. The test client plays a proxy on
 * this machine (TRUSTED_PROXIES=loopback), so each test can come from its own client address
 * and the per-address limits of one test do not reach the next.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;
let address = 0;

/** A new client address (as the proxy reports it) for each caller. */
const newClient = () => `198.51.100.${++address}`;
const call = (host: string, p: string, init: Parameters<typeof request>[3] & { from?: string } = {}): Promise<TestResponse> =>
  request(server.port, host, p, { ...init, headers: { 'x-forwarded-for': init.from ?? '192.0.2.1', ...init.headers } });
const cookieOf = (r: TestResponse) => String(r.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';

async function signUp(host: string, email: string, from: string, phone = '0412 000 111'): Promise<string> {
  const r = await call(host, '/api/auth/sign-up', { from, body: { email, password: `${email} long password`, name: 'Shopper', phone } });
  expect(r.status).toBe(201);
  return cookieOf(r);
}



beforeAll(async () => {
  dataDir = freshDataDir('fc-trust-two-');
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 300, log: () => {}, watch: false,
    leadRateLimit: { max: 10_000, windowMs: 60_000 }, accountRateLimit: { max: 10_000, windowMs: 60_000 }, searchRateLimit: { max: 100_000, windowMs: 60_000 },
    trustedProxies: 'loopback',
  });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const search = (host: string, requests: unknown[], from = '192.0.2.1') => call(host, '/1/indexes/*/queries', { from, body: { requests } });

describe('high 1: one search call cannot stall the platform', () => {
  test('high 1: a multi-query of more than 50 queries is refused with 400 naming the limit', async () => {
    const fifty = await search(A, Array.from({ length: 50 }, () => ({ indexName: 'cars', params: 'hitsPerPage=1' })));
    expect(fifty.status).toBe(200);
    expect(fifty.json.results).toHaveLength(50);
    const many = await search(A, Array.from({ length: 51 }, () => ({ indexName: 'cars', params: 'hitsPerPage=1' })));
    expect(many.status).toBe(400);
    expect(many.json.message).toMatch(/at most 50 queries per call/);
  });

  test('high 1: more than 1,000 hits per call (per query or across the queries) is refused with 400', async () => {
    const one = await search(A, [{ indexName: 'cars', params: 'hitsPerPage=1001' }]);
    expect(one.status).toBe(400);
    expect(one.json.message).toMatch(/hitsPerPage/);
    // The probe's call: many queries of a thousand hits and every facet.
    const probe = await search(A, Array.from({ length: 20 }, () => ({ indexName: 'cars', params: 'hitsPerPage=1000&facets=["*"]' })));
    expect(probe.status).toBe(400);
    expect(probe.json.message).toMatch(/at most 1000 hits per call/);
    const within = await search(A, [{ indexName: 'cars', params: 'hitsPerPage=500' }, { indexName: 'cars', params: 'hitsPerPage=500' }]);
    expect(within.status).toBe(200);
  });

  test('high 1: an answer larger than 4 MB is refused with 400 naming the limit, and the server keeps serving', async () => {
    // Highlight tags are the caller's own text, repeated around every match of every hit.
    const tag = encodeURIComponent('x'.repeat(2000));
    const huge = await search(A, Array.from({ length: 10 }, () => ({ indexName: 'cars', params: `query=a&hitsPerPage=100&highlightPreTag=${tag}&highlightPostTag=${tag}` })));
    expect(huge.status).toBe(400);
    expect(huge.json.message).toMatch(/larger than 4000000 bytes/);
    expect((await call(B, '/api/site')).status).toBe(200);
  });

  test("high 1: another site's requests keep being answered while one site's heaviest allowed call runs", async () => {
    const heavy = Array.from({ length: 50 }, (_, i) => ({ indexName: 'cars', params: `query=${'aeiou'[i % 5]}&hitsPerPage=20&facets=["*"]&maxValuesPerFacet=1000` }));
    // Both sites' indexes and facet tables are built (each on its first search after a change).
    const other = newClient();
    expect((await call(B, '/1/indexes/cars?hitsPerPage=1', { from: other })).status).toBe(200);
    expect((await search(A, heavy.slice(0, 5))).status).toBe(200);
    const started = performance.now();
    const heavyCall = { ms: 0 };
    const running = search(A, heavy, newClient()).then((r) => {
      heavyCall.ms = performance.now() - started;
      return r;
    });
    // Another site's shopper searches one request after another the whole time: the longest wait
    // between two of their answers is a small part of the heavy call (it was all of it while the
    // call ran its searches in one go).
    const gaps: number[] = [];
    let last = started;
    while (heavyCall.ms === 0) {
      const r = await call(B, '/1/indexes/cars?hitsPerPage=1', { from: other });
      expect(r.status).toBe(200);
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    const h = await running;
    expect(h.status).toBe(200);
    expect(h.json.results).toHaveLength(50);
    expect(gaps.length).toBeGreaterThan(3);
    expect(Math.max(...gaps)).toBeLessThan(heavyCall.ms / 2);
  });
});

const order = (carId: number) => ({ car_id: carId, name: 'Buyer', email: 'buyer@example.com', phone: '0412 000 111', postcode: '3000', fulfilment: 'pickup', terms_conditions: true });

describe('high 2: an order holds its car', () => {
  test('high 2: an order needs a signed-in shopper, as the buy-online page does', async () => {
    const [car] = await freeCars(server.db, 'alpha-motors', 1);
    const r = await call(A, '/api/orders', { from: newClient(), body: order(car as number) });
    expect(r.status).toBe(401);
    const row = await server.db.selectFrom('cars').select('reserved').where('id', '=', car as number).executeTakeFirstOrThrow();
    expect(row.reserved).toBe(false);
  });

  test('high 2: of 20 parallel orders for one car exactly one wins; the car is then held against orders and reservations', async () => {
    const [car] = await freeCars(server.db, 'alpha-motors', 1, 1);
    const buyers = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      const from = newClient();
      return { from, cookie: await signUp(A, `racer-${i}@example.com`, from) };
    }));
    const answers = await Promise.all(buyers.map((b) => call(A, '/api/orders', { from: b.from, headers: { cookie: b.cookie }, body: order(car as number) })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const row = await server.db.selectFrom('cars').select('reserved').where('id', '=', car as number).executeTakeFirstOrThrow();
    expect(row.reserved).toBe(true);
    expect(await server.db.selectFrom('orders').select('id').where('car_id', '=', car as number).execute()).toHaveLength(1);
    const holds = await server.db.selectFrom('reservations').select(['status']).where('car_id', '=', car as number).execute();
    expect(holds).toEqual([{ status: 'held' }]);

    const from = newClient();
    const late = await signUp(A, 'late@example.com', from);
    const reservation = await call(A, '/api/reservations', { from, headers: { cookie: late }, body: { car_id: car, name: 'Late', email: 'late@example.com', phone: '0412 000 222' } });
    expect(reservation.status).toBe(409);
    const second = await call(A, '/api/orders', { from, headers: { cookie: late }, body: order(car as number) });
    expect(second.status).toBe(409);
    // Search no longer offers it as free.
    const hit = await call(A, `/1/indexes/cars/${car}`, { from });
    expect(hit.json.reserved).toBe(true);
  });

  test('high 2: a reserved car cannot be ordered, and of 20 parallel reservations exactly one wins', async () => {
    const [car] = await freeCars(server.db, 'beta-caravans', 1);
    const shoppers = await Promise.all(Array.from({ length: 20 }, async (_, i) => {
      const from = newClient();
      return { from, cookie: await signUp(B, `reserver-${i}@example.com`, from) };
    }));
    const answers = await Promise.all(shoppers.map((s) => call(B, '/api/reservations', { from: s.from, headers: { cookie: s.cookie }, body: { car_id: car, name: 'R', email: 'r@example.com', phone: '0412 000 333' } })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await server.db.selectFrom('reservations').select('id').where('car_id', '=', car as number).execute()).toHaveLength(1);
  });
});
