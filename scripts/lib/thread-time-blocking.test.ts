import { describe, expect, it } from 'vitest';
import { threadTimeBlocking, type TraceEvent } from './thread-time-blocking.ts';

const ms = 1000;
const task = (ts: number, dur: number, tdur: number, tid = 1): TraceEvent => ({ name: 'RunTask', ph: 'X', pid: 7, tid, ts: ts * ms, dur: dur * ms, tdur: tdur * ms });
const base: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid: 7, tid: 1, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: 7, tid: 2, ts: 0, args: { name: 'Compositor' } },
  { name: 'firstContentfulPaint', ph: 'R', pid: 7, tid: 1, ts: 1000 * ms },
];

describe('threadTimeBlocking', () => {
  it('counts each main-thread task from the first paint on its thread time, four times over, less 50 ms', () => {
    const figures = threadTimeBlocking([
      ...base,
      task(900, 80, 70), // before the first paint: not counted
      task(1100, 60, 20), // wall 60 → 190 blocking; thread 20 → 30
      task(1110, 5, 5), // nested in the task above: part of it
      task(1200, 30, 10), // wall 30 → 70; thread 10 → 0
      task(1300, 12, 12), // 48 either way: not long
      task(1400, 100, 100, 2), // another thread
    ]);
    expect(figures).toEqual({ threadBlockingMs: 30, wallBlockingMs: 190 + 70, wallMs: 60 + 30 + 12, threadMs: 20 + 10 + 12 });
  });

  it('takes the slowdown asked for', () => {
    expect(threadTimeBlocking([...base, task(1100, 40, 40)], 2)?.threadBlockingMs).toBe(30);
  });

  it('has no figure for a trace without a first paint or a main thread', () => {
    expect(threadTimeBlocking(base.filter((e) => e.name !== 'firstContentfulPaint'))).toBeNull();
    expect(threadTimeBlocking(base.filter((e) => e.name !== 'thread_name'))).toBeNull();
  });
});
