import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepAccountEmails } from './api/account-links.ts';
import { sweepExpiredSessions } from './api/account.ts';
import { startServer, type RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { confirmedSignUp, linkTokenFor, newestMailTo, sessionCookieOf } from './test-support/accounts.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';

/*
 * Sign-up by emailed link: the answer never tells whether an address has an account, no account
 * or session exists before the link is opened, links work once and expire, the emails to one
 * address are limited, and a forgotten password is reset by link. The server's clock is driven.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let A: string;
let address = 0;
const clock = { offsetMs: 0 };
const HOUR = 3_600_000;

const newClient = () => `198.51.100.${++address}`;
const call = (p: string, init: Parameters<typeof request>[3] & { from?: string } = {}): Promise<TestResponse> =>
  request(server.port, A, p, { ...init, headers: { 'x-forwarded-for': init.from ?? newClient(), ...init.headers } });
const me = async (cookie: string) => (await call('/api/auth/me', { headers: { cookie } })).json.user;

beforeAll(async () => {
  dataDir = freshDataDir('fc-account-links-');
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 20, log: () => {}, watch: false,
    leadRateLimit: { max: 10_000, windowMs: 60_000 }, accountRateLimit: { max: 10_000, windowMs: 60_000 }, trustedProxies: 'loopback',
    now: () => new Date(Date.now() + clock.offsetMs),
  });
  A = `alpha-motors.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

describe('sign-up tells nothing about who has an account', () => {
  test('a new address and one with an account get the same answer: 202, the same body but the address, no cookie', async () => {
    await confirmedSignUp(server, A, { email: 'owner@example.com', password: 'the owner password', name: 'Owner' });
    const known = await call('/api/auth/sign-up', { body: { email: 'owner@example.com', password: 'attacker password', name: 'Attacker' } });
    const fresh = await call('/api/auth/sign-up', { body: { email: 'nobody-yet@example.com', password: 'attacker password', name: 'Attacker' } });
    expect(known.status).toBe(202);
    expect(fresh.status).toBe(202);
    expect(known.json).toEqual({ status: 'check-email', email: 'owner@example.com' });
    expect(fresh.json).toEqual({ status: 'check-email', email: 'nobody-yet@example.com' });
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
    // The email says which it was: the owner hears someone tried, with sign-in and reset links.
    const note = await newestMailTo(server, 'owner@example.com');
    expect(note?.subject).toBe('You already have an account with Alpha Motors');
    expect(note?.text).toContain(`http://${A}/sign-in`);
    expect(note?.text).toContain(`http://${A}/reset-password`);
    expect(note?.text).not.toContain('confirm-email');
    const link = await newestMailTo(server, 'nobody-yet@example.com');
    expect(link?.subject).toBe('Confirm your email to finish creating your Alpha Motors account');
    expect(link?.text).toMatch(new RegExp(`http://${A.replace(/\./g, '\\.')}/confirm-email\\?token=[A-Za-z0-9_-]{43}`));
    expect(link?.text).toContain('The link works once, for 24 hours.');
    // The owner's password is unchanged by the attempt.
    expect((await call('/api/auth/sign-in', { body: { email: 'owner@example.com', password: 'the owner password' } })).status).toBe(200);
    expect((await call('/api/auth/sign-in', { body: { email: 'owner@example.com', password: 'attacker password' } })).status).toBe(401);
  });

  test('the owner signing up again with their own password is not signed in either (that would tell the address has an account)', async () => {
    await confirmedSignUp(server, A, { email: 'again@example.com', password: 'my own password', name: 'Again' });
    const r = await call('/api/auth/sign-up', { body: { email: 'again@example.com', password: 'my own password', name: 'Again' } });
    expect(r.status).toBe(202);
    expect(r.headers['set-cookie']).toBeUndefined();
  });

  test('common passwords are still refused with 400 naming the password', async () => {
    const r = await call('/api/auth/sign-up', { body: { email: 'weak@example.com', password: 'password', name: 'Weak' } });
    expect(r.status).toBe(400);
    expect(r.json.fields[0].path).toBe('password');
  });
});

describe('no account before the link is opened', () => {
  test('before confirming, the address cannot sign in, and nothing is stored as an account', async () => {
    const r = await call('/api/auth/sign-up', { body: { email: 'pending@example.com', password: 'pending password', name: 'Pending', phone: '0400 111 222' } });
    expect(r.status).toBe(202);
    expect((await call('/api/auth/sign-in', { body: { email: 'pending@example.com', password: 'pending password' } })).status).toBe(401);
    expect(await server.db.selectFrom('users').select('id').where('email', '=', 'pending@example.com').executeTakeFirst()).toBeUndefined();
    // The stored link is a hash: the token in the email is not in the database.
    const token = await linkTokenFor(server, 'pending@example.com', 'confirm-email');
    const rows = await server.db.selectFrom('account_emails').select('token_hash').where('email', '=', 'pending@example.com').execute();
    expect(rows.map((x) => x.token_hash)).not.toContain(token);

    const confirmed = await call('/api/auth/confirm-email', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.user).toMatchObject({ email: 'pending@example.com', name: 'Pending', phone: '0400 111 222', role: 'shopper' });
    expect(await me(sessionCookieOf(confirmed))).toMatchObject({ email: 'pending@example.com' });
    expect((await call('/api/auth/sign-in', { body: { email: 'pending@example.com', password: 'pending password' } })).status).toBe(200);
  });

  test('a link works once: opening it again (or in a second tab at the same time) is refused, naming the token', async () => {
    await call('/api/auth/sign-up', { body: { email: 'twice@example.com', password: 'twice password', name: 'Twice' } });
    const token = await linkTokenFor(server, 'twice@example.com', 'confirm-email');
    const both = await Promise.all([call('/api/auth/confirm-email', { body: { token } }), call('/api/auth/confirm-email', { body: { token } })]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 400]);
    const again = await call('/api/auth/confirm-email', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.fields[0].path).toBe('token');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  test('a link works for 24 hours, not a second longer', async () => {
    await call('/api/auth/sign-up', { body: { email: 'late@example.com', password: 'late password', name: 'Late' } });
    const late = await linkTokenFor(server, 'late@example.com', 'confirm-email');
    await call('/api/auth/sign-up', { body: { email: 'in-time@example.com', password: 'in time password', name: 'In Time' } });
    const inTime = await linkTokenFor(server, 'in-time@example.com', 'confirm-email');
    try {
      clock.offsetMs = 24 * HOUR - 60_000;
      expect((await call('/api/auth/confirm-email', { body: { token: inTime } })).status).toBe(200);
      clock.offsetMs = 24 * HOUR + 1_000;
      const expired = await call('/api/auth/confirm-email', { body: { token: late } });
      expect(expired.status).toBe(400);
      expect(expired.json.error).toBe('This link has expired or has already been used. Please ask for a new one.');
      expect(expired.json.message).toBe('This link has expired or has already been used. Please ask for a new one.');
    } finally {
      clock.offsetMs = 0;
    }
  });

  test('the link brings the shopper back where they were going; a redirect off the site is refused', async () => {
    const bad = await call('/api/auth/sign-up', { body: { email: 'away@example.com', password: 'away password', name: 'Away', redirect: '//evil.example/' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields[0].path).toBe('redirect');
    await call('/api/auth/sign-up', { body: { email: 'back@example.com', password: 'back password', name: 'Back', redirect: '/cars/some-car/checkout' } });
    const token = await linkTokenFor(server, 'back@example.com', 'confirm-email');
    expect((await call('/api/auth/confirm-email', { body: { token } })).json.redirect).toBe('/cars/some-car/checkout');
  });

  test("links name the site's own address when the request came to it, never a made-up Host", async () => {
    const r = await request(server.port, 'www.alphamotors.example.com.au:8443', '/api/auth/sign-up', {
      headers: { 'x-forwarded-for': newClient(), origin: 'http://www.alphamotors.example.com.au:8443' },
      body: { email: 'prod@example.com', password: 'production password', name: 'Prod' },
    });
    expect(r.status).toBe(202);
    expect((await newestMailTo(server, 'prod@example.com'))?.text).toContain('https://www.alphamotors.example.com.au/confirm-email?token=');
  });
});

describe('emails to one address are limited', () => {
  test('three emails an hour to an address, whether it has an account or not; then 429 naming the email, until an hour has passed', async () => {
    await confirmedSignUp(server, A, { email: 'limited-known@example.com', password: 'limited password', name: 'Known' });
    // The confirmation itself was one email this hour.
    const answers = async (email: string) => {
      const out: number[] = [];
      for (let i = 0; i < 4; i++) out.push((await call('/api/auth/sign-up/resend', { body: { email } })).status);
      return out;
    };
    await call('/api/auth/sign-up', { body: { email: 'limited-new@example.com', password: 'limited password', name: 'New' } });
    expect(await answers('limited-known@example.com')).toEqual([202, 202, 429, 429]);
    expect(await answers('limited-new@example.com')).toEqual([202, 202, 429, 429]);
    expect(await answers('limited-never@example.com')).toEqual([202, 202, 202, 429]);
    const refused = await call('/api/auth/sign-up', { body: { email: 'limited-new@example.com', password: 'limited password', name: 'New' } });
    expect(refused.status).toBe(429);
    expect(refused.json.fields[0].path).toBe('email');
    try {
      clock.offsetMs = HOUR + 1_000;
      expect((await call('/api/auth/sign-up/resend', { body: { email: 'limited-new@example.com' } })).status).toBe(202);
    } finally {
      clock.offsetMs = 0;
    }
    // The resent link works, and makes the account the shopper signed up for.
    const token = await linkTokenFor(server, 'limited-new@example.com', 'confirm-email');
    expect((await call('/api/auth/confirm-email', { body: { token } })).json.user).toMatchObject({ email: 'limited-new@example.com', name: 'New' });
  });
});

describe('a forgotten password is reset by link', () => {
  test('the link sets a new password, signs out every other session and signs in; it works once, for 60 minutes', async () => {
    const { cookie: old } = await confirmedSignUp(server, A, { email: 'forgot@example.com', password: 'the forgotten one', name: 'Forgot' });
    const asked = await call('/api/auth/password-reset', { body: { email: 'forgot@example.com' } });
    const unknown = await call('/api/auth/password-reset', { body: { email: 'no-account@example.com' } });
    expect([asked.status, unknown.status]).toEqual([202, 202]);
    expect(Object.keys(asked.json)).toEqual(Object.keys(unknown.json));
    expect(await newestMailTo(server, 'no-account@example.com')).toBeUndefined();
    const mail = await newestMailTo(server, 'forgot@example.com');
    expect(mail?.subject).toBe('Reset your Alpha Motors password');
    expect(mail?.text).toContain('The link works once, for 60 minutes.');
    const token = await linkTokenFor(server, 'forgot@example.com', 'reset-password');

    const weak = await call('/api/auth/password-reset/confirm', { body: { token, password: '12345678' } });
    expect(weak.status).toBe(400);
    expect(weak.json.fields[0].path).toBe('password');
    const reset = await call('/api/auth/password-reset/confirm', { body: { token, password: 'a brand new password' } });
    expect(reset.status).toBe(200);
    expect(await me(sessionCookieOf(reset))).toMatchObject({ email: 'forgot@example.com' });
    expect(await me(old)).toBeNull();
    expect((await call('/api/auth/sign-in', { body: { email: 'forgot@example.com', password: 'the forgotten one' } })).status).toBe(401);
    expect((await call('/api/auth/sign-in', { body: { email: 'forgot@example.com', password: 'a brand new password' } })).status).toBe(200);
    expect((await call('/api/auth/password-reset/confirm', { body: { token, password: 'another new password' } })).status).toBe(400);

    await call('/api/auth/password-reset', { body: { email: 'forgot@example.com' } });
    const late = await linkTokenFor(server, 'forgot@example.com', 'reset-password');
    try {
      clock.offsetMs = 60 * 60_000 + 1_000;
      expect((await call('/api/auth/password-reset/confirm', { body: { token: late, password: 'too late password' } })).status).toBe(400);
    } finally {
      clock.offsetMs = 0;
    }
  });
});

describe('account emails nothing needs any more are swept', () => {
  test('used and expired links and link-less notes go once out of the hour the email limit counts; a live link stays until it expires', async () => {
    const start = Date.now() + clock.offsetMs;
    const at = (ms: number) => new Date(start + ms);
    await confirmedSignUp(server, A, { email: 'swept-used@example.com', password: 'swept used password', name: 'Used' });
    await call('/api/auth/sign-up', { body: { email: 'swept-used@example.com', password: 'another swept password', name: 'Again' } });
    await call('/api/auth/sign-up', { body: { email: 'swept-pending@example.com', password: 'swept pending password', name: 'Pending' } });
    await call('/api/auth/password-reset', { body: { email: 'swept-used@example.com' } });
    await call('/api/auth/password-reset', { body: { email: 'swept-nobody@example.com' } });
    const rows = async () =>
      (await server.db.selectFrom('account_emails').select(['kind', 'email']).where('email', 'like', 'swept-%').orderBy('email').orderBy('kind').execute()).map((r) => `${r.kind} ${r.email}`);
    const all = ['reset-password swept-nobody@example.com', 'confirm-sign-up swept-pending@example.com', 'already-registered swept-used@example.com', 'confirm-sign-up swept-used@example.com', 'reset-password swept-used@example.com'];
    expect(await rows()).toEqual(all);
    // Within the hour every row still counts against its address's emails.
    await sweepAccountEmails(server.db, at(59 * 60_000));
    expect(await rows()).toEqual(all);
    // Past the hour (and the reset link's 60 minutes): only the unconfirmed sign-up's live link is left.
    await sweepAccountEmails(server.db, at(61 * 60_000));
    expect(await rows()).toEqual(['confirm-sign-up swept-pending@example.com']);
    await sweepAccountEmails(server.db, at(23 * HOUR));
    expect(await rows()).toEqual(['confirm-sign-up swept-pending@example.com']);
    // Its 24 hours over, it goes too, with the name and password hash it held.
    await sweepAccountEmails(server.db, at(24 * HOUR + 61_000));
    expect(await rows()).toEqual([]);
  });
});

describe('sessions past their 30 days are swept', () => {
  test('a session stays while it signs the shopper in and is deleted once its 30 days are over', async () => {
    const start = Date.now() + clock.offsetMs;
    const { cookie } = await confirmedSignUp(server, A, { email: 'swept-session@example.com', password: 'swept session password', name: 'Session' });
    const sessions = async () =>
      Number((await server.db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select((eb) => eb.fn.countAll<number>().as('n')).where('users.email', '=', 'swept-session@example.com').executeTakeFirstOrThrow()).n);
    expect(await sessions()).toBe(1);
    await sweepExpiredSessions(server.db, new Date(start + 29 * 24 * HOUR));
    expect(await sessions()).toBe(1);
    expect((await me(cookie))?.email).toBe('swept-session@example.com');
    await sweepExpiredSessions(server.db, new Date(start + 30 * 24 * HOUR + 60_000));
    expect(await sessions()).toBe(0);
    expect(await me(cookie)).toBeNull();
  });
});
