import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BudgetClock } from './http/answer-budget.ts';
import type { RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';
import { writeStandInEntry } from './test-support/stand-in-entry.ts';
import { startTestServer } from './test-support/test-server.ts';

/*
 * The answer budget on a real server with a driven clock and two render slots (one thread each):
 * two pages whose renders are still running at their deadline and a page waiting behind them are
 * all answered 503 with Retry-After when the clock reaches the deadline; the API and robots.txt
 * answer meanwhile; a cut-off render lands in the page cache and is the next answer. A lone slow
 * render (a slot free, nothing waiting, nothing refused lately) is let finish. The entry's
 * render holds its thread until the test releases it through shared memory, so nothing here
 * waits on time.
 */

const BUDGET_MS = 1_200;

// Blocks the first render of each /blocked… path until released; numbers every render.
const ENTRY = `
let renders = 0;
const blockedOnce = new Set();
export async function render({ request }) {
  const url = new URL(request.url);
  renders++;
  if (url.pathname.startsWith('/blocked') && !blockedOnce.has(url.pathname)) {
    blockedOnce.add(url.pathname);
    const shared = new SharedArrayBuffer(4);
    const channel = new BroadcastChannel('answer-budget-render');
    channel.postMessage(shared);
    channel.close();
    Atomics.wait(new Int32Array(shared), 0, 0);
  }
  return new Response('<!doctype html><html lang="en-AU"><title>t</title><h1>' + url.pathname + '</h1><p id="render">' + renders + '</p>', { headers: { 'content-type': 'text/html' } });
}`;

/** A clock the test moves: timers fire, in order, when it is advanced past them. */
function drivenClock() {
  let now = 0;
  let timers: { at: number; fn: () => void }[] = [];
  const clock: BudgetClock = {
    now: () => now,
    after(ms, fn) {
      const timer = { at: now + Math.max(0, ms), fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((t) => t !== timer);
      };
    },
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.fn();
    }
    now = until;
  };
  return { clock, advance, pending: () => timers.length };
}

let dataDir: string;
let server: RunningServer;
let A: string;
const driven = drivenClock();

/** The next render the entry holds: resolves with its release. */
function nextHeldRender(): Promise<() => void> {
  const channel = new BroadcastChannel('answer-budget-render');
  return new Promise((resolve) =>
    channel.addEventListener('message', (event) => {
      channel.close();
      const memory = new Int32Array((event as MessageEvent).data as SharedArrayBuffer);
      resolve(() => {
        Atomics.store(memory, 0, 1);
        Atomics.notify(memory, 0);
      });
    }, { once: true }),
  );
}

/** A request and whether it has been answered yet. */
function tracked(pathname: string) {
  const state: { answer?: TestResponse } = {};
  const done = request(server.port, A, pathname).then((answer) => (state.answer = answer));
  return { state, done };
}

const renderOf = (text: string) => Number(/<p id="render">(\d+)<\/p>/.exec(text)?.[1]);

beforeAll(async () => {
  dataDir = freshDataDir('fc-answer-budget-');
  writeStandInEntry(path.join(dataDir, 'dist'), 'alpha-motors', ENTRY);
  server = await startTestServer({
    dataDir,
    seedCars: 10,
    renderPool: { threads: 2, perThread: 1, timeoutMs: 600_000 },
    renderQueue: { concurrent: 2, queued: 10, budgetMs: BUDGET_MS, clock: driven.clock },
  });
  A = `alpha-motors.localhost:${server.port}`;
}, 120_000);

afterAll(async () => {
  await server?.close();
  await removeDataDirs([dataDir]);
}, 60_000);

describe('the answer budget', () => {
  test('at the deadline, renders still running with every slot taken and the page waiting behind them are all answered 503 with Retry-After; a cut-off render is the next answer, from the page cache', async () => {
    // First renders on both threads teach the queue a render's time on this clock (none passes: 0 ms).
    expect((await Promise.all([request(server.port, A, '/warm-1'), request(server.port, A, '/warm-2')])).map((r) => r.status)).toEqual([200, 200]);
    const heldFirst = nextHeldRender();
    const running = tracked('/blocked-busy');
    const releaseFirst = await heldFirst;
    const heldSecond = nextHeldRender();
    const alsoRunning = tracked('/blocked-busy-too');
    const releaseSecond = await heldSecond;
    // Another page waits for a slot.
    const waiting = tracked('/other-page');
    // The running pages' cut-off timers, the waiting page's own and its place in the queue.
    await expect.poll(() => driven.pending()).toBe(4);
    // Cheap answers never wait for a slot.
    expect((await request(server.port, A, '/api/site')).status).toBe(200);
    expect((await request(server.port, A, '/robots.txt')).status).toBe(200);
    for (const { state } of [running, alsoRunning, waiting]) expect(state.answer).toBeUndefined();

    driven.advance(BUDGET_MS);
    await Promise.all([running.done, alsoRunning.done, waiting.done]);
    for (const { state } of [running, alsoRunning, waiting]) {
      expect(state.answer?.status).toBe(503);
      expect(Number(state.answer?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(state.answer?.headers['cache-control']).toBe('no-store');
      expect(state.answer?.text).toContain('We are busy for a moment');
    }

    releaseFirst();
    releaseSecond();
    // The renders went on after their shoppers were told to come back; their pages are kept.
    const again = await request(server.port, A, '/blocked-busy');
    expect(again.status).toBe(200);
    expect(again.text).toContain('<h1>/blocked-busy</h1>');
    const later = await request(server.port, A, '/blocked-busy');
    expect(renderOf(later.text)).toBe(renderOf(again.text));
  });

  test('a lone render past its deadline, with nothing waiting behind it and nothing refused lately, is let finish and answered', async () => {
    // Well past the last refusal.
    driven.advance(BUDGET_MS * 10);
    const held = nextHeldRender();
    const lone = tracked('/blocked-lone');
    const release = await held;
    await expect.poll(() => driven.pending()).toBe(1);
    driven.advance(BUDGET_MS * 3);
    // A round trip after the clock passed the deadline: a 503 would have been written by now.
    expect((await request(server.port, A, '/api/site')).status).toBe(200);
    expect(lone.state.answer).toBeUndefined();
    release();
    await lone.done;
    expect(lone.state.answer?.status).toBe(200);
    expect(lone.state.answer?.text).toContain('<h1>/blocked-lone</h1>');
  });
});
