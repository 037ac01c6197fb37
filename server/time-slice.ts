/*
 * Long work in small slices on the one JavaScript thread. Searches and page renders share that
 * thread with a stock import's parsing and diffing and with rebuilding a search index; one piece
 * of that work running for a second would hold every request for that second. Work written as a
 * generator (or a loop that asks `pause`) gives the event loop a turn after every few
 * milliseconds, so a request waits at most one slice.
 */

/** How long one slice of background work may run before requests get their turn. */
export const SLICE_MS = 4;

/** One turn of the event loop: pending network reads and timers run before this resolves. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs a generator to its end at once (no turns given): for callers that need the result now.
 * @param steps the work; each `yield` is a point where it could pause
 */
export function runNow<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs a generator to its end, giving the event loop a turn whenever a slice has run.
 * @param steps the work; each `yield` is a point where it may pause
 * @param sliceMs the longest stretch between turns
 */
export async function runSliced<T>(steps: Generator<unknown, T>, sliceMs = SLICE_MS): Promise<T> {
  let start = performance.now();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    if (performance.now() - start >= sliceMs) {
      await nextTurn();
      start = performance.now();
    }
  }
}

/**
 * A pause for loops in async code: `await pause()` gives the event loop a turn when the slice
 * since the last turn has run out, and costs a clock read otherwise.
 * @param sliceMs the longest stretch between turns
 * @param now the clock (the real one unless a test drives it)
 */
export function slicer(sliceMs = SLICE_MS, now: () => number = () => performance.now()): () => Promise<void> | undefined {
  let start = now();
  return () => {
    if (now() - start < sliceMs) return undefined;
    return nextTurn().then(() => {
      start = now();
    });
  };
}

/**
 * The share of the time a long background job spends working when its parts each keep other
 * threads busy too. Re-indexing a whole feed's cars reads them from the database a thousand at a
 * time (the database's thread), makes their search records (the feed worker) and hands them to
 * the request thread: on two cores those threads, with V8's collector helpers, leave a search
 * waiting for a core. Resting as long as each part took halves how often a search meets them,
 * at the price of the rests (a few hundred milliseconds a whole feed); docs/stock.md has the
 * measurements.
 */
export const BACKGROUND_WORK_SHARE = 0.5;

/** How `inRestedParts` keeps time (the real clock and timers unless a test drives them). */
export interface RestClock {
  now(): number;
  wait(ms: number): Promise<void>;
}

const realClock: RestClock = { now: () => performance.now(), wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/**
 * Runs `work` over `items` in parts of `size`, one after another, resting between two parts so
 * that the work takes at most `share` of the time: after a part that took t ms, the next starts
 * t × (1 − share) / share ms later. No rest after the last part.
 * @param items what to work through, in order
 * @param size the most items a part holds
 * @param work one part's work, answering its results
 * @param share the share of the time spent working (0 < share ≤ 1)
 * @param clock the clock and timers
 * @returns every part's results, in order
 */
export async function inRestedParts<T, R>(items: readonly T[], size: number, work: (part: T[]) => Promise<R[]>, share = BACKGROUND_WORK_SHARE, clock: RestClock = realClock): Promise<R[]> {
  const results: R[] = [];
  for (let at = 0; at < items.length; at += size) {
    const started = clock.now();
    for (const result of await work(items.slice(at, at + size))) results.push(result);
    if (at + size < items.length) await clock.wait(((clock.now() - started) * (1 - share)) / share);
  }
  return results;
}
