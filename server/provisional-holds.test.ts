import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { confirmedSignUp, newestMailTo } from './test-support/accounts.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { freeCars } from './test-support/free-cars.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * Checkout without signing in, on a site that does not gate it (alpha-motors; beta-caravans gates
 * it): the reserve form asks for name, email and phone; the server emails a link and holds
 * nothing until it is opened within 30 minutes; the first confirmed hold wins; one proven email
 * holds one car at a time, and a phone typed beside a link blocks no one (it is not proven); the
 * per-address email limit and the per-network limit stay.
 * The server's clock is driven.
 */

let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;
let address = 0;
const clock = { offsetMs: 0 };
const MINUTE = 60_000;

const newClient = () => `198.51.100.${++address}`;
const call = (host: string, p: string, init: Parameters<typeof request>[3] & { from?: string } = {}): Promise<TestResponse> =>
  request(server.port, host, p, { ...init, headers: { 'x-forwarded-for': init.from ?? newClient(), ...init.headers } });
const ask = (carId: number, who: { name: string; email: string; phone: string }, from?: string) =>
  call(A, '/api/reservations', { from, body: { car_id: carId, ...who } });
const confirm = (token: string, from?: string) => call(A, '/api/reservations/confirm', { from, body: { token } });
const reserved = async (carId: number) => (await server.db.selectFrom('cars').select('reserved').where('id', '=', carId).executeTakeFirstOrThrow()).reserved;

/** The token of the newest "confirm your reservation" link emailed to an address. */
async function holdToken(email: string): Promise<string> {
  const mail = await newestMailTo(server, email);
  const token = /\/confirm-hold\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirm-hold link in the newest email to ${email} (subject: ${mail?.subject ?? 'none'})`);
  return token;
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-provisional-holds-');
  server = await startTestServer({
    dataDir, seedCars: 60, accountRateLimit: { max: 10_000, windowMs: 60_000 }, trustedProxies: 'loopback',
    now: () => new Date(Date.now() + clock.offsetMs),
  });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

describe('a reservation without signing in', () => {
  test('emails a 30-minute link and holds nothing; opening it holds the car for 48 hours and files the lead', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 0)) as [number];
    const row = await server.db.selectFrom('cars').select(['year', 'make', 'model', 'details']).where('id', '=', car).executeTakeFirstOrThrow();
    const before = Date.now() + clock.offsetMs;
    const asked = await ask(car, { name: 'Robin', email: 'Robin@Example.com', phone: '0412 555 001' });
    expect(asked.status).toBe(202);
    expect(asked.json).toMatchObject({ status: 'check-email', email: 'robin@example.com', car_id: car });
    const by = Date.parse(asked.json.confirm_by);
    expect(by - before).toBeGreaterThanOrEqual(30 * MINUTE - 1000);
    expect(by - before).toBeLessThanOrEqual(30 * MINUTE + 5000);
    // Nothing is held and no lead exists yet.
    expect(await reserved(car)).toBe(false);
    expect(await server.db.selectFrom('leads').select('id').where('car_id', '=', car).where('form', '=', 'reserve').execute()).toEqual([]);

    const mail = await newestMailTo(server, 'robin@example.com');
    const title = [row.year, row.make, row.model, row.details.badge].filter(Boolean).join(' ');
    expect(mail?.subject).toBe(`Confirm your reservation of the ${title}`);
    expect(mail?.text).toContain('Confirm within 30 minutes to hold it for 48 hours with a fully refundable deposit of $');
    expect(mail?.text).toMatch(new RegExp(`http://${A.replace(/\./g, '\\.')}/confirm-hold\\?token=[A-Za-z0-9_-]{43}`));
    expect(mail?.text).toContain('The link works once, for 30 minutes.');

    const held = await confirm(await holdToken('robin@example.com'));
    expect(held.status).toBe(201);
    expect(Math.round((Date.parse(held.json.held_until) - before) / 3_600_000)).toBe(48);
    expect(await reserved(car)).toBe(true);
    const lead = await server.db.selectFrom('leads').select(['form', 'name', 'email', 'phone', 'status']).where('id', '=', held.json.lead_id).executeTakeFirstOrThrow();
    expect(lead).toEqual({ form: 'reserve', name: 'Robin', email: 'robin@example.com', phone: '0412 555 001', status: 'Complete' });
    const search = await call(A, '/1/indexes/*/queries', { body: { requests: [{ indexName: 'cars', params: `filters=${encodeURIComponent(`objectID:${car}`)}` }] } });
    expect(search.json.results[0].hits[0]?.reserved).toBe(true);
  });

  test('two shoppers ask for one car: neither blocks the other, the first to confirm wins', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 1)) as [number];
    expect((await ask(car, { name: 'First', email: 'first@example.com', phone: '0412 555 011' })).status).toBe(202);
    expect((await ask(car, { name: 'Second', email: 'second@example.com', phone: '0412 555 012' })).status).toBe(202);
    const firstToken = await holdToken('first@example.com');
    const secondToken = await holdToken('second@example.com');
    // The second confirms first: theirs is the hold.
    expect((await confirm(secondToken)).status).toBe(201);
    const late = await confirm(firstToken);
    expect(late.status).toBe(409);
    expect(late.json.error).toBe('Sorry, this car was reserved by another shopper before you confirmed, or it is no longer for sale.');
    // And now a new request for it is refused at once: the car is held.
    expect((await ask(car, { name: 'Third', email: 'third@example.com', phone: '0412 555 013' })).status).toBe(409);
  });

  test('of 10 confirmations of different shoppers at once, exactly one holds the car', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 2)) as [number];
    const tokens: string[] = [];
    for (let n = 0; n < 10; n++) {
      expect((await ask(car, { name: `Racer ${n}`, email: `racer${n}@example.com`, phone: `0413 000 0${String(n).padStart(2, '0')}` })).status).toBe(202);
      tokens.push(await holdToken(`racer${n}@example.com`));
    }
    const answers = await Promise.all(tokens.map((t) => confirm(t)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    expect(await server.db.selectFrom('reservations').select('id').where('car_id', '=', car).where('status', '=', 'held').execute()).toHaveLength(1);
  });

  test('a link works once, and not after 30 minutes', async () => {
    const [once, late] = (await freeCars(server.db, 'alpha-motors', 2, 3)) as [number, number];
    expect((await ask(once, { name: 'Once', email: 'once@example.com', phone: '0412 555 021' })).status).toBe(202);
    const token = await holdToken('once@example.com');
    expect((await confirm(token)).status).toBe(201);
    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect(again.json.fields).toEqual([{ path: 'token', message: 'expired or already used' }]);

    expect((await ask(late, { name: 'Late', email: 'late@example.com', phone: '0412 555 022' })).status).toBe(202);
    const lateToken = await holdToken('late@example.com');
    clock.offsetMs += 31 * MINUTE;
    try {
      expect((await confirm(lateToken)).status).toBe(400);
      expect(await reserved(late)).toBe(false);
    } finally {
      clock.offsetMs -= 31 * MINUTE;
    }
  });

  test('one car at a time per proven email', async () => {
    const [first, second] = (await freeCars(server.db, 'alpha-motors', 2, 5)) as [number, number];
    expect((await ask(first, { name: 'Pat', email: 'pat@example.com', phone: '0414 222 333' })).status).toBe(202);
    expect((await confirm(await holdToken('pat@example.com'))).status).toBe(201);
    // Asking is allowed (it holds nothing); confirming a second hold for the same email is refused.
    expect((await ask(second, { name: 'Pat', email: 'PAT@example.com', phone: '0499 999 999' })).status).toBe(202);
    const sameEmail = await confirm(await holdToken('pat@example.com'));
    expect(sameEmail.status).toBe(429);
    expect(sameEmail.json.error).toBe('You already have a car on hold. Please finish or cancel that reservation first, or call the dealership.');
    expect(sameEmail.json.message).toBe('You already have a car on hold. Please finish or cancel that reservation first, or call the dealership.');
    expect(await reserved(second)).toBe(false);
  });

  test("a phone typed beside someone else's link blocks no one: its owner, and anyone else who types it, still holds a car", async () => {
    const [taken, victims, another] = (await freeCars(server.db, 'alpha-motors', 3, 16)) as [number, number, number];
    // Someone with their own inbox confirms a hold with another person's number.
    expect((await ask(taken, { name: 'Mallory', email: 'mallory@example.com', phone: '0415 777 888' })).status).toBe(202);
    expect((await confirm(await holdToken('mallory@example.com'))).status).toBe(201);
    // The number's owner, written another way, confirms a hold by their own link.
    expect((await ask(victims, { name: 'Victor', email: 'victor@example.com', phone: '+61 415 777 888' })).status).toBe(202);
    const owner = await confirm(await holdToken('victor@example.com'));
    expect(owner.status).toBe(201);
    expect(await reserved(victims)).toBe(true);
    // So does a signed-in account whose own phone is that number.
    const { cookie } = await confirmedSignUp(server, A, { email: 'victor.account@example.com', password: 'victor password', name: 'Victor', phone: '0415 777 888' });
    const account = await call(A, '/api/reservations', { headers: { cookie }, body: { car_id: another, name: 'Victor', email: 'victor.account@example.com', phone: '0415 777 888' } });
    expect(account.status).toBe(201);
    // The owner's lead names the owner's own contact.
    const lead = await server.db.selectFrom('leads').select(['email', 'phone']).where('id', '=', owner.json.lead_id).executeTakeFirstOrThrow();
    expect(lead).toEqual({ email: 'victor@example.com', phone: '+61 415 777 888' });
  });

  test('a signed-in account on a site that does not gate checkout still holds at once', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 8)) as [number];
    const { cookie } = await confirmedSignUp(server, A, { email: 'member@example.com', password: 'member password', name: 'Member' });
    const held = await call(A, '/api/reservations', { headers: { cookie }, body: { car_id: car, name: 'Member', email: 'member@example.com', phone: '0412 555 031' } });
    expect(held.status).toBe(201);
    expect(await reserved(car)).toBe(true);
  });

  test('the per-address email limit and the per-network limit stay', async () => {
    const cars = (await freeCars(server.db, 'alpha-motors', 5, 9)) as number[];
    const who = { name: 'Busy', email: 'busy@example.com', phone: '0412 555 041' };
    const answers: TestResponse[] = [];
    for (const car of cars.slice(0, 4)) answers.push(await ask(car, who));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 429]);
    expect(answers[3]?.json.fields).toEqual([{ path: 'email', message: 'at most 3 emails per hour' }]);

    const from = newClient();
    const network: number[] = [];
    for (let n = 0; n < 4; n++) network.push((await ask(cars[n] as number, { name: 'Net', email: `net${n}@example.com`, phone: `0412 555 05${n}` }, from)).status);
    expect(network).toEqual([202, 202, 202, 429]);
  });

  test('a request sent twice with one key sends one email', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 14)) as [number];
    const body = { car_id: car, name: 'Twice', email: 'twice@example.com', phone: '0412 555 061' };
    const from = newClient();
    const first = await call(A, '/api/reservations', { from, headers: { 'idempotency-key': 'twice-0000-1111' }, body });
    const second = await call(A, '/api/reservations', { from, headers: { 'idempotency-key': 'twice-0000-1111' }, body });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    await server.accountMail.idle();
    expect(server.leadDelivery.mailbox?.mails().filter((m) => m.to.includes('twice@example.com'))).toHaveLength(1);
  });
});

describe('a site that gates checkout', () => {
  test('refuses a reservation without an account and has no link to confirm', async () => {
    const [car] = (await freeCars(server.db, 'beta-caravans', 1, 0)) as [number];
    const r = await call(B, '/api/reservations', { body: { car_id: car, name: 'Anon', email: 'anon@example.com', phone: '0400 000 000' } });
    expect(r.status).toBe(401);
    expect(await server.leadDelivery.mailbox?.mails().find((m) => m.to.includes('anon@example.com'))).toBeUndefined();
    expect((await call(B, '/api/reservations/confirm', { body: { token: 'a'.repeat(43) } })).status).toBe(404);
  });
});

describe('lapsed requests', () => {
  test('are forgotten by the hold sweep a day after they were made', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 15)) as [number];
    expect((await ask(car, { name: 'Lapse', email: 'lapse@example.com', phone: '0412 555 071' })).status).toBe(202);
    const { releaseExpiredHolds } = await import('./api/hold-sweep.ts');
    const rows = () => server.db.selectFrom('provisional_holds').select('id').where('email', '=', 'lapse@example.com').execute();
    await releaseExpiredHolds(server.db, new Date(Date.now() + 23 * 3_600_000), async () => {});
    expect(await rows()).toHaveLength(1);
    await releaseExpiredHolds(server.db, new Date(Date.now() + 25 * 3_600_000), async () => {});
    expect(await rows()).toEqual([]);
    expect(await reserved(car)).toBe(false);
  });
});
