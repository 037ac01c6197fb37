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
 */
export function slicer(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let start = performance.now();
  return () => {
    if (performance.now() - start < sliceMs) return undefined;
    return nextTurn().then(() => {
      start = performance.now();
    });
  };
}
