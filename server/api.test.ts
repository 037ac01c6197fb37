import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CarSchema, LocationSchema } from '../schema/api/index.ts';
import { createDealerAccount } from './dealer-accounts.ts';
import type { RunningServer, StartOptions } from './index.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { pdfTextLines } from './test-support/pdf-text.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * The platform API over HTTP against a started server: two fixture tenants, a small seed, a
 * temporary data directory and a fake built bundle.
 */

let dataDir: string;
let distDir: string;
let server: RunningServer;
let A: string;
let B: string;

async function start(extra: StartOptions = {}) {
  return startTestServer({ dataDir, distDir, seedCars: 300, ...extra });
}

const call = (host: string, p: string, init?: Parameters<typeof request>[3]) => request(server.port, host, p, init);
const searchAlpha = (params: string) => call(A, '/1/indexes/*/queries', { body: { requests: [{ indexName: 'cars', params }] } });

async function firstCar(host: string) {
  const r = await call(host, '/1/indexes/cars/query', { body: { params: 'hitsPerPage=50' } });
  const hits = r.json?.results?.[0]?.hits ?? r.json?.hits;
  if (!Array.isArray(hits)) {
    // Search engine not installed: fall back to the database.
    const slug = host.startsWith('alpha') ? 'alpha-motors' : 'beta-caravans';
    const row = await server.db.selectFrom('cars').innerJoin('sites', 'sites.id', 'cars.site_id').select(['cars.id', 'cars.slug', 'cars.status', 'cars.reserved', 'cars.price']).where('sites.slug', '=', slug).where('cars.status', '=', 'in_stock').where('cars.reserved', '=', false).orderBy('cars.id').executeTakeFirstOrThrow();
    return row;
  }
  return hits.find((h: { status: string; reserved: boolean }) => h.status === 'in_stock' && !h.reserved) as { id: number; slug: string };
}

async function leadCount(tenantSlug: string): Promise<number> {
  const rows = await server.db.selectFrom('leads').innerJoin('sites', 'sites.id', 'leads.site_id').select('leads.id').where('sites.slug', '=', tenantSlug).execute();
  return rows.length;
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-api-');
  distDir = path.join(dataDir, 'dist');
  const site = path.join(distDir, 'alpha-motors');
  fs.mkdirSync(path.join(site, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(site, 'index.html'), `<!doctype html><html><head><script type="module" src="/assets/app-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`);
  fs.writeFileSync(path.join(site, 'assets', 'app-Ab12Cd34.js'), `export const answer = ${JSON.stringify('forecourt '.repeat(400))};\n`);
  server = await start();
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('hosts', () => {
  test('an unknown host gets a clear 404 page', async () => {
    const r = await call(`nobody.localhost:${server.port}`, '/');
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.text).toContain('No dealer site is configured for the host');
  });

  test('an unknown host gets a JSON 404 on API paths', async () => {
    const r = await call(`nobody.localhost:${server.port}`, '/api/site');
    expect(r.status).toBe(404);
    expect(r.json.error).toMatch(/Unknown site/);
  });

  test('the bare localhost origin lists every tenant with its link', async () => {
    const r = await call(`localhost:${server.port}`, '/');
    expect(r.status).toBe(200);
    expect(r.text).toContain(`http://alpha-motors.localhost:${server.port}/`);
    expect(r.text).toContain(`http://beta-caravans.localhost:${server.port}/`);
  });

  test("a tenant's production host is served as that tenant", async () => {
    const r = await call('www.alphamotors.example.com.au', '/api/site');
    expect(r.json.slug).toBe('alpha-motors');
  });
});

describe('static bundle', () => {
  test('index.html is served with no-cache', async () => {
    const r = await call(A, '/');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.text).toContain('<div id="root">');
  });

  test('client-side routes fall back to index.html', async () => {
    const r = await call(A, '/search/used-cars?page=2');
    expect(r.status).toBe(200);
    expect(r.text).toContain('<div id="root">');
  });

  test('hashed assets are immutable and compressed with brotli or gzip', async () => {
    const br = await call(A, '/assets/app-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toContain('export const answer');
    const gz = await call(A, '/assets/app-Ab12Cd34.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toContain('export const answer');
  });

  test('a missing asset is a 404, not the SPA page', async () => {
    const r = await call(A, '/assets/missing-00000000.js');
    expect(r.status).toBe(404);
  });

  test('a tenant without a bundle says it is not built', async () => {
    const r = await call(B, '/');
    expect(r.status).toBe(503);
    expect(r.text).toContain('npm run build -- --tenant beta-caravans');
  });
});

describe('platform API', () => {
  test('publishes an OpenAPI 3.1 document', async () => {
    const r = await call(A, '/api/openapi.json');
    expect(r.json.openapi).toBe('3.1.0');
    expect(Object.keys(r.json.paths)).toEqual(expect.arrayContaining(['/api/leads', '/api/manufacturer-locations', '/api/cars/{slug}/view.json', '/api/youx/quote']));
    // Every reference resolves inside the document (the recursive rich text is a named component).
    const refs = [...JSON.stringify(r.json).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs).toContain('#/components/schemas/RichTextNode');
    for (const ref of new Set(refs)) {
      const target = ref.slice(2).split('/').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], r.json);
      expect({ ref, resolves: typeof target === 'object' && target !== null }).toEqual({ ref, resolves: true });
    }
  });

  test('a car answers the Car schema and view.json counts views', async () => {
    const { slug } = await firstCar(A);
    const car = await call(A, `/api/cars/${slug}`);
    expect(CarSchema.safeParse(car.json).success).toBe(true);
    const first = await call(A, `/api/cars/${slug}/view.json?photos_count=3`);
    // Another browser is another visitor (one visitor counts once a day).
    const second = await call(A, `/api/cars/${slug}/view.json`, { headers: { 'user-agent': 'another browser' } });
    expect(second.json.views).toBe(first.json.views + 1);
  });

  test("view.json takes the page's photos_count, updated_at and website_id; another site's id is refused", async () => {
    const { slug } = await firstCar(A);
    const car = (await call(A, `/api/cars/${slug}`)).json as { photos_count: number; updated_at: string };
    expect(new Date(car.updated_at).toISOString()).toBe(car.updated_at);
    const site = (await call(A, '/api/site')).json as { id: number };
    const other = (await call(B, '/api/site')).json as { id: number };
    const query = (websiteId: number) => `photos_count=${car.photos_count}&updated_at=${encodeURIComponent(car.updated_at)}&website_id=${websiteId}`;
    const own = await call(A, `/api/cars/${slug}/view.json?${query(site.id)}`, { headers: { 'user-agent': 'a third browser' } });
    expect(own.status).toBe(200);
    expect(own.json.car_fields).toMatchObject({ photos_count: car.photos_count, updated_at: car.updated_at });
    const refused = await call(A, `/api/cars/${slug}/view.json?${query(other.id)}`);
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual([{ path: 'website_id', message: 'not this site' }]);
  });

  test('manufacturer-locations defaults to sales locations and filters by type', async () => {
    const sales = await call(A, '/api/manufacturer-locations');
    const service = await call(A, '/api/manufacturer-locations?location_type=service');
    const types = (r: typeof sales) => r.json.flatMap((w: { locations: { location_type: string }[] }) => w.locations.map((l) => l.location_type));
    expect(types(sales)).toEqual(['sales']);
    expect(types(service)).toEqual(['service']);
    for (const w of sales.json) for (const l of w.locations) expect(LocationSchema.safeParse(l).success).toBe(true);
    const bad = await call(A, '/api/manufacturer-locations?location_type=garage');
    expect(bad.status).toBe(400);
    expect(bad.json.fields[0].path).toBe('location_type');
  });

  test('postcodes resolve offline and unknown ones say Invalid postcode', async () => {
    const ok = await call(A, '/api/postcodes/4000');
    expect(ok.json.results[0].geometry.location.lat).toBeCloseTo(-27.47, 1);
    const unknown = await call(A, '/api/postcodes/0000');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toBe('Invalid postcode');
    const malformed = await call(A, '/api/postcodes/40a0');
    expect(malformed.status).toBe(400);
  });

  test('delivery needs a postcode and prices by distance', async () => {
    const missing = await call(A, '/api/delivery');
    expect(missing.status).toBe(400);
    expect(missing.json.fields[0]).toEqual({ path: 'postcode', message: 'Please enter a postcode.' });
    const near = await call(A, '/api/delivery?postcode=4102');
    const far = await call(A, '/api/delivery?postcode=6000');
    expect(near.json.price).toBe(0);
    expect(far.json.price).toBeGreaterThan(3000);
    expect(far.json.region).toBe('Metro Perth');
    // Christmas Island is beyond the delivery range: the spec's sorry message (§5), no price.
    const island = await call(A, '/api/delivery?postcode=6798');
    expect(island.json).toMatchObject({ price: null, region: null, message: "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote." });
  });

  test('the car PDF is a real PDF', async () => {
    const { slug } = await firstCar(A);
    const r = await call(A, `/api/cars/${slug}/pdf`);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(r.body.subarray(-6).toString()).toContain('%%EOF');
    // The sheet leads with the price the vehicle page shows (spec §4: an offer below the price wins).
    const car = (await call(A, `/api/cars/${slug}`)).json as { price: number; offer_price: number | null; preorder: boolean };
    const offer = car.offer_price !== null && car.offer_price > 10 && car.offer_price < car.price ? car.offer_price : null;
    const shown = offer !== null || car.price > 10 ? `$${Math.round(offer ?? car.price).toLocaleString('en-AU')}` : car.preorder ? 'PREORDER' : 'Enquire for price.';
    expect((await pdfTextLines(r.body)).some((line) => line.startsWith(shown))).toBe(true);
  });

  test('the car PDF names the car and its kilometres as the vehicle page does', async () => {
    const { slug } = await firstCar(A);
    const car = (await call(A, `/api/cars/${slug}`)).json as { year: number; make: string; model: string; badge: string | null; km: number };
    const lines = await pdfTextLines((await call(A, `/api/cars/${slug}/pdf`)).body);
    // Spec §2 title without series display (alpha-motors has it off): year, make, model, badge.
    expect(lines).toContain([car.year, car.make, car.model, car.badge].filter(Boolean).join(' '));
    // Kilometres as the page writes them, " km" (' kms' is only a km input's suffix, spec §7).
    expect(lines).toContain(`Kilometres: ${car.km.toLocaleString('en-AU')} km`);
    expect(lines.some((line) => line.endsWith(' kms'))).toBe(false);
  });

  test('a dealer comment in another script prints as written in the car PDF', async () => {
    const { slug } = await firstCar(A);
    const comment = 'Một chủ sở hữu — Ελληνικά: ένας ιδιοκτήτης — один владелец';
    await sql`update cars set details = details || ${JSON.stringify({ dealercomments: comment })}::jsonb where slug = ${slug}`.execute(server.db);
    const lines = await pdfTextLines((await call(A, `/api/cars/${slug}/pdf`)).body);
    expect(lines.join(' ')).toContain(comment);
  });

  test('history reports and model brochures are PDFs where the records link them', async () => {
    const withFile = await server.db.selectFrom('cars').select('slug').where('site_id', '=', 1).where(sql<boolean>`details->>'file' is not null`).executeTakeFirstOrThrow();
    const car = await call(A, `/api/cars/${withFile.slug}`);
    const report = await call(A, car.json.file);
    expect(report.body.subarray(0, 5).toString()).toBe('%PDF-');
    const models = await call(A, '/api/models?manufacturer=toyota');
    const brochure = await call(A, models.json[0].brochure_url);
    expect(brochure.headers['content-type']).toBe('application/pdf');
  });

  test('the quote uses the car and checks its input', async () => {
    const { id } = await firstCar(A);
    const ok = await call(A, '/api/youx/quote', { body: { selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5, year: 2022, vin: null, nvic: null, whoIsHelping: '', car_id: id } });
    expect(ok.status).toBe(200);
    expect(ok.json.weeklyRepaymentAmount).toBeGreaterThan(25);
    const bad = await call(A, '/api/youx/quote', { body: { selfAssessedCreditScore: 'GREAT', purchasePrice: 0, loanTerm: 5, year: 2022, whoIsHelping: '' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields[0].path).toBe('purchasePrice');
  });

  test("a search record carries each lender's rates and payments and the car's location slug, nothing more of the lender data", async () => {
    const { slug } = await firstCar(A);
    const car = (await call(A, `/api/cars/${slug}`)).json;
    const record = (await call(A, `/1/indexes/cars/${car.id}`)).json;
    expect(record.location_slug).toBe(car.location.slug);
    expect(Object.keys(record.lender_rates).sort()).toEqual(Object.keys(car.finance_lenders).sort());
    for (const [key, figures] of Object.entries<Record<string, unknown>>(car.finance_lenders)) {
      expect(record.lender_rates[key]).toEqual({ interestRate: figures.interestRate, comparisonRate: figures.comparisonRate, paymentWeek: figures.paymentWeek, paymentMonth: figures.paymentMonth });
    }
  });

  test('car images render on demand with long-lived caching and only at allowed widths', async () => {
    const { id } = await firstCar(A);
    const r = await call(A, `/images/cars/${id}/1.webp`);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/webp');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.body.subarray(8, 12).toString()).toBe('WEBP');
    const bad = await call(A, `/images/cars/${id}/1.webp?w=123`);
    expect(bad.status).toBe(400);
  });
});

describe('finance disclaimer by car id (spec §7)', () => {
  test('a site with no finance disclaimer or provider figures says nothing: no made-up rates', async () => {
    const { id } = await firstCar(A);
    const r = await call(A, `/api/cars/by-id/${id}/finance-disclaimer`);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ car_id: id, lender: null, disclaimer: null });
  });
});

describe('tenant isolation', () => {
  test("a tenant never returns another tenant's car", async () => {
    const { slug, id } = await firstCar(B);
    expect((await call(A, `/api/cars/${slug}`)).status).toBe(404);
    expect((await call(A, `/images/cars/${id}/1.webp`)).status).toBe(404);
    expect((await call(A, `/api/cars/by-id/${id}/finance-disclaimer`)).status).toBe(404);
  });

  test("a tenant never accepts a lead for another tenant's car", async () => {
    const { id } = await firstCar(B);
    const r = await call(A, '/api/leads', { body: { form: 'enquiry', name: 'Ana', email: 'ana@example.com', postcode: '4000', message: 'Still available?', car_id: id } });
    expect(r.status).toBe(400);
    expect(r.json.fields[0].path).toBe('car_id');
  });

  test("a tenant's stock search answers only its own cars", async () => {
    const r = await call(A, '/1/indexes/*/queries', { body: { requests: [{ indexName: 'cars', params: 'hitsPerPage=1000&facets=["dealership_slug"]' }] } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json.results[0].facets.dealership_slug)).toEqual(['alpha-toyota']);
    expect(r.json.results[0].hits.length).toBeGreaterThan(0);
  });

  test("the tenant's search.synonyms reach the engine: 'pick-up' finds the utes", async () => {
    const utes = await searchAlpha('hitsPerPage=0&facetFilters=simple_body%3AUte,status%3Ain_stock');
    const pickUp = await searchAlpha(`query=pick-up&hitsPerPage=0&facets=${encodeURIComponent('["simple_body"]')}&facetFilters=status%3Ain_stock`);
    expect(utes.json.results[0].nbHits).toBeGreaterThan(0);
    expect(pickUp.json.results[0].nbHits).toBe(utes.json.results[0].nbHits);
    expect(Object.keys(pickUp.json.results[0].facets.simple_body)).toEqual(['Ute']);
  });

  test("a tenant's locations are its own", async () => {
    const r = await call(A, '/api/locations');
    expect(r.json.map((l: { slug: string }) => l.slug).sort()).toEqual(['alpha-toyota-brisbane', 'alpha-toyota-service']);
  });

  test('a session cookie of one tenant is not valid on another', async () => {
    const { cookie } = await confirmedSignUp(server, A, { email: 'iso@example.com', password: 'correct horse', name: 'Iso' });
    expect((await call(A, '/api/auth/me', { headers: { cookie } })).json.user.email).toBe('iso@example.com');
    expect((await call(B, '/api/auth/me', { headers: { cookie } })).json.user).toBeNull();
  });
});

describe('accounts and watchlist', () => {
  test('the confirmed sign-up sets an HttpOnly SameSite cookie; watchlist needs a phone', async () => {
    const { confirmed: up } = await confirmedSignUp(server, A, { email: 'watch@example.com', password: 'long enough', name: 'Wendy' });
    const setCookie = String(up.headers['set-cookie']?.[0]);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    // The script-readable hint carries no secret; it lets anonymous pages skip the session check.
    const hint = String(up.headers['set-cookie']?.[1]);
    expect(hint).toMatch(/^fc_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    const cookie = setCookie.split(';')[0] ?? '';
    const { id } = await firstCar(A);
    const noPhone = await call(A, '/api/watchlist/save-car', { headers: { cookie }, body: { phone_number: '0400 000 000', car_id: id } });
    expect(noPhone.status).toBe(403);
    expect(noPhone.json.success).toBe(false);
    await call(A, '/api/auth/me', { method: 'PATCH', headers: { cookie }, body: { phone: '0400 000 000' } });
    const saved = await call(A, '/api/watchlist/save-car', { headers: { cookie }, body: { phone_number: '0400000000', car_id: id } });
    expect(saved.json).toMatchObject({ success: true, message: 'Car Saved In Watchlist', watchlist: [{ id }] });
    const removed = await call(A, '/api/watchlist/remove-car', { headers: { cookie }, body: { phone_number: '0400000000', car_id: id } });
    expect(removed.json.watchlist).toEqual([]);
  });

  test('signed out, the watchlist says to sign in', async () => {
    const { id } = await firstCar(A);
    const r = await call(A, '/api/watchlist/save-car', { body: { phone_number: '0400000000', car_id: id } });
    expect(r.status).toBe(401);
    expect(r.json.success).toBe(false);
  });

  test('a wrong password is refused', async () => {
    const r = await call(A, '/api/auth/sign-in', { body: { email: 'watch@example.com', password: 'not the password' } });
    expect(r.status).toBe(401);
    expect(r.json.message).toBe('Incorrect email or password.');
  });
});

describe('leads are never lost', () => {
  const enquiry = { form: 'enquiry', name: 'Priya', last_name: 'Shah', email: 'priya@example.com', phone: '0412 345 678', postcode: '4000', message: 'Is it still available?', category: 'General Enquiry', opt_in: true };

  test('a malformed payload is refused with the field named', async () => {
    const r = await call(A, '/api/leads', { body: { ...enquiry, postcode: '40000' } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toContainEqual({ path: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' });
    const notJson = await call(A, '/api/leads', { body: '{"form": "enquiry",' });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toMatch(/Invalid JSON body/);
    const unknownForm = await call(A, '/api/leads', { body: { ...enquiry, form: 'pizza' } });
    expect(unknownForm.status).toBe(400);
    expect(unknownForm.json.fields[0].path).toBe('form');
  });

  test('a retry with the same Idempotency-Key creates exactly one lead', async () => {
    const before = await leadCount('alpha-motors');
    const headers = { 'idempotency-key': 'retry-0001-abcdef' };
    const first = await call(A, '/api/leads', { headers, body: enquiry });
    const second = await call(A, '/api/leads', { headers, body: enquiry });
    expect(first.status).toBe(201);
    expect(second.json.lead_id).toBe(first.json.lead_id);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await leadCount('alpha-motors')).toBe(before + 1);
  });

  test('a simultaneous double submit creates exactly one lead', async () => {
    const before = await leadCount('alpha-motors');
    const body = { ...enquiry, idempotency_key: 'double-click-000123' };
    const [a, b] = await Promise.all([call(A, '/api/leads', { body }), call(A, '/api/leads', { body })]);
    expect(a.json.lead_id).toBe(b.json.lead_id);
    expect(await leadCount('alpha-motors')).toBe(before + 1);
  });

  test('a key reused for a different request is refused', async () => {
    const headers = { 'idempotency-key': 'reused-key-000999' };
    await call(A, '/api/leads', { headers, body: enquiry });
    const r = await call(A, '/api/leads', { headers, body: { ...enquiry, message: 'something else' } });
    expect(r.status).toBe(422);
  });

  test('the honeypot discards bots without storing a lead', async () => {
    const before = await leadCount('alpha-motors');
    const r = await call(A, '/api/leads', { body: { ...enquiry, website: 'http://spam.example' } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ success: true, lead_id: null, lead_status: 'Complete' });
    expect(await leadCount('alpha-motors')).toBe(before);
  });

  test('a multi-step trade-in updates one lead and completes it', async () => {
    const step1 = await call(A, '/api/leads', { body: { form: 'trade_in', name: 'Tom', email: 'tom@example.com', kms: 40000 } });
    expect(step1.json.lead_status).toBe('In Progress');
    const leadId = step1.json.lead_id;
    // Later steps prove they continue this lead with the token issued with it.
    const lead_token = step1.json.lead_token;
    expect(lead_token).toEqual(expect.any(String));
    // Accepting before the car is looked up: there is no offer yet, said to the shopper.
    const early = await call(A, '/api/leads/offer-accepted', { headers: { 'x-lead-token': lead_token }, body: { lead_id: leadId, offer_accepted: true } });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe('There is no online offer for your car yet. Please look up your car and its kilometres first.');
    const rego = await call(A, '/api/leads/rego-lookup', { body: { rego: 'ABC123', regoState: 'QLD', lead_id: leadId, lead_token } });
    expect(rego.json.vehicle.make).toEqual(expect.any(String));
    const adjusted = await call(A, '/api/leads/valuation-adjustments', { body: { id: leadId, lead_token, adjustmentAnswers: { accident_damage: 'Yes' } } });
    expect(adjusted.json.lead_id).toBe(leadId);
    const offer = adjusted.json.offer_price;
    // An offer other than the server's, or a continuation from another browser: refused in words for the shopper.
    const changed = await call(A, '/api/leads/offer-accepted', { headers: { 'x-lead-token': lead_token }, body: { lead_id: leadId, offer_price: offer + 1, offer_accepted: true } });
    expect(changed.status).toBe(409);
    expect(changed.json.message).toMatch(/^The offer for your car is \$[\d,.]+\. Please check it and accept it again\.$/);
    const elsewhere = await call(A, '/api/leads/offer-accepted', { headers: { 'x-lead-token': 'another browser' }, body: { lead_id: leadId, offer_price: offer, offer_accepted: true } });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.message).toBe('This form was started in another browser. Please fill it in again on this page.');
    const accepted = await call(A, '/api/leads/offer-accepted', { headers: { 'x-lead-token': lead_token }, body: { lead_id: leadId, offer_price: offer, offer_accepted: true, form_completed: true } });
    expect(accepted.json).toMatchObject({ lead_id: leadId, lead_status: 'Complete', offer_price: offer });
    const row = await server.db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(row.form_completed).toBe(true);
    expect(row.fields).toMatchObject({ offer_price: offer, offer_accepted: true, adjustmentAnswers: { accident_damage: 'Yes' } });
  });

  test("a lead id of another tenant cannot be continued", async () => {
    const own = await call(B, '/api/leads', { body: { form: 'parts', name: 'Kim', email: 'kim@example.com', 'Order Detail': 'Jockey wheel' } });
    const r = await call(A, '/api/leads', { body: { form: 'parts', name: 'Kim', email: 'kim@example.com', 'Order Detail': 'x', lead_id: own.json.lead_id } });
    expect(r.status).toBe(404);
    // A summary for programs: no words for the shopper, so the form shows its fallback.
    expect(r.json.error).toBe(`No lead ${own.json.lead_id} on this site`);
    expect(r.json.message).toBeUndefined();
  });

  test('dealers read their own leads, newest first, after signing in', async () => {
    const signedOut = await call(A, '/api/dealer/leads');
    expect(signedOut.status).toBe(401);
    const { cookie: shopperCookie } = await confirmedSignUp(server, A, { email: 'shop@example.com', password: 'shopper pass', name: 'Shop' });
    expect((await call(A, '/api/dealer/leads', { headers: { cookie: shopperCookie } })).status).toBe(403);
    const { password } = await createDealerAccount(server.db, 1, 'dealer@alpha-motors.localhost', 'Alpha sales');
    const signIn = await call(A, '/api/auth/sign-in', { body: { email: 'dealer@alpha-motors.localhost', password } });
    const cookie = String(signIn.headers['set-cookie']?.[0]).split(';')[0] ?? '';
    const r = await call(A, '/api/dealer/leads', { headers: { cookie } });
    expect(r.status).toBe(200);
    expect(r.json.leads.every((l: { tenant: string }) => l.tenant === 'alpha-motors')).toBe(true);
    const ids = r.json.leads.map((l: { id: number }) => l.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
  });

  test('a lead survives a server restart between submit and read-back', async () => {
    const submitted = await call(A, '/api/leads', { headers: { 'idempotency-key': 'restart-0000-1111' }, body: { ...enquiry, message: 'Submitted just before a restart' } });
    expect(submitted.status).toBe(201);
    await server.close();
    server = await start();
    A = `alpha-motors.localhost:${server.port}`;
    B = `beta-caravans.localhost:${server.port}`;
    const row = await server.db.selectFrom('leads').selectAll().where('id', '=', submitted.json.lead_id).executeTakeFirst();
    expect(row?.fields).toMatchObject({ message: 'Submitted just before a restart' });
    const retried = await call(A, '/api/leads', { headers: { 'idempotency-key': 'restart-0000-1111' }, body: { ...enquiry, message: 'Submitted just before a restart' } });
    expect(retried.json.lead_id).toBe(submitted.json.lead_id);
  }, 120_000);
});

describe('reservations', () => {
  test('a reservation holds the car (also in search) and the hold lapses after 48 hours', async () => {
    const { id, slug } = await firstCar(A);
    const body = { car_id: id, name: 'Rae', email: 'rae@example.com', phone: '0400 111 222' };
    const { cookie } = await confirmedSignUp(server, A, { email: 'rae@example.com', password: 'rae password', name: 'Rae' });
    const held = await call(A, '/api/reservations', { headers: { cookie }, body });
    expect(held.status).toBe(201);
    expect(held.json.deposit).toBeGreaterThanOrEqual(200);
    expect((await call(A, `/api/cars/${slug}`)).json.reserved).toBe(true);
    const search = await call(A, '/1/indexes/*/queries', { body: { requests: [{ indexName: 'cars', params: `filters=${encodeURIComponent(`objectID:${id}`)}` }] } });
    expect(search.json.results[0].hits[0]?.reserved).toBe(true);
    const { cookie: otherCookie } = await confirmedSignUp(server, A, { email: 'sam@example.com', password: 'sam password', name: 'Sam' });
    expect((await call(A, '/api/reservations', { headers: { cookie: otherCookie }, body: { ...body, name: 'Sam', email: 'sam@example.com', phone: '0400 333 444' } })).status).toBe(409);

    await server.close();
    server = await start({ now: () => new Date(Date.now() + 49 * 3_600_000) });
    A = `alpha-motors.localhost:${server.port}`;
    B = `beta-caravans.localhost:${server.port}`;
    expect((await call(A, `/api/cars/${slug}`)).json.reserved).toBe(false);
  }, 120_000);
});

describe('rate limit', () => {
  test('too many lead submissions from one IP answer 429 with Retry-After, counted across server instances on one database', async () => {
    // On PostgreSQL two servers share the database and so the count; PGlite is one process's
    // database (a second may not open its directory), so there the one server is every instance.
    const instances = process.env.DATABASE_URL ? 2 : 1;
    const dirs = Array.from({ length: instances }, () => freshDataDir('fc-rate-'));
    const servers: RunningServer[] = [];
    try {
      for (const dir of dirs) servers.push(await start({ dataDir: dir, seedCars: 20, leadRateLimit: { max: 3, windowMs: 60_000 }, trustedProxies: 'loopback' }));
      // An address of its own (through the trusted proxy): other tests' leads on a shared database do not count.
      const address = `203.0.113.${1 + crypto.randomInt(250)}`;
      const answers = [];
      for (let i = 0; i < 5; i++) {
        const limited = servers[i % servers.length] as RunningServer;
        answers.push(await request(limited.port, `alpha-motors.localhost:${limited.port}`, '/api/leads/phone-reveal', { body: {}, headers: { 'x-forwarded-for': address } }));
      }
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 429, 429]);
      expect(Number(answers[3]?.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(answers[3]?.headers['retry-after'])).toBeLessThanOrEqual(60);
    } finally {
      for (const s of servers) await s.close();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
