import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from './index.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { request, type TestResponse } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { freeCars } from './test-support/free-cars.ts';
import { FIXTURE_TENANTS, startTestServer } from './test-support/test-server.ts';

/*
 * The server takes a hold only where the shared reservation rule allows it (spec §4: reserve
 * only for a purchasable car, none for a sold one; a price of 10 or less is "no price"), and only
 * on a site whose dealer takes reservations. Each shopper comes from their own address and
 * account, so the per-account and per-address limits never decide these answers.
 */

let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;
let address = 0;
let shopper = 0;

const call = (host: string, p: string, init: Parameters<typeof request>[3] & { from: string }): Promise<TestResponse> =>
  request(server.port, host, p, { ...init, headers: { 'x-forwarded-for': init.from, ...init.headers } });

/** Signs a new shopper up from a new address and asks to reserve the car. */
async function reserve(host: string, carId: number): Promise<TestResponse> {
  const from = `198.51.100.${++address}`;
  const email = `reserver-${++shopper}@example.com`;
  const { cookie } = await confirmedSignUp(server, host, { email, password: `${email} password`, name: 'Shopper' }, { 'x-forwarded-for': from });
  return call(host, '/api/reservations', { from, headers: { cookie }, body: { car_id: carId, name: 'Shopper', email, phone: '0412 000 111' } });
}

async function setCar(id: number, values: { price?: number; status?: string; reserved?: boolean }): Promise<void> {
  await server.db.updateTable('cars').set(values).where('id', '=', id).execute();
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-reserve-rule-');
  // alpha-motors takes reservations; this beta-caravans is a copy with them switched off.
  const tenantsDir = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenantsDir, { recursive: true });
  fs.copyFileSync(path.join(FIXTURE_TENANTS, 'alpha-motors.json'), path.join(tenantsDir, 'alpha-motors.json'));
  const beta = JSON.parse(fs.readFileSync(path.join(FIXTURE_TENANTS, 'beta-caravans.json'), 'utf8')) as Record<string, unknown>;
  fs.writeFileSync(path.join(tenantsDir, 'beta-caravans.json'), JSON.stringify({ ...beta, features: { reserveButton: false } }));
  server = await startTestServer({ dataDir, tenantsDir, seedCars: 80, accountRateLimit: { max: 10_000, windowMs: 60_000 }, trustedProxies: 'loopback' });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the server follows the reservation rule', () => {
  test('a sold car is refused with 409 naming car_id, and stays unreserved', async () => {
    const [id] = (await freeCars(server.db, 'alpha-motors', 1, 0)) as [number];
    await setCar(id, { status: 'sold' });
    const r = await reserve(A, id);
    expect(r.status).toBe(409);
    expect(r.json.fields).toEqual([{ path: 'car_id', message: 'this car cannot be reserved' }]);
    const row = await server.db.selectFrom('cars').select('reserved').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.reserved).toBe(false);
  }, 60_000);

  test('a coming-soon car is refused with 409', async () => {
    const [id] = (await freeCars(server.db, 'alpha-motors', 1, 1)) as [number];
    await setCar(id, { status: 'coming_soon' });
    expect((await reserve(A, id)).status).toBe(409);
  }, 60_000);

  test('a price of 10 (no price) is refused; 11 is a price and is held', async () => {
    const [noPrice, cheap] = (await freeCars(server.db, 'alpha-motors', 2, 2)) as [number, number];
    await setCar(noPrice, { price: 10 });
    await setCar(cheap, { price: 11 });
    expect((await reserve(A, noPrice)).status).toBe(409);
    const held = await reserve(A, cheap);
    expect(held.status).toBe(201);
    // No deposit of its own: the site's fallback, $200 by default (spec §9).
    expect(held.json.deposit).toBe(200);
  }, 60_000);

  test('a site whose dealer does not take reservations answers 404', async () => {
    const [id] = (await freeCars(server.db, 'beta-caravans', 1, 0)) as [number];
    const r = await reserve(B, id);
    expect(r.status).toBe(404);
    const row = await server.db.selectFrom('cars').select('reserved').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.reserved).toBe(false);
  }, 60_000);
});
