import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { startServer } from '../index.ts';
import { request } from '../local-client.ts';
import { createApiKey } from './api-keys.ts';

/*
 * The stock feed's speed on a running server, as a dealer's system or the import command meets
 * it: a 5,000-car CSV (the stock-list layout, 5 photo URLs a car) imported whole, a 50-car delta,
 * and the server's search latency (a typical instantsearch multi-query over HTTP) while idle and
 * while a 5,000-car feed is being applied. The photo downloader is stopped, so the figures are the
 * import's own (photos download in the background afterwards).
 */

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TENANT = 'harbourside-motor-group';
const MAKES: [string, string, string, string][] = [
  ['Toyota', 'Hilux', 'SR5', 'Dual Cab Utility'], ['Toyota', 'Corolla', 'Ascent Sport', 'Hatchback'], ['Mazda', 'CX-5', 'Maxx Sport', 'SUV'],
  ['Mazda', '3', 'G20 Pure', 'Hatch'], ['Hyundai', 'Tucson', 'Elite', 'SUV'], ['Ford', 'Ranger', 'XLT', 'Double Cab Pick Up'], ['Kia', 'Sportage', 'SX', 'Wagon'],
];
const LOCATIONS = ['Harbourside Toyota Newstead', 'Harbourside Mazda Springwood', 'Harbourside Hyundai Southport', 'Harbourside Used Cars Eagle Farm'];

/** A stock-list CSV of `count` cars; `priceShift` moves every price (so a second feed updates every car). */
export function benchFeed(count: number, priceShift = 0): string {
  const lines = ['Stock No,VIN,Rego,Make,Model,Badge,Series,Year,Odometer,Price,Was Price,Colour,Body,Transmission,Fuel,Drive,Seats,Doors,Engine,Location,Comments,Status,Condition,Photos'];
  for (let i = 0; i < count; i++) {
    const [make, model, badge, body] = MAKES[i % MAKES.length]!;
    const photos = Array.from({ length: 5 }, (_, p) => `https://photos.dealer.example/${i}/${p + 1}.jpg`).join('|');
    lines.push([
      `B-${String(i).padStart(5, '0')}`, '', `R${i}`, make, model, badge, '', 2015 + (i % 10), `"${(10_000 + i * 7).toLocaleString('en-AU')} km"`, `"$${(15_000 + (i % 400) * 100 + priceShift).toLocaleString('en-AU')}"`, '',
      'White', body, '6 Speed Automatic', 'Diesel', 'Four Wheel Drive', 5, 4, '2.8L', LOCATIONS[i % LOCATIONS.length], `"Car ${i}, serviced, two keys."`, 'In Stock', i % 5 === 0 ? 'Demo' : 'Used', photos,
    ].join(','));
  }
  return lines.join('\r\n');
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

/** An event-loop delay histogram as text. */
const loop = (h: ReturnType<typeof monitorEventLoopDelay>) => `p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, max ${(h.max / 1e6).toFixed(1)} ms`;

/** One typical instantsearch multi-query (hits with facets and a refined make), as the search page sends. */
function searchBody(i: number) {
  const facets = ['car_type', 'make', 'make_model', 'simple_body', 'simple_fuel', 'location_name', 'price'];
  const query = ['', 'hilux', 'mazda', '2019', 'tucson sr', ''][i % 6];
  return { requests: [
    { indexName: 'cars', params: `query=${query}&hitsPerPage=21&page=0&facets=${encodeURIComponent(JSON.stringify(facets))}&facetFilters=${encodeURIComponent(JSON.stringify([['car_type:used', 'car_type:demo']]))}&numericFilters=${encodeURIComponent(JSON.stringify([`price>=${10_000 + (i % 50) * 100}`]))}` },
    { indexName: 'cars', params: `query=${query}&hitsPerPage=0&facets=car_type` },
  ] };
}

/** Runs the stock benchmark and prints its figures. */
export async function benchStock(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-stock-bench-'));
  const tenants = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenants);
  fs.copyFileSync(path.join(ROOT, 'tenants', `${TENANT}.json`), path.join(tenants, `${TENANT}.json`));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: tenants, seedCars: 1000, log: () => {}, watch: false, searchRateLimit: { max: 1_000_000, windowMs: 60_000 } });
  server.stock.close();
  const host = `${TENANT}.localhost:${server.port}`;
  try {
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', TENANT).executeTakeFirstOrThrow();
    const { key } = await createApiKey(server.db, site.id, 'bench');
    const put = (body: string, query = '') => request(server.port, host, `/api/dealer/stock${query}`, { method: 'PUT', headers: { authorization: `Bearer ${key}`, 'content-type': 'text/csv' }, body });
    const search = async (i: number) => {
      const t = performance.now();
      const r = await request(server.port, host, '/1/indexes/*/queries', { body: searchBody(i) });
      if (r.status !== 200) throw new Error(`search answered ${r.status}`);
      return performance.now() - t;
    };

    const full = benchFeed(5000);
    let t = performance.now();
    let r = await put(full);
    const fullMs = performance.now() - t;
    if (r.status !== 200 || r.json.created !== 5000) throw new Error(`5,000-car import answered ${r.status}: ${r.text.slice(0, 300)}`);

    // A 50-car delta: new prices for 50 cars of the yard.
    const delta = benchFeed(50, 500);
    t = performance.now();
    r = await put(delta, '?mode=delta');
    const deltaMs = performance.now() - t;
    if (r.status !== 200 || r.json.updated !== 50) throw new Error(`50-car delta answered ${r.status}: ${r.text.slice(0, 300)}`);

    // Search latency idle, then while a full feed updating all 5,000 cars is applied.
    for (let i = 0; i < 100; i++) await search(i);
    // How long the server's one JavaScript thread was held at a time (the server runs in this
    // process): what a search waits for besides its own work, apart from waiting for a core.
    const loopIdle = monitorEventLoopDelay({ resolution: 5 });
    loopIdle.enable();
    const idle: number[] = [];
    for (let i = 0; i < 400; i++) idle.push(await search(i));
    loopIdle.disable();
    const busy: number[] = [];
    const running = { done: false };
    const loopBusy = monitorEventLoopDelay({ resolution: 5 });
    loopBusy.enable();
    t = performance.now();
    const importing = put(benchFeed(5000, 1000)).then((answer) => {
      running.done = true;
      return answer;
    });
    for (let i = 0; !running.done; i++) busy.push(await search(i));
    const updateAll = await importing;
    const updateMs = performance.now() - t;
    loopBusy.disable();
    if (updateAll.json.updated !== 5000) throw new Error(`5,000-car update answered ${updateAll.status}: ${updateAll.text.slice(0, 300)}`);
    idle.sort((a, b) => a - b);
    busy.sort((a, b) => a - b);

    console.log(`5,000-car CSV, full feed, 5 photo URLs a car, through PUT /api/dealer/stock (parse, diff, one transaction, re-index): ${(fullMs / 1000).toFixed(2)} s (target ≤ 10 s)`);
    console.log(`50-car delta: ${deltaMs.toFixed(0)} ms (target ≤ 1,000 ms)`);
    console.log(`5,000-car full feed updating every car: ${(updateMs / 1000).toFixed(2)} s`);
    console.log(`server search (HTTP multi-query, ${server.tenants.length} tenant, ~6,000 records): idle p50 ${percentile(idle, 50).toFixed(2)} ms, p99 ${percentile(idle, 99).toFixed(2)} ms (${idle.length} requests); while the 5,000-car update ran: p50 ${percentile(busy, 50).toFixed(2)} ms, p99 ${percentile(busy, 99).toFixed(2)} ms, max ${(busy.at(-1) ?? Number.NaN).toFixed(1)} ms (${busy.length} requests)`);
    console.log(`server thread held (event-loop delay): idle ${loop(loopIdle)}; while the 5,000-car update ran ${loop(loopBusy)}`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchStock();
