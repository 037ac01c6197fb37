import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { BudgetClock } from './answer-budget.ts';
import { createRenderQueue } from './render-queue.ts';

/*
 * The render queue on a driven clock, with renders the test holds and releases: how many run at
 * once, the order waiting ones start in, when one is refused (and with which Retry-After), a
 * waiting render refused at its deadline however long the queue first expected, and a waiting
 * render whose shopper left.
 */

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The test's clock: fake timers, read through Date.now (driven by vi.advanceTimersByTime). */
const clock: BudgetClock = {
  now: () => Date.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

function held() {
  const hold: { release: () => void } = { release: () => {} };
  const done = new Promise<void>((resolve) => (hold.release = resolve));
  return { done, release: () => hold.release() };
}
/** Lets settled promises run their continuations. */
const turn = () => vi.advanceTimersByTimeAsync(0);
/** A deadline `ms` from now. */
const within = (ms: number) => ({ deadline: Date.now() + ms });

describe('render queue', () => {
  test('runs at most `concurrent` renders; the waiting ones start in order as slots free', async () => {
    const queue = createRenderQueue({ concurrent: 2, queued: 10, budgetMs: 60_000, clock });
    const renders = [held(), held(), held(), held()];
    const started: number[] = [];
    const runs = renders.map((r, i) => queue.run(async () => {
      started.push(i);
      await r.done;
    }, within(60_000)));
    await turn();
    expect(started).toEqual([0, 1]);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    renders[1]!.release();
    await turn();
    expect(started).toEqual([0, 1, 2]);
    expect(queue.running).toBe(2);
    for (const r of renders) r.release();
    expect(await Promise.all(runs)).toEqual([null, null, null, null]);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  test('refuses at once when `queued` renders already wait, with a Retry-After of at least a second', async () => {
    const queue = createRenderQueue({ concurrent: 1, queued: 1, clock });
    const first = held();
    const running = queue.run(() => first.done, within(60_000));
    const waiting = queue.run(async () => {}, within(60_000));
    const refused = await queue.run(async () => {
      throw new Error('a refused render never runs');
    }, within(60_000));
    expect(refused).toEqual({ retryAfterSeconds: 1 });
    first.release();
    expect(await running).toBeNull();
    expect(await waiting).toBeNull();
  });

  test('refuses at once when the expected wait and one render would pass the deadline', async () => {
    // Before any render finished one is expected to take 50 ms: the second waiting render on one
    // slot expects 100 ms of wait and 50 of its own.
    const queue = createRenderQueue({ concurrent: 1, queued: 100, clock });
    const first = held();
    const running = queue.run(() => first.done, within(1_500));
    const second = queue.run(async () => {}, within(1_500));
    expect(await queue.run(async () => {}, within(149))).toEqual({ retryAfterSeconds: 1 });
    const third = queue.run(async () => {}, within(150));
    expect(queue.waiting).toBe(2);
    first.release();
    expect(await Promise.all([running, second, third])).toEqual([null, null, null]);
  });

  test('a render still waiting when it could no longer finish by its deadline is refused then, and never runs', async () => {
    const queue = createRenderQueue({ concurrent: 1, queued: 100, budgetMs: 1_500, clock });
    // One render of 1 s teaches the queue that renders take about 240 ms (50 × 0.8 + 1,000 × 0.2).
    const slow = queue.run(() => new Promise<void>((resolve) => setTimeout(resolve, 1_000)), within(1_500));
    await vi.advanceTimersByTimeAsync(1_000);
    await slow;
    expect(queue.renderMs).toBe(240);
    // A render that holds the slot far longer than any estimate (a slow machine).
    const stuck = held();
    const holding = queue.run(() => stuck.done, within(1_500));
    let ran = false;
    let answer: unknown = 'waiting';
    void queue.run(async () => {
      ran = true;
    }, within(1_500)).then((value) => (answer = value));
    await vi.advanceTimersByTimeAsync(1_259);
    expect(answer).toBe('waiting');
    expect(queue.waiting).toBe(1);
    // 1,500 − 240: the last moment it could start and still be answered in time.
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({ retryAfterSeconds: 1 });
    expect(queue.waiting).toBe(0);
    stuck.release();
    await holding;
    await turn();
    expect(ran).toBe(false);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  test('a waiting render given a slot before its deadline runs, and the Retry-After of a refusal grows with the wait ahead', async () => {
    const queue = createRenderQueue({ concurrent: 1, queued: 100, clock });
    const first = held();
    const running = queue.run(() => first.done, within(60_000));
    let ran = false;
    const waiting = queue.run(async () => {
      ran = true;
    }, within(1_000));
    await vi.advanceTimersByTimeAsync(900);
    first.release();
    expect(await running).toBeNull();
    expect(await waiting).toBeNull();
    expect(ran).toBe(true);
    // 60 renders ahead of 50 ms each on one slot is 3 s of wait: come back in 3 s, not 1.
    const blocker = held();
    const blocking = queue.run(() => blocker.done, within(60_000));
    const ahead = Array.from({ length: 59 }, () => queue.run(async () => {}, within(60_000)));
    await turn();
    const refused = await queue.run(async () => {}, within(1_000));
    expect(refused?.retryAfterSeconds).toBeGreaterThanOrEqual(3);
    blocker.release();
    await Promise.all([blocking, ...ahead]);
  });

  test('drops a waiting render whose shopper went away', async () => {
    const queue = createRenderQueue({ concurrent: 1, queued: 5, clock });
    const first = held();
    const running = queue.run(() => first.done, within(60_000));
    const gone = new AbortController();
    let ran = false;
    const abandoned = queue.run(async () => {
      ran = true;
    }, { ...within(60_000), gone: gone.signal });
    expect(queue.waiting).toBe(1);
    gone.abort();
    expect(await abandoned).toBeNull();
    expect(queue.waiting).toBe(0);
    first.release();
    await running;
    expect(ran).toBe(false);
  });
});
