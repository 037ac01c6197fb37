import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { drivenClock } from './test-support/driven-clock.ts';
import { writeStandInEntry } from './test-support/stand-in-entry.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * The render queue on a real server with a driven clock and two render slots (two threads, one
 * render each), the product's 1.2 s budget and its burst of four waiting pages:
 * - a browser's or a link checker's burst of four uncached pages on a fresh server, each first
 *   render held far past the budget, is all answered 200;
 * - under overload (more than four pages waiting), pages rendering and waiting at their deadline
 *   are answered 503 with Retry-After, the API answers meanwhile, and a cut-off render lands in
 *   the page cache and is the next answer for its page.
 * The entry holds each first render of a path until the test releases it through shared memory,
 * so nothing here waits on time.
 */

const BUDGET_MS = 1_200;

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
    // Nothing shed lately, and renders lately took no time: no page is refused on arrival.
    await driven.advance(BUDGET_MS * 10);
    await quickRenders(16);
    const rendering = ['/flood-1', '/flood-2'].map(ask);
    await expect.poll(() => releases.length).toBe(2);
    // Five waiting: more than a burst of four.
    const waiting = ['/flood-3', '/flood-4', '/flood-5', '/flood-6', '/flood-7'].map(ask);
    await expect.poll(() => driven.pending()).toBe(7);
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
