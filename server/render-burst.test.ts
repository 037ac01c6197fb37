import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from './index.ts';
import { busyPage } from './http/pages.ts';
import { request, type TestResponse } from './local-client.ts';
import type { HostedTenant } from './tenants.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { drivenClock } from './test-support/driven-clock.ts';
import { writeStandInEntry } from './test-support/stand-in-entry.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * The render queue on a real server with a driven clock and two render slots (two threads, one
 * render each), the product's 1.2 s budget and its burst of eight waiting pages:
 * - a browser's or a link checker's burst of four uncached pages on a fresh server, each first
 *   render held far past the budget, is all answered 200;
 * - under overload (more than eight pages waiting), pages rendering and waiting at their deadline
 *   are answered 503 with Retry-After, the API answers meanwhile, and a cut-off render lands in
 *   the page cache and is the next answer for its page.
 * The entry holds each first render of a path until the test releases it through shared memory,
 * so nothing here waits on time.
 */

const BUDGET_MS = 1_200;

// jsdom ships no types of its own: the one constructor used here, typed.
const require = createRequire(import.meta.url);
const { JSDOM } = require('jsdom') as { JSDOM: new (html: string, options?: { runScripts?: 'outside-only' }) => { window: Window & { eval(source: string): unknown } } };
const AXE_SOURCE = (require('axe-core') as { source: string }).source;

// Holds the first render of each path (per thread) until released; says whether it was held.
const ENTRY = `
const heldOnce = new Set();
export async function render({ request }) {
  const url = new URL(request.url);
  let held = 'no';
  if (!url.pathname.startsWith('/api') && !heldOnce.has(url.pathname)) {
    heldOnce.add(url.pathname);
    held = 'yes';
    const shared = new SharedArrayBuffer(4);
    const channel = new BroadcastChannel('render-burst');
    channel.postMessage(shared);
    channel.close();
    Atomics.wait(new Int32Array(shared), 0, 0);
  }
  return new Response('<!doctype html><html lang="en-AU"><title>t</title><h1>' + url.pathname + '</h1><p id="held">' + held + '</p>', { headers: { 'content-type': 'text/html' } });
}`;

let dataDir: string;
let server: RunningServer;
let A: string;
const driven = drivenClock();
const releases: (() => void)[] = [];
const channel = new BroadcastChannel('render-burst');
channel.addEventListener('message', (event) => {
  const memory = new Int32Array((event as MessageEvent).data as SharedArrayBuffer);
  releases.push(() => {
    Atomics.store(memory, 0, 1);
    Atomics.notify(memory, 0);
  });
});

/** Releases the renders held so far (waiting until `count` are held). */
async function releaseHeld(count: number): Promise<void> {
  await expect.poll(() => releases.length).toBeGreaterThanOrEqual(count);
  for (const release of releases.splice(0)) release();
}

/** A page asked for, and its answer once it came. */
function ask(pathname: string) {
  const state: { answer?: TestResponse; error?: unknown } = {};
  const done = request(server.port, A, pathname).then(
    (answer) => (state.answer = answer),
    (error: unknown) => (state.error = error),
  );
  return { state, done };
}

let warmed = 0;
/** Renders that take no time on the clock, two at a time, so the queue's median render time is 0: the slots clear any queue in time. */
async function quickRenders(count: number): Promise<void> {
  for (let i = 0; i < count; i += 2) {
    const pages = [`/quick-${warmed++}`, `/quick-${warmed++}`].map(ask);
    await releaseHeld(2);
    await Promise.all(pages.map((p) => p.done));
    expect(pages.map((p) => p.state.answer?.status)).toEqual([200, 200]);
  }
}

beforeAll(async () => {
  dataDir = freshDataDir('fc-render-burst-');
  writeStandInEntry(path.join(dataDir, 'dist'), 'alpha-motors', ENTRY);
  server = await startTestServer({
    dataDir,
    seedCars: 10,
    renderPool: { threads: 2, perThread: 1, timeoutMs: 600_000 },
    renderQueue: { concurrent: 2, clock: driven.clock },
  });
  A = `alpha-motors.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  channel.close();
  for (const release of releases.splice(0)) release();
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

/**
 * Two pages rendering (held) and nine waiting, more than a burst of eight, on a queue that
 * refuses nothing on arrival (nothing shed lately, recent renders took no time).
 * @param name the pages' path prefix
 */
async function overload(name: string) {
  await driven.advance(BUDGET_MS * 10);
  await quickRenders(16);
  const rendering = [1, 2].map((n) => ask(`/${name}-${n}`));
  await expect.poll(() => releases.length).toBe(2);
  const waiting = [3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => ask(`/${name}-${n}?page=${n}`));
  // The running pages' deadline timers and the waiting ones'.
  await expect.poll(() => driven.pending()).toBe(11);
  return { rendering, waiting };
}

describe('render queue on a server', () => {
  test('a burst of four uncached pages on a fresh server, every first render far slower than the budget, all answer 200', async () => {
    // Nothing shed lately.
    await driven.advance(BUDGET_MS * 10);
    const pages = ['/burst-1', '/burst-2', '/burst-3', '/burst-4'].map(ask);
    // Two render, two wait (their timers at the deadline, and the running ones' own).
    await expect.poll(() => driven.pending()).toBe(4);
    await releaseHeld(2);
    await driven.advance(BUDGET_MS * 3);
    for (const { state } of pages) expect(state.answer?.status ?? 'waiting').not.toBe(503);
    // The last two were waiting for a slot past their deadline: now their own first renders.
    await releaseHeld(2);
    await driven.advance(BUDGET_MS * 3);
    await Promise.all(pages.map((p) => p.done));
    expect(pages.map((p) => p.state.answer?.status)).toEqual([200, 200, 200, 200]);
    expect(pages.map((p) => /<h1>([^<]+)<\/h1>/.exec(p.state.answer!.text)?.[1])).toEqual(['/burst-1', '/burst-2', '/burst-3', '/burst-4']);
  });

  test('under overload, pages rendering and waiting at their deadline answer 503 with Retry-After; a cut-off render is kept and is the next answer', async () => {
    const { rendering, waiting } = await overload('flood');
    // Cheap answers never wait for a slot.
    expect((await request(server.port, A, '/api/site')).status).toBe(200);
    expect((await request(server.port, A, '/robots.txt')).status).toBe(200);
    await driven.advance(BUDGET_MS - 1);
    for (const { state } of [...rendering, ...waiting]) expect(state.answer).toBeUndefined();
    await driven.advance(1);
    await Promise.all([...rendering, ...waiting].map((p) => p.done));
    for (const { state } of [...rendering, ...waiting]) {
      expect(state.answer?.status).toBe(503);
      expect(Number(state.answer?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(state.answer?.headers['cache-control']).toBe('no-store');
      expect(state.answer?.text).toContain('We are busy for a moment');
    }
    // The cut-off renders go on after their shoppers were answered; their pages are kept.
    await releaseHeld(2);
    const again = await request(server.port, A, '/flood-1');
    expect(again.status).toBe(200);
    expect(again.text).toContain('<h1>/flood-1</h1><p id="held">yes</p>');
  });
});

/** Runs the busy page's script against a page, with timers and a reload the test sees. */
function runBusyScript(document: Document, source: string) {
  const timers = new Map<number, { ms: number; fn: () => void }>();
  let ids = 0;
  let reloads = 0;
  vm.runInContext(source, vm.createContext({
    document,
    location: { reload: () => reloads++ },
    setTimeout: (fn: () => void, ms: number) => (timers.set(++ids, { ms, fn }), ids),
    clearTimeout: (id: number) => timers.delete(id),
  }));
  return { timers, reloads: () => reloads };
}

describe('the busy page', () => {
  test('says in words it will try again after its Retry-After, tries the page asked for again by itself then, and can be stopped', async () => {
    const { rendering, waiting } = await overload('busy');
    await driven.advance(BUDGET_MS);
    await Promise.all([...rendering, ...waiting].map((p) => p.done));
    await releaseHeld(2);
    const answer = waiting[1]!.state.answer!;
    expect(answer.status).toBe(503);
    const seconds = Number(answer.headers['retry-after']);
    expect(seconds).toBeGreaterThanOrEqual(1);
    const dom = new JSDOM(answer.text);
    const { document } = dom.window;
    expect(document.documentElement.lang).toBe('en-AU');
    expect(document.querySelector('h1')?.textContent).toBe('We are busy for a moment');
    // Without JavaScript: plain words, the page again and the way home.
    const status = document.querySelector('[role="status"]')!;
    expect(status.textContent).toBe(seconds === 1 ? 'Please try again in a second.' : `Please try again in ${seconds} seconds.`);
    expect([...document.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Try again', '/busy-4?page=4'], ['Go to the home page', '/']]);
    // The one inline script carries the nonce the page's CSP allows.
    const script = document.querySelector('script')!;
    expect(String(answer.headers['content-security-policy'])).toContain(`'nonce-${script.getAttribute('nonce')}'`);

    // The script run against the page, on timers the test moves.
    const tried = runBusyScript(document, script.textContent!);
    expect(status.textContent).toBe(seconds === 1 ? 'This page will try again by itself in 1 second.' : `This page will try again by itself in ${seconds} seconds.`);
    expect([...tried.timers.values()].map((t) => t.ms)).toEqual([seconds * 1000]);
    expect(tried.reloads()).toBe(0);
    for (const timer of tried.timers.values()) timer.fn();
    expect(tried.reloads()).toBe(1);

    // Stopped before its time, it never reloads, and says so.
    const again = new JSDOM(answer.text).window.document;
    const stopped = runBusyScript(again, script.textContent!);
    const stop = again.querySelector('button')!;
    expect(stop.textContent).toBe('Stop trying again');
    // axe (WCAG 2.2 AA) with the status line and the button as the script leaves them; colour
    // contrast needs a real layout, and the page's colours are the shell's every server page uses.
    const withAxe = new JSDOM(answer.text, { runScripts: 'outside-only' }).window;
    runBusyScript(withAxe.document, script.textContent!);
    withAxe.eval(AXE_SOURCE);
    const axe = (withAxe as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string }[] }> } }).axe;
    const results = await axe.run(withAxe.document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'], rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
    stop.click();
    expect(stopped.timers.size).toBe(0);
    expect(stopped.reloads()).toBe(0);
    expect(again.querySelector('[role="status"]')?.textContent).toBe('This page will not try again by itself. Use Try again when you are ready.');
    expect(again.querySelector('button')).toBeNull();
  });
});

describe('the busy page for a page whose own render ran too long', () => {
  test('keeps its words and links and has no script: it never reloads itself', () => {
    const tenant = { config: { name: 'Alpha Motors' } } as HostedTenant;
    const html = busyPage(tenant, { retryAfterSeconds: 1, again: '/slow?x=1', nonce: 'n0nce', retryBySelf: false });
    const { document } = new JSDOM(html).window;
    expect(document.querySelector('h1')?.textContent).toBe('We are busy for a moment');
    expect(document.querySelector('[role="status"]')?.textContent).toBe('Please try again in a second.');
    expect([...document.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Try again', '/slow?x=1'], ['Go to the home page', '/']]);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
