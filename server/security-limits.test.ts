import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';

/*
 * The rate limits cannot be walked around: with TRUST_PROXY=1 and a new X-Forwarded-For per
 * request, 100 sign-ins once got no 429. Forwarded addresses now count only from configured proxies (the right-most
 * untrusted hop), and sign-in is also limited per account.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  dataDir = freshDataDir('fc-limits-');
  // The probe's setting: TRUST_PROXY=1 (now: trust a proxy on this machine). The test client
  // connects from 127.0.0.1, so it plays that proxy.
  const saved = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = '1';
  try {
    server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 20, log: () => {}, watch: false,
      leadRateLimit: { max: 5, windowMs: 60_000 }, accountRateLimit: { max: 4, windowMs: 60_000 }, searchRateLimit: { max: 60, windowMs: 60_000 },
    });
  } finally {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

const host = () => `alpha-motors.localhost:${server.port}`;
const signIn = (forwardedFor: string, email: string) =>
  request(server.port, host(), '/api/auth/sign-in', { headers: { 'x-forwarded-for': forwardedFor }, body: { email, password: 'wrong password' } });

describe('the rate limit cannot be walked around', () => {
  test('a new client-written X-Forwarded-For per request does not reset the limit', async () => {
    const statuses: number[] = [];
    // The proxy appends the address it saw (198.51.100.20); the client forges what is to its left.
    for (let i = 0; i < 8; i++) statuses.push((await signIn(`10.0.${i}.${i}, 198.51.100.20`, `walker-${i}@example.com`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  test('sign-in is limited per account whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(`198.51.100.${100 + i}`, 'target@example.com')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  test('a direct client that is not a configured proxy cannot pick its address', async () => {
    const ownDir = freshDataDir('fc-limits-direct-');
    const direct = await startServer({
      port: 0, host: '127.0.0.1', dataDir: ownDir, distDir: path.join(ownDir, 'dist'), tenantsDir: TENANTS, seedCars: 20, log: () => {}, watch: false,
      leadRateLimit: { max: 3, windowMs: 60_000 }, trustedProxies: '10.9.9.9',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await request(direct.port, `alpha-motors.localhost:${direct.port}`, '/api/leads/phone-reveal', { headers: { 'x-forwarded-for': `203.0.113.${i}` }, body: {} });
        statuses.push(r.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429, 429]);
    } finally {
      await direct.close();
      fs.rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);
});

const queries = (from: string, n: number) =>
  request(server.port, host(), '/1/indexes/*/queries', { headers: { 'x-forwarded-for': from }, body: { requests: Array.from({ length: n }, () => ({ indexName: 'cars', params: 'hitsPerPage=1' })) } });

describe('search calls count in the rate limit', () => {
  test('each query of a multi-query counts; past the limit a search answers 429 with Retry-After, per client address', async () => {
    // 60 queries a minute in this server: 50 and 10 pass, the next call is refused.
    expect((await queries('198.51.100.70', 50)).status).toBe(200);
    expect((await queries('198.51.100.70', 10)).status).toBe(200);
    const refused = await queries('198.51.100.70', 1);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const get = await request(server.port, host(), '/1/indexes/cars?hitsPerPage=1', { headers: { 'x-forwarded-for': '198.51.100.70' } });
    expect(get.status).toBe(429);
    // Another shopper is not affected.
    expect((await queries('198.51.100.71', 5)).status).toBe(200);
  });
});

describe('a client that keeps asking after being told to wait is turned away at the door', () => {
  test('past 30 refusals in ten seconds every request of that address is answered 429 before routing, and other addresses are served', async () => {
    const flooder = '203.0.113.80';
    expect((await queries(flooder, 50)).status).toBe(200);
    expect((await queries(flooder, 10)).status).toBe(200);
    // It ignores Retry-After: 31 more searches, each refused by the search limit.
    const refusals = [];
    for (let i = 0; i < 31; i++) refusals.push(await queries(flooder, 1));
    expect(refusals.map((r) => r.status)).toEqual(Array.from({ length: 31 }, () => 429));
    expect(refusals[30]?.json).toMatchObject({ message: expect.stringContaining('Too many searches') });
    // Now any path of any site from that address, even one no limit covers, is turned away.
    const turned = await request(server.port, host(), '/api/site', { headers: { 'x-forwarded-for': flooder } });
    expect(turned.status).toBe(429);
    expect(turned.text).toContain('kept asking after being told to wait');
    expect(Number(turned.headers['retry-after'])).toBeGreaterThan(50);
    expect((await request(server.port, `beta-caravans.localhost:${server.port}`, '/api/site', { headers: { 'x-forwarded-for': flooder } })).status).toBe(429);
    // Another shopper is served.
    expect((await request(server.port, host(), '/api/site', { headers: { 'x-forwarded-for': '203.0.113.81' } })).status).toBe(200);
  });
});
