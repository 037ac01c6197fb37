import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { openDatabase, type PlatformDatabase } from './db/database.ts';
import type { RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { confirmedSignUp } from './test-support/accounts.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { ownPostgresDatabase } from './test-support/own-postgres.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * Two servers on one database hold a password guesser to the same waits, and a browser's
 * known-device cookie from one works on the other. On the PostgreSQL server of DATABASE_URL (npm
 * test's "API on PostgreSQL" step) each server has its own connections; on the embedded
 * database, which one process opens once, both servers are handed the same open database.
 */

const onPostgres = Boolean(process.env.DATABASE_URL);
let postgresUrl: string | undefined;

const dataDirs: string[] = [];
let database: PlatformDatabase | undefined;
let first: RunningServer;
let second: RunningServer;
let address = 0;

async function startOn(shared: PlatformDatabase | undefined): Promise<RunningServer> {
  const dataDir = freshDataDir('fc-sign-in-shared-');
  dataDirs.push(dataDir);
  return startTestServer({
    dataDir, seedCars: 20, trustedProxies: 'loopback',
    ...(postgresUrl ? { databaseUrl: postgresUrl } : shared ? { database: Promise.resolve({ ...shared, close: async () => {} }) } : {}),
  });
}

beforeAll(async () => {
  if (onPostgres) postgresUrl = await ownPostgresDatabase(process.env.DATABASE_URL as string, 'forecourt_sign_in');
  else {
    // The embedded database both servers are handed: a copy of the migrated template (not initdb
    // and every migration afresh).
    const dataDir = freshDataDir('fc-sign-in-shared-db-');
    dataDirs.push(dataDir);
    database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  }
  first = await startOn(database);
  second = await startOn(database);
}, 180_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await database?.close();
  await removeDataDirs(dataDirs);
}, 60_000);

const newClient = () => `198.51.100.${++address}`;
const hostOf = (server: RunningServer) => `alpha-motors.localhost:${server.port}`;
const signIn = (server: RunningServer, email: string, password: string, from: string, cookie?: string): Promise<TestResponse> =>
  request(server.port, hostOf(server), '/api/auth/sign-in', { headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) }, body: { email, password } });
const signUp = (email: string, from: string) => confirmedSignUp(first, hostOf(first), { email, password: `${email} long password`, name: 'Shopper' }, { 'x-forwarded-for': from });

describe('two servers on one database share the sign-in guard', () => {
  test("a guesser's failures on one server make it wait on the other, and the wait doubles across them", async () => {
    const guesser = newClient();
    await signUp('shared-owner@example.com', newClient());
    const statuses: number[] = [];
    for (const server of [first, second, first, second, first]) statuses.push((await signIn(server, 'shared-owner@example.com', 'not the password', guesser)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const held = await signIn(second, 'shared-owner@example.com', 'not the password', guesser);
    expect(held.status).toBe(429);
    expect(held.headers['retry-after']).toBe('30');
    expect((await signIn(first, 'shared-owner@example.com', 'not the password', guesser)).status).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      expect((await signIn(first, 'shared-owner@example.com', 'not the password', guesser)).status).toBe(401);
      const longer = await signIn(second, 'shared-owner@example.com', 'not the password', guesser);
      expect(longer.status).toBe(429);
      expect(longer.headers['retry-after']).toBe('60');
    } finally {
      vi.useRealTimers();
    }
  });

  test('a success on one server clears the failures its source made on the other', async () => {
    const from = newClient();
    await signUp('shared-forgetful@example.com', from);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(first, 'shared-forgetful@example.com', 'a wrong guess', from)).status);
    statuses.push((await signIn(second, 'shared-forgetful@example.com', 'shared-forgetful@example.com long password', from)).status);
    for (let i = 0; i < 4; i++) statuses.push((await signIn(first, 'shared-forgetful@example.com', 'a wrong guess', from)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 200, 401, 401, 401, 401]);
  });

  test('the known-device cookie one server set lets the owner in on the other while a spread-out guess holds new addresses', async () => {
    await signUp('shared-target@example.com', newClient());
    const before = await signIn(first, 'shared-target@example.com', 'shared-target@example.com long password', newClient());
    expect(before.status).toBe(200);
    const device = (before.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '').find((c) => c.startsWith('fc_device='));
    expect(device).toBeTruthy();
    // 50 failures from 50 addresses, spread over both servers.
    const guesses = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(i % 2 ? first : second, 'shared-target@example.com', 'a spread-out guess', newClient())));
    expect(guesses.map((r) => r.status)).toEqual(Array.from({ length: 50 }, () => 401));
    expect((await signIn(first, 'shared-target@example.com', 'a spread-out guess', newClient())).status).toBe(429);
    expect((await signIn(second, 'shared-target@example.com', 'a spread-out guess', newClient())).status).toBe(429);
    // The owner's browser, on a new network, at the server that did not set its cookie.
    const owner = await signIn(second, 'shared-target@example.com', 'shared-target@example.com long password', newClient(), device);
    expect(owner.status).toBe(200);
    // A made-up cookie is no way in.
    const forged = await signIn(second, 'shared-target@example.com', 'shared-target@example.com long password', newClient(), `fc_device=${'A'.repeat(43)}`);
    expect(forged.status).toBe(429);
  }, 60_000);
});
