import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createDealerAccount } from './dealer-accounts.ts';
import type { RunningServer } from './index.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { request, type TestResponse } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { freeCars } from './test-support/free-cars.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * The second outside probe of the platform: one test (or more) per defect it found, each
 * reproducing the probe's request against a started server. The test client plays a proxy on
 * this machine (TRUSTED_PROXIES=loopback), so each test can come from its own client address
 * and the per-address limits of one test do not reach the next.
 */

let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;
let address = 0;
/** The server's clock runs this far ahead of the real one (tests move it forward). */
const clock = { offsetMs: 0 };

/** A new client address (as the proxy reports it) for each caller. */
const newClient = () => `198.51.100.${++address}`;
const call = (host: string, p: string, init: Parameters<typeof request>[3] & { from?: string } = {}): Promise<TestResponse> =>
  request(server.port, host, p, { ...init, headers: { 'x-forwarded-for': init.from ?? '192.0.2.1', ...init.headers } });

async function signUp(host: string, email: string, from: string, phone = '0412 000 111'): Promise<string> {
  return (await confirmedSignUp(server, host, { email, password: `${email} long password`, name: 'Shopper', phone }, { 'x-forwarded-for': from })).cookie;
}



beforeAll(async () => {
  dataDir = freshDataDir('fc-trust-two-');
  server = await startTestServer({
    dataDir, seedCars: 300, searchRateLimit: { max: 100_000, windowMs: 60_000 }, trustedProxies: 'loopback', now: () => new Date(Date.now() + clock.offsetMs),
  });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const search = (host: string, requests: unknown[], from = '192.0.2.1') => call(host, '/1/indexes/*/queries', { from, body: { requests } });

describe('one search call cannot stall the platform', () => {
  test('a multi-query of more than 50 queries is refused with 400 naming the limit', async () => {
    const fifty = await search(A, Array.from({ length: 50 }, () => ({ indexName: 'cars', params: 'hitsPerPage=1' })));
    expect(fifty.status).toBe(200);
    expect(fifty.json.results).toHaveLength(50);
    const many = await search(A, Array.from({ length: 51 }, () => ({ indexName: 'cars', params: 'hitsPerPage=1' })));
    expect(many.status).toBe(400);
    expect(many.json.message).toMatch(/at most 50 queries per call/);
  });

  test('more than 1,000 hits per call (per query or across the queries) is refused with 400', async () => {
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

  test('an answer larger than 4 MB is refused with 400 naming the limit, and the server keeps serving', async () => {
    // Highlight tags are the caller's own text, repeated around every match of every hit.
    const tag = encodeURIComponent('x'.repeat(2000));
    const huge = await search(A, Array.from({ length: 10 }, () => ({ indexName: 'cars', params: `query=a&hitsPerPage=100&highlightPreTag=${tag}&highlightPostTag=${tag}` })));
    expect(huge.status).toBe(400);
    expect(huge.json.message).toMatch(/larger than 4000000 bytes/);
    expect((await call(B, '/api/site')).status).toBe(200);
  });

  test("another site's requests keep being answered while one site's heaviest allowed call runs", async () => {
    const heavy = Array.from({ length: 50 }, (_, i) => ({ indexName: 'cars', params: `query=${'aeiou'[i % 5]}&hitsPerPage=20&facets=["*"]&maxValuesPerFacet=1000` }));
    // Both sites' indexes and facet tables are built (each on its first search after a change).
    // Another site's four shoppers, each from an address of its own.
    const shoppers = [newClient(), newClient(), newClient(), newClient()];
    for (const from of shoppers) expect((await call(B, '/1/indexes/cars?hitsPerPage=1', { from })).status).toBe(200);
    expect((await search(A, heavy.slice(0, 5))).status).toBe(200);
    const heavyCall = { done: false };
    const running = search(A, heavy, newClient()).then((r) => {
      heavyCall.done = true;
      return r;
    });
    // The four shoppers each search one request after another the whole time, and are answered
    // while the call is under way. (The call gives other requests a turn once it has run for a
    // slice: search-limits.test.ts counts the turns with a driven clock. Here, on a test's small
    // stock, its fifty searches take less time than reading its request and writing its answer,
    // so its turns cannot be told apart from outside.)
    let answeredDuring = 0;
    await Promise.all(shoppers.map(async (from) => {
      while (!heavyCall.done) {
        const r = await call(B, '/1/indexes/cars?hitsPerPage=1', { from });
        expect(r.status).toBe(200);
        if (!heavyCall.done) answeredDuring++;
      }
    }));
    const h = await running;
    expect(h.status).toBe(200);
    expect(h.json.results).toHaveLength(50);
    expect(answeredDuring).toBeGreaterThanOrEqual(1);
  });
});

const order = (carId: number) => ({ car_id: carId, name: 'Buyer', email: 'buyer@example.com', phone: '0412 000 111', postcode: '3000', fulfilment: 'pickup', terms_conditions: true });

describe('an order holds its car', () => {
  test('an order needs a signed-in shopper, as the buy-online page does', async () => {
    const [car] = await freeCars(server.db, 'alpha-motors', 1);
    const r = await call(A, '/api/orders', { from: newClient(), body: order(car as number) });
    expect(r.status).toBe(401);
    const row = await server.db.selectFrom('cars').select('reserved').where('id', '=', car as number).executeTakeFirstOrThrow();
    expect(row.reserved).toBe(false);
  });

  test('of 20 parallel orders for one car exactly one wins; the car is then held against orders and reservations', async () => {
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

  test('a reserved car cannot be ordered, and of 20 parallel reservations exactly one wins', async () => {
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

/** Sends raw request bytes and answers the status code of the reply. */
function rawStatus(head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('latin1');
    });
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('the request target is read as a path', () => {
  test.each(['//%5b', '//a%20b/', '//x:99999/', '//evil.example/api/site', '//x/api/dealer/leads', '/.//evil.example/x', '/a/..//evil.example/x', 'http://evil.example/api/site', '*'])(
    '%s answers 400, never 500 or another path',
    async (target) => {
      const status = await rawStatus(`GET ${target} HTTP/1.1\r\nHost: ${A}\r\nConnection: close\r\n\r\n`);
      expect(status).toBe(400);
    },
  );

  test('an ordinary path still answers', async () => {
    expect(await rawStatus(`GET /api/site HTTP/1.1\r\nHost: ${A}\r\nConnection: close\r\n\r\n`)).toBe(200);
  });
});

describe('Host headers', () => {
  test('a request with two Host headers is refused with 400', async () => {
    expect(await rawStatus(`GET /api/site HTTP/1.1\r\nHost: ${A}\r\nHost: ${B}\r\nConnection: close\r\n\r\n`)).toBe(400);
  });

  test("the OpenAPI document names the site's own address, whatever the Host header's port", async () => {
    const doc = await call(A.replace(/:\d+$/, ':1'), '/api/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.json.servers).toEqual([{ url: 'https://www.alphamotors.example.com.au' }]);
  });
});

describe('a hold belongs to the account that placed it', () => {
  test("reserving with a victim's phone and email neither names the victim nor blocks them", async () => {
    const [first, second] = await freeCars(server.db, 'beta-caravans', 2, 3);
    const victimFrom = newClient();
    const attackerFrom = newClient();
    const victim = await signUp(B, 'victim4@example.com', victimFrom, '0411 444 001');
    const attacker = await signUp(B, 'attacker4@example.com', attackerFrom, '0411 444 999');
    const posed = await call(B, '/api/reservations', { from: attackerFrom, headers: { cookie: attacker }, body: { car_id: first, name: 'Victim', email: 'victim4@example.com', phone: '0411 444 001' } });
    expect(posed.status).toBe(201);
    const lead = await server.db.selectFrom('leads').select(['email', 'phone']).where('id', '=', posed.json.lead_id).executeTakeFirstOrThrow();
    expect(lead).toEqual({ email: 'attacker4@example.com', phone: '0411 444 999' });
    const own = await call(B, '/api/reservations', { from: victimFrom, headers: { cookie: victim }, body: { car_id: second, name: 'Victim', email: 'victim4@example.com', phone: '0411 444 001' } });
    expect(own.status).toBe(201);
  });

  test('a throw-away sign-up holds nothing: without opening the emailed link there is no account and no session', async () => {
    const [car] = await freeCars(server.db, 'beta-caravans', 1, 7);
    const from = newClient();
    const up = await call(B, '/api/auth/sign-up', { from, body: { email: 'throwaway4@example.com', password: 'a throwaway password', name: 'Throwaway', phone: '0411 444 555' } });
    expect(up.status).toBe(202);
    const cookie = String(up.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
    const held = await call(B, '/api/reservations', { from, headers: { cookie }, body: { car_id: car, name: 'Throwaway', email: 'throwaway4@example.com', phone: '0411 444 555' } });
    expect(held.status).toBe(401);
    expect((await server.db.selectFrom('cars').select('reserved').where('id', '=', car as number).executeTakeFirstOrThrow()).reserved).toBe(false);
  });
});

const signIn = (email: string, password: string, from: string, cookie?: string) =>
  call(A, '/api/auth/sign-in', { from, headers: cookie ? { cookie } : {}, body: { email, password } });

describe('sign-in throttles the guesser, not the owner', () => {
  test('a guesser waits after five failures (in any letter case), twice as long after each further one; the owner elsewhere is not held', async () => {
    const owner = newClient();
    const guesser = newClient();
    await signUp(A, 'owner6@example.com', owner);
    const statuses: number[] = [];
    for (const email of ['owner6@example.com', 'OWNER6@example.com', 'Owner6@Example.com', 'owner6@EXAMPLE.com', 'oWnEr6@example.com']) {
      statuses.push((await signIn(email, 'not the password', guesser)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const held = await signIn('owner6@example.com', 'not the password', guesser);
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBe('30');
    expect((await signIn('owner6@example.com', 'owner6@example.com long password', owner)).status).toBe(200);
    // The waits are counted in the database on the system clock: drive that.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      expect((await signIn('owner6@example.com', 'not the password', guesser)).status).toBe(401);
      const longer = await signIn('owner6@example.com', 'not the password', guesser);
      expect(longer.status).toBe(429);
      expect(longer.headers['retry-after']).toBe('60');
    } finally {
      vi.useRealTimers();
    }
  });

  test('correct sign-ins never count: staff sharing a dealer login sign in 15 times in a row', async () => {
    const { password } = await createDealerAccount(server.db, (await server.db.selectFrom('sites').select('id').where('slug', '=', 'alpha-motors').executeTakeFirstOrThrow()).id, 'sales6@alpha.example', 'Sales');
    const from = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push((await signIn('sales6@alpha.example', password, from)).status);
    expect(statuses).toEqual(Array.from({ length: 15 }, () => 200));
  });

  test('a success clears the failures of its source', async () => {
    const from = newClient();
    await signUp(A, 'forgetful6@example.com', from);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn('forgetful6@example.com', 'a wrong guess', from)).status);
    statuses.push((await signIn('forgetful6@example.com', 'forgetful6@example.com long password', from)).status);
    for (let i = 0; i < 4; i++) statuses.push((await signIn('forgetful6@example.com', 'a wrong guess', from)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401]);
  });

  test('a guess spread over 50 addresses holds new addresses, while a browser that signed in before still gets in', async () => {
    const home = newClient();
    await signUp(A, 'target6@example.com', home);
    const before = await signIn('target6@example.com', 'target6@example.com long password', home);
    expect(before.status).toBe(200);
    const device = (before.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('fc_device='));
    expect(device).toBeTruthy();
    const guesses = await Promise.all(Array.from({ length: 50 }, () => signIn('target6@example.com', 'a spread-out guess', newClient())));
    expect(guesses.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 401));
    expect((await signIn('target6@example.com', 'a spread-out guess', newClient())).status).toBe(429);
    // The owner on the browser they used before, now on another network: signed in.
    expect((await signIn('target6@example.com', 'target6@example.com long password', newClient(), device)).status).toBe(200);
  });

  test("npm run dealer-account asks for the staff member's email instead of inventing one", () => {
    const root = path.join(import.meta.dirname, '..');
    const loader = pathToFileURL(path.join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
    const run = spawnSync(process.execPath, ['--import', loader, path.join(root, 'scripts', 'dealer-account.ts'), 'alpha-motors'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8', input: '', timeout: 30_000 });
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--email/);
    expect(run.stdout).not.toMatch(/Password/);
  }, 60_000);
});

describe('the browser writes only what it may', () => {
  test('/api/miscellaneous takes only the valuation result, and only logs it: the lead is unchanged', async () => {
    const from = newClient();
    const lead = await call(A, '/api/leads', { from, body: { form: 'trade_in', name: 'Seller', email: 'seller7@example.com', phone: '0400 700 007', kms: 30000 } });
    expect(lead.status).toBe(201);
    const { lead_id, lead_token } = lead.json;
    const before = await server.db.selectFrom('leads').select(['fields', 'email', 'ip']).where('id', '=', lead_id).executeTakeFirstOrThrow();
    for (const [column, value] of [['email', 'someone-else@example.com'], ['vehicle', { year: 1990, make: 'Ferrari', model: 'F40' }], ['ip', '203.0.113.9'], ['offer_price', 999999]] as const) {
      const r = await call(A, '/api/miscellaneous', { from, body: { column_name: column, value, lead_id, lead_token } });
      expect(r.status).toBe(400);
      expect(r.json.fields).toEqual([{ path: 'column_name', message: 'must be one of: valuation' }]);
    }
    const valuation = await call(A, '/api/miscellaneous', { from, body: { column_name: 'valuation', value: { offer_price: 999999 }, lead_id, lead_token } });
    expect(valuation.status).toBe(201);
    const after = await server.db.selectFrom('leads').select(['fields', 'email', 'ip']).where('id', '=', lead_id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const big = await call(A, '/api/miscellaneous', { from, body: { column_name: 'valuation', value: 'x'.repeat(20_001) } });
    expect(big.status).toBe(400);
    expect(big.json.fields[0].path).toBe('value');
    // A site that does not keep valuation results takes none.
    const elsewhere = await call(B, '/api/miscellaneous', { from, body: { column_name: 'valuation', value: { offer_price: 1 } } });
    expect(elsewhere.status).toBe(404);
  });

  test('a trade-in lead posted with offer_accepted stores no accepted offer (only the offer step records one)', async () => {
    const r = await call(A, '/api/leads', { from: newClient(), body: { form: 'trade_in', name: 'Seller', email: 'seller7b@example.com', phone: '0400 700 008', kms: 30000, offer_accepted: true, form_completed: true } });
    expect(r.status).toBe(201);
    const row = await server.db.selectFrom('leads').select('fields').where('id', '=', r.json.lead_id).executeTakeFirstOrThrow();
    expect(row.fields.offer_accepted).toBeUndefined();
  });
});

describe('an unknown host names no site', () => {
  test('a host no site has answers 404 without listing the hosted sites', async () => {
    const r = await call(`unknown.example.com:${server.port}`, '/');
    expect(r.status).toBe(404);
    expect(r.text).not.toMatch(/alpha-motors|beta-caravans/);
    const api = await call(`unknown.example.com:${server.port}`, '/api/site');
    expect(api.status).toBe(404);
    expect(api.text).not.toMatch(/alpha-motors|beta-caravans/);
  });
});

describe('a full image-cache disk', () => {
  test('images are served uncached when the cache cannot be written (ENOSPC)', async () => {
    const [car] = await freeCars(server.db, 'alpha-motors', 1, 5);
    const full = vi.spyOn(fs.promises, 'writeFile').mockRejectedValue(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const widths = [320, 480, 640];
      const answers = await Promise.all(widths.map((w) => call(A, `/images/cars/${car}/interior.webp?w=${w}`)));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(answers.every((r) => r.headers['content-type'] === 'image/webp' && r.body.length > 0)).toBe(true);
      expect(logged).toHaveBeenCalled();
    } finally {
      full.mockRestore();
      logged.mockRestore();
    }
  });
});

describe("no oracle for hidden stock, and a phone reveal names the car's own dealership", () => {
  test('saving a hidden car to the watchlist answers exactly as an unknown id does', async () => {
    const from = newClient();
    const cookie = await signUp(A, 'watcher8@example.com', from, '0412 888 001');
    const [hidden] = await freeCars(server.db, 'alpha-motors', 1, 7);
    await server.db.updateTable('cars').set({ show_on_dealer_website: false }).where('id', '=', hidden as number).execute();
    await server.reindex('alpha-motors', [hidden as number]);
    const save = (carId: number) => call(A, '/api/watchlist/save-car', { from, headers: { cookie }, body: { car_id: carId, phone_number: '0412 888 001' } });
    const hiddenAnswer = await save(hidden as number);
    const unknownAnswer = await save(2_000_000_000);
    expect(hiddenAnswer.status).toBe(404);
    expect({ status: hiddenAnswer.status, json: hiddenAnswer.json }).toEqual({ status: unknownAnswer.status, json: unknownAnswer.json });
    expect(await server.db.selectFrom('watchlists').select('car_id').where('car_id', '=', hidden as number).execute()).toEqual([]);
  });

  test("a phone reveal with a dealership that is not the car's is refused", async () => {
    const [car] = await freeCars(server.db, 'alpha-motors', 1, 8);
    const row = await server.db.selectFrom('cars').select(['site_id', 'dealership_id']).where('id', '=', car as number).executeTakeFirstOrThrow();
    const other = await server.db.insertInto('dealerships').values({ site_id: row.site_id, slug: 'alpha-second-yard', name: 'Alpha Second Yard', manufacturer: null, include_sold_cars_days: 30 }).returning('id').executeTakeFirstOrThrow();
    const from = newClient();
    const wrong = await call(A, '/api/leads/phone-reveal', { from, body: { car_id: car, dealership_id: other.id } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields).toEqual([{ path: 'dealership_id', message: "not this car's dealership" }]);
    expect((await call(A, '/api/leads/phone-reveal', { from, body: { car_id: car, dealership_id: row.dealership_id } })).status).toBe(201);
  });
});

describe('an idempotency key answers its token only to the client that made it', () => {
  test("replaying another shopper's Idempotency-Key with the same body does not hand over their lead_token", async () => {
    const body = { form: 'enquiry', name: 'Keyholder', email: 'keyholder17@example.com', postcode: '4000', category: 'General Enquiry', message: 'Is it available?' };
    const owner = newClient();
    const headers = { 'idempotency-key': 'low-17-shared-key-0001' };
    const first = await call(A, '/api/leads', { from: owner, headers, body });
    expect(first.status).toBe(201);
    expect(first.json.lead_token).toBeTruthy();
    const stranger = await call(A, '/api/leads', { from: newClient(), headers, body });
    expect(stranger.headers['idempotent-replayed']).toBe('true');
    expect(stranger.json.lead_id).toBe(first.json.lead_id);
    expect(stranger.json.lead_token).toBeUndefined();
    // The shopper's own retry still gets it (a lost answer).
    const retry = await call(A, '/api/leads', { from: owner, headers, body });
    expect(retry.json.lead_token).toBe(first.json.lead_token);
  });
});

describe('the scheme counts', () => {
  test('a state change from the https origin of a site served over http is refused', async () => {
    const from = newClient();
    const r = await call(A, '/api/leads/phone-reveal', { from, headers: { origin: `https://${A}` }, body: {} });
    expect(r.status).toBe(403);
    expect((await call(A, '/api/leads/phone-reveal', { from, headers: { origin: `http://${A}` }, body: {} })).status).toBe(201);
  });

  test('behind a configured TLS proxy the session cookie is Secure and the https origin is the site', async () => {
    const from = newClient();
    await signUp(A, 'secure19@example.com', from);
    const r = await call(A, '/api/auth/sign-in', { from, headers: { 'x-forwarded-proto': 'https', origin: `https://${A}` }, body: { email: 'secure19@example.com', password: 'secure19@example.com long password' } });
    expect(r.status).toBe(200);
    expect(String(r.headers['set-cookie']?.[0])).toMatch(/; Secure/);
  });
});

describe('page views', () => {
  test('a visitor counts once per car per day, however often they load it', async () => {
    const [car] = await freeCars(server.db, 'alpha-motors', 1, 9);
    const slug = (await server.db.selectFrom('cars').select('slug').where('id', '=', car as number).executeTakeFirstOrThrow()).slug;
    const visitor = newClient();
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) counts.push((await call(A, `/api/cars/${slug}/view.json`, { from: visitor })).json.views);
    expect(new Set(counts).size).toBe(1);
    const other = await call(A, `/api/cars/${slug}/view.json`, { from: newClient() });
    expect(other.json.views).toBe((counts[0] as number) + 1);
    // The next day the same visitor counts again.
    clock.offsetMs += 86_400_000;
    expect((await call(A, `/api/cars/${slug}/view.json`, { from: visitor })).json.views).toBe((counts[0] as number) + 2);
  });
});

describe('common and trivial passwords', () => {
  test.each(['password', '12345678', '        ', 'Password1', 'aaaaaaaa', 'abcdefgh'])('sign-up with %j is refused with 400 naming the password', async (password) => {
    const r = await call(A, '/api/auth/sign-up', { from: newClient(), body: { email: `weak-${Buffer.from(password).toString('hex')}@example.com`, password, name: 'Weak' } });
    expect(r.status).toBe(400);
    expect(r.json.fields[0].path).toBe('password');
  });
});
