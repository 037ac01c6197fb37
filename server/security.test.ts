import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDealerAccount } from './dealer-accounts.ts';
import type { RunningServer } from './index.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { request, type TestResponse } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { freeCars } from './test-support/free-cars.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * One test per weakness a security probe found, each reproducing the attack against a started
 * server (two fixture tenants, small seed); docs/security.md points at them by name.
 */

let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;

const call = (host: string, p: string, init?: Parameters<typeof request>[3]): Promise<TestResponse> => request(server.port, host, p, init);
const cookieOf = (r: TestResponse) => String(r.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';

async function signUp(host: string, email: string): Promise<string> {
  return (await confirmedSignUp(server, host, { email, password: `${email} password`, name: 'Shopper' })).cookie;
}

async function siteId(slug: string): Promise<number> {
  return (await server.db.selectFrom('sites').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
}


beforeAll(async () => {
  dataDir = freshDataDir('fc-sec-');
  const distDir = path.join(dataDir, 'dist');
  fs.mkdirSync(path.join(distDir, 'alpha-motors'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'alpha-motors', 'index.html'), '<!doctype html><html><head><script>window.__boot=1</script><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>');
  server = await startTestServer({ dataDir, distDir, seedCars: 300, accountRateLimit: { max: 10_000, windowMs: 60_000 }, trustedProxies: [] });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a lead is continued only by the browser that started it', () => {
  const first = { form: 'trade_in', name: 'Victim', email: 'victim@example.com', phone: '0400 000 001', kms: 30000 };

  test('POST /api/leads with another shopper\'s lead_id cannot rewrite it', async () => {
    const victim = await call(A, '/api/leads', { body: first });
    expect(victim.status).toBe(201);
    const attack = { form: 'trade_in', lead_id: victim.json.lead_id, name: 'Attacker', email: 'evil@example.com', phone: '0499 999 999' };
    const noToken = await call(A, '/api/leads', { body: attack });
    const wrongToken = await call(A, '/api/leads', { body: { ...attack, lead_token: 'x'.repeat(43) } });
    expect(noToken.status).toBe(403);
    expect(noToken.json.fields[0].path).toBe('lead_token');
    expect(wrongToken.status).toBe(403);
    const row = await server.db.selectFrom('leads').selectAll().where('id', '=', victim.json.lead_id).executeTakeFirstOrThrow();
    expect({ name: row.name, email: row.email, phone: row.phone }).toEqual({ name: 'Victim', email: 'victim@example.com', phone: '0400 000 001' });
    // The owner's token still works, in the body or the X-Lead-Token header.
    const own = await call(A, '/api/leads', { headers: { 'x-lead-token': victim.json.lead_token }, body: { form: 'trade_in', lead_id: victim.json.lead_id, postcode: '4000' } });
    expect(own.status).toBe(200);
  });

  test('miscellaneous, rego lookup and valuation adjustments refuse a lead without its token', async () => {
    const victim = await call(A, '/api/leads', { body: first });
    const id = victim.json.lead_id;
    expect((await call(A, '/api/miscellaneous', { body: { column_name: 'valuation', value: 1, lead_id: id } })).status).toBe(403);
    expect((await call(A, '/api/leads/rego-lookup', { body: { rego: 'ABC123', regoState: 'QLD', lead_id: id } })).status).toBe(403);
    expect((await call(A, '/api/leads/valuation-adjustments', { body: { id, adjustmentAnswers: { accident_damage: 'No' } } })).status).toBe(403);
    const row = await server.db.selectFrom('leads').select('fields').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.fields).not.toHaveProperty('valuation');
    expect(row.fields).not.toHaveProperty('vehicle');
  });

  test('offer-accepted never stores a price the browser sent', async () => {
    const lead = await call(A, '/api/leads', { body: first });
    const lead_token = lead.json.lead_token;
    const id = lead.json.lead_id;
    await call(A, '/api/leads/rego-lookup', { body: { rego: 'XYZ789', regoState: 'NSW', lead_id: id, lead_token } });
    const stranger = await call(A, '/api/leads/offer-accepted', { body: { lead_id: id, offer_price: 999999, offer_accepted: true } });
    expect(stranger.status).toBe(403);
    const inflated = await call(A, '/api/leads/offer-accepted', { body: { lead_id: id, lead_token, offer_price: 999999, offer_accepted: true } });
    expect(inflated.status).toBe(409);
    expect(inflated.json.fields[0].path).toBe('offer_price');
    const row = await server.db.selectFrom('leads').select('fields').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.fields.offer_price).not.toBe(999999);
    const sneaky = await call(A, '/api/miscellaneous', { body: { column_name: 'offer_price', value: 999999, lead_id: id, lead_token } });
    expect(sneaky.status).toBe(400);
    const accepted = await call(A, '/api/leads/offer-accepted', { body: { lead_id: id, lead_token, offer_accepted: true } });
    expect(accepted.status).toBe(200);
    expect(accepted.json.offer_price).toBeGreaterThan(0);
    expect(accepted.json.offer_price).toBeLessThan(999999);
  });

  test('lead tokens are unguessable and only their hash is stored', async () => {
    const a = await call(A, '/api/leads', { body: first });
    const b = await call(A, '/api/leads', { body: first });
    expect(a.json.lead_token).not.toBe(b.json.lead_token);
    expect(a.json.lead_token.length).toBeGreaterThanOrEqual(40);
    const row = await server.db.selectFrom('leads').select('token_hash').where('id', '=', a.json.lead_id).executeTakeFirstOrThrow();
    expect(row.token_hash).not.toContain(a.json.lead_token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('no default dealer credentials', () => {
  test('the old demo password signs no one in, on any tenant', async () => {
    for (const host of [A, B]) {
      const slug = host.split('.')[0];
      const r = await call(host, '/api/auth/sign-in', { body: { email: `dealer@${slug}.localhost`, password: 'forecourt-dealer' } });
      expect(r.status).toBe(401);
    }
    const dealers = await server.db.selectFrom('users').select('id').where('role', '=', 'dealer').execute();
    expect(dealers).toEqual([]);
  });

  test('a dealer account gets a generated password with its own salt, shown once', async () => {
    const a = await createDealerAccount(server.db, await siteId('alpha-motors'), 'sales@alpha.example', 'Sales');
    const b = await createDealerAccount(server.db, await siteId('beta-caravans'), 'sales@beta.example', 'Sales');
    expect(a.password).not.toBe(b.password);
    expect(a.password.length).toBeGreaterThanOrEqual(20);
    const hashes = await server.db.selectFrom('users').select('password_hash').where('role', '=', 'dealer').execute();
    const salts = hashes.map((h) => h.password_hash.split('$')[4]);
    expect(new Set(salts).size).toBe(salts.length);
    const signIn = await call(A, '/api/auth/sign-in', { body: { email: 'sales@alpha.example', password: a.password } });
    expect(signIn.status).toBe(200);
    expect((await call(A, '/api/dealer/leads', { headers: { cookie: cookieOf(signIn) } })).status).toBe(200);
  });

  test('the account route answers only the local admin tool', async () => {
    const r = await call(A, '/api/dealer/accounts', { body: { email: 'intruder@example.com' } });
    expect(r.status).toBe(403);
    const runtime = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { adminToken: string };
    const ok = await call(A, '/api/dealer/accounts', { headers: { 'x-forecourt-admin-token': runtime.adminToken }, body: { email: 'manager@alpha.example' } });
    expect(ok.status).toBe(201);
    expect(ok.json.password).toEqual(expect.any(String));
    expect(ok.headers['cache-control']).toBe('no-store');
  });
});

describe('cross-site requests are refused', () => {
  test('PATCH /api/auth/me from another Origin is refused', async () => {
    const cookie = await signUp(A, 'csrf@example.com');
    const evil = await call(A, '/api/auth/me', { method: 'PATCH', headers: { cookie, origin: 'http://evil.example' }, body: { name: 'Pwned' } });
    expect(evil.status).toBe(403);
    const crossFetch = await call(A, '/api/auth/me', { method: 'PATCH', headers: { cookie, 'sec-fetch-site': 'cross-site' }, body: { name: 'Pwned' } });
    expect(crossFetch.status).toBe(403);
    expect((await call(A, '/api/auth/me', { headers: { cookie } })).json.user.name).toBe('Shopper');
    const own = await call(A, '/api/auth/me', { method: 'PATCH', headers: { cookie, origin: `http://${A}` }, body: { name: 'Me' } });
    expect(own.status).toBe(200);
    // A page on this machine is not trusted by a normal server (only the editor's demo data server allows it).
    const local = await call(A, '/api/auth/me', { method: 'PATCH', headers: { cookie, origin: 'http://127.0.0.1:5199' }, body: { name: 'Local' } });
    expect(local.status).toBe(403);
  });

  test('a lead sent as text/plain (a cross-site form) is refused and not stored', async () => {
    const before = (await server.db.selectFrom('leads').select('id').execute()).length;
    const r = await call(A, '/api/leads', { headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ form: 'enquiry', name: 'X', email: 'x@example.com' }) });
    expect(r.status).toBe(415);
    const form = await call(A, '/api/leads', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'form=enquiry&name=X' });
    expect(form.status).toBe(415);
    expect((await server.db.selectFrom('leads').select('id').execute()).length).toBe(before);
  });
});

describe('bad input answers 400, never 500', () => {
  const lead = { form: 'enquiry', name: 'Nul', email: 'nul@example.com' };
  const cases: [string, () => Promise<TestResponse>][] = [
    ['NUL in a lead name', () => call(A, '/api/leads', { body: { ...lead, name: 'a\u0000b' } })],
    ['NUL in a lead message', () => call(A, '/api/leads', { body: { ...lead, message: '\u0000' } })],
    ['lone high surrogate in a lead message', () => call(A, '/api/leads', { body: { ...lead, message: 'x\ud800y' } })],
    ['lone low surrogate in a key', () => call(A, '/api/leads', { body: { ...lead, lead_attributes: { visited_pages: [], linked_query_params: { '\udc00': 'v' } } } })],
    ['NUL in a sign-up name', () => call(A, '/api/auth/sign-up', { body: { email: 'n@example.com', password: 'long enough', name: '\u0000' } })],
    ['NUL in the search query', () => call(A, '/1/indexes/cars/query', { body: { query: 'corolla\u0000' } })],
    ['lone surrogate in the search query', () => call(A, '/1/indexes/cars/query', { body: { query: 'x\ud800' } })],
    ['NUL in a query parameter', () => call(A, '/api/delivery?postcode=40%0000')],
    ['location_id 2^40', () => call(A, '/api/leads', { body: { ...lead, location_id: 2 ** 40 } })],
    ['car_id 2^40', () => call(A, '/api/leads', { body: { ...lead, car_id: 2 ** 40 } })],
    ['finance-disclaimer id 2^40', () => call(A, `/api/cars/by-id/${2 ** 40}/finance-disclaimer`)],
    ['finance-disclaimer id 1e400', () => call(A, '/api/cars/by-id/1e400/finance-disclaimer')],
    ['test-drive location_id 2^40', () => call(A, `/api/test-drive/appointments?location_id=${2 ** 40}`)],
    ['image offer id abc', () => call(A, '/images/offers/abc.webp')],
    ['image offer id 1e400', () => call(A, '/images/offers/1e400.webp')],
    ['image car id 2^40', () => call(A, `/images/cars/${2 ** 40}/1.webp`)],
    ['image path %00', () => call(A, '/images/blog/%00.webp')],
    ['JSON nested 10,000 deep', () => call(A, '/api/leads', { body: `${'['.repeat(10_000)}${']'.repeat(10_000)}` })],
    ['JSON object nested 10,000 deep in miscellaneous', () => call(A, '/api/miscellaneous', { body: `{"column_name":"x","value":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}` })],
    ['filters nested 10,000 deep', () => call(A, '/1/indexes/cars/query', { body: { filters: `${'('.repeat(10_000)}make:Toyota${')'.repeat(10_000)}` } })],
    ['NOT nested 10,000 deep', () => call(A, '/1/indexes/cars/query', { body: { filters: `${'NOT '.repeat(10_000)}make:Toyota` } })],
  ];
  for (const [name, send] of cases) {
    test(`${name} is a 400`, async () => {
      const r = await send();
      expect({ status: r.status >= 400 && r.status < 500 ? '4xx' : r.status, body: r.text.slice(0, 200) }).toMatchObject({ status: '4xx' });
    });
  }
  test('the server still answers after all of them', async () => {
    expect((await call(A, '/api/site')).status).toBe(200);
  });
});

describe('hidden and long-sold stock is not public', () => {
  let hidden: { id: number; slug: string };
  let longSold: { id: number; slug: string };
  beforeAll(async () => {
    const site = await siteId('alpha-motors');
    const rows = await server.db.selectFrom('cars').select(['id', 'slug']).where('site_id', '=', site).where('status', '=', 'in_stock').where('show_on_dealer_website', '=', true).orderBy('id', 'desc').limit(2).execute();
    hidden = rows[0] as { id: number; slug: string };
    longSold = rows[1] as { id: number; slug: string };
    await server.db.updateTable('cars').set({ show_on_dealer_website: false }).where('id', '=', hidden.id).execute();
    await server.db.updateTable('cars').set({ status: 'sold', sold_at: new Date(Date.now() - 60 * 86_400_000) }).where('id', '=', longSold.id).execute();
    // What the stock feed does after a change: the search index follows the database.
    await server.reindex('alpha-motors', [hidden.id, longSold.id]);
  });

  test('filters show_on_dealer_website:false returns no car', async () => {
    const r = await call(A, '/1/indexes/*/queries', { body: { requests: [{ indexName: 'cars', params: 'filters=show_on_dealer_website%3Afalse&hitsPerPage=100' }] } });
    expect(r.status).toBe(200);
    expect(r.json.results[0].nbHits).toBe(0);
    const top = await call(A, '/1/indexes/cars/query', { body: { filters: 'show_on_dealer_website:false OR status:sold', hitsPerPage: 1000 } });
    expect(top.json.hits.map((h: { objectID: string }) => Number(h.objectID))).not.toContain(hidden.id);
    expect(top.json.hits.map((h: { objectID: string }) => Number(h.objectID))).not.toContain(longSold.id);
    const get = await call(A, `/1/indexes/cars?filters=${encodeURIComponent('show_on_dealer_website:false')}`);
    expect(get.json.nbHits).toBe(0);
  });

  test('the car detail, object reads and images answer 404 for a hidden car; a long-sold car is gone (410) without its record', async () => {
    expect((await call(A, `/api/cars/${hidden.slug}`)).status).toBe(404);
    const gone = await call(A, `/api/cars/${longSold.slug}`);
    expect(gone.status).toBe(410);
    // Only what names the sold car (for its gone page's links to similar stock): no photos, VIN, finance or location.
    expect(Object.keys(gone.json).sort()).toEqual(['error', 'sold_car']);
    expect(Object.keys(gone.json.sold_car).sort()).toEqual(['badge', 'car_type', 'id', 'item_type', 'make', 'model', 'name', 'price', 'series', 'slug', 'year']);
    for (const car of [hidden, longSold]) {
      expect((await call(A, `/api/cars/by-id/${car.id}/finance-disclaimer`)).status).toBe(404);
      expect((await call(A, `/1/indexes/cars/${car.id}`)).status).toBe(404);
      expect((await call(A, `/images/cars/${car.id}/1.webp`)).status).toBe(404);
      const objects = await call(A, '/1/indexes/*/objects', { body: { requests: [{ indexName: 'cars', objectID: String(car.id) }] } });
      expect(objects.json.results).toEqual([null]);
    }
  });
});

const body = (car: number, n: number) => ({ car_id: car, name: 'Hoarder', email: `hoarder${n}@example.com`, phone: `0400 000 10${n}` });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

describe('reservations need an account and are limited', () => {
  test('an anonymous reservation is refused', async () => {
    const [id] = await freeCars(server.db, 'beta-caravans', 1);
    const r = await call(B, '/api/reservations', { body: { car_id: id, name: 'Anon', email: 'anon@example.com', phone: '0400 000 000' } });
    expect(r.status).toBe(401);
    const car = await server.db.selectFrom('cars').select('reserved').where('id', '=', id as number).executeTakeFirstOrThrow();
    expect(car.reserved).toBe(false);
  });

  test('one person holds one car at a time; one address a few a day', async () => {
    const ids = await freeCars(server.db, 'beta-caravans', 6);
    const cookie = await signUp(B, 'hoarder@example.com');
    expect((await call(B, '/api/reservations', { headers: { cookie }, body: body(ids[0] as number, 0) })).status).toBe(201);
    // Same account, even with other contact details: refused.
    expect((await call(B, '/api/reservations', { headers: { cookie }, body: body(ids[1] as number, 1) })).status).toBe(429);
    // New accounts from the same address: a few, then refused.
    const answers: number[] = [];
    for (let n = 2; n < 6; n++) {
      const other = await signUp(B, `hoarder${n}@example.com`);
      answers.push((await call(B, '/api/reservations', { headers: { cookie: other }, body: body(ids[n] as number, n) })).status);
    }
    expect(answers).toEqual([201, 201, 429, 429]);
    const held = await server.db.selectFrom('reservations').select('id').where('status', '=', 'held').where('site_id', '=', await siteId('beta-caravans')).execute();
    expect(held.length).toBe(3);
  });
});

/** How long a wrong-password sign-in takes for an email, in ms. */
/** The work a refused sign-in costs, as CPU time of this process (the server and its password hashing run here): unlike wall time it does not grow when other work shares the machine. */
async function timeSignIn(email: string): Promise<number> {
  const before = process.cpuUsage();
  const r = await call(A, '/api/auth/sign-in', { body: { email, password: 'wrong password' } });
  const spent = process.cpuUsage(before);
  expect(r.status).toBe(401);
  return spent.user + spent.system;
}

describe('accounts cannot be enumerated', () => {
  test('sign-up with a registered email answers exactly like a new one and takes over nothing', async () => {
    await signUp(A, 'known@example.com');
    const again = await call(A, '/api/auth/sign-up', { body: { email: 'known@example.com', password: 'attacker password', name: 'Shopper' } });
    const fresh = await call(A, '/api/auth/sign-up', { body: { email: 'unknown-1@example.com', password: 'attacker password', name: 'Shopper' } });
    expect([again.status, fresh.status]).toEqual([202, 202]);
    expect(again.json).toEqual({ ...fresh.json, email: 'known@example.com' });
    expect([again.headers['set-cookie'], fresh.headers['set-cookie']]).toEqual([undefined, undefined]);
    // The owner's password still works, and the attacker's does not.
    expect((await call(A, '/api/auth/sign-in', { body: { email: 'known@example.com', password: 'known@example.com password' } })).status).toBe(200);
    expect((await call(A, '/api/auth/sign-in', { body: { email: 'known@example.com', password: 'attacker password' } })).status).toBe(401);
  });

  test('sign-in costs the server as much work for an unknown email as for a known one', async () => {
    // A known account per try: a source's repeated failures for one account are throttled.
    for (let i = 0; i < 8; i++) await signUp(A, `timing-${i}@example.com`);
    await timeSignIn('warm-up@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 8; i++) {
      known.push(await timeSignIn(`timing-${i}@example.com`));
      unknown.push(await timeSignIn(`nobody-${i}@example.com`));
    }
    // Before the fix: 34 ms against 2.4 ms (14x). Both now run one scrypt.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(known)).toBeLessThan(2);
  });
});

describe('security headers', () => {
  test('API, image and page answers carry CSP, Referrer-Policy, Permissions-Policy and nosniff; no HSTS over HTTP', async () => {
    for (const p of ['/api/site', '/images/brands/toyota.svg', '/']) {
      const r = await call(A, p);
      expect({ path: p, ...r.headers }).toMatchObject({
        path: p,
        'content-security-policy': expect.stringContaining('frame-ancestors'),
        'referrer-policy': 'strict-origin-when-cross-origin',
        'permissions-policy': expect.stringContaining('camera=()'),
        'x-content-type-options': 'nosniff',
      });
      expect({ path: p, hsts: r.headers['strict-transport-security'] }).toEqual({ path: p, hsts: undefined });
    }
    const page = await call(A, '/');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toContain("'unsafe-inline' ");
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    // A forged X-Forwarded-Proto from an untrusted client does not turn on HSTS or Secure cookies.
    await signUp(A, 'forged@example.com');
    const forged = await call(A, '/api/auth/sign-in', { headers: { 'x-forwarded-proto': 'https' }, body: { email: 'forged@example.com', password: 'forged@example.com password' } });
    expect(forged.status).toBe(200);
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    expect(String(forged.headers['set-cookie']?.[0])).not.toMatch(/Secure/);
  });
});

describe('phone-reveal keeps to its own site', () => {
  test("another site's dealership_id is refused", async () => {
    const other = await server.db.selectFrom('dealerships').select('id').where('site_id', '=', await siteId('beta-caravans')).executeTakeFirstOrThrow();
    const own = await server.db.selectFrom('dealerships').select('id').where('site_id', '=', await siteId('alpha-motors')).executeTakeFirstOrThrow();
    const r = await call(A, '/api/leads/phone-reveal', { body: { dealership_id: other.id } });
    expect(r.status).toBe(400);
    expect(r.json.fields[0].path).toBe('dealership_id');
    expect((await call(A, '/api/leads/phone-reveal', { body: { dealership_id: own.id } })).status).toBe(201);
    const stored = await server.db.selectFrom('lead_events').select('payload').where('kind', '=', 'phone_reveal').execute();
    expect(stored.some((e) => (e.payload as { dealership_id?: number }).dealership_id === other.id)).toBe(false);
  });
});
