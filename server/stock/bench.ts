import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { startServer } from '../index.ts';
import { request } from '../local-client.ts';
import { createApiKey } from './api-keys.ts';
import { STOCK_RATE_LIMIT } from './routes.ts';
import { databaseThreadIds } from '../db/pglite-thread.ts';
import { threadCpu, type ThreadCpu } from './thread-cpu.ts';
import { type Collection, countAllocations } from '../search/allocation.ts';
import { type BenchWindow, type LatencySummary, MIN_SAMPLES, type SearchSample, samplesByKind, summarise, UNCHANGED, unchangedVerdict, youngCollections } from './bench-windows.ts';

/*
 * The stock feed's speed on a running server, as a dealer's system or the import command meets
 * it: a 5,000-car CSV (the stock-list layout, 5 photo URLs a car) imported whole, a 50-car delta,
 * and the server's search latency (a typical instantsearch multi-query over HTTP) while idle,
 * while a 5,000-car feed updates every car and while 50-car deltas arrive. The photo downloader
 * is stopped, so the figures are the import's own (photos download in the background afterwards).
 *
 * The searches come from their own thread (a shopper's browser is not on the server's thread),
 * on a fixed schedule, each timed from when it was due (bench-windows.ts says why). Idle and
 * import windows alternate, so both sets of searches meet the same load on a shared machine; the
 * load average of each kind of window is printed, and the bench fails when a target is missed.
 */

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TENANT = 'harbourside-motor-group';
const MAKES: [string, string, string, string][] = [
  ['Toyota', 'Hilux', 'SR5', 'Dual Cab Utility'], ['Toyota', 'Corolla', 'Ascent Sport', 'Hatchback'], ['Mazda', 'CX-5', 'Maxx Sport', 'SUV'],
  ['Mazda', '3', 'G20 Pure', 'Hatch'], ['Hyundai', 'Tucson', 'Elite', 'SUV'], ['Ford', 'Ranger', 'XLT', 'Double Cab Pick Up'], ['Kia', 'Sportage', 'SX', 'Wagon'],
];
const LOCATIONS = ['Harbourside Toyota Newstead', 'Harbourside Mazda Springwood', 'Harbourside Hyundai Southport', 'Harbourside Used Cars Eagle Farm'];

/**
 * A stock-list CSV of `count` cars, stock numbers from `first` on; `priceShift` moves every price
 * (so a second feed updates every car).
 */
export function benchFeed(count: number, priceShift = 0, first = 0): string {
  const lines = ['Stock No,VIN,Rego,Make,Model,Badge,Series,Year,Odometer,Price,Was Price,Colour,Body,Transmission,Fuel,Drive,Seats,Doors,Engine,Location,Comments,Status,Condition,Photos'];
  for (let i = first; i < first + count; i++) {
    const [make, model, badge, body] = MAKES[i % MAKES.length]!;
    const photos = Array.from({ length: 5 }, (_, p) => `https://photos.dealer.example/${i}/${p + 1}.jpg`).join('|');
    lines.push([
      `B-${String(i).padStart(5, '0')}`, '', `R${i}`, make, model, badge, '', 2015 + (i % 10), `"${(10_000 + i * 7).toLocaleString('en-AU')} km"`, `"$${(15_000 + (i % 400) * 100 + priceShift).toLocaleString('en-AU')}"`, '',
      'White', body, '6 Speed Automatic', 'Diesel', 'Four Wheel Drive', 5, 4, '2.8L', LOCATIONS[i % LOCATIONS.length], `"Car ${i}, serviced, two keys."`, 'In Stock', i % 5 === 0 ? 'Demo' : 'Used', photos,
    ].join(','));
  }
  return lines.join('\r\n');
}

/** One typical instantsearch multi-query (hits with facets and a refined make), as the search page sends. */
function searchBody(i: number) {
  const facets = ['car_type', 'make', 'make_model', 'simple_body', 'simple_fuel', 'location_name', 'price'];
  const query = ['', 'hilux', 'mazda', '2019', 'tucson sr', ''][i % 6];
  return { requests: [
    { indexName: 'cars', params: `query=${query}&hitsPerPage=21&page=0&facets=${encodeURIComponent(JSON.stringify(facets))}&facetFilters=${encodeURIComponent(JSON.stringify([['car_type:used', 'car_type:demo']]))}&numericFilters=${encodeURIComponent(JSON.stringify([`price>=${10_000 + (i % 50) * 100}`]))}` },
    { indexName: 'cars', params: `query=${query}&hitsPerPage=0&facets=car_type` },
  ] };
}

/** Searches a second the shopper thread sends, on schedule. */
const SEARCHES_PER_SECOND = 100;

/**
 * The shoppers' side, in a thread of its own (a shopper's browser is not on the server's
 * thread): from `start` to `stop` it sends a search every 1/SEARCHES_PER_SECOND s, on time
 * whatever the server is doing (several connections, so a slow answer does not delay the next
 * search), and answers each search's due time and its time from then to its last byte. Times are
 * on the clock shared by every thread (performance.timeOrigin + performance.now()).
 */
const SEARCH_CLIENT = `
const http = require('node:http');
const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
// This thread's kernel id first (Linux), so its CPU time is told apart from the server's.
let tid = null;
try { tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop()); } catch {}
parentPort.postMessage({ tid });
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
const clock = () => performance.timeOrigin + performance.now();
const send = (body, due) => new Promise((resolve, reject) => {
  const payload = JSON.stringify(body);
  const req = http.request({ host: '127.0.0.1', port: workerData.port, path: '/1/indexes/*/queries', method: 'POST', agent,
    headers: { host: workerData.host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? resolve({ due, ms: clock() - due }) : reject(new Error('search answered ' + res.statusCode))));
  });
  req.on('error', (error) => {
    // A kept-alive connection the server closed as this search was sent on it: sent again on a
    // new one, as browsers do (Node's documented remedy); still timed from when it was due.
    if (req.reusedSocket && error.code === 'ECONNRESET') send(body, due).then(resolve, reject);
    else reject(error);
  });
  req.end(payload);
});
let timer = null;
let pending = [];
let failures = [];
parentPort.on('message', (message) => {
  if (message.cmd === 'start') {
    const started = clock();
    const every = 1000 / workerData.perSecond;
    let i = 0;
    const tick = () => {
      // Every search due by now is sent now (a late timer sends the overdue ones at once, timed from when they were due).
      for (let due = started + i * every; due <= clock(); due = started + i * every) {
        pending.push(send(workerData.bodies[i % workerData.bodies.length], due).catch((error) => { failures.push(error.message); return null; }));
        i += 1;
      }
      timer = setTimeout(tick, Math.max(0, started + i * every - clock()));
    };
    tick();
    return;
  }
  clearTimeout(timer);
  Promise.all(pending).then((samples) => {
    pending = [];
    parentPort.postMessage({ samples: samples.filter((sample) => sample !== null), failures });
    failures = [];
  });
});
`;

/** Starts the shopper thread against a server. */
function searchClient(port: number, host: string) {
  const worker = new Worker(SEARCH_CLIENT, { eval: true, workerData: { port, host, perSecond: SEARCHES_PER_SECOND, bodies: Array.from({ length: 60 }, (_, i) => searchBody(i)) } });
  const tid = new Promise<number | null>((resolve) => worker.once('message', (message: { tid: number | null }) => resolve(message.tid)));
  return {
    /** The shopper thread's kernel id (null off Linux). */
    tid,
    // eslint-disable-next-line unicorn/require-post-message-target-origin -- a worker, not a window
    start: () => worker.postMessage({ cmd: 'start' }),
    /** Stops sending and answers every search sent, and why those that failed did. */
    stop: () =>
      new Promise<{ samples: SearchSample[]; failures: string[] }>((resolve) => {
        worker.once('message', resolve);
        worker.postMessage({ cmd: 'stop' }); // eslint-disable-line unicorn/require-post-message-target-origin -- a worker, not a window
      }),
    close: () => worker.terminate(),
  };
}

/** The young generation's size this process runs with, as `--max-semi-space-size` sets it. */
function semiSpaceSize(): string {
  const flag = process.execArgv.find((arg) => arg.startsWith('--max-semi-space-size='));
  return flag ? `semi-space ${flag.split('=')[1]} MB` : "V8's default semi-space";
}

/** The clock the shopper thread stamps searches with. */
const clock = () => performance.timeOrigin + performance.now();
const line = (s: LatencySummary) => `p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms (95 % interval ${s.p99Interval.map((ms) => ms.toFixed(2)).join('–')}), max ${s.max.toFixed(1)} ms (${s.n} searches)`;
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
const loadAverage = () => os.loadavg().map((l) => l.toFixed(1)).join(' / ');

/**
 * Rounds of (idle, full feed, idle, deltas): at least MIN_ROUNDS, then more until each kind of
 * window has had MIN_SAMPLES searches due in it (a quiet machine imports quickly, so its windows
 * are short), at most MAX_ROUNDS or WINDOWS_BUDGET_MS of windows, so the bench stays under five
 * minutes. STOCK_BENCH_ROUNDS fixes the number of rounds instead.
 */
const FIXED_ROUNDS = process.env.STOCK_BENCH_ROUNDS === undefined ? null : Number(process.env.STOCK_BENCH_ROUNDS);
const MIN_ROUNDS = 3;
const MAX_ROUNDS = 40;
const WINDOWS_BUDGET_MS = 200_000;
/** 50-car deltas sent one after another in a delta window. */
const DELTAS_PER_WINDOW = 15;
/**
 * Cars each round's full feed sells (the yard's oldest still listed, left out of the feed) and
 * adds (new stock numbers), as a dealer's nightly feed does: new and sold cars take the search
 * index's whole rebuild, where price changes alone are patched in. STOCK_BENCH_TURNOVER=0 gives
 * full feeds that only change prices (the patch alone, as the bench measured before).
 */
const TURNOVER = process.env.STOCK_BENCH_TURNOVER === undefined ? 10 : Number(process.env.STOCK_BENCH_TURNOVER);
/** The first car the deltas change: well inside the yard, so no round's full feed sells it. */
const DELTA_FIRST = 2500;
/** An idle window lasts as long as the import window before it, and at least this long. */
const MIN_IDLE_MS = 1500;

/** CPU time of each thread over the windows of each kind, by kernel thread id. */
type ThreadCpuByKind = Map<string, Map<number, number>>;

/**
 * The per-thread CPU lines: for each kind of window, each thread's CPU time in an average window
 * of that kind (the request thread, the database thread, the feed worker, the bench's shopper
 * thread, V8's helpers, the rest), and the request thread's waiting for a core. Unlike latency,
 * CPU time a window does not grow with other processes' load, so imports and idle compare on any machine.
 */
function threadLines(byKind: ThreadCpuByKind, windowsOf: Map<string, number>, seconds: Map<string, number>, label: (tid: number) => string): string[] {
  const lines: string[] = [];
  for (const [kind, tids] of byKind) {
    const groups = new Map<string, number>();
    for (const [tid, ms] of tids) groups.set(label(tid), (groups.get(label(tid)) ?? 0) + ms);
    const n = windowsOf.get(kind) ?? 1;
    const parts = [...groups].filter(([, ms]) => ms / n >= 0.5).sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${(ms / n).toFixed(0)}`);
    lines.push(`  ${kind}:${' '.repeat(Math.max(1, 10 - kind.length))}${((seconds.get(kind) ?? 0) / n).toFixed(2)} s a window; CPU ms: ${parts.join(', ')}`);
  }
  return lines;
}

/** Runs the stock benchmark and prints its figures; throws when a target is missed. */
export async function benchStock(): Promise<void> {
  // The deltas' cars (from DELTA_FIRST) must stay listed through every round's turnover.
  if (!Number.isInteger(TURNOVER) || TURNOVER < 0 || TURNOVER * MAX_ROUNDS >= DELTA_FIRST) throw new Error(`STOCK_BENCH_TURNOVER must be a whole number from 0 to ${Math.floor((DELTA_FIRST - 1) / MAX_ROUNDS)}`);
  // Threads before the server starts: this (the request) thread and V8's helpers.
  const earlyThreads = new Set(threadCpu().keys());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-stock-bench-'));
  const tenants = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenants);
  fs.copyFileSync(path.join(ROOT, 'tenants', `${TENANT}.json`), path.join(tenants, `${TENANT}.json`));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: tenants, seedCars: 1000, log: () => {}, watch: false, searchRateLimit: { max: 1_000_000, windowMs: 60_000 } });
  server.stock.close();
  const host = `${TENANT}.localhost:${server.port}`;
  const client = searchClient(server.port, host);
  const loadAtStart = loadAverage();
  const missed: string[] = [];
  try {
    const site = await server.db.selectFrom('sites').select('id').where('slug', '=', TENANT).executeTakeFirstOrThrow();
    // Feeds are limited per key and minute (STOCK_RATE_LIMIT). On a quiet machine the bench sends
    // more than that in a minute, so it has enough keys that none is used past the limit in the
    // whole run: the first import, the first delta, then each round's full feed and deltas.
    const feedsAtMost = 2 + (FIXED_ROUNDS ?? MAX_ROUNDS) * (1 + DELTAS_PER_WINDOW);
    const keyCount = Math.ceil(feedsAtMost / STOCK_RATE_LIMIT.max);
    const keys = await Promise.all(Array.from({ length: keyCount }, async (_, i) => (await createApiKey(server.db, site.id, `bench ${i + 1}`)).key));
    let sent = 0;
    const put = (body: string, query = '') =>
      request(server.port, host, `/api/dealer/stock${query}`, { method: 'PUT', headers: { authorization: `Bearer ${keys[sent++ % keys.length]}`, 'content-type': 'text/csv' }, body });

    const full = benchFeed(5000);
    let t = performance.now();
    let r = await put(full);
    const fullMs = performance.now() - t;
    if (r.status !== 200 || r.json.created !== 5000) throw new Error(`5,000-car import answered ${r.status}: ${r.text.slice(0, 300)}`);

    // A 50-car delta: new prices for 50 cars of the yard.
    const delta = benchFeed(50, 500, DELTA_FIRST);
    t = performance.now();
    r = await put(delta, '?mode=delta');
    const deltaMs = performance.now() - t;
    if (r.status !== 200 || r.json.updated !== 50) throw new Error(`50-car delta answered ${r.status}: ${r.text.slice(0, 300)}`);

    // Search latency in alternating windows: idle, a full feed of 5,000 cars (TURNOVER sold,
    // TURNOVER new, every other car's price changed), idle, then fifteen 50-car deltas one after another. Each import answers once searches see its
    // change, so an import window covers the whole import, re-indexing included. The feeds are
    // written before the windows: writing one holds this thread (the server's).
    const most = FIXED_ROUNDS ?? MAX_ROUNDS;
    const updates = Array.from({ length: most }, (_, round) => benchFeed(5000, 1000 * (round + 1), TURNOVER * (round + 1)));
    const deltas = Array.from({ length: most * DELTAS_PER_WINDOW }, (_, i) => benchFeed(50, 1000 * (i + 1) + 7, DELTA_FIRST));
    const windows: BenchWindow[] = [];
    const loops = new Map<string, ReturnType<typeof monitorEventLoopDelay>[]>();
    const cpuByKind: ThreadCpuByKind = new Map();
    const secondsByKind = new Map<string, number>();
    const niceOf = new Map<number, number>();
    /** The request thread's time waiting for a core, by kind of window (ms). */
    const waitByKind = new Map<string, number>();
    /** Bytes the request thread allocated on its JavaScript heap, by kind of window. */
    const allocatedByKind = new Map<string, number>();
    /** The request thread's collections, by kind of window. */
    const collectionsByKind = new Map<string, Collection[]>();
    // STOCK_BENCH_HEAP=file: what each window of a kind (STOCK_BENCH_HEAP_KIND, the full feeds
    // unless set) leaves alive on the server's request thread, as V8's sampling heap profiles
    // (file.1.heapprofile, file.2.heapprofile, …): allocations of the window still alive after a
    // young-generation collection at its end, which the collections after it copy. Read them with
    // `npx tsx scripts/cpu-profile-summary.ts`. Needs --expose-gc (as `npm run bench` has).
    const heapFile = process.env.STOCK_BENCH_HEAP;
    const heapKind = process.env.STOCK_BENCH_HEAP_KIND ?? 'full feed';
    const heap = heapFile ? new Session() : null;
    if (heap) {
      heap.connect();
      await heap.post('HeapProfiler.enable');
    }
    let heapProfiles = 0;
    const window = async (kind: string, work: () => Promise<void>) => {
      const sampled = kind === heapKind ? heap : null;
      if (sampled) await sampled.post('HeapProfiler.startSampling', { samplingInterval: 2048, includeObjectsCollectedByMinorGC: false, includeObjectsCollectedByMajorGC: false });
      const h = monitorEventLoopDelay({ resolution: 1 });
      h.enable();
      const before = threadCpu();
      const allocated = countAllocations();
      const start = clock();
      await work();
      const end = clock();
      if (sampled) {
        (globalThis as { gc?: (options: { type: 'minor' }) => void }).gc?.({ type: 'minor' });
        const { profile } = await sampled.post('HeapProfiler.stopSampling');
        fs.writeFileSync(`${heapFile}.${++heapProfiles}.heapprofile`, JSON.stringify(profile));
      }
      const count = allocated();
      allocatedByKind.set(kind, (allocatedByKind.get(kind) ?? 0) + count.bytes);
      collectionsByKind.set(kind, [...(collectionsByKind.get(kind) ?? []), ...count.collections]);
      windows.push({ kind, start, end, load: os.loadavg()[0] as number });
      const after: Map<number, ThreadCpu> = threadCpu();
      const cpu = cpuByKind.get(kind) ?? new Map<number, number>();
      for (const [tid, now] of after) {
        cpu.set(tid, (cpu.get(tid) ?? 0) + now.cpuMs - (before.get(tid)?.cpuMs ?? 0));
        niceOf.set(tid, now.nice);
      }
      cpuByKind.set(kind, cpu);
      waitByKind.set(kind, (waitByKind.get(kind) ?? 0) + (after.get(process.pid)?.waitMs ?? 0) - (before.get(process.pid)?.waitMs ?? 0));
      secondsByKind.set(kind, (secondsByKind.get(kind) ?? 0) + (end - start) / 1000);
      // Progress while it runs: at a high load a round takes a minute or more.
      // With the time since the process started, as `node --trace-gc` stamps collections.
      console.log(`  window ${windows.length}: ${kind}, ${((clock() - start) / 1000).toFixed(2)} s (${(start - performance.timeOrigin).toFixed(0)}–${(end - performance.timeOrigin).toFixed(0)} ms), load ${loadAverage()}`);
      h.disable();
      loops.set(kind, [...(loops.get(kind) ?? []), h]);
    };
    const idle = (ms: number) => window('idle', () => new Promise((resolve) => setTimeout(resolve, Math.max(MIN_IDLE_MS, ms))));
    const updateMs: number[] = [];
    const deltaWindowMs: number[] = [];
    client.start();
    await new Promise((resolve) => setTimeout(resolve, 500)); // connections opened, code warm
    // STOCK_BENCH_PROFILE=file.cpuprofile: a CPU profile of the server's request thread over the
    // windows (this thread; the shoppers' searches come from their own), for
    // `npx tsx scripts/cpu-profile-summary.ts file.cpuprofile`.
    const profileFile = process.env.STOCK_BENCH_PROFILE;
    const profiler = profileFile ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 500 });
      await profiler.post('Profiler.start');
    }
    let last = MIN_IDLE_MS;
    const windowsStarted = clock();
    /** Searches due so far in windows of a kind (the schedule sends SEARCHES_PER_SECOND). */
    const due = (kind: string) => windows.filter((w) => w.kind === kind).reduce((sum, w) => sum + ((w.end - w.start) * SEARCHES_PER_SECOND) / 1000, 0);
    const enough = () => ['idle', 'full feed', 'deltas'].every((kind) => due(kind) >= MIN_SAMPLES * 1.05);
    let rounds = 0;
    for (let round = 0; round < most; round++) {
      if (FIXED_ROUNDS === null && round >= MIN_ROUNDS && (enough() || clock() - windowsStarted > WINDOWS_BUDGET_MS)) break;
      rounds += 1;
      await idle(last);
      const started = performance.now();
      await window('full feed', async () => {
        const answer = await put(updates[round]!);
        const { created, updated, sold } = answer.json as { created?: number; updated?: number; sold?: number };
        if (created !== TURNOVER || sold !== TURNOVER || updated !== 5000 - TURNOVER) throw new Error(`5,000-car update answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      });
      updateMs.push((last = performance.now() - started));
      await idle(last);
      const deltaStarted = performance.now();
      await window('deltas', async () => {
        for (let i = 0; i < DELTAS_PER_WINDOW; i++) {
          const answer = await put(deltas[round * DELTAS_PER_WINDOW + i]!, '?mode=delta');
          if (answer.json.updated !== 50) throw new Error(`50-car delta answered ${answer.status}: ${answer.text.slice(0, 300)}`);
        }
      });
      deltaWindowMs.push((last = performance.now() - deltaStarted));
    }
    if (profiler && profileFile) {
      const { profile } = await profiler.post('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(profile));
      profiler.disconnect();
      console.log(`CPU profile of the server's request thread over the windows: ${profileFile}`);
    }
    const { samples, failures } = await client.stop();
    const byKind = samplesByKind(samples, windows);
    const quiet = summarise(byKind.get('idle') ?? []);
    // The idle windows of odd and even rounds against each other: how far p99 moves by chance here.
    const idleWindows = windows.filter((w) => w.kind === 'idle');
    const halves = [0, 1].map((half) => summarise(samplesByKind(samples, idleWindows.filter((_, i) => Math.floor(i / 2) % 2 === half)).get('idle') ?? []));
    const loadOf = (kind: string) => {
      const loads = windows.filter((w) => w.kind === kind).map((w) => w.load);
      return `load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`;
    };
    const held = (kind: string) => {
      const hs = loops.get(kind) ?? [];
      return `p99 ${(Math.max(...hs.map((h) => h.percentile(99))) / 1e6).toFixed(1)} ms, max ${(Math.max(...hs.map((h) => h.max)) / 1e6).toFixed(1)} ms`;
    };

    console.log(`load average at start ${loadAtStart}, at end ${loadAverage()} (2 cores)`);
    console.log(`5,000-car CSV, full feed, 5 photo URLs a car, through PUT /api/dealer/stock (parse, diff, one transaction, re-index): ${(fullMs / 1000).toFixed(2)} s (target ≤ 10 s)`);
    console.log(`50-car delta: ${deltaMs.toFixed(0)} ms (target ≤ 1,000 ms)`);
    if (fullMs > 10_000) missed.push('5,000-car import over 10 s');
    if (deltaMs > 1000) missed.push('50-car delta over 1 s');
    console.log(`5,000-car full feed (${TURNOVER} cars sold, ${TURNOVER} new, every other price changed), while searched: ${updateMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`);
    console.log(`${DELTAS_PER_WINDOW} 50-car deltas one after another, while searched: ${deltaWindowMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s`);
    console.log(`server search (HTTP multi-query, ${SEARCHES_PER_SECOND} a second on schedule from another thread, each timed from when it was due; ~6,000 records), ${rounds} rounds of idle, full feed, idle, deltas:`);
    console.log(`  idle:                 ${line(quiet)}, ${loadOf('idle')}`);
    console.log(`    idle against idle (alternate rounds): p99 ${halves.map((h) => h.p99.toFixed(2)).join(' ms and ')} ms`);
    for (const kind of ['full feed', 'deltas']) {
      const during = summarise(byKind.get(kind) ?? []);
      const verdict = unchangedVerdict(quiet, during);
      console.log(`  during ${kind}:${' '.repeat(14 - kind.length)}${line(during)}, ${loadOf(kind)}`);
      const status = !verdict.enough ? `too few searches to tell (fewer than ${MIN_SAMPLES} on a side)` : verdict.unchanged ? 'unchanged' : 'NOT unchanged';
      console.log(`    p99 ${status}: ${during.p99.toFixed(2)} ms against at most ${verdict.allowedMs.toFixed(2)} ms (idle p99 × ${UNCHANGED.ratio} or + ${UNCHANGED.plusMs} ms, whichever is larger)`);
      if (!verdict.enough || !verdict.unchanged) missed.push(`search p99 during ${kind} ${status}`);
    }
    if (failures.length > 0) {
      console.log(`  ${failures.length} searches failed: ${[...new Set(failures)].join('; ')}`);
      missed.push(`${failures.length} searches failed`);
    }
    console.log(`server thread held (event-loop delay, 1 ms resolution): idle ${held('idle')}; full feeds ${held('full feed')}; deltas ${held('deltas')}`);
    // Load-independent: what the searches leave for the request thread's young-generation collections.
    const mbPerSecond = (kind: string) => ((allocatedByKind.get(kind) ?? 0) / 1e6 / (secondsByKind.get(kind) ?? 1)).toFixed(1);
    console.log(
      `request thread's JavaScript heap allocations: idle ${((allocatedByKind.get('idle') ?? 0) / 1024 / Math.max(1, due('idle'))).toFixed(0)} KB a search ` +
        `(${mbPerSecond('idle')} MB a second at ${SEARCHES_PER_SECOND} searches a second); full feeds ${mbPerSecond('full feed')} MB a second; deltas ${mbPerSecond('deltas')} MB a second`,
    );
    // The pauses searches meet on the request thread: a young-generation collection copies what
    // survives it, so what each kept sets its pause whatever the load; the pauses are wall time.
    console.log(`request thread's young-generation collections (${semiSpaceSize()}; each one's pause grows with what it keeps):`);
    for (const kind of ['idle', 'full feed', 'deltas']) {
      const c = youngCollections(collectionsByKind.get(kind) ?? [], secondsByKind.get(kind) ?? 0);
      console.log(`  ${kind}:${' '.repeat(Math.max(1, 10 - kind.length))}${c.perSecond.toFixed(2)} a second, each keeping ${mb(c.survivedMedianBytes)} MB (median; largest ${mb(c.survivedMaxBytes)} MB), pause median ${c.pauseMedianMs.toFixed(1)} ms, longest ${c.pauseMaxMs.toFixed(1)} ms`);
    }
    if (cpuByKind.get('idle')?.size) {
      const clientTid = await client.tid;
      const database = databaseThreadIds();
      const ownNice = os.getPriority();
      const label = (tid: number) =>
        tid === process.pid ? 'request thread' : database.has(tid) ? 'database thread' : tid === clientTid ? "bench's shoppers" : (niceOf.get(tid) ?? ownNice) > ownNice ? 'feed worker' : earlyThreads.has(tid) ? "V8's helpers (GC)" : 'other threads';
      const windowsOf = new Map<string, number>();
      for (const w of windows) windowsOf.set(w.kind, (windowsOf.get(w.kind) ?? 0) + 1);
      console.log(`CPU time of each thread in an average window (/proc/self/task; ${os.availableParallelism()} cores):`);
      for (const l of threadLines(cpuByKind, windowsOf, secondsByKind, label)) console.log(l);
      const waits = [...waitByKind].map(([kind, ms]) => `${kind} ${(ms / (secondsByKind.get(kind) ?? 1)).toFixed(0)}`);
      console.log(`  the request thread runnable but waiting for a core, ms a second of window: ${waits.join(', ')}`);
    }
  } finally {
    await client.close();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (missed.length > 0) throw new Error(`stock targets missed: ${missed.join('; ')}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchStock();
