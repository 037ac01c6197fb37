import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../server/index.ts';
import { request } from '../server/local-client.ts';
import { describeMachine } from './lib/machine.ts';
import { percentile } from './lib/percentile.ts';

/*
 * The search page under load, as a dealer's campaign or a crawler brings it (autocannon in a
 * worker thread of its own, 127.0.0.1 only, bounded in time):
 * - 20 connections of anonymous shoppers on the tenant's search page for FC_LOAD_SECONDS
 *   (default 30): the goal is ≥ 150 requests/s at p99 ≤ 300 ms and no request over 2 s;
 * - a crawler on 20 connections asking a different search URL every time (nothing cached: every
 *   request a render in the render threads); excess pages are refused with 503 + Retry-After
 *   rather than left to time out;
 * - another tenant's `GET /api/site`, one call after another, alone and during each run: other
 *   tenants unaffected means its p99 stays near its p99 alone.
 * `npm run bench -- load` (needs the tenant built: `npm run build -- --tenant <slug>`;
 * FC_LOAD_TENANT picks it, default harbourside-motor-group).
 */

const TENANT = process.env.FC_LOAD_TENANT ?? 'harbourside-motor-group';
const OTHER = TENANT === 'big-lot-car-superstore' ? 'harbourside-motor-group' : 'big-lot-car-superstore';
const SECONDS = Number(process.env.FC_LOAD_SECONDS ?? 30);
const CONNECTIONS = 20;

type Result = autocannon.Result;

function run(options: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const line = (name: string, r: Result) => {
  const codes = Object.entries((r as Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {}).map(([code, s]) => `${code}×${s.count}`).join(', ');
  return `${name}: ${r.requests.average.toFixed(1)} requests/s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; answers ${codes || 'none'}; errors ${r.errors}, timeouts ${r.timeouts}`;
};

/** The load average now, as `uptime` prints it. */
const loadNow = () => `load average ${os.loadavg().map((figure) => figure.toFixed(2)).join(', ')}`;

/**
 * Calls another tenant's `/api/site` one call after another until stopped; its latencies.
 * @param port server port
 * @param host the other tenant's Host
 */
function otherTenant(port: number, host: string): { stop: () => Promise<string> } {
  const times: number[] = [];
  const state = { going: true };
  const loop = (async () => {
    while (state.going) {
      const t = performance.now();
      const r = await request(port, host, '/api/site', { method: 'GET' });
      if (r.status !== 200) throw new Error(`/api/site answered ${r.status}`);
      times.push(performance.now() - t);
    }
  })();
  return {
    stop: async () => {
      state.going = false;
      await loop;
      times.sort((a, b) => a - b);
      return `p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms, max ${(times.at(-1) ?? Number.NaN).toFixed(1)} ms (${times.length} requests)`;
    },
  };
}

/** Runs the load benchmark and prints its figures. */
export async function benchLoad(): Promise<void> {
  const dist = path.resolve('dist');
  if (!fs.existsSync(path.join(dist, TENANT, 'server', 'entry-server.js'))) throw new Error(`${TENANT} is not built: npm run build -- --tenant ${TENANT}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-load-bench-'));
  const tenants = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenants);
  for (const slug of [TENANT, OTHER]) fs.copyFileSync(path.join('tenants', `${slug}.json`), path.join(tenants, `${slug}.json`));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: dist, tenantsDir: tenants, seedCars: 1000, log: () => {}, watch: false });
  const host = `${TENANT}.localhost:${server.port}`;
  const otherHost = `${OTHER}.localhost:${server.port}`;
  const tenant = server.tenants.find((t) => t.slug === TENANT)!;
  const searchPath = tenant.config.routes.defaultSearchPath;
  const url = `http://127.0.0.1:${server.port}`;
  // The crawler's requests, made in autocannon's worker thread: a new search URL each time, over
  // the ~40 result pages of 1,000 cars (each a full page), never one asked before.
  const crawlerRequest = path.join(dataDir, 'crawler-request.cjs');
  fs.writeFileSync(crawlerRequest, `let n = 0;\nmodule.exports = (req) => ({ ...req, path: ${JSON.stringify(searchPath)} + '?page=' + ((n++ % 40) + 2) + '&sortBy=price_asc&q=' + n });\n`);
  const headers = { host, 'accept-encoding': 'br, gzip' };
  try {
    // Warm-up: the render threads started with the server entry loaded, the index and its columns built, the page kept.
    await Promise.all(Array.from({ length: 8 }, (_, i) => request(server.port, host, `${searchPath}?warm=${i}`, { method: 'GET' })));
    for (let i = 0; i < 5; i++) await request(server.port, host, searchPath, { method: 'GET' });
    console.log(`load: ${describeMachine()}`);
    const alone = otherTenant(server.port, otherHost);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    console.log(`another tenant's /api/site alone: ${await alone.stop()}`);

    console.log(`search page, cached: ${loadNow()}`);
    const duringPage = otherTenant(server.port, otherHost);
    const page = await run({ url: `${url}${searchPath}`, connections: CONNECTIONS, duration: SECONDS, headers, workers: 1 });
    console.log(line(`search page ${searchPath}, anonymous, ${CONNECTIONS} connections, ${SECONDS} s (goal ≥ 150 requests/s, p99 ≤ 300 ms, none over 2,000 ms)`, page));
    console.log(`another tenant's /api/site meanwhile: ${await duringPage.stop()}`);

    const crawlSeconds = Math.min(SECONDS, 20);
    console.log(`crawler: ${loadNow()}`);
    const duringCrawl = otherTenant(server.port, otherHost);
    const crawl = await run({ url: `${url}${searchPath}`, connections: CONNECTIONS, duration: crawlSeconds, headers, workers: 1, requests: [{ setupRequest: crawlerRequest }] as unknown as autocannon.Request[] });
    console.log(line(`crawler, a new search URL every request (every one a render), ${CONNECTIONS} connections, ${crawlSeconds} s`, crawl));
    console.log(`another tenant's /api/site during the crawl: ${await duringCrawl.stop()}`);
    console.log(`load after: ${describeMachine()}`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
