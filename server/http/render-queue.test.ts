import { describe, expect, test } from 'vitest';
import { drivenClock, turn } from '../test-support/driven-clock.ts';
import { createRenderQueue, type Refusal } from './render-queue.ts';

/*
 * The render queue on a driven clock: how many render at once and in which order, a waiting
 * render whose shopper left, when a page is refused on arrival and when at its deadline. The
 * renders are held by the test, or take a set time on the driven clock, so nothing here waits
 * on real time. The budget is the product's 1.2 s, written out here as the figure to check.
 */

const BUDGET_MS = 1_200;

function held() {
  const hold: { release: () => void } = { release: () => {} };
  const done = new Promise<void>((resolve) => (hold.release = resolve));
  return { done, release: () => hold.release() };
}

/** A queue on a driven clock, and a render that takes `ms` on that clock. */
function drivenQueue(options: { concurrent: number; burst?: number; queued?: number }) {
  const driven = drivenClock();
  const queue = createRenderQueue({ queued: 64, burst: 4, ...options, budgetMs: BUDGET_MS, clock: driven.clock });
  const takes = (ms: number) => () => new Promise<void>((resolve) => driven.clock.after(ms, resolve));
  return { driven, queue, takes };
}

/** A page asked for now: when it was answered (on the driven clock) and how. */
function ask(queue: ReturnType<typeof drivenQueue>, work: () => Promise<void>) {
  const asked = queue.driven.now();
  const page: { answer?: Refusal | null; tookMs?: number } = {};
  const done = queue.queue.run(work).then((answer) => {
    page.answer = answer;
    page.tookMs = queue.driven.now() - asked;
  });
  return Object.assign(page, { done });
}

describe('render queue', () => {
  test('runs at most `concurrent` renders; the waiting ones start in order as slots free', async () => {
    const queue = createRenderQueue({ concurrent: 2, queued: 10 });
    const renders = [held(), held(), held(), held()];
    const started: number[] = [];
    const runs = renders.map((r, i) => queue.run(async () => {
      started.push(i);
      await r.done;
    }));
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
    const queue = createRenderQueue({ concurrent: 1, queued: 1 });
    const first = held();
    const running = queue.run(() => first.done);
    const waiting = queue.run(async () => {});
    const refused = await queue.run(async () => {
      throw new Error('a refused render never runs');
    });
    expect(refused).toEqual({ retryAfterSeconds: 1 });
    first.release();
    expect(await running).toBeNull();
    expect(await waiting).toBeNull();
  });

  test('drops a waiting render whose shopper went away', async () => {
    const queue = createRenderQueue({ concurrent: 1, queued: 5 });
    const first = held();
    const running = queue.run(() => first.done);
    const gone = new AbortController();
    let ran = false;
    const abandoned = queue.run(async () => {
      ran = true;
    }, { gone: gone.signal });
    expect(queue.waiting).toBe(1);
    gone.abort();
    expect(await abandoned).toBeNull();
    expect(queue.waiting).toBe(0);
    first.release();
    await running;
    expect(ran).toBe(false);
  });

  test('a burst of four first renders on a cold queue, each slower than the budget, is all served', async () => {
    const q = drivenQueue({ concurrent: 2 });
    // A browser or a link checker asks four pages at once; a cold server takes 1.5 s for each.
    const pages = [1, 2, 3, 4].map(() => ask(q, q.takes(1_500)));
    await q.driven.advance(6_000);
    await Promise.all(pages.map((p) => p.done));
    expect(pages.map((p) => p.answer)).toEqual([null, null, null, null]);
    // Two at a time: the last two waited for the first two.
    expect(pages.map((p) => p.tookMs)).toEqual([1_500, 1_500, 3_000, 3_000]);
  });

  test('one slow first render does not turn away the burst after it: the estimate is a median, not primed by it', async () => {
    const q = drivenQueue({ concurrent: 2 });
    const cold = ask(q, q.takes(3_000));
    await q.driven.advance(3_000);
    await cold.done;
    expect(cold.answer).toBeNull();
    expect(q.queue.renderMs).toBe(3_000);
    const pages = [1, 2, 3, 4].map(() => ask(q, q.takes(100)));
    await q.driven.advance(1_000);
    await Promise.all(pages.map((p) => p.done));
    expect(pages.map((p) => p.answer)).toEqual([null, null, null, null]);
    // Five renders (one of 3 s, four of 100 ms): the middle one is 100 ms.
    expect(q.queue.renderMs).toBe(100);
  });

  test('refuses on arrival only when more pages wait than the slots can clear within the budget', async () => {
    const q = drivenQueue({ concurrent: 2, burst: 4 });
    // Renders of 400 ms: two slots clear 2 × 1,200 / 400 = 6 pages within the budget.
    const first = [1, 2].map(() => ask(q, q.takes(400)));
    await q.driven.advance(400);
    await Promise.all(first.map((p) => p.done));
    const running = [1, 2].map(() => ask(q, q.takes(400)));
    const waiting = [1, 2, 3, 4, 5, 6].map(() => ask(q, q.takes(400)));
    const refused = ask(q, q.takes(400));
    await refused.done;
    expect(q.queue.waiting).toBe(6);
    // Seven waiting at 400 ms on two slots: 1.4 s, so come back in 2 s.
    expect(refused.answer).toEqual({ retryAfterSeconds: 2 });
    expect(refused.tookMs).toBe(0);
    await q.driven.advance(1_600);
    await Promise.all([...running, ...waiting].map((p) => p.done));
    // Every page let in was served, two by two every 400 ms.
    expect([...running, ...waiting].map((p) => p.answer)).toEqual(Array(8).fill(null));
    expect([...running, ...waiting].map((p) => p.tookMs)).toEqual([400, 400, 800, 800, 1_200, 1_200, 1_600, 1_600]);
  });

  test('under overload, pages waiting and rendering at their deadline are answered then, and the cut-off render goes on', async () => {
    const q = drivenQueue({ concurrent: 1, burst: 2 });
    const slow = held();
    let slowDone = false;
    const renderingPage = ask(q, async () => {
      await slow.done;
      slowDone = true;
    });
    // Three waiting: more than the burst of two.
    const waitingPages = [1, 2, 3].map(() => ask(q, q.takes(100)));
    expect(q.queue.overloaded).toBe(true);
    await q.driven.advance(BUDGET_MS - 1);
    for (const page of [renderingPage, ...waitingPages]) expect(page.answer).toBeUndefined();
    await q.driven.advance(1);
    await Promise.all([renderingPage, ...waitingPages].map((p) => p.done));
    for (const page of [renderingPage, ...waitingPages]) {
      expect(page.answer?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(page.tookMs).toBe(BUDGET_MS);
    }
    // The waiting ones never render; the running one keeps its slot until it is done.
    expect([q.queue.running, q.queue.waiting]).toEqual([1, 0]);
    slow.release();
    await turn();
    expect(slowDone).toBe(true);
    expect(q.queue.running).toBe(0);
  });

  test('without overload, a page past its deadline is let finish: a late render of a burst is not refused', async () => {
    const q = drivenQueue({ concurrent: 1, burst: 4 });
    const pages = [1, 2, 3].map(() => ask(q, q.takes(2_000)));
    await q.driven.advance(6_000);
    await Promise.all(pages.map((p) => p.done));
    expect(pages.map((p) => p.answer)).toEqual([null, null, null]);
    expect(pages.map((p) => p.tookMs)).toEqual([2_000, 4_000, 6_000]);
  });

  test('a sustained flood past capacity, asking again at once whatever it is told, is answered within the budget', async () => {
    const q = drivenQueue({ concurrent: 2, burst: 4 });
    // Twenty connections, each asking a new page as soon as it is answered, for 20 s of the
    // clock; every render takes 300 ms, so two slots clear about 6.7 pages a second.
    const answers: { tookMs: number; served: boolean }[] = [];
    const flood = { going: true };
    const connections = Array.from({ length: 20 }, async () => {
      while (flood.going) {
        const page = ask(q, q.takes(300));
        await page.done;
        answers.push({ tookMs: page.tookMs!, served: page.answer === null });
        // A refusal on arrival is answered at once: the next ask waits for the clock to move.
        if (page.tookMs === 0) await new Promise<void>((resolve) => q.driven.clock.after(10, resolve));
      }
    });
    for (let ms = 0; ms < 20_000; ms += 100) await q.driven.advance(100);
    flood.going = false;
    await q.driven.advance(BUDGET_MS * 2);
    await Promise.all(connections);
    const slowest = Math.max(...answers.map((a) => a.tookMs));
    expect(slowest).toBeLessThanOrEqual(BUDGET_MS);
    const served = answers.filter((a) => a.served).length;
    // The slots kept rendering: at least half of what two slots can render in 20 s was served.
    expect(served).toBeGreaterThanOrEqual((20_000 / 300) * 2 * 0.5);
    expect(answers.length - served).toBeGreaterThan(0);
  });
});
