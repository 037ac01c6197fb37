import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { freshDataDir } from './test-support/data-dir.ts';

/*
 * Issue 12, defect 3: with TRUST_PROXY=1 and a new X-Forwarded-For per request, 100 sign-ins
 * got no 429. Forwarded addresses now count only from configured proxies (the right-most
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
      leadRateLimit: { max: 5, windowMs: 60_000 }, accountRateLimit: { max: 4, windowMs: 60_000 },
    });
  } finally {
    if (saved === undefined) delete process.env.TRUST_PROXY;
    else process.env.TRUST_PROXY = saved;
  }
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const host = () => `alpha-motors.localhost:${server.port}`;
const signIn = (forwardedFor: string, email: string) =>
  request(server.port, host(), '/api/auth/sign-in', { headers: { 'x-forwarded-for': forwardedFor }, body: { email, password: 'wrong password' } });

describe('defect 3: the rate limit cannot be walked around', () => {
  test('defect 3: a new client-written X-Forwarded-For per request does not reset the limit', async () => {
    const statuses: number[] = [];
    // The proxy appends the address it saw (198.51.100.20); the client forges what is to its left.
    for (let i = 0; i < 8; i++) statuses.push((await signIn(`10.0.${i}.${i}, 198.51.100.20`, `walker-${i}@example.com`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  test('defect 3: sign-in is limited per account whatever the address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await signIn(`198.51.100.${100 + i}`, 'target@example.com')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
  });

  test('defect 3: a direct client that is not a configured proxy cannot pick its address', async () => {
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
