import { describe, expect, it } from 'vitest';
import { categoryScoreWith, threadTimeBlocking, type TraceEvent } from './thread-time-blocking.ts';

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

describe('categoryScoreWith', () => {
  const refs = [
    { id: 'first-contentful-paint', weight: 10 },
    { id: 'speed-index', weight: 10 },
    { id: 'largest-contentful-paint', weight: 25 },
    { id: 'total-blocking-time', weight: 30 },
    { id: 'cumulative-layout-shift', weight: 25 },
    { id: 'interactive', weight: 0 },
  ];
  const scores = { 'first-contentful-paint': 0.9, 'speed-index': 1, 'largest-contentful-paint': 0.96, 'total-blocking-time': 0.5, 'cumulative-layout-shift': 1, interactive: 0.1 };

  it('is the weighted mean of the audit scores, as Lighthouse scores a category', () => {
    // (9 + 10 + 24 + 15 + 25) / 100
    expect(categoryScoreWith(refs, scores, {})).toBe(83);
  });

  it('uses the replaced scores', () => {
    // (9 + 10 + 24 + 30 + 25) / 100
    expect(categoryScoreWith(refs, scores, { 'total-blocking-time': 1 })).toBe(98);
  });
});
