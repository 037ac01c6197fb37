/*
 * When a failed delivery is tried again: half a minute after the first failure, doubling with
 * each one up to an hour, each wait drawn between half and all of that (jitter), so deliveries
 * that failed together (a receiver's outage) do not all come back in the same second.
 */

/** The wait after the first failure. */
export const FIRST_RETRY_MS = 30_000;
/** The longest wait between two tries. */
export const LONGEST_RETRY_MS = 3_600_000;

/**
 * Milliseconds to wait before the next try of a delivery.
 * @param attempts tries made so far (1 after the first)
 * @param random a number in [0, 1) (Math.random; tests pass their own)
 * @param firstMs the wait after the first failure (FIRST_RETRY_MS; the crash tests shorten it)
 */
export function deliveryRetryDelayMs(attempts: number, random: number, firstMs = FIRST_RETRY_MS): number {
  const ceiling = Math.min(LONGEST_RETRY_MS, firstMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(random, 0), 1));
}
