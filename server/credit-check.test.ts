import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eraseCreditCheckIdentities } from './api/credit-check.ts';
import { createDealerAccount } from './dealer-accounts.ts';
import type { RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { freeCars } from './test-support/free-cars.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * The credit-check step of a car's personalised finance page, on a site whose finance process
 * runs one (alpha-motors; beta-caravans does not): signed in only, an adult's date of birth, a
 * licence and the consent; recorded as a finance lead with the consent's words and time. The
 * lead (what the inbox lists and every lead channel sends) carries the age as checked and the
 * licence's last three characters; dealer staff signed in read the full identity for 30 days,
 * then the sweep erases it (driven clock). A personalised finance enquiry needs the consent first.
 */

const DAY = 86_400_000;
let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;
let cookie: string;
const NOW = Date.parse('2026-11-29T02:00:00Z'); // 1 pm in Brisbane and Sydney

const call = (host: string, p: string, init: Parameters<typeof request>[3] = {}): Promise<TestResponse> => request(server.port, host, p, init);

beforeAll(async () => {
  dataDir = freshDataDir('fc-credit-check-');
  server = await startTestServer({ dataDir, seedCars: 40, accountRateLimit: { max: 10_000, windowMs: 60_000 }, now: () => new Date(NOW) });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
  cookie = (await confirmedSignUp(server, A, { email: 'borrower@example.com', password: 'borrower password', name: 'Bo Rower', phone: '0412 777 888' })).cookie;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

describe('credit-check consent', () => {
  test('a signed-in adult consents: a finance lead with the consent and the time, from the account, its identity masked', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1)) as [number];
    const r = await call(A, '/api/finance/credit-check', {
      headers: { cookie },
      body: { car_id: car, date_of_birth: '1990-04-02', licence_number: 'ab12345', licence_state: 'QLD', consent: true },
    });
    expect(r.status).toBe(201);
    expect(r.json.consented_at).toBe(new Date(NOW).toISOString());
    const lead = await server.db.selectFrom('leads').selectAll().where('id', '=', r.json.lead_id).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form: 'finance', category: 'Finance Enquiry', subcategory: 'Credit Check Consent', car_id: car, email: 'borrower@example.com', name: 'Bo Rower' });
    expect(lead.fields).toMatchObject({
      date_of_birth: '18 or older (checked)',
      licence_number: '••••345',
      licence_state: 'QLD',
      identity_kept_until: new Date(NOW + 30 * DAY).toISOString(),
      consent: 'I agree that Alpha Motors may obtain my consumer credit report from a credit reporting body, using the details above, to assess my finance application for this car.',
      consented_at: new Date(NOW).toISOString(),
    });
  });

  test('18 on the dealer\'s own day: the day before the 18th birthday is refused, the birthday itself is not', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1)) as [number];
    const body = (dob: string) => ({ car_id: car, date_of_birth: dob, licence_number: 'CD98765', licence_state: 'NSW', consent: true });
    const young = await call(A, '/api/finance/credit-check', { headers: { cookie }, body: body('2008-11-30') });
    expect(young.status).toBe(400);
    expect(young.json.fields).toEqual([{ path: 'date_of_birth', message: 'you must be 18 or older' }]);
    expect((await call(A, '/api/finance/credit-check', { headers: { cookie }, body: body('2008-11-29') })).status).toBe(201);
  });

  test('no consent, a bad licence or a bad state: 400 naming the field', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1)) as [number];
    const good = { car_id: car, date_of_birth: '1990-04-02', licence_number: 'AB12345', licence_state: 'QLD', consent: true };
    for (const [field, value] of [['consent', false], ['licence_number', 'x'], ['licence_state', 'XX'], ['date_of_birth', '02/04/1990']] as const) {
      const r = await call(A, '/api/finance/credit-check', { headers: { cookie }, body: { ...good, [field]: value } });
      expect(r.status).toBe(400);
      expect(r.json.fields[0].path).toBe(field);
    }
  });

  test('signed out is refused, and a site without the credit-check step has no such service', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1)) as [number];
    const body = { car_id: car, date_of_birth: '1990-04-02', licence_number: 'AB12345', licence_state: 'QLD', consent: true };
    expect((await call(A, '/api/finance/credit-check', { body })).status).toBe(401);
    const other = (await confirmedSignUp(server, B, { email: 'other@example.com', password: 'other password', name: 'Other' })).cookie;
    expect((await call(B, '/api/finance/credit-check', { headers: { cookie: other }, body })).status).toBe(404);
  });
});

/** A dealer account of alpha-motors, signed in: its session cookie. */
async function dealerCookie(email: string): Promise<string> {
  const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'alpha-motors').executeTakeFirstOrThrow();
  const { password } = await createDealerAccount(server.db, site.id, email, 'Alpha finance');
  const signIn = await call(A, '/api/auth/sign-in', { body: { email, password } });
  return String(signIn.headers['set-cookie']?.[0]).split(';')[0] ?? '';
}

/** Consents for a car as the signed-in borrower; the consent's lead id. */
async function consent(car: number, licence = 'WX98765'): Promise<number> {
  const r = await call(A, '/api/finance/credit-check', { headers: { cookie }, body: { car_id: car, date_of_birth: '1985-07-09', licence_number: licence, licence_state: 'VIC', consent: true } });
  expect(r.status).toBe(201);
  return r.json.lead_id as number;
}

describe("the consent's identity", () => {
  test('is masked wherever the lead goes, and read whole only by dealer staff signed in', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 2)) as [number];
    const leadId = await consent(car, 'QZ71234');
    const finance = await dealerCookie('finance@alphatoyota.example.com.au');
    // The inbox's list (the same lead every email, CRM record and webhook is made from).
    const inbox = await call(A, '/api/dealer/leads', { headers: { cookie: finance } });
    const listed = (inbox.json.leads as { id: number; fields: Record<string, unknown> }[]).find((l) => l.id === leadId);
    expect(listed?.fields).toMatchObject({ date_of_birth: '18 or older (checked)', licence_number: '••••234' });
    expect(inbox.text).not.toContain('QZ71234');
    expect(inbox.text).not.toContain('1985-07-09');
    // No lead row and no delivery of this site holds the full values.
    const rows = await server.db.selectFrom('leads').select('fields').where('id', '=', leadId).execute();
    expect(JSON.stringify(rows)).not.toMatch(/QZ71234|1985-07-09/);
    const deliveries = await server.db.selectFrom('lead_deliveries').selectAll().where('lead_id', '=', leadId).execute();
    expect(JSON.stringify(deliveries)).not.toMatch(/QZ71234|1985-07-09/);
    // The finance team, signed in, reads them whole.
    const whole = await call(A, `/api/dealer/credit-checks/${leadId}`, { headers: { cookie: finance } });
    expect(whole.status).toBe(200);
    expect(whole.headers['cache-control']).toBe('no-store');
    expect(whole.json).toEqual({
      lead_id: leadId, date_of_birth: '1985-07-09', licence_number: 'QZ71234', licence_state: 'VIC',
      consented_at: new Date(NOW).toISOString(), erase_after: new Date(NOW + 30 * DAY).toISOString(),
    });
    // Nobody else does: signed out, the shopper themself, another site's staff.
    expect((await call(A, `/api/dealer/credit-checks/${leadId}`)).status).toBe(401);
    expect((await call(A, `/api/dealer/credit-checks/${leadId}`, { headers: { cookie } })).status).toBe(403);
    expect((await call(A, '/api/dealer/credit-checks/999999', { headers: { cookie: finance } })).status).toBe(404);
  });

  test('is erased by the sweep 30 days after the consent; the consent stays', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 3)) as [number];
    const leadId = await consent(car, 'ER55501');
    const finance = await dealerCookie('finance.two@alphatoyota.example.com.au');
    await eraseCreditCheckIdentities(server.db, new Date(NOW + 30 * DAY - 60_000));
    expect((await call(A, `/api/dealer/credit-checks/${leadId}`, { headers: { cookie: finance } })).status).toBe(200);
    expect(await eraseCreditCheckIdentities(server.db, new Date(NOW + 30 * DAY))).toBeGreaterThanOrEqual(1);
    const gone = await call(A, `/api/dealer/credit-checks/${leadId}`, { headers: { cookie: finance } });
    expect(gone.status).toBe(410);
    const row = await server.db.selectFrom('credit_checks').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ date_of_birth: null, licence_number: null, licence_state: 'VIC', car_id: car });
    expect(row.erased_at?.toISOString()).toBe(new Date(NOW + 30 * DAY).toISOString());
    const lead = await server.db.selectFrom('leads').select('fields').where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(lead.fields.consent).toBe('I agree that Alpha Motors may obtain my consumer credit report from a credit reporting body, using the details above, to assess my finance application for this car.');
  });
});

/** A finance enquiry about a car as the form on `page` sends it. */
const enquiry = (car: number, page: string) => ({
  form: 'finance', category: 'Finance Enquiry', car_id: car, name: 'Bo', last_name: 'Rower', email: 'borrower@example.com', phone: '0412 777 888', postcode: '4000',
  finance_amount: 20000, message: 'Five years, please.', page_id: page, url: `http://alpha-motors.localhost${page}?car_id=${car}`, terms_conditions: true,
});

describe('the personalised finance enquiry', () => {
  test('sent straight to the API needs the shopper signed in and their consent for that car first', async () => {
    const [car, other] = (await freeCars(server.db, 'alpha-motors', 2, 4)) as [number, number];
    const signedOut = await call(A, '/api/leads', { body: enquiry(car, '/personalised/finance') });
    expect(signedOut.status).toBe(401);
    expect(signedOut.json.message).toBe('Please sign in.');
    const noConsent = await call(A, '/api/leads', { headers: { cookie }, body: enquiry(car, '/personalised/finance') });
    expect(noConsent.status).toBe(409);
    expect(noConsent.json.message).toBe('Please agree to the credit check for this car first.');
    expect(noConsent.json.fields).toEqual([{ path: 'credit_check', message: 'please agree to the credit check for this car first' }]);
    // A consent for another car is not one for this car; a consent lead id sent by the browser counts for nothing.
    const otherConsent = await consent(other);
    expect((await call(A, '/api/leads', { headers: { cookie }, body: { ...enquiry(car, '/personalised/finance'), credit_check_lead_id: otherConsent } })).status).toBe(409);
    const leadOfConsent = await consent(car);
    const sent = await call(A, '/api/leads', { headers: { cookie }, body: enquiry(car, '/personalised/finance') });
    expect(sent.status).toBe(201);
    const lead = await server.db.selectFrom('leads').select('fields').where('id', '=', sent.json.lead_id).executeTakeFirstOrThrow();
    expect(lead.fields.credit_check_lead_id).toBe(leadOfConsent);
  });

  test('a consent older than 30 days no longer counts; a finance enquiry from another page needs none and names none', async () => {
    const [car] = (await freeCars(server.db, 'alpha-motors', 1, 6)) as [number];
    const old = await consent(car);
    await server.db.updateTable('credit_checks').set({ consented_at: new Date(NOW - 30 * DAY) }).where('lead_id', '=', old).execute();
    expect((await call(A, '/api/leads', { headers: { cookie }, body: enquiry(car, '/personalised/finance') })).status).toBe(409);
    const plain = await call(A, '/api/leads', { body: enquiry(car, '/finance') });
    expect(plain.status).toBe(201);
    const lead = await server.db.selectFrom('leads').select('fields').where('id', '=', plain.json.lead_id).executeTakeFirstOrThrow();
    expect(lead.fields.credit_check_lead_id).toBeUndefined();
  });
});
