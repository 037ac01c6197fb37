import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { writeStandInEntry } from './test-support/stand-in-entry.ts';

/*
 * `npm start` starts the render threads with the server and has them import the tenants' server
 * entries while the database opens (warmRenderThreads), so each tenant's first page is only a
 * render: each entry is imported once, before any page is asked for, and its first page is
 * rendered by the thread that imported it.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let imports: string;

/** An entry that notes each import (with its thread) in a file, and names its thread in the page. */
const entry = (slug: string) => `
import fs from 'node:fs';
import { threadId } from 'node:worker_threads';
fs.appendFileSync(${JSON.stringify('IMPORTS')}, ${JSON.stringify(slug)} + ' ' + threadId + '\\n');
export async function render() {
  return new Response('<!doctype html><p id="thread">' + threadId + '</p>', { headers: { 'content-type': 'text/html' } });
}`;

const importLines = () => (fs.existsSync(imports) ? fs.readFileSync(imports, 'utf8').trim().split('\n').filter(Boolean) : []);

beforeAll(async () => {
  dataDir = freshDataDir('fc-warm-start-');
  imports = path.join(dataDir, 'imports.log');
  fs.writeFileSync(path.join(dataDir, 'package.json'), '{ "type": "module" }\n');
  for (const slug of ['alpha-motors', 'beta-caravans']) writeStandInEntry(path.join(dataDir, 'dist'), slug, entry(slug).replace('"IMPORTS"', JSON.stringify(imports)));
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 20, log: () => {}, watch: false,
    pageCache: false,
    renderPool: { threads: 2, perThread: 2, timeoutMs: 60_000 },
    warmRenderThreads: true,
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

test('each entry is imported once before any page is asked for, and its first page renders on the thread that imported it', async () => {
  await expect.poll(() => importLines().length).toBe(2);
  const threadOf = new Map(importLines().map((line) => line.split(' ') as [string, string]));
  expect([...threadOf.keys()].sort()).toEqual(['alpha-motors', 'beta-caravans']);
  for (const slug of ['alpha-motors', 'beta-caravans']) {
    const page = await request(server.port, `${slug}.localhost:${server.port}`, '/');
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<p id="thread">${threadOf.get(slug)}</p>`);
  }
  expect(importLines()).toHaveLength(2);
});
