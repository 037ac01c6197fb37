/*
 * The wait between attempts to reopen the embedded database after a storage fault. Attempts back
 * off (1 s, 2 s, 4 s … up to a minute) so a long fault does not spend a core reopening it again
 * and again; but a fault fixed during a long wait (the disk cleared, the folder writable again)
 * would keep the site answering 503 for the rest of that wait. A request that needs the database
 * cuts the wait short, once the last attempt is REOPEN_ON_DEMAND_MS old: with shoppers on the site
 * it is back within seconds of the fix, and a fault that lasts costs one attempt in that time at most.
 */

/** The first wait after a failed attempt; each next one is twice as long. */
export const REOPEN_FIRST_WAIT_MS = 1_000;
/** The longest wait between two attempts when nothing asks for the database. */
export const REOPEN_LONGEST_WAIT_MS = 60_000;
/** How old the last failed attempt must be before a request may start the next one. */
export const REOPEN_ON_DEMAND_MS = 5_000;

/** The wait after a failed attempt that waited `previous` (the first: REOPEN_FIRST_WAIT_MS). */
export function nextReopenWait(previous: number | null): number {
  return previous === null ? REOPEN_FIRST_WAIT_MS : Math.min(previous * 2, REOPEN_LONGEST_WAIT_MS);
}

/** A wait before the next attempt that a request can cut short. */
export interface ReopenWait {
  /** Resolves when the wait is over: its time has run out, or `demand` cut it short. */
  readonly over: Promise<void>;
  /**
   * A request needs the database: ends the wait now when the failed attempt is at least
   * REOPEN_ON_DEMAND_MS old; answers whether it did.
   */
  demand(): boolean;
}

/**
 * Starts the wait after a failed attempt.
 * @param waitMs how long to wait when nothing asks for the database
 * @param now the clock (performance.now by default)
 */
export function startReopenWait(waitMs: number, now: () => number = () => performance.now()): ReopenWait {
  const failedAt = now();
  let done = false;
  let resolveOver: (() => void) | undefined;
  const over = new Promise<void>((resolve) => (resolveOver = resolve));
  const end = () => {
    clearTimeout(timer);
    done = true;
    resolveOver?.();
  };
  const timer = setTimeout(end, waitMs);
  timer.unref();
  return {
    over,
    demand() {
      if (done || now() - failedAt < Math.min(REOPEN_ON_DEMAND_MS, waitMs)) return false;
      end();
      return true;
    },
  };
}
