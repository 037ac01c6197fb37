import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request } from './local-client.ts';
import { writeStandInEntry } from './test-support/stand-in-entry.ts';
import { freshDataDir } from './test-support/data-dir.ts';

/*
 * How the platform hosts server-rendered pages, with stand-in server entries (the real ones
 * are built by Vite and exercised by the browser suite): what the entry receives (the request,
 * an in-process search requester, loopback API fetch, a nonce), the status and headers it
 * answers with, the friendly 500 page, robots.txt and the sitemap from live stock. The real
 * entries' routes, heads and hydration are covered by e2e/ssr.spec.ts.
 */

const TENANTS = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
let dataDir: string;
let server: RunningServer;
let A: string;
let B: string;

// A stand-in server entry: echoes what it was given, searches through the requester it got,
// answers 404 for /missing and redirects /old.
const ECHO_ENTRY = `
export const tenant = { slug: 'alpha-motors' };
export async function render({ request, services, manifest, nonce }) {
  const url = new URL(request.url);
  if (url.pathname === '/missing') return new Response('<!doctype html><h1>Page not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
  if (url.pathname === '/old') return new Response(null, { status: 301, headers: { location: '/new' } });
  const answer = await services.searchRequester.send({ url: 'http://' + services.origin.host + '/1/indexes/*/queries', method: 'POST', data: JSON.stringify({ requests: [{ indexName: 'cars', hitsPerPage: 0 }] }) });
  const me = await services.fetch('/api/auth/me');
  const body = JSON.stringify({ path: url.pathname + url.search, host: services.origin.host, cookie: services.cookie(), nonce, hasRootRoute: Boolean(manifest.routes.__root__), searchStatus: answer.status, nbHits: JSON.parse(answer.content).results[0].nbHits, meStatus: me.status, now: services.now() });
  return new Response('<!doctype html><html><body><pre id="echo">' + body + '</pre></body></html>', { status: 200, headers: { 'content-type': 'text/html' } });
}`;

const THROWING_ENTRY = `
export const tenant = { slug: 'beta-caravans' };
export async function render() { throw new Error('secret stack detail: render exploded'); }`;

function writeEntry(slug: string, source: string) {
  writeStandInEntry(path.join(dataDir, 'dist'), slug, source);
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-pages-');
  writeEntry('alpha-motors', ECHO_ENTRY);
  writeEntry('beta-caravans', THROWING_ENTRY);
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: TENANTS, seedCars: 200, log: () => {} });
  A = `alpha-motors.localhost:${server.port}`;
  B = `beta-caravans.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The header names (lower case, each as often as sent) of a page request to tenant A. */
function rawHeaderNames(p: string): Promise<string[]> {
  return new Promise<string[]>((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: server.port, path: p, headers: { host: A }, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase())));
    }).on('error', reject);
  });
}

describe('server-rendered pages', () => {
  test('the tenant entry renders the request with in-process search, loopback API and a fresh nonce', async () => {
    const first = await request(server.port, A, '/search/used-cars?make=Toyota', { headers: { cookie: 'fc_signed_in=1; other=x' } });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    const echo = JSON.parse(/<pre id="echo">(.*)<\/pre>/.exec(first.text)?.[1] ?? '{}') as Record<string, unknown>;
    expect(echo).toMatchObject({ path: '/search/used-cars?make=Toyota', host: A, cookie: 'fc_signed_in=1; other=x', hasRootRoute: true, searchStatus: 200, meStatus: 200 });
    expect(echo.nbHits).toBeGreaterThan(0);
    const csp = String(first.headers['content-security-policy']);
    expect(csp).toContain(`'nonce-${String(echo.nonce)}'`);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(first.headers['cache-control']).toContain('private');
    const second = await request(server.port, A, '/');
    const nonce2 = /"nonce":"([^"]+)"/.exec(second.text)?.[1];
    expect(nonce2).toBeTruthy();
    expect(nonce2).not.toBe(echo.nonce);
  });

  test('a page request cannot set the render clock unless the server runs browser tests', async () => {
    const answer = await request(server.port, A, '/', { headers: { 'x-forecourt-test-now': '2025-07-24T13:45:00Z' } });
    const now = Number(/"now":(\d+)/.exec(answer.text)?.[1]);
    expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
  });

  test('answers the status the entry chose: 404 for unknown pages, redirects with their location', async () => {
    const missing = await request(server.port, A, '/missing');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page not found');
    const old = await request(server.port, A, '/old');
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/new');
  });

  test('a page sends one Content-Type and a redirect one Location', async () => {
    const page = await rawHeaderNames('/');
    expect(page.filter((name) => name === 'content-type')).toHaveLength(1);
    const redirect = await rawHeaderNames('/old');
    expect(redirect.filter((name) => name === 'location')).toHaveLength(1);
  });

  test('a render that throws answers 500 with a friendly page and no stack trace', async () => {
    const answer = await request(server.port, B, '/');
    expect(answer.status).toBe(500);
    expect(answer.text).toContain('Sorry, something went wrong');
    expect(answer.text).toContain('Beta Caravans');
    expect(answer.text).not.toContain('secret stack detail');
    expect(answer.text).not.toMatch(/at .*\.js:\d+/);
    // The other tenant keeps serving.
    expect((await request(server.port, A, '/')).status).toBe(200);
  });

  test('the server entry and its manifest are never served', async () => {
    expect((await request(server.port, A, '/server/entry-server.js')).status).toBe(404);
    expect((await request(server.port, A, '/server/router-manifest.json')).status).toBe(404);
    expect((await request(server.port, A, '/assets/missing-Ab12Cd34.js')).status).toBe(404);
  });

  test('robots.txt points at the sitemap; the sitemap lists the search paths that have stock', async () => {
    const robots = await request(server.port, A, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.text).toContain('Sitemap: https://www.alphamotors.example.com.au/sitemap.xml');
    const sitemap = await request(server.port, A, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace('https://www.alphamotors.example.com.au', ''));
    const facets = await request(server.port, A, '/1/indexes/*/queries', {
      body: { requests: [{ indexName: 'cars', hitsPerPage: 0, facets: ['make', 'make_model'], maxValuesPerFacet: 1000, filters: 'show_on_dealer_website:true AND NOT status:sold' }] },
    });
    const makes = Object.keys(facets.json.results[0].facets.make as Record<string, number>);
    expect(makes.length).toBeGreaterThan(0);
    expect(locs).toContain('/');
    for (const make of makes) expect(locs).toContain(`/search/${make.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);
    // No vehicle page in this bundle yet: no car URLs.
    expect(locs.some((loc) => loc.startsWith('/cars/'))).toBe(false);
    expect((await request(server.port, A, '/sitemap-2.xml')).status).toBe(404);
  });
});
