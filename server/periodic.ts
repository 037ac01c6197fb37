/*
 * Work a server runs on a timer (the embedded database's housekeeping, the check for stock feeds
 * that stopped arriving): one run at a time, whether the timer or a caller starts it, a failed run
 * told and not thrown, and stopping that waits for the run under way, so none meets a closed
 * database.
 */

/** A task run on a timer. */
export interface PeriodicTask<T> {
  /** One run now, or the one under way; null once stopped or when the run failed. */
  runOnce(): Promise<T | null>;
  /** Stops the timer and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Starts running a task every `intervalMs` (the first run after one interval; `runOnce` for one now).
 * The timer does not keep the process alive.
 * @param task the work of one run
 * @param intervalMs the time between runs
 * @param onError where a failed run is told
 */
export function startPeriodic<T>(task: () => Promise<T>, intervalMs: number, onError: (error: unknown) => void): PeriodicTask<T> {
  let running: Promise<T | null> | null = null;
  let stopped = false;
  const runOnce = () =>
    (running ??= (async () => {
      try {
        return stopped ? null : await task();
      } catch (error) {
        onError(error);
        return null;
      } finally {
        running = null;
      }
    })());
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
