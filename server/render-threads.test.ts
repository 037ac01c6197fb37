import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { importEntry, renderAnswer } from './http/render-core.mjs';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { writeStandInEntry } from './test-support/stand-in-entry.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';

/*
 * Pages are rendered in render threads, not on the thread that answers everything else:
 * - a render that holds its thread (blocked, as a long synchronous render would) leaves the API,
 *   files and other tenants' pages answering; the entry holds itself until the test releases it
 *   through shared memory, so nothing here waits on time;
 * - a render whose thread crashes answers 500 and the next page renders (one past its time limit:
 *   server/http/render-pool.test.ts);
 * - a rebuilt entry is rendered by a fresh thread (the one holding the old build is retired);
 * - a page rendered by a render thread is byte for byte the page the entry renders in this
 *   thread (a real React render with a suspended part streamed in), apart from the nonce, with
 *   the same status and headers.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
const require = createRequire(import.meta.url);
const REACT = pathToFileURL(require.resolve('react')).href;
const REACT_DOM_SERVER = pathToFileURL(require.resolve('react-dom/server')).href;

let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;

// alpha-motors: a real React render (a part that suspends, streamed in), a thread that blocks
// until released, a crash, the rendering thread's id, and a redirect and a 410.
const ALPHA_ENTRY = `
import React from ${JSON.stringify(REACT)};
import server from ${JSON.stringify(REACT_DOM_SERVER)};
import { threadId } from 'node:worker_threads';
const h = React.createElement;
// Suspends on every render's first pass, so its part is streamed in after the shell.
function Cars({ data }) {
  if (!data.cars) throw (data.cars = Promise.resolve().then(() => { data.cars = ['Toyota Corolla', 'Mazda 3', 'Kia Cerato & co <b>']; }));
  if (typeof data.cars.then === 'function') throw data.cars;
  return h('ul', null, data.cars.map((name) => h('li', { key: name }, name)));
}
export async function render({ request, services, nonce, tenant }) {
  const url = new URL(request.url);
  if (url.pathname === '/blocked') {
    const shared = new SharedArrayBuffer(4);
    const channel = new BroadcastChannel('blocked-render');
    channel.postMessage(shared);
    channel.close();
    // Holds this thread (no event loop turns) until the test stores 1.
    Atomics.wait(new Int32Array(shared), 0, 0);
  }
  if (url.pathname === '/crash') {
    setTimeout(() => { throw new Error('render thread crash'); });
    return new Promise(() => {});
  }
  if (url.pathname === '/thread') return new Response('<p id="thread">' + threadId + '</p>', { headers: { 'content-type': 'text/html' } });
  if (url.pathname === '/old-page') return new Response(null, { status: 301, headers: { location: '/new-page' } });
  if (url.pathname === '/gone') return new Response('<!doctype html><h1>Sold</h1>', { status: 410, headers: { 'content-type': 'text/html' } });
  const search = await services.searchRequester.send({ url: 'http://' + services.origin.host + '/1/indexes/*/queries', method: 'POST', data: JSON.stringify({ requests: [{ indexName: 'cars', hitsPerPage: 0 }] }) });
  const page = h('html', { lang: 'en-AU' }, h('head', null, h('title', null, tenant.name)), h('body', null,
    h('h1', null, url.pathname + url.search),
    h('p', { id: 'hits' }, String(JSON.parse(search.content).results[0].nbHits)),
    h(React.Suspense, { fallback: h('p', null, 'Loading') }, h(Cars, { data: {} })),
  ));
  const stream = await server.renderToReadableStream(page, { nonce, bootstrapScriptContent: 'window.hydrated = true' });
  return new Response(stream, { status: 200, headers: { 'content-type': 'text/html', 'x-entry': 'alpha' } });
}`;

const BETA_ENTRY = `import { threadId } from 'node:worker_threads';
export async function render() { return new Response('<!doctype html><p>beta v1</p><p id="thread">' + threadId + '</p>', { headers: { 'content-type': 'text/html' } }); }`;

/** The render thread's id a page names. */
function threadOf(text: string): number {
  return Number(/<p id="thread">(\d+)<\/p>/.exec(text)?.[1]);
}

function writeEntry(slug: string, source: string) {
  writeStandInEntry(path.join(dataDir, 'dist'), slug, source);
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-render-threads-');
  fs.writeFileSync(path.join(dataDir, 'package.json'), '{ "type": "module" }\n');
  writeEntry('alpha-motors', ALPHA_ENTRY);
  writeEntry('beta-caravans', BETA_ENTRY);
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 50, log: () => {}, watch: false,
    pageCache: false,
    // Two threads, one render each: the blocked render holds one, the other keeps rendering. The
    // time limit is far beyond what these renders take (a render past it: render-pool.test.ts).
    renderPool: { threads: 2, perThread: 1, timeoutMs: 60_000 },
  });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

describe('render threads', () => {
  test('while a render holds its thread, the API, files and another tenant’s pages answer', async () => {
    const channel = new BroadcastChannel('blocked-render');
    const shared = new Promise<SharedArrayBuffer>((resolve) => channel.addEventListener('message', (event) => resolve((event as MessageEvent).data as SharedArrayBuffer), { once: true }));
    const blocked = request(server.port, A, '/blocked');
    const memory = new Int32Array(await shared);
    channel.close();
    try {
      // The render's thread is held; on the old single thread none of these could answer.
      const site = await request(server.port, B, '/api/site');
      expect(site.status).toBe(200);
      expect((await request(server.port, A, '/api/site')).status).toBe(200);
      expect((await request(server.port, A, '/robots.txt')).status).toBe(200);
      const other = await request(server.port, B, '/');
      expect(other.status).toBe(200);
      expect(other.text).toContain('beta v1');
    } finally {
      Atomics.store(memory, 0, 1);
      Atomics.notify(memory, 0);
    }
    const page = await blocked;
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>/blocked</h1>');
  });

  test('a page rendered in a render thread is the page the entry renders here, apart from the nonce', async () => {
    const target = '/search/used-cars?make=Toyota&sort=price';
    const answer = await request(server.port, A, target, { headers: { 'accept-encoding': 'identity' } });
    const nonce = /nonce="([^"]+)"/.exec(answer.text)?.[1];
    expect(nonce).toBeTruthy();
    expect(String(answer.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
    // The same render in this thread, through the same search.
    const entry = await importEntry({ url: `${pathToFileURL(path.join(dataDir, 'dist', 'alpha-motors', 'server', 'entry-server.js')).href}?here` });
    const tenant = server.tenants.find((t) => t.slug === 'alpha-motors')!.config;
    const here = await renderAnswer(
      entry,
      { path: target, headers: [['host', A]], host: A, protocol: 'http', cookie: '', requestTime: Date.now(), port: server.port, nonce: 'N', manifest: { routes: {} }, tenant, encoding: null, keepable: false },
      async (search) => {
        const sent = await request(server.port, A, new URL(search.url).pathname, { body: search.data });
        return { content: sent.text, status: sent.status };
      },
    );
    expect(here.html).toContain('Kia Cerato &amp; co &lt;b&gt;');
    expect(here.html).toContain('<template id="B:0"></template>');
    expect(answer.text.replaceAll(nonce!, 'N')).toBe(here.html);
    expect(answer.status).toBe(here.status);
    expect(answer.headers['x-entry']).toBe('alpha');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    // Compressed as asked, the same page again.
    const br = await request(server.port, A, target, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const text = zlib.brotliDecompressSync(br.body).toString('utf8');
    expect(text.replaceAll(/nonce="[^"]+"/g, 'nonce="N"')).toBe(here.html);
  });

  test('redirects and other statuses keep their status and one Location', async () => {
    const moved = await request(server.port, A, '/old-page');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/new-page');
    const gone = await request(server.port, A, '/gone');
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('Sold');
  });

  test('a render whose thread crashes answers 500 without the error; the next pages render', async () => {
    const crashed = await request(server.port, A, '/crash');
    expect(crashed.status).toBe(500);
    expect(crashed.text).toContain('Sorry, something went wrong');
    expect(crashed.text).not.toContain('render thread crash');
    // Both threads render again.
    const pages = await Promise.all([request(server.port, A, '/'), request(server.port, B, '/')]);
    expect(pages.map((p) => p.status)).toEqual([200, 200]);
  }, 30_000);

  test('a rebuilt entry is rendered by a fresh thread, and the thread holding the old build renders no more', async () => {
    const v1 = await request(server.port, B, '/');
    expect(v1.text).toContain('beta v1');
    const holder = threadOf(v1.text);
    writeEntry('beta-caravans', BETA_ENTRY.replace('beta v1', 'beta v2 rebuilt'));
    expect((await request(server.port, B, '/')).text).toContain('beta v2 rebuilt');
    // Both live threads render these (two at once); neither is the one that imported the old build.
    const after = await Promise.all(Array.from({ length: 4 }, () => request(server.port, A, '/thread')));
    const threads = new Set(after.map((answer) => threadOf(answer.text)));
    expect(threads.size).toBe(2);
    expect(threads.has(holder)).toBe(false);
  });
});
