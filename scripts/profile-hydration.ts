import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/lib/chromium.ts';
import { richestCarSlug } from '../e2e/lib/hydration-scripts.ts';
import { startServer } from '../server/index.ts';
import type { TraceEvent } from './lib/thread-time-blocking.ts';

/*
 * Where a page's main thread goes while it starts, for finding what makes Lighthouse's blocking
 * time: loads one page kind of one built tenant in a phone-sized Chromium (as Lighthouse's
 * simulated runs do: unthrottled, the tasks' times multiplied by four afterwards), traces it with
 * V8's sampling profiler, and prints every main-thread task after the first paint that would be
 * a long task on Lighthouse's phone (over 12.5 ms here), with the functions it spent its time in.
 *   npx tsx scripts/profile-hydration.ts <slug> home|search|car [runs=1] [trace-out.json]
 */

const [slug, kind = 'search', runsArg = '1', out] = process.argv.slice(2);
if (!slug) throw new Error('usage: profile-hydration.ts <slug> home|search|car [runs] [trace.json]');
process.env.NODE_ENV ??= 'production';

const HYDRATED_MESSAGE = `(() => {
  let value;
  Object.defineProperty(window, 'fcHydrated', { configurable: true, get: () => value, set: (next) => { if (next === true && value !== true) console.log('fc-hydrated'); value = next; } });
})();`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  parent?: number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-profile-'));
const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.resolve('dist'), seedCars: 600, log: () => {} });
const { chromium } = await import('playwright');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const tenant = server.tenants.find((t) => t.slug === slug);
  if (!tenant) throw new Error(`no tenant ${slug}`);
  const car = await richestCarSlug(server.port, tenant.config);
  const pathname = kind === 'home' ? '/' : kind === 'car' ? `/cars/${car}` : tenant.config.routes.defaultSearchPath;
  const url = `http://${slug}.localhost:${server.port}${pathname}`;
  console.log(url);
  for (let run = 0; run < Number(runsArg); run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Playwright's Runtime domain makes V8 capture stacks for every Error (docs/rendering.md): as Lighthouse does, turn the debugger on.
    await cdp.send('Debugger.enable');
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading', 'toplevel'],
    });
    // Told by a console message, not by polling the page (a poll is a task on its main thread).
    await page.addInitScript({ content: HYDRATED_MESSAGE });
    const hydrated = page.waitForEvent('console', { predicate: (message) => message.text() === 'fc-hydrated', timeout: 60_000 });
    await page.goto(url);
    await hydrated;
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const buffer = await browser.stopTracing();
    await context.close();
    if (out) fs.writeFileSync(out, buffer);
    report(JSON.parse(buffer.toString()).traceEvents as (TraceEvent & { args?: Record<string, unknown> })[]);
  }
} finally {
  await browser.close();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function report(events: (TraceEvent & { args?: Record<string, unknown>; id?: string })[]): void {
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
  if (!fcp) throw new Error('no first paint in the trace');
  const main = events.find((e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain')!;
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts >= fcp.ts).sort((a, b) => a.ts - b.ts);
  // Samples of V8's profiler: nodes and (time, node) pairs.
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === main.pid);
  const start = events.find((e) => e.name === 'Profile' && e.pid === main.pid);
  let time = (start?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const chunk of chunks) {
    const data = (chunk.args?.data ?? {}) as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      time += deltas[i] ?? 0;
      samples.push({ ts: time, node: id });
    });
  }
  const label = (node: ProfileNode | undefined) => (node ? `${node.callFrame.functionName || '(anonymous)'} ${path.basename(node.callFrame.url || '')}:${node.callFrame.lineNumber}` : '?');
  let wallTbt = 0;
  let threadTbt = 0;
  const firstTs = events.filter((e) => e.name === 'navigationStart' && e.pid === main.pid).sort((a, b) => a.ts - b.ts)[0]?.ts ?? fcp.ts;
  console.log(`first paint at ${((fcp.ts - firstTs) / 1000).toFixed(0)} ms`);
  let openUntil = -Infinity;
  for (const task of tasks) {
    if (task.ts < openUntil) continue;
    openUntil = task.ts + (task.dur ?? 0);
    const wall = (task.dur ?? 0) / 1000;
    const thread = (task.tdur ?? task.dur ?? 0) / 1000;
    wallTbt += Math.max(0, wall * 4 - 50);
    threadTbt += Math.max(0, thread * 4 - 50);
    if (thread < Number(process.env.FC_PROFILE_MIN_MS ?? 10)) continue;
    // Self time by function (the sample's leaf) and by the nearest function of the app's own code.
    const within = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + (task.dur ?? 0));
    const self = new Map<string, number>();
    for (const sample of within) {
      const node = nodes.get(sample.node);
      const key = label(node);
      self.set(key, (self.get(key) ?? 0) + 1);
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.FC_PROFILE_TOP ?? 8));
    const kinds = new Map<string, number>();
    for (const e of events) {
      if (!onMain(e) || e.ph !== 'X' || e.ts < task.ts || e.ts > task.ts + (task.dur ?? 0) || e === task) continue;
      if (['FunctionCall', 'EvaluateScript', 'v8.compile', 'v8.evaluateModule', 'Layout', 'UpdateLayoutTree', 'Paint', 'ParseHTML', 'MinorGC', 'MajorGC', 'TimerFire', 'v8.compileModule', 'RunMicrotasks', 'ParseAuthorStyleSheet', 'HitTest', 'PrePaint', 'Layerize'].includes(e.name)) {
        const data = (e.args?.data ?? {}) as { url?: string; functionName?: string };
        const key = `${e.name}${data.url ? ` ${path.basename(data.url)}` : ''}`;
        kinds.set(key, (kinds.get(key) ?? 0) + (e.dur ?? 0) / 1000);
      }
    }
    const kindList = [...kinds.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join('; ');
    console.log(`task at ${((task.ts - firstTs) / 1000).toFixed(0)} ms: wall ${wall.toFixed(1)} ms, thread ${thread.toFixed(1)} ms (×4 − 50 = ${Math.max(0, thread * 4 - 50).toFixed(0)} ms)\n   ${kindList}`);
    for (const [key, count] of top) console.log(`     ${count} samples  ${key}`);
  }
  console.log(`blocking time estimate after first paint: wall ×4 ${wallTbt.toFixed(0)} ms, thread ×4 ${threadTbt.toFixed(0)} ms`);
  // Where all the main thread's time after the first paint went.
  let total = 0;
  const sizes = [0, 0, 0, 0];
  openUntil = -Infinity;
  for (const task of tasks) {
    if (task.ts < openUntil) continue;
    openUntil = task.ts + (task.dur ?? 0);
    const thread = (task.tdur ?? task.dur ?? 0) / 1000;
    total += thread;
    sizes[thread < 1 ? 0 : thread < 3 ? 1 : thread < 10 ? 2 : 3]!++;
  }
  console.log(`thread time of all tasks after the first paint: ${total.toFixed(1)} ms; tasks <1 ms ${sizes[0]}, 1–3 ms ${sizes[1]}, 3–10 ms ${sizes[2]}, ≥10 ms ${sizes[3]}`);
  const bySelf = new Map<string, number>();
  const byScript = new Map<string, number>();
  const after = samples.filter((s) => s.ts >= fcp.ts);
  for (const sample of after) {
    const node = nodes.get(sample.node);
    const key = label(node);
    bySelf.set(key, (bySelf.get(key) ?? 0) + 1);
    let n: ProfileNode | undefined = node;
    while (n && !n.callFrame.url) n = n.parent === undefined ? undefined : nodes.get(n.parent);
    const script = n ? path.basename(n.callFrame.url) : node?.callFrame.functionName ?? '?';
    byScript.set(script, (byScript.get(script) ?? 0) + 1);
  }
  const interval = after.length > 1 ? (after.at(-1)!.ts - after[0]!.ts) / after.length / 1000 : 0;
  console.log(`samples after first paint: ${after.length} (~${interval.toFixed(2)} ms apart); by script: ${[...byScript.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  for (const [key, count] of [...bySelf.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`     ${count} samples  ${key}`);
}
