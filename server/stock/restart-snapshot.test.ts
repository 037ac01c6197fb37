import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer, type StartOptions } from '../index.ts';
import { request } from '../local-client.ts';
import { freshDataDir, removeDataDirs } from '../test-support/data-dir.ts';
import { createApiKey } from './api-keys.ts';

/*
 * A restart reads each site's search records from the last run's snapshot unless that site's
 * stock changed: an import whose photo links cannot be downloaded must not make every later
 * start read the whole stock from the database again (a failed download changes nothing a
 * shopper sees), and re-indexing one site must not make the others rebuild.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
const TENANTS = ['harbourside-motor-group', 'big-lot-car-superstore'];
let dataDir: string;
let tenantsDir: string;
let photoServer: http.Server;
let photoOrigin: string;
let photoRequests = 0;
let clock = new Date('2026-11-28T01:00:00Z');
let server: RunningServer | null = null;

const start = async (): Promise<RunningServer> => {
  const options: StartOptions = { port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 40, log: () => {}, watch: false, now: () => clock, allowPrivatePhotoAddresses: true };
  server = await startServer(options);
  // The test runs the background stock work itself (drain), on its own clock.
  server.stock.close();
  return server;
};
const restart = async (): Promise<RunningServer> => {
  await server?.close();
  server = null;
  return start();
};

beforeAll(async () => {
  dataDir = freshDataDir('fc-restart-snapshot-');
  tenantsDir = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenantsDir);
  for (const slug of TENANTS) fs.copyFileSync(path.join(ROOT, 'tenants', `${slug}.json`), path.join(tenantsDir, `${slug}.json`));
  // A photo host that is down: every download is answered 503, which is retried later.
  photoServer = http.createServer((_req, res) => {
    photoRequests += 1;
    res.writeHead(503).end();
  });
  await new Promise<void>((resolve) => photoServer.listen(0, '127.0.0.1', resolve));
  photoOrigin = `http://127.0.0.1:${(photoServer.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => photoServer?.close(resolve));
  await removeDataDirs([dataDir]);
}, 60_000);

test('a restart after an import whose photos cannot be downloaded reads the search records from the snapshot', async () => {
  let running = await start();
  // A new data folder: every site's records come from the database once.
  expect(running.searchRebuilt.sort()).toEqual([...TENANTS].sort());
  running = await restart();
  expect(running.searchRebuilt).toEqual([]);

  const site = await running.db.selectFrom('sites').select('id').where('slug', '=', TENANTS[0]!).executeTakeFirstOrThrow();
  const key = (await createApiKey(running.db, site.id, 'test DMS')).key;
  const feed = ['Stock No,Make,Model,Year,Price,Photos', ...Array.from({ length: 3 }, (_, i) => `RS-${i},Kia,Rio,2021,${19_990 + i},${photoOrigin}/${i}/1.jpg|${photoOrigin}/${i}/2.jpg`)].join('\r\n');
  const host = `${TENANTS[0]}.localhost:${running.port}`;
  const put = await request(running.port, host, '/api/dealer/stock?mode=delta', { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body: feed });
  expect(put.status).toBe(200);
  expect(put.json).toMatchObject({ created: 3 });
  await running.stock.drain();
  expect(photoRequests).toBe(6);

  // The imported site changed since the snapshot: it alone is read from the database.
  running = await restart();
  expect(running.searchRebuilt).toEqual([TENANTS[0]]);
  const found = await request(running.port, host, '/1/indexes/cars/query', { body: { filters: 'make:Kia AND model:Rio', hitsPerPage: 10 } });
  expect((found.json as { hits: { stocknum: string }[] }).hits.map((h) => h.stocknum).filter((s) => s.startsWith('RS-')).sort()).toEqual(['RS-0', 'RS-1', 'RS-2']);

  // The photos' retries come due (the first pause is 5 s) and fail again: nothing a shopper sees changed.
  clock = new Date(clock.getTime() + 6_000);
  await running.stock.drain();
  expect(photoRequests).toBe(12);
  running = await restart();
  expect(running.searchRebuilt).toEqual([]);

  // And once more, as the next retries fail.
  clock = new Date(clock.getTime() + 11_000);
  await running.stock.drain();
  expect(photoRequests).toBe(18);
  running = await restart();
  expect(running.searchRebuilt).toEqual([]);
}, 240_000);
