import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';
import { ALREADY_SPUN } from './api/spin-to-win.ts';

/*
 * POST /api/spin-to-win (spec §2 /spin-to-win) against a started server with its clock driven:
 * alpha-motors runs an open promotion (one prize won on every spin, so the draw is known),
 * gamma-motors gates it behind sign-in and has a prize nobody wins, beta-caravans runs none.
 */

const FIXTURES = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
const PROMO = { id: 'summer-spin', start: '2026-12-01T00:00:00+10:00', expiry: '2027-01-01T00:00:00+10:00', terms: 'One spin per person. Prizes are not redeemable for cash.' };
let tenantsDir: string;
let dataDir: string;
let server: RunningServer;
let now = new Date('2026-12-10T09:00:00+10:00');
const host = (slug: string) => `${slug}.localhost:${server.port}`;
const call = (slug: string, p: string, init?: Parameters<typeof request>[3]) => request(server.port, host(slug), p, init);
let addresses = 0;
const from = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });
const spinner = (n: number) => ({ name: `Sam Spinner ${n}`, email: `sam${n}@example.com`, phone: `0400 000 ${String(n).padStart(3, '0')}`, terms_conditions: true });

beforeAll(async () => {
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-spin-tenants-'));
  const alpha = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'alpha-motors.json'), 'utf8'));
  alpha.features = { ...alpha.features, spinToWin: true };
  alpha.content = { ...alpha.content, spinToWin: { ...PROMO, prizes: [{ label: '$50 fuel voucher', chance: 100 }] } };
  fs.writeFileSync(path.join(tenantsDir, 'alpha-motors.json'), JSON.stringify(alpha));
  const gamma = { ...alpha, slug: 'gamma-motors', name: 'Gamma Motors', siteUrl: 'https://www.gammamotors.example.com.au', features: { spinToWin: true, gatedSpinToWin: true }, content: { spinToWin: { ...PROMO, prizes: [{ label: 'A new car', chance: 0.0001 }] } } };
  fs.writeFileSync(path.join(tenantsDir, 'gamma-motors.json'), JSON.stringify(gamma));
  fs.copyFileSync(path.join(FIXTURES, 'beta-caravans.json'), path.join(tenantsDir, 'beta-caravans.json'));
  dataDir = freshDataDir('fc-spin-');
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 5, log: () => {}, now: () => now,
    leadRateLimit: { max: 10_000, windowMs: 60_000 }, trustedProxies: 'loopback', watch: false,
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(tenantsDir, { recursive: true, force: true });
});

describe('POST /api/spin-to-win', () => {
  test('a spin inside the dates wins the drawn prize and is a lead the dealer reads', async () => {
    const r = await call('alpha-motors', '/api/spin-to-win', { headers: from(), body: spinner(1) });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ promotion: 'summer-spin', prize: '$50 fuel voucher' });
    const spin = await server.db.selectFrom('spins').selectAll().where('id', '=', r.json.spin_id).executeTakeFirstOrThrow();
    const lead = await server.db.selectFrom('leads').selectAll().where('id', '=', spin.lead_id!).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ form: 'spin_to_win', category: 'Spin to Win', subcategory: 'Prize won', status: 'Complete', email: 'sam1@example.com' });
    expect(lead.fields).toMatchObject({ promotion: 'summer-spin', prize: '$50 fuel voucher', terms_conditions: true });
  });

  test('one spin per person: the same email or the same phone (written another way) spins once', async () => {
    expect((await call('alpha-motors', '/api/spin-to-win', { headers: from(), body: spinner(2) })).status).toBe(201);
    const again = await call('alpha-motors', '/api/spin-to-win', { headers: from(), body: { ...spinner(2), phone: '0499 999 999' } });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe(ALREADY_SPUN);
    // Written for the shopper: the spin form shows it.
    expect(again.json.message).toBe('You have already spun in this promotion: one spin per person.');
    const samePhone = await call('alpha-motors', '/api/spin-to-win', { headers: from(), body: { ...spinner(3), phone: '+61 400 000 002' } });
    expect(samePhone.status).toBe(409);
    const rows = await server.db.selectFrom('spins').select('id').where('email', 'in', ['sam2@example.com', 'sam3@example.com']).execute();
    expect(rows).toHaveLength(1);
  });

  test('two simultaneous spins by one person: exactly one is drawn', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => call('alpha-motors', '/api/spin-to-win', { headers: from(), body: spinner(4) })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  test('before the start and from the expiry on, nobody spins', async () => {
    now = new Date('2026-11-30T23:59:59+10:00');
    const early = await call('alpha-motors', '/api/spin-to-win', { headers: from(), body: spinner(5) });
    expect(early.status).toBe(409);
    expect(early.json.error).toBe('This promotion has not started yet.');
    now = new Date('2027-01-01T00:00:00+10:00');
    const late = await call('alpha-motors', '/api/spin-to-win', { headers: from(), body: spinner(5) });
    expect(late.json.error).toBe('This promotion has ended.');
    expect(late.json.message).toBe('This promotion has ended.');
    now = new Date('2026-12-31T23:59:59+10:00');
    expect((await call('alpha-motors', '/api/spin-to-win', { headers: from(), body: spinner(5) })).status).toBe(201);
    now = new Date('2026-12-10T09:00:00+10:00');
  });

  test('the terms must be agreed and each bad field is named', async () => {
    const r = await call('alpha-motors', '/api/spin-to-win', { headers: from(), body: { name: '', email: 'nope', phone: 'x' } });
    expect(r.status).toBe(400);
    expect((r.json.fields as { path: string }[]).map((f) => f.path)).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'terms_conditions']));
  });

  test('where the site gates it: 401 signed out; signed in, the account’s email counts and a spin may win nothing', async () => {
    const signedOut = await call('gamma-motors', '/api/spin-to-win', { headers: from(), body: spinner(6) });
    expect(signedOut.status).toBe(401);
    const headers = from();
    const { cookie } = await confirmedSignUp(server, host('gamma-motors'), { email: 'gina@example.com', password: 'a long spin password', name: 'Gina', phone: '0400 123 456' }, headers);
    const r = await call('gamma-motors', '/api/spin-to-win', { headers: { ...headers, cookie }, body: { ...spinner(7), email: 'someone-else@example.com' } });
    expect(r.status).toBe(201);
    // 0.0001 percent: the draw (a step of 0.0001 from 0) wins it only on a roll of exactly 0.
    expect(r.json.promotion).toBe('summer-spin');
    const spin = await server.db.selectFrom('spins').selectAll().where('id', '=', r.json.spin_id).executeTakeFirstOrThrow();
    expect(spin.email).toBe('gina@example.com');
    expect(spin.phone_digits).toBe('0400123456');
  });

  test("where the site gates it, a spin counts against the account: another account with the same phone number still spins", async () => {
    const owner = from();
    const { cookie: victim } = await confirmedSignUp(server, host('gamma-motors'), { email: 'vic@example.com', password: 'a long victim password', name: 'Vic', phone: '0400 999 001' }, owner);
    const other = from();
    const { cookie: squatter } = await confirmedSignUp(server, host('gamma-motors'), { email: 'squat@example.com', password: 'a long squatter password', name: 'Squat', phone: '0400 999 001' }, other);
    expect((await call('gamma-motors', '/api/spin-to-win', { headers: { ...other, cookie: squatter }, body: spinner(11) })).status).toBe(201);
    expect((await call('gamma-motors', '/api/spin-to-win', { headers: { ...owner, cookie: victim }, body: spinner(12) })).status).toBe(201);
    // Each account still spins once.
    expect((await call('gamma-motors', '/api/spin-to-win', { headers: { ...other, cookie: squatter }, body: spinner(13) })).status).toBe(409);
  });

  test('a site without a promotion answers 404', async () => {
    const r = await call('beta-caravans', '/api/spin-to-win', { headers: from(), body: spinner(8) });
    expect(r.status).toBe(404);
  });
});
