import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../index.ts';
import { request } from '../local-client.ts';
import { freshDataDir } from '../test-support/data-dir.ts';
import { createApiKey } from './api-keys.ts';

/*
 * A tenant searching on hosted Algolia gets the feed's changes as partial updates: the real
 * algoliasearch client, pointed at a local stand-in for Algolia that records what it is sent.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
let dataDir: string;
let server: RunningServer;
let algolia: http.Server;
const received: { path: string; auth: string; body: { requests: { action: string; body: Record<string, unknown> }[] } }[] = [];

beforeAll(async () => {
  algolia = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw).toString() : raw.toString();
      received.push({ path: req.url ?? '', auth: String(req.headers['x-algolia-api-key'] ?? ''), body: JSON.parse(text || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ taskID: received.length, objectIDs: [] }));
    });
  });
  await new Promise<void>((resolve) => algolia.listen(0, '127.0.0.1', resolve));
  dataDir = freshDataDir('fc-stock-algolia-');
  const tenants = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenants);
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'tenants', 'range-road-kia.json'), 'utf8'));
  config.search = { ...config.search, backend: 'algolia', algolia: { appId: 'TESTAPP123', searchApiKey: '0123456789abcdef0123456789abcdef', indexName: 'rrk_cars' } };
  fs.writeFileSync(path.join(tenants, 'range-road-kia.json'), JSON.stringify(config));
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: tenants, seedCars: 200, log: () => {}, watch: false,
    algolia: { adminKey: 'admin-key-for-tests', hosts: [{ url: `127.0.0.1:${(algolia.address() as AddressInfo).port}`, protocol: 'http' }] },
  });
}, 180_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => algolia?.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a delta feed's changed cars reach the tenant's Algolia index as partial updates", async () => {
  const site = await server.db.selectFrom('sites').select('id').where('slug', '=', 'range-road-kia').executeTakeFirstOrThrow();
  const { key } = await createApiKey(server.db, site.id, 'test');
  const r = await request(server.port, `range-road-kia.localhost:${server.port}`, '/api/dealer/stock?mode=delta', {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' },
    body: 'Stock No,Make,Model,Year,Price,Condition\r\nRR-1,Kia,EV9,2025,"$97,000",New\r\nRR-2,Kia,Picanto,2024,"$17,990",New\r\n',
  });
  expect(r.status).toBe(200);
  const batches = received.filter((x) => x.path.split('?')[0] === '/1/indexes/rrk_cars/batch');
  expect(batches).toHaveLength(1);
  expect(batches[0]?.auth).toBe('admin-key-for-tests');
  const requests = batches[0]?.body.requests ?? [];
  expect(requests.map((q) => q.action)).toEqual(['partialUpdateObject', 'partialUpdateObject']);
  expect(requests.map((q) => [q.body.objectID, q.body.model, q.body.price]).sort()).toEqual(r.json.changedCarIds.map((id: number, i: number) => [String(id), ['EV9', 'Picanto'][i], [97000, 17990][i]]).sort());
});
