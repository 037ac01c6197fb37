import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { VEHICLE_LANDING_AIM } from '../build/bench.ts';
import { formatKb } from '../build/budgets.ts';
import { runMatrix } from '../build/matrix.ts';
import { readTenantFiles, staleTenants } from '../build/stale.ts';
import { startServer } from '../server/index.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumLaunchOptions } from '../e2e/lib/chromium.ts';
import { builtChunks, noteScriptsAtHydration, richestCarSlug, scriptsBeforeHydration } from '../e2e/lib/hydration-scripts.ts';
import type { ResolvedTenant } from '../schema/resolved-tenant.gen.ts';
import { categoryScoreWith, threadTimeBlocking, type TraceEvent } from './lib/thread-time-blocking.ts';
import { cpuShares, formatShares, readCpuTimes } from './lib/machine.ts';
import { percentile } from './lib/percentile.ts';

/*
 * Server rendering figures, on the built bundles: per tenant, the time the platform
 * takes to render and send the home page and a search page (p50/p99 over sequential requests,
 * measured from request to the last byte, after a warm-up), and Lighthouse's mobile scores
 * (performance, LCP, TBT, CLS) for the same two pages with Chromium, the median of three runs
 * (FC_LIGHTHOUSE_RUNS) as Lighthouse advises for its variance. Targets: performance
 * ≥ 95, LCP ≤ 1.8 s, TBT ≤ 150 ms. Beside Lighthouse's TBT, the same runs' blocking time counted
 * on each task's thread time (scripts/lib/thread-time-blocking.ts): on this two-core machine the
 * page's main thread waits for the browser's other processes, the server and Lighthouse, and
 * Lighthouse multiplies that waiting by four with the page's work.
 * `npm run bench -- render` (add `--no-lighthouse` to skip it).
 *
 * And the JavaScript each page needs before it is interactive (the aim for a vehicle page:
 * 150 KB gzip): the scripts Chromium had loaded when the app marked itself hydrated, sized gzip
 * as in the build report. It counts the parts a route loads before hydrating (a car page's
 * calculators, gauge and enquiry form), which the build report's route figures do not.
 */

const RUNS = Number(process.env.FC_RENDER_RUNS ?? 40);

function get(port: number, host: string, pathname: string): Promise<{ status: number; ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, path: pathname, headers: { host, 'accept-encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}


export interface LighthouseFigures {
  performance: number;
  /** First contentful paint of the median run. */
  fcpMs: number;
  /** URLs the median run's page requested. */
  requests: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** TBT of every run, lowest first. */
  tbtRuns: number[];
  /**
   * Blocking time of the median run's trace counted on thread time (scripts/lib/thread-time-blocking.ts):
   * the page's own work without the time this shared machine kept its main thread waiting.
   */
  threadTbtMs: number;
  /** The same for every run, lowest first. */
  threadTbtRuns: number[];
  /** Wall time over thread time of the median run's tasks after the first paint. */
  waitRatio: number;
  /** The median run's performance score with the thread-time TBT scored on Lighthouse's own curve. */
  threadPerformance: number;
  /**
   * The median run's long tasks as Lighthouse's simulation counts them (its `long-tasks` audit:
   * each observed task times four, placed after what it waits for), longest first: what its TBT
   * is made of.
   */
  longTasks: { at: number; ms: number; source: string }[];
}

/** Where each page's median run is written (Lighthouse's JSON and its trace), when set. */
const SAVE_DIR = process.env.FC_LIGHTHOUSE_SAVE;

/** Lighthouse runs per page: one run's TBT moves by ±200 ms or more with nothing changed. */
const LIGHTHOUSE_RUNS = Number(process.env.FC_LIGHTHOUSE_RUNS ?? 3);

/**
 * Lighthouse's mobile figures for a page: the median of LIGHTHOUSE_RUNS runs, chosen as
 * Lighthouse's own documentation does (`computeMedianRun`: the run nearest the median FCP and
 * time to interactive), with every run's TBT beside it.
 */
export async function lighthouseMobile(url: string, port: number, flags: { disableStorageReset?: boolean } = {}): Promise<LighthouseFigures> {
  const { default: lighthouse } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const { Audit } = await import('lighthouse/core/audits/audit.js');
  const runs = [];
  const blocking = new Map<unknown, ReturnType<typeof threadTimeBlocking>>();
  const traces = new Map<unknown, unknown>();
  let failures = 0;
  while (runs.length < LIGHTHOUSE_RUNS) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile', ...flags });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // Now and then Lighthouse fails to record its own trace: on this machine about one run in 40
    // ends NO_NAVSTART, the only navigationStart in the trace naming a frame that is not the
    // page's. That run measured nothing; it is said and run again, up to twice a page.
    const failure = result.lhr.runtimeError;
    if (failure) {
      console.log(`  Lighthouse run ${runs.length + 1} of ${url} recorded nothing (${failure.code}); running it again`);
      if (++failures > 2) throw new Error(`Lighthouse failed ${failures} times on ${url}: ${failure.code} ${failure.message}`);
      continue;
    }
    runs.push(result.lhr);
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    traces.set(result.lhr, trace);
    blocking.set(result.lhr, trace ? threadTimeBlocking(trace.traceEvents) : null);
  }
  const median = computeMedianRun(runs);
  const audits = median.audits;
  if (SAVE_DIR) saveRun(SAVE_DIR, url, median, traces.get(median));
  const medianBlocking = blocking.get(median);
  return {
    performance: Math.round((median.categories.performance?.score ?? 0) * 100),
    fcpMs: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    requests: ((audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? []).map((item) => item.url),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtRuns: runs.map((run) => Math.round(run.audits['total-blocking-time']?.numericValue ?? Number.NaN)).sort((a, b) => a - b),
    threadTbtMs: medianBlocking?.threadBlockingMs ?? Number.NaN,
    threadTbtRuns: runs.map((run) => Math.round(blocking.get(run)?.threadBlockingMs ?? Number.NaN)).sort((a, b) => a - b),
    waitRatio: medianBlocking ? medianBlocking.wallMs / medianBlocking.threadMs : Number.NaN,
    threadPerformance: medianBlocking ? performanceWithTbt(median, medianBlocking.threadBlockingMs, Audit.computeLogNormalScore) : Number.NaN,
    longTasks: ((audits['long-tasks']?.details as { items?: { url: string; duration: number; startTime: number }[] } | undefined)?.items ?? [])
      .map((task) => ({ at: Math.round(task.startTime), ms: Math.round(task.duration), source: task.url.replace(/^https?:\/\/[^/]+/, '') }))
      .sort((a, b) => b.ms - a.ms),
  };
}

/** Writes a run's result and trace as `<host><path>.json` and `.trace.json` under `dir`. */
function saveRun(dir: string, url: string, lhr: unknown, trace: unknown): void {
  fs.mkdirSync(dir, { recursive: true });
  const name = url.replace(/^https?:\/\//, '').replace(/[^a-z0-9.-]+/gi, '_');
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(lhr));
  if (trace) fs.writeFileSync(path.join(dir, `${name}.trace.json`), JSON.stringify(trace));
}

/** A page's long tasks, the five longest, as `4 long tasks: 524 ms at 2,641 ms (client-….js), …`. */
function formatLongTasks(tasks: LighthouseFigures['longTasks']): string {
  if (tasks.length === 0) return 'no long task';
  const shown = tasks.slice(0, 5).map((task) => `${task.ms} ms at ${task.at} ms (${task.source.split('/').pop()?.slice(0, 40) || task.source})`);
  return `${tasks.length} long task${tasks.length === 1 ? '' : 's'}: ${shown.join(', ')}${tasks.length > 5 ? ', …' : ''}`;
}

type LighthouseResult = Awaited<ReturnType<typeof import('lighthouse')['default']>> & object;

/** A run's performance score with another TBT, scored on the curve of Lighthouse's own TBT audit. */
function performanceWithTbt(lhr: LighthouseResult['lhr'], tbtMs: number, score: (options: { p10: number; median: number }, value: number) => number): number {
  const tbt = lhr.audits['total-blocking-time'];
  const refs = lhr.categories.performance?.auditRefs;
  if (!tbt?.scoringOptions || !refs) return Number.NaN;
  const scores = Object.fromEntries(Object.entries(lhr.audits).map(([id, audit]) => [id, audit.score]));
  return categoryScoreWith(refs, scores, { 'total-blocking-time': score(tbt.scoringOptions, tbtMs) });
}

/** The aim for a page: performance ≥ 95, LCP ≤ 1.8 s, TBT ≤ 150 ms. */
function meetsTarget(performance: number, lcpMs: number, tbtMs: number): 'meets' | 'MISSES' {
  return performance >= 95 && lcpMs <= 1800 && tbtMs <= 150 ? 'meets' : 'MISSES';
}

/**
 * The page kinds Lighthouse measures per tenant (`--page=`, repeatable; all of them by default):
 * the home page, the stock search, a car's page, a dealership location, the contact page (a lead
 * form), an information page and the finance application (a form in steps). A kind the tenant
 * does not have (a page switched off answers 404) is left out of its rows and said so.
 */
const PAGE_KINDS = ['home', 'search', 'car', 'location', 'contact', 'information', 'finance'] as const;
type PageKind = (typeof PAGE_KINDS)[number];

/** Prints render times and Lighthouse scores per tenant. */
export async function benchRender(options: { lighthouse?: boolean; tenants?: string[]; pages?: string[] } = {}): Promise<void> {
  // As `npm start` serves: React's production build (read when the first entry loads React).
  process.env.NODE_ENV ??= 'production';
  const unknownPage = options.pages?.find((page) => !(PAGE_KINDS as readonly string[]).includes(page));
  if (unknownPage !== undefined) throw new Error(`--page ${unknownPage}: the pages measured are ${PAGE_KINDS.join(', ')}`);
  const files = readTenantFiles();
  const unknownTenant = options.tenants?.find((slug) => !files.some((file) => file.file === `${slug}.json`));
  if (unknownTenant !== undefined) throw new Error(`--tenant ${unknownTenant}: no such tenant in tenants/`);
  const stale = staleTenants().filter((slug) => !options.tenants?.length || options.tenants.includes(slug));
  if (stale.length) {
    console.log(`building ${stale.length} stale tenant(s) first…`);
    await runMatrix({ files, only: stale, enforceBudgets: false, log: () => {} });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-render-bench-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.resolve('dist'), seedCars: 6000, log: () => {} });
  const hostOf = (slug: string) => `${slug}.localhost:${server.port}`;
  const tenants = server.tenants.filter((tenant) => !options.tenants?.length || options.tenants.includes(tenant.slug));
  const rows: string[][] = [];
  try {
    for (const tenant of tenants) {
      const paths = { home: '/', search: tenant.config.routes.defaultSearchPath };
      const row = [tenant.slug];
      for (const [name, pathname] of Object.entries(paths)) {
        for (let i = 0; i < 5; i++) await get(server.port, hostOf(tenant.slug), pathname);
        const times: number[] = [];
        let bytes = 0;
        for (let i = 0; i < RUNS; i++) {
          const answer = await get(server.port, hostOf(tenant.slug), pathname);
          if (answer.status !== 200) throw new Error(`${tenant.slug} ${pathname} answered ${answer.status}`);
          times.push(answer.ms);
          bytes = answer.bytes;
        }
        times.sort((a, b) => a - b);
        row.push(`${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)} ms (${(bytes / 1024).toFixed(1)} KB br)`);
        void name;
      }
      rows.push(row);
    }
    console.log(`\nserver render, request to last byte, ${RUNS} sequential requests after warm-up (p50 / p99)`);
    console.log(['tenant'.padEnd(30), 'home'.padEnd(34), 'search'].join(''));
    for (const row of rows) console.log([row[0]!.padEnd(30), row[1]!.padEnd(34), row[2]].join(''));

    await hydrationJs(tenants, server.port);

    if (options.lighthouse === false) return;
    // Lighthouse drives Debian's Chromium over the DevTools protocol, with mobile emulation and
    // its default simulated slow 4G and 4× CPU slowdown. *.localhost resolves to this machine.
    const { launch } = await import('chrome-launcher');
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, userDataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'fc-lh-')) });
    const scores: string[] = [];
    const threadScores: string[] = [];
    const longTaskLines: string[] = [];
    const browserVersion = await browserName(chrome.port);
    const cpuBefore = readCpuTimes();
    try {
      for (const tenant of tenants) {
        const car = await richestCarSlug(server.port, tenant.config);
        const location = tenant.config.dealer.locations.find((l) => l.visible);
        const kinds: Record<PageKind, string | null> = {
          home: '/',
          search: tenant.config.routes.defaultSearchPath,
          car: car === null ? null : `/cars/${car}`,
          location: location === undefined ? null : `/locations/${location.slug}`,
          contact: '/contact-us',
          information: '/about-us',
          finance: '/apply-for-finance',
        };
        for (const [kind, pathname] of Object.entries(kinds)) {
          if (options.pages?.length && !options.pages.includes(kind)) continue;
          const status = pathname === null ? null : (await get(server.port, hostOf(tenant.slug), pathname)).status;
          if (pathname === null || status !== 200) {
            scores.push(`${tenant.slug.padEnd(30)}${kind.padEnd(12)}not measured: ${pathname === null ? 'the tenant has none' : `${pathname} answers ${status}`}`);
            continue;
          }
          const url = `http://${hostOf(tenant.slug)}${pathname}`;
          const f = await lighthouseMobile(url, chrome.port);
          scores.push(`${tenant.slug.padEnd(30)}${kind.padEnd(12)}perf ${String(f.performance).padStart(3)}  LCP ${(f.lcpMs / 1000).toFixed(2)} s  TBT ${Math.round(f.tbtMs)} ms (runs ${f.tbtRuns.join(' / ')})  CLS ${f.cls.toFixed(3)}  ${meetsTarget(f.performance, f.lcpMs, f.tbtMs)} target  (load ${os.loadavg()[0]!.toFixed(1)})`);
          longTaskLines.push(`${tenant.slug.padEnd(30)}${kind.padEnd(12)}${formatLongTasks(f.longTasks)}`);
          threadScores.push(`${tenant.slug.padEnd(30)}${kind.padEnd(12)}TBT ${Math.round(f.threadTbtMs)} ms (runs ${f.threadTbtRuns.join(' / ')})  perf ${f.threadPerformance}  wall ÷ thread ${f.waitRatio.toFixed(2)}  ${meetsTarget(f.threadPerformance, f.lcpMs, f.threadTbtMs)} target`);
        }
      }
    } finally {
      await chrome.kill();
    }
    const cpuAfter = readCpuTimes();
    console.log(`\nLighthouse mobile (simulated slow 4G, 4× CPU), median of ${LIGHTHOUSE_RUNS} runs; target perf ≥ 95, LCP ≤ 1.8 s, TBT ≤ 150 ms`);
    console.log(`${browserVersion}${cpuBefore && cpuAfter ? `; the machine during the runs: ${formatShares(cpuShares(cpuBefore, cpuAfter))}` : ''}`);
    for (const line of scores) console.log(line);
    console.log(`\nThe same runs' blocking time on thread time (4× each main-thread task's CPU time after the first paint, less 50 ms;
the page's own work without the time this machine kept its main thread waiting), median run and every run, and the
median run's performance score with that TBT scored on Lighthouse's curve (LCP and the other metrics as above)`);
    for (const line of threadScores) console.log(line);
    console.log(`\nThe median run's long tasks as Lighthouse's simulation counts them (each observed task × 4), longest first, with their
simulated start and what they are attributed to${SAVE_DIR ? `; runs saved in ${SAVE_DIR}` : ' (FC_LIGHTHOUSE_SAVE=<dir> keeps each run\'s JSON and trace)'}`);
    for (const line of longTaskLines) console.log(line);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The browser Lighthouse drives, as it names itself ("HeadlessChrome/156.0.8078.108"). */
async function browserName(port: number): Promise<string> {
  try {
    const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser?: unknown };
    return String(version.Browser ?? 'unknown browser');
  } catch {
    return 'unknown browser';
  }
}

/** Prints, per tenant, the JS gzip a phone-sized Chromium loaded before home, search and a car page hydrated. */
async function hydrationJs(tenants: { slug: string; config: ResolvedTenant }[], port: number): Promise<void> {
  const { chromium } = await import('playwright');
  const browser = await chromium.launch(chromiumLaunchOptions());
  const lines: string[] = [];
  try {
    for (const tenant of tenants) {
      const host = `${tenant.slug}.localhost:${port}`;
      const slug = await richestCarSlug(port, tenant.config);
      const car = slug === null ? null : `/cars/${slug}`;
      const chunks = builtChunks(tenant.slug, path.resolve('dist'));
      const cells: string[] = [];
      for (const pathname of ['/', tenant.config.routes.defaultSearchPath, car]) {
        if (!pathname) {
          cells.push('—');
          continue;
        }
        const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
        await noteScriptsAtHydration(page);
        const answer = await page.goto(`http://${host}${pathname}`);
        if (answer?.status() !== 200) throw new Error(`${host}${pathname} answered ${answer?.status()}`);
        const scripts = await scriptsBeforeHydration(page);
        await page.close();
        const gzip = scripts.reduce((total, script) => total + (chunks.get(script)?.gzip ?? 0), 0);
        const aim = pathname === car ? (gzip <= VEHICLE_LANDING_AIM ? ' meets aim' : ` ${formatKb(gzip - VEHICLE_LANDING_AIM)} over`) : '';
        cells.push(`${formatKb(gzip)} (${scripts.length})${aim}`);
      }
      lines.push(`${tenant.slug.padEnd(30)}${cells[0]!.padEnd(18)}${cells[1]!.padEnd(18)}${cells[2]}`);
    }
  } finally {
    await browser.close();
  }
  console.log(`
JavaScript before the page hydrated (gzip, scripts), phone-sized Chromium; vehicle page aim ≤ ${formatKb(VEHICLE_LANDING_AIM)}`);
  console.log(['tenant'.padEnd(30), 'home'.padEnd(18), 'search'.padEnd(18), 'vehicle page'].join(''));
  for (const line of lines) console.log(line);
}
