import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../server/index.ts';
import { request } from '../server/local-client.ts';
import { describeMachine } from './lib/machine.ts';
import { percentile } from './lib/percentile.ts';

/*
 * The search page under load, as a dealer's campaign or a crawler brings it (autocannon, 127.0.0.1
 * only, bounded in time): 20 connections of anonymous shoppers on the tenant's search page for
 * FC_LOAD_SECONDS (default 30) — the goal is ≥ 150 requests/s at p99 ≤ 300 ms and no request
 * over 2 s — then a crawler asking a different search URL every time (nothing cached: every
 * request is a render), where excess pages must be refused with 503 + Retry-After rather than
 * left to time out, while another tenant's `/api/site` keeps its speed.
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
  const tenant = server.tenants.find((t) => t.slug === TENANT)!;
  const searchPath = tenant.config.routes.defaultSearchPath;
  const url = `http://127.0.0.1:${server.port}`;
  try {
    // Warm-up: the server entry loaded, the index and its columns built, the page kept.
    for (let i = 0; i < 5; i++) await request(server.port, host, searchPath, { method: 'GET' });
    console.log(`load: ${describeMachine()}`);
    // The shoppers' side runs in a worker thread of its own, not on the server's thread it measures.
    const page = await run({ url: `${url}${searchPath}`, connections: CONNECTIONS, duration: SECONDS, headers: { host, 'accept-encoding': 'br, gzip' }, workers: 1 });
    console.log(line(`search page ${searchPath}, anonymous, ${CONNECTIONS} connections, ${SECONDS} s (goal ≥ 150 requests/s, p99 ≤ 300 ms, none over 2,000 ms)`, page));

    // A crawler: every request a search URL no one asked before (a render each), while another
    // tenant's shoppers call its API one after another.
    let n = 0;
    const other: number[] = [];
    const otherHost = `${OTHER}.localhost:${server.port}`;
    const state = { crawling: true };
    const otherLoop = (async () => {
      while (state.crawling) {
        const t = performance.now();
        const r = await request(server.port, otherHost, '/api/site', { method: 'GET' });
        if (r.status !== 200) throw new Error(`/api/site answered ${r.status}`);
        other.push(performance.now() - t);
      }
    })();
    const crawl = await run({
      url: `${url}${searchPath}`,
      connections: CONNECTIONS,
      duration: Math.min(SECONDS, 15),
      headers: { host },
      requests: [{ setupRequest: (req) => ({ ...req, path: `${searchPath}?page=${(n++ % 40) + 2}&sortBy=price_asc&q=${n}` }) }],
    });
    state.crawling = false;
    await otherLoop;
    other.sort((a, b) => a - b);
    console.log(line(`crawler, a new search URL every request (every one a render), ${CONNECTIONS} connections`, crawl));
    console.log(`another tenant's /api/site during the crawl: p50 ${percentile(other, 50).toFixed(1)} ms, p99 ${percentile(other, 99).toFixed(1)} ms, max ${(other.at(-1) ?? Number.NaN).toFixed(1)} ms (${other.length} requests)`);
    console.log(`load after: ${describeMachine()}`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
