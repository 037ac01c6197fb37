import type { IncomingMessage } from 'node:http';

/*
 * The answer budget: the longest the server lets a request take while it is busy, measured from
 * when the request reached it. A request that would wait for a render slot (or for another
 * shopper's render of the same page) past it is answered at once with 503 and Retry-After
 * instead, and a render still running at the deadline while the server is busy is answered the
 * same way while it finishes into the page cache. So under load no answer outlasts the budget
 * however slow the machine is, and the cheap answers (kept pages, files, search, the API), which
 * never wait in a queue, keep coming. Why this figure: docs/rendering.md ("The answer budget").
 */

/** The longest any answer may take, ms: under the two-second goal by the time the server cannot see (the connection's queue, the event loop's turn, the network). */
export const ANSWER_BUDGET_MS = 1_200;

/** A clock the budget is kept on (the real one in the server, a driven one in tests). */
export interface BudgetClock {
  now(): number;
  /** Calls `fn` after `ms`; the returned function cancels it. */
  after(ms: number, fn: () => void): () => void;
}

/** The process's monotonic clock and timers. */
export const realClock: BudgetClock = {
  now: () => performance.now(),
  after(ms, fn) {
    const timer = setTimeout(fn, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

const arrivals = new WeakMap<IncomingMessage, number>();

/**
 * Notes when a request reached the server (the first thing its listener does).
 * @param req the request
 * @param at the time on the real clock
 */
export function markArrival(req: IncomingMessage, at = realClock.now()): void {
  if (!arrivals.has(req)) arrivals.set(req, at);
}

/**
 * When a request's answer is due on `clock`: the budget less the time since it arrived (a
 * request never marked counts from now). Arrivals are noted on the real clock; the deadline is
 * on the clock the caller keeps its timers on (a driven one in tests).
 * @param req the request
 * @param budgetMs the budget
 * @param clock the caller's clock
 */
export function deadlineOf(req: IncomingMessage, budgetMs: number, clock: BudgetClock = realClock): number {
  const arrived = arrivals.get(req);
  const spent = arrived === undefined ? 0 : Math.max(0, realClock.now() - arrived);
  return clock.now() + budgetMs - spent;
}
