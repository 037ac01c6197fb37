import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { stockChanged } from './stock/generation.ts';
import { freshDataDir } from './test-support/data-dir.ts';

/*
 * Server-rendered pages under load, with a stand-in server entry that counts its renders and can
 * be held: anonymous pages are rendered once and then answered from the page cache (a fresh CSP
 * nonce every time) until a stock change, a new tenant file, their time or the clock hour they
 * were rendered in is up; signed-in shoppers, pages setting cookies and other statuses are never
 * shared; when more renders are asked for than the queue takes, pages answer 503 with
 * Retry-After at once while kept pages, files and the API keep answering.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let A: string;
let clock = 1_000_000;

const ENTRY = `
export const tenant = { slug: 'alpha-motors' };
let renders = 0;
export async function render({ request, nonce }) {
  const url = new URL(request.url);
  renders += 1;
  const count = renders;
  if (url.pathname.startsWith('/held')) {
    // Held until the test releases it (renders run in a render thread: the test talks to it over a channel).
    const channel = new BroadcastChannel('held-renders');
    await new Promise((resolve) => {
      channel.onmessage = (event) => {
        if (event.data !== 'release') return;
        channel.close();
        resolve();
      };
      channel.postMessage('started');
    });
  }
  const headers = { 'content-type': 'text/html' };
  if (url.pathname === '/sets-cookie') headers['set-cookie'] = 'seen=1; Path=/';
  if (url.pathname === '/part-failed') headers['cache-control'] = 'no-store';
  const status = url.pathname === '/missing' ? 404 : 200;
  return new Response('<!doctype html><html><body><p id="render">' + count + '</p><script nonce="' + nonce + '">window.n="' + nonce + '"</script><pre>' + url.pathname + url.search + '</pre></body></html>', { status, headers });
}`;

/** The nonce the page's script carries. */
function nonceOf(text: string): string {
  return /window\.n="([^"]+)"/.exec(text)?.[1] ?? '';
}

function renderNumber(text: string): number {
  return Number(/<p id="render">(\d+)<\/p>/.exec(text)?.[1]);
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-page-cache-');
  const dir = path.join(dataDir, 'dist', 'alpha-motors', 'server');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'entry-server.js'), ENTRY);
  fs.writeFileSync(path.join(dir, 'router-manifest.json'), JSON.stringify({ routes: { __root__: { preloads: [] } } }));
  fs.mkdirSync(path.join(dataDir, 'dist', 'alpha-motors', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'dist', 'alpha-motors', 'assets', 'app-Ab12Cd34.js'), 'console.log(1)');
  server = await startServer({
    port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 50, log: () => {}, watch: false,
    pageCache: { ttlMs: 30_000, now: () => clock },
    renderQueue: { concurrent: 1, queued: 0 },
    // One render thread: the entry's render count is one counter.
    renderPool: { threads: 1 },
  });
  A = `alpha-motors.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the page cache', () => {
  test('an anonymous page is rendered once, then answered with a fresh nonce in the page and its CSP each time', async () => {
    const first = await request(server.port, A, '/search/used-cars?make=Toyota');
    const second = await request(server.port, A, '/search/used-cars?make=Toyota');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(renderNumber(second.text)).toBe(renderNumber(first.text));
    const nonces = [first, second].map((answer) => /window\.n="([^"]+)"/.exec(answer.text)?.[1]);
    expect(nonces[0]).not.toBe(nonces[1]);
    for (const [i, answer] of [first, second].entries()) {
      expect(answer.text).toContain(`<script nonce="${nonces[i]}">`);
      expect(String(answer.headers['content-security-policy'])).toContain(`'nonce-${nonces[i]}'`);
    }
    expect(second.text.replaceAll(nonces[1]!, 'N')).toBe(first.text.replaceAll(nonces[0]!, 'N'));
    // Another query is another page.
    const other = await request(server.port, A, '/search/used-cars?make=Mazda');
    expect(renderNumber(other.text)).toBeGreaterThan(renderNumber(first.text));
  });

  test('a kept page is compressed as the browser asks: gzip (joined from parts deflated once) whenever taken, else brotli', async () => {
    const plain = await request(server.port, A, '/compressed');
    const fetchAs = (acceptEncoding: string) =>
      new Promise<{ body: Buffer; encoding: string | undefined; length: string | undefined }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: server.port, path: '/compressed', headers: { host: A, 'accept-encoding': acceptEncoding }, agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'], length: res.headers['content-length'] }));
        }).on('error', reject);
      });
    const br = await fetchAs('br');
    expect(br.encoding).toBe('br');
    const brText = zlib.brotliDecompressSync(br.body).toString('utf8');
    expect(renderNumber(brText)).toBe(renderNumber(plain.text));
    expect(brText).toContain('<pre>/compressed</pre>');
    // What Chromium sends: gzip is taken, so gzip it is; each answer has its own nonce, and the
    // gzip stream checks out (gunzip verifies its CRC-32 and length).
    const answers = [await fetchAs('gzip, deflate, br, zstd'), await fetchAs('gzip')];
    const texts = answers.map((answer) => {
      expect(answer.encoding).toBe('gzip');
      expect(Number(answer.length)).toBe(answer.body.length);
      return zlib.gunzipSync(answer.body).toString('utf8');
    });
    const nonces = [plain.text, brText, ...texts].map(nonceOf);
    expect(new Set(nonces).size).toBe(4);
    for (const [i, text] of texts.entries()) expect(text.replaceAll(nonces[i + 2]!, 'N')).toBe(plain.text.replaceAll(nonces[0]!, 'N'));
  });

  test('signed-in or possibly signed-in shoppers and an Authorization header are never served a shared page', async () => {
    const anonymous = renderNumber((await request(server.port, A, '/account-ish')).text);
    for (const headers of [{ cookie: 'fc_session=abc' }, { cookie: 'other=1; fc_signed_in=1' }, { authorization: 'Bearer x' }] as Record<string, string>[]) {
      const answer = await request(server.port, A, '/account-ish', { headers });
      expect(renderNumber(answer.text)).toBeGreaterThan(anonymous);
    }
    // A cookie that says nothing about an account (an analytics id) still gets the shared page.
    expect(renderNumber((await request(server.port, A, '/account-ish', { headers: { cookie: '_ga=GA1.1.1' } })).text)).toBe(anonymous);
  });

  test('answers that set a cookie or are not 200 are never kept', async () => {
    const cookie1 = await request(server.port, A, '/sets-cookie');
    const cookie2 = await request(server.port, A, '/sets-cookie');
    expect(cookie2.headers['set-cookie']).toBeDefined();
    expect(renderNumber(cookie2.text)).toBeGreaterThan(renderNumber(cookie1.text));
    const missing1 = await request(server.port, A, '/missing');
    const missing2 = await request(server.port, A, '/missing');
    expect(missing2.status).toBe(404);
    expect(renderNumber(missing2.text)).toBeGreaterThan(renderNumber(missing1.text));
  });

  test('a page a part of which the platform could not serve (its render says no-store) is never kept: the next shopper gets it whole', async () => {
    const first = await request(server.port, A, '/part-failed');
    const second = await request(server.port, A, '/part-failed');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(renderNumber(second.text)).toBeGreaterThan(renderNumber(first.text));
  });

  test('a change made through the site\'s API renders its pages again (a new offer, a lead, a review)', async () => {
    const first = renderNumber((await request(server.port, A, '/api-page')).text);
    expect(renderNumber((await request(server.port, A, '/api-page')).text)).toBe(first);
    // A refused write changes nothing, but any write may have: the pages are rendered again.
    await request(server.port, A, '/api/leads', { body: {} });
    expect(renderNumber((await request(server.port, A, '/api-page')).text)).toBeGreaterThan(first);
  });

  test('a stock change or the end of the page time renders the page again', async () => {
    const first = renderNumber((await request(server.port, A, '/stock-page')).text);
    expect(renderNumber((await request(server.port, A, '/stock-page')).text)).toBe(first);
    stockChanged('alpha-motors');
    const afterChange = renderNumber((await request(server.port, A, '/stock-page')).text);
    expect(afterChange).toBeGreaterThan(first);
    clock += 29_999;
    expect(renderNumber((await request(server.port, A, '/stock-page')).text)).toBe(afterChange);
    clock += 1;
    expect(renderNumber((await request(server.port, A, '/stock-page')).text)).toBeGreaterThan(afterChange);
  });

  test('a page kept in one clock hour is not answered in the next, when the sold window has moved on', async () => {
    // One second before the hour ends (an hour is a whole multiple of 3,600,000 ms).
    clock = (Math.floor(clock / 3_600_000) + 1) * 3_600_000 - 1_000;
    const first = renderNumber((await request(server.port, A, '/hour-page')).text);
    clock += 999;
    expect(renderNumber((await request(server.port, A, '/hour-page')).text)).toBe(first);
    clock += 1;
    expect(renderNumber((await request(server.port, A, '/hour-page')).text)).toBeGreaterThan(first);
  });
});

describe('load shedding', () => {
  test('a page asked for while it renders waits for that render; past its time, it is answered as it was while it renders again', async () => {
    const channel = new BroadcastChannel('held-renders');
    const release = () => channel.postMessage('release'); // eslint-disable-line unicorn/require-post-message-target-origin -- a channel between threads
    let onStarted: () => void = release;
    channel.addEventListener('message', () => onStarted());
    const renderStarts = () => new Promise<void>((resolve) => (onStarted = resolve));
    try {
      // This server renders one page at a time and queues none: a second render would be refused.
      let started = renderStarts();
      const first = request(server.port, A, '/held/same-page');
      await started;
      const second = request(server.port, A, '/held/same-page');
      release();
      const [a, b] = await Promise.all([first, second]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(renderNumber(b.text)).toBe(renderNumber(a.text));
      expect(nonceOf(b.text)).not.toBe(nonceOf(a.text));
      // Past its time: the next request renders it again (held), and one meanwhile gets the page as it was.
      clock += 30_000;
      started = renderStarts();
      const again = request(server.port, A, '/held/same-page');
      await started;
      const meanwhile = await request(server.port, A, '/held/same-page');
      expect(meanwhile.status).toBe(200);
      expect(renderNumber(meanwhile.text)).toBe(renderNumber(a.text));
      release();
      const fresh = await again;
      expect(fresh.status).toBe(200);
      expect(renderNumber(fresh.text)).toBeGreaterThan(renderNumber(a.text));
      expect(renderNumber((await request(server.port, A, '/held/same-page')).text)).toBe(renderNumber(fresh.text));
    } finally {
      onStarted = release;
      channel.close();
    }
  });

  test('a render beyond the queue answers 503 with Retry-After at once; kept pages, files and the API still answer', async () => {
    const kept = renderNumber((await request(server.port, A, '/kept')).text);
    // The held render says it started and waits for 'release' on this channel (a worker, not a window).
    const channel = new BroadcastChannel('held-renders');
    const release = () => channel.postMessage('release'); // eslint-disable-line unicorn/require-post-message-target-origin -- a channel between threads
    let onStarted: () => void = release;
    channel.addEventListener('message', () => onStarted());
    const started = new Promise<void>((resolve) => (onStarted = resolve));
    // One render runs (held; this server renders one at a time and queues none), the next is refused.
    const running = request(server.port, A, '/held/1');
    await started;
    const refused = await request(server.port, A, '/held/2');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.text).toContain('We are busy for a moment');
    expect(refused.text).toContain('Alpha Motors');
    // The cheap paths are never refused.
    const page = await request(server.port, A, '/kept');
    expect(page.status).toBe(200);
    expect(renderNumber(page.text)).toBe(kept);
    expect((await request(server.port, A, '/assets/app-Ab12Cd34.js')).status).toBe(200);
    expect((await request(server.port, A, '/api/site')).status).toBe(200);
    release();
    expect((await running).status).toBe(200);
    // With the slot free again, the refused page renders.
    onStarted = release;
    expect((await request(server.port, A, '/held/2')).status).toBe(200);
    channel.close();
  });
});
