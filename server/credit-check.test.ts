import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { freeCars } from './test-support/free-cars.ts';

/*
 * The credit-check step of a car's personalised finance page, on a site whose finance process
 * runs one (alpha-motors; beta-caravans does not): signed in only, an adult's date of birth, a
 * licence and the consent; recorded as a finance lead with the consent's words and time.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;
let cookie: string;
const NOW = Date.parse('2026-11-29T02:00:00Z'); // 1 pm in Brisbane and Sydney

const call = (host: string, p: string, init: Parameters<typeof request>[3] = {}): Promise<TestResponse> => request(server.port, host, p, init);

beforeAll(async () => {
  dataDir = freshDataDir('fc-credit-check-');
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 10, log: () => {}, watch: false,
    leadRateLimit: { max: 10_000, windowMs: 60_000 }, accountRateLimit: { max: 10_000, windowMs: 60_000 },
    now: () => new Date(NOW),
  });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
  cookie = (await confirmedSignUp(server, A, { email: 'borrower@example.com', password: 'borrower password', name: 'Bo Rower', phone: '0412 777 888' })).cookie;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

describe('credit-check consent', () => {
  test('a signed-in adult consents: a finance lead with the consent, the licence and the time, from the account', async () => {
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
      date_of_birth: '1990-04-02',
      licence_number: 'AB12345',
      licence_state: 'QLD',
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
