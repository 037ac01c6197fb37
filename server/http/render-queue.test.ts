import { describe, expect, test } from 'vitest';
import { createRenderQueue } from './render-queue.ts';

/*
 * The render queue with renders the test holds and releases: how many run at once, the order
 * waiting ones start in, when one is refused (and with which Retry-After), and a waiting render
 * whose shopper left.
 */

function held() {
  const hold: { release: () => void } = { release: () => {} };
  const done = new Promise<void>((resolve) => (hold.release = resolve));
  return { done, release: () => hold.release() };
}
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('render queue', () => {
  test('runs at most `concurrent` renders; the waiting ones start in order as slots free', async () => {
    const queue = createRenderQueue({ concurrent: 2, queued: 10, maxWaitMs: 60_000 });
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
    const queue = createRenderQueue({ concurrent: 1, queued: 1, maxWaitMs: 60_000 });
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

  test('refuses when the expected wait passes maxWaitMs', async () => {
    // Before any render finished the expected time of one is 50 ms: two waiting renders on one slot expect 100 ms.
    const queue = createRenderQueue({ concurrent: 1, queued: 100, maxWaitMs: 99 });
    const first = held();
    const running = queue.run(() => first.done);
    const second = queue.run(async () => {});
    expect(await queue.run(async () => {})).toEqual({ retryAfterSeconds: 1 });
    first.release();
    await Promise.all([running, second]);
  });

  test('drops a waiting render whose shopper went away', async () => {
    const queue = createRenderQueue({ concurrent: 1, queued: 5, maxWaitMs: 60_000 });
    const first = held();
    const running = queue.run(() => first.done);
    const gone = new AbortController();
    let ran = false;
    const abandoned = queue.run(async () => {
      ran = true;
    }, gone.signal);
    expect(queue.waiting).toBe(1);
    gone.abort();
    expect(await abandoned).toBeNull();
    expect(queue.waiting).toBe(0);
    first.release();
    await running;
    expect(ran).toBe(false);
  });
});
