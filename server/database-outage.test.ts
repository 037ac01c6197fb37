import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createDealerAccount } from './dealer-accounts.ts';
import { openDatabase } from './db/database.ts';
import { StorageFailureError } from './db/storage-errors.ts';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { cookieHeader, setCookies } from './test-support/accounts.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';

/*
 * While the database cannot serve (the embedded one shut after a storage fault, PostgreSQL out of
 * reach), every kind of answer that needs it says so as a moment's outage: 503 with Retry-After,
 * never a 500 or a raw error. The outage is made by a query plugin that throws what the database
 * layer throws then (the storage-fault tests make the real faults; this covers the surfaces).
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let A: string;
let down = false;
let dealer: Record<string, string> = {};
const errors = vi.spyOn(console, 'error').mockImplementation(() => {});

/** Fails every query while `down`, as the database layer does during an outage. */
const outage: KyselyPlugin = {
  transformQuery(args) {
    if (down) throw new StorageFailureError('The database is unavailable while it recovers from a storage failure');
    return args.node;
  },
  transformResult: async (args) => args.result,
};

const call = (p: string, init?: Parameters<typeof request>[3]) => request(server.port, A, p, init);

beforeAll(async () => {
  dataDir = freshDataDir('fc-outage-');
  const opened = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 20, log: () => {}, watch: false,
    database: Promise.resolve({ ...opened, db: opened.db.withPlugin(outage) }),
  });
  A = `alpha-motors.localhost:${server.port}`;
  const site = (await server.db.selectFrom('sites').select('id').where('slug', '=', 'alpha-motors').executeTakeFirstOrThrow()).id;
  const { password } = await createDealerAccount(server.db, site, 'sales@alpha.example.com', 'Alpha sales');
  // Signed in through the inbox's own form, as a dealer's browser is.
  const form = await call('/dealer/sign-in');
  const cookies = setCookies(form);
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.text)?.[1] ?? '';
  const signedIn = await call('/dealer/sign-in', {
    method: 'POST',
    body: new URLSearchParams({ csrf, email: 'sales@alpha.example.com', password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${A}`, cookie: cookieHeader(cookies) },
  });
  dealer = { ...cookies, ...setCookies(signedIn) };
  const inbox = await call('/dealer', { headers: { cookie: cookieHeader(dealer) } });
  if (inbox.status !== 200) throw new Error(`the dealer's inbox answered ${inbox.status} before the outage`);
}, 120_000);

afterAll(async () => {
  down = false;
  await server?.close();
  await removeDataDirs([dataDir]);
  errors.mockRestore();
}, 120_000);

describe('while the database cannot serve', () => {
  test('the leads inbox answers its own page, 503 with Retry-After, saying to try again in a minute; it is back once the database is', async () => {
    down = true;
    try {
      const inbox = await call('/dealer', { headers: { cookie: cookieHeader(dealer) } });
      expect(inbox.status).toBe(503);
      expect(inbox.headers['retry-after']).toBe('30');
      expect(inbox.headers['content-type']).toContain('text/html');
      expect(inbox.headers['cache-control']).toBe('no-store');
      expect(inbox.text).toContain('<h1>Please try again in a minute</h1>');
      expect(inbox.text).toContain('The leads inbox cannot reach its database just now, so this page could not be shown and nothing was changed. Please try again in a minute.');
      expect(inbox.text).not.toMatch(/Internal server error|StorageFailure|storage failure/);
    } finally {
      down = false;
    }
    expect((await call('/dealer', { headers: { cookie: cookieHeader(dealer) } })).status).toBe(200);
  });

  test('an image the server draws from the database (a make’s logo) answers 503 with Retry-After, not a 500; it is drawn once the database is back', async () => {
    down = true;
    try {
      const image = await call('/images/brands/toyota.webp');
      expect(image.status).toBe(503);
      expect(image.headers['retry-after']).toBe('30');
      expect(image.json).toEqual({ error: 'We could not save this just now because of a problem on our side. Nothing was lost: please try again in a minute.' });
    } finally {
      down = false;
    }
    const drawn = await call('/images/brands/toyota.webp');
    expect(drawn.status).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/webp');
    // Logged as the database's outage, not as a request that failed for a fault of its own.
    const lines = errors.mock.calls.map((c) => c.map(String).join(' '));
    expect(lines.some((line) => /GET alpha-motors\.localhost:\d+\/images\/brands\/toyota\.webp: the database could not serve it \(503\)/.test(line))).toBe(true);
    expect(lines.filter((line) => line.startsWith('[server] request failed'))).toEqual([]);
  });
});
