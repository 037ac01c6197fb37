/*
 * Total blocking time from a page's trace, counted on each task's *thread* time.
 *
 * Lighthouse's mobile TBT takes each main-thread task's duration as observed (wall clock) and
 * multiplies it by four (its simulated phone). On a machine where the browser, the server and
 * Lighthouse share two cores, the page's main thread is descheduled for much of the load: in
 * Lighthouse's own traces of a search page here, its tasks after the first paint took 440–640 ms
 * of wall time for 260–350 ms of thread time, and the difference, multiplied by four, is most
 * of the reported TBT (docs/rendering.md). The same sum over thread time is
 * what the page's own work costs, the figure a phone that runs only the page would see.
 *
 * Counted as Lighthouse counts: top-level tasks of the page's main thread from the first
 * contentful paint, each blocking for (4 × its time) − 50 ms when that is positive. Lighthouse
 * stops at time to interactive; this counts to the end of the trace, so it can only be higher.
 */

export interface TraceEvent {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall-clock duration, µs. */
  dur?: number;
  /** Thread (CPU) duration, µs. */
  tdur?: number;
  args?: { name?: string };
}

export interface BlockingFigures {
  /** Blocking time from thread time × slowdown, ms. */
  threadBlockingMs: number;
  /** Blocking time from wall time × slowdown, ms (Lighthouse's basis, before its simulation). */
  wallBlockingMs: number;
  /** Wall and thread time of the counted tasks, ms. */
  wallMs: number;
  threadMs: number;
}

const LONG_TASK_MS = 50;

export function threadTimeBlocking(events: readonly TraceEvent[], slowdown = 4): BlockingFigures | null {
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').sort((a, b) => a.ts - b.ts)[0];
  if (!fcp) return null;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain');
  if (!main) return null;
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  // Top-level tasks only: a task run inside another (a nested run loop) is part of it.
  const topLevel: TraceEvent[] = [];
  let openUntil = -Infinity;
  for (const task of tasks) {
    if (task.ts < openUntil) continue;
    topLevel.push(task);
    openUntil = task.ts + (task.dur ?? 0);
  }
  const counted = topLevel.filter((task) => task.ts >= fcp.ts).map((task) => ({ wall: (task.dur ?? 0) / 1000, thread: (task.tdur ?? task.dur ?? 0) / 1000 }));
  const sum = (of: (task: { wall: number; thread: number }) => number) => counted.reduce((total, task) => total + of(task), 0);
  const blocking = (ms: number) => Math.max(0, ms * slowdown - LONG_TASK_MS);
  return {
    threadBlockingMs: sum((task) => blocking(task.thread)),
    wallBlockingMs: sum((task) => blocking(task.wall)),
    wallMs: sum((task) => task.wall),
    threadMs: sum((task) => task.thread),
  };
}

/**
 * A Lighthouse category's score (0–100) with some audits' scores replaced: the weighted mean of
 * its audits' scores, as Lighthouse scores a category. Used for the performance score with the
 * thread-time TBT scored on Lighthouse's own curve.
 */
export function categoryScoreWith(
  auditRefs: readonly { id: string; weight: number }[],
  scores: Readonly<Record<string, number | null | undefined>>,
  replaced: Readonly<Record<string, number>>,
): number {
  let total = 0;
  let weights = 0;
  for (const ref of auditRefs) {
    if (ref.weight === 0) continue;
    total += ref.weight * (replaced[ref.id] ?? scores[ref.id] ?? 0);
    weights += ref.weight;
  }
  return weights === 0 ? Number.NaN : Math.round((total / weights) * 100);
}
