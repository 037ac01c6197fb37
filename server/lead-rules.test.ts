import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';

/*
 * The server enforces every rule the tenant's forms show (spec §5), from the same
 * function the browser runs (schema/api/lead-rules.ts): Comments, terms, the dealership and
 * location pickers, the category; and it stores what the form sent in the spec's shape.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'lead-tenants');
let dataDir: string;
let server: RunningServer;
let G: string; // gamma-group: two dealerships, terms required
let D: string; // delta-motors: one dealership, Comments optional, its own test-drive disclaimer

const call = (host: string, p: string, init?: Parameters<typeof request>[3]) => request(server.port, host, p, init);
const storedLead = (id: number) => server.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  dataDir = freshDataDir('fc-lead-rules-');
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 20, log: () => {}, leadRateLimit: { max: 10_000, windowMs: 60_000 } });
  G = `gamma-group.localhost:${server.port}`;
  D = `delta-motors.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const contact = { name: 'Priya', last_name: 'Shah', email: 'priya@example.com', phone: '0412 345 678', postcode: '4000' };

describe('the server enforces the form rules the tenant shows', () => {
  test('an enquiry without Comments is refused where the tenant requires them, naming the field', async () => {
    const r = await call(G, '/api/leads', { body: { form: 'enquiry', ...contact, category: 'General Enquiry', dealership_slug: 'gamma-mazda', terms_conditions: true } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual([{ path: 'message', message: 'Please enter your comments.' }]);
    expect(r.json.error).toContain('message: Please enter your comments.');
  });

  test('a rule the schema words no message for is refused in plain words a form can show after its label, never zod’s', async () => {
    const r = await call(G, '/api/leads', { body: { form: 'enquiry', ...contact, name: 'N'.repeat(201), Rego: 'R'.repeat(21), message: 'Hello', category: 'General Enquiry', dealership_slug: 'gamma-mazda', terms_conditions: true } });
    expect(r.status).toBe(400);
    const fields = (r.json as { fields: { path: string; message: string }[] }).fields;
    expect(fields).toContainEqual({ path: 'name', message: 'Use at most 200 characters.' });
    expect(fields).toContainEqual({ path: 'Rego', message: 'Use at most 20 characters.' });
    // The schema's own words stay.
    const email = await call(G, '/api/leads', { body: { form: 'enquiry', ...contact, email: 'not an email', message: 'Hello', category: 'General Enquiry', dealership_slug: 'gamma-mazda', terms_conditions: true } });
    expect((email.json as { fields: unknown[] }).fields).toEqual([{ path: 'email', message: 'Please enter a valid email address.' }]);
  });

  test('…and accepted where the tenant switched the rule off', async () => {
    const r = await call(D, '/api/leads', { body: { form: 'enquiry', ...contact, category: 'General Enquiry' } });
    expect(r.status).toBe(201);
    // One dealership: the form preselects it, and a lead without it means that one.
    expect((await storedLead(r.json.lead_id)).status).toBe('Complete');
  });

  test("terms must be ticked where the tenant requires them: '* You must agree to the terms of use before submitting the form.'", async () => {
    const lead = { form: 'enquiry', ...contact, message: 'Hello', category: 'General Enquiry', dealership_slug: 'gamma-mazda' };
    const refused = await call(G, '/api/leads', { body: lead });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual([{ path: 'terms_conditions', message: '* You must agree to the terms of use before submitting the form.' }]);
    const accepted = await call(G, '/api/leads', { body: { ...lead, terms_conditions: true } });
    expect(accepted.status).toBe(201);
  });

  test("a lead without a car names one of the site's dealerships and, where it has several yards, the yard", async () => {
    const lead = { form: 'enquiry', ...contact, message: 'Hello', category: 'General Enquiry', terms_conditions: true };
    const none = await call(G, '/api/leads', { body: lead });
    expect(none.json.fields).toEqual([{ path: 'dealership_slug', message: '*Please select a dealership location.' }]);
    const noYard = await call(G, '/api/leads', { body: { ...lead, dealership_slug: 'gamma-toyota' } });
    expect(noYard.json.fields).toEqual([{ path: 'location', message: '*Please select a dealership location.' }]);
    const otherYard = await call(G, '/api/leads', { body: { ...lead, dealership_slug: 'gamma-toyota', location: 'gamma-mazda-city' } });
    expect(otherYard.json.fields).toEqual([{ path: 'location', message: '*Please select a dealership location.' }]);
    const ok = await call(G, '/api/leads', { body: { ...lead, dealership_slug: 'gamma-toyota', location: 'gamma-toyota-south' } });
    expect(ok.status).toBe(201);
    const row = await storedLead(ok.json.lead_id);
    expect(row.fields).toMatchObject({ dealership_slug: 'gamma-toyota', location: 'gamma-toyota-south' });
  });

  test('every broken rule is listed at once', async () => {
    const r = await call(G, '/api/leads', { body: { form: 'enquiry', name: 'Priya' } });
    expect(r.status).toBe(400);
    expect(r.json.fields.map((f: { path: string }) => f.path)).toEqual(['email', 'postcode', 'category', 'dealership_slug', 'message', 'terms_conditions']);
  });

  test("'Careers Enquiry' is stored as General Enquiry / Career Enquiry with the spec's payload fields", async () => {
    const body = {
      form: 'enquiry', ...contact, message: 'I would like to apply', category: 'Careers Enquiry', dealership_slug: 'gamma-mazda', terms_conditions: true,
      opt_in: true, Rego: '123ABC', additional_services: ['Extended warranty'], page_id: '/contact-us', url: 'https://www.gammagroup.example.com.au/contact-us',
      lead_attributes: { visited_pages: ['/', '/contact-us'], linked_query_params: { utm_source: 'newsletter' } },
    };
    const r = await call(G, '/api/leads', { body });
    expect(r.status).toBe(201);
    const row = await storedLead(r.json.lead_id);
    expect(row.category).toBe('General Enquiry');
    expect(row.subcategory).toBe('Career Enquiry');
    expect(row.fields).toMatchObject({ source: 'Website', opt_in: true, Rego: '123ABC', additional_services: ['Extended warranty'], lead_attributes: body.lead_attributes, page_id: '/contact-us' });
    expect(row.url).toBe(body.url);
  });

  test("a test drive needs its terms ticked only where the dealer has a test-drive disclaimer (spec §5)", async () => {
    const drive = { form: 'test_drive', ...contact, category: 'Test Drive' };
    const refused = await call(D, '/api/leads', { body: drive });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual([{ path: 'terms_conditions', message: '* You must agree to the terms of use before submitting the form.' }]);
    expect(refused.json.error).toContain('terms_conditions: * You must agree to the terms of use before submitting the form.');
    expect((await call(D, '/api/leads', { body: { ...drive, terms_conditions: false } })).status).toBe(400);
    const accepted = await call(D, '/api/leads', { body: { ...drive, terms_conditions: true } });
    expect(accepted.status).toBe(201);
    expect((await storedLead(accepted.json.lead_id)).fields).toMatchObject({ terms_conditions: true });
    // Gamma requires terms on its enquiries but has no test-drive disclaimer: no terms on the test drive.
    expect((await call(G, '/api/leads', { body: { ...drive, dealership_slug: 'gamma-mazda' } })).status).toBe(201);
  });

  test('a service enquiry may only pick a dealership with a workshop', async () => {
    const lead = { form: 'service', ...contact, message: 'Logbook service', terms_conditions: true };
    const r = await call(G, '/api/leads', { body: { ...lead, dealership_slug: 'gamma-toyota' } });
    expect(r.json.fields).toEqual([{ path: 'dealership_slug', message: '*Please select a dealership location.' }]);
    expect((await call(G, '/api/leads', { body: { ...lead, dealership_slug: 'gamma-mazda' } })).status).toBe(201);
  });
});

describe('test-drive appointment slots (spec §7): the server offers them and books only those', () => {
  test('a free slot is booked once; the same slot, a made-up time or a past day are refused with the time named', async () => {
    const offered = await call(D, '/api/test-drive/appointments?days=14');
    expect(offered.status).toBe(200);
    const day = (offered.json.days as { date: string; slots: string[] }[]).find((d) => d.slots.length > 0);
    expect(day, 'a day with free slots in the next 14').toBeDefined();
    const [time] = day?.slots ?? [];
    const drive = { form: 'test_drive', ...contact, category: 'Test Drive', date: day?.date, time, terms_conditions: true };
    const booked = await call(D, '/api/leads', { body: drive });
    expect(booked.status).toBe(201);

    const again = await call(D, '/api/leads', { body: { ...drive, email: 'second@example.com' } });
    expect(again.status).toBe(409);
    expect(again.json.fields).toEqual([{ path: 'time', message: 'That time is no longer free for a test drive. Please pick another.' }]);
    expect(again.json.message).toBe('That time is no longer free for a test drive. Please pick another.');
    const after = await call(D, `/api/test-drive/appointments?from=${day?.date}&days=1`);
    expect(after.json.days[0].slots).not.toContain(time);

    expect((await call(D, '/api/leads', { body: { ...drive, time: '03:00' } })).status).toBe(409);
    expect((await call(D, '/api/leads', { body: { ...drive, date: '2020-01-07' } })).status).toBe(409);
    // Date and time are optional (spec §5): a test drive without them is taken.
    expect((await call(D, '/api/leads', { body: { form: 'test_drive', ...contact, category: 'Test Drive', terms_conditions: true } })).status).toBe(201);
  });
});

describe('short enquiry (spec §3)', () => {
  test('keeps the trade-in answer and the hidden field; the postcode is required', async () => {
    const lead = { form: 'short_enquiry', name: 'Sam', phone: '0412 345 678', 'do-you-have-a-trade-in': 'Yes', message: 'Search with no results: /search/used-cars?query=ute' };
    const refused = await call(D, '/api/leads', { body: lead });
    expect(refused.status).toBe(400);
    expect(refused.json.fields).toEqual([{ path: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' }]);
    const accepted = await call(D, '/api/leads', { body: { ...lead, postcode: '4000' } });
    expect(accepted.status).toBe(201);
    const stored = await storedLead(accepted.json.lead_id);
    expect(stored.fields).toMatchObject({ 'do-you-have-a-trade-in': 'Yes', message: 'Search with no results: /search/used-cars?query=ute', postcode: '4000' });
    const badAnswer = await call(D, '/api/leads', { body: { ...lead, postcode: '4000', 'do-you-have-a-trade-in': 'Maybe' } });
    expect(badAnswer.status).toBe(400);
    expect(JSON.stringify(badAnswer.json.fields)).toContain('do-you-have-a-trade-in');
  });
});
