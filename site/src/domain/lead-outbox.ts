/*
 * The lead outbox: a submission is kept on the device until the server confirms it, and resent
 * with the same idempotency key until then, so a lead is never lost and never sent twice
 * (the server's idempotency turns every resend into a replay of the first answer).
 */

/** One submission waiting for the server's confirmation. */
export interface OutboxEntry {
  /** Client-generated id; sent as the Idempotency-Key. */
  id: string;
  /** API path, e.g. /api/leads. */
  path: string;
  /** JSON body. */
  body: Record<string, unknown>;
  /** Epoch ms of the first attempt. */
  createdAt: number;
  /** Attempts so far. */
  attempts: number;
  /** Epoch ms before which no retry is made. */
  nextAttemptAt: number;
}

/** What to do with an entry after an attempt. */
export type OutboxOutcome = 'sent' | 'retry' | 'refused';

/**
 * The outcome of an attempt by HTTP status (0 = no answer: offline, connection dropped).
 * 2xx is confirmed. No answer, 408, 425 and 5xx (a failed write answers 503) are worth
 * retrying; so is a 429 that says to come back soon (Retry-After up to 5 minutes: the lead
 * rate limit). A 429 without one, or with a long one ('you already have a car on hold', too
 * many reservations today), and any other 4xx will not be accepted by resending: the form shows why.
 * @param status the answer's status, 0 when there was none
 * @param retryAfterSeconds the answer's Retry-After, if any
 */
export function outboxOutcome(status: number, retryAfterSeconds?: number | null): OutboxOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 429) return retryAfterSeconds && retryAfterSeconds <= 300 ? 'retry' : 'refused';
  if (status === 0 || status === 408 || status === 425 || status >= 500) return 'retry';
  return 'refused';
}

/**
 * Delay before the next attempt: 2 s doubling per attempt up to 5 minutes, or the server's
 * Retry-After when it gave one (and it is longer).
 * @param attempts attempts made so far (1 after the first)
 * @param retryAfterSeconds the Retry-After header, if any
 */
export function retryDelayMs(attempts: number, retryAfterSeconds?: number | null): number {
  const backoff = Math.min(300_000, 2000 * 2 ** Math.max(0, attempts - 1));
  const asked = retryAfterSeconds && Number.isFinite(retryAfterSeconds) ? retryAfterSeconds * 1000 : 0;
  return Math.max(backoff, Math.min(asked, 3_600_000));
}

/** Entries older than this are dropped: a week-old enquiry is better re-asked than sent. */
export const OUTBOX_MAX_AGE_MS = 7 * 24 * 3_600_000;

/**
 * Entries due for an attempt now, oldest first; stale ones are left out.
 * @param entries the outbox
 * @param now epoch ms
 */
export function dueEntries(entries: readonly OutboxEntry[], now: number): OutboxEntry[] {
  return entries.filter((e) => e.nextAttemptAt <= now && now - e.createdAt < OUTBOX_MAX_AGE_MS).sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Reads a stored outbox, keeping only well-formed entries (storage may hold anything).
 * @param raw the parsed stored value
 * @param now epoch ms; stale entries are dropped
 */
export function parseOutbox(raw: unknown, now: number): OutboxEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(
    (e): e is OutboxEntry =>
      !!e &&
      typeof e === 'object' &&
      typeof e.id === 'string' &&
      typeof e.path === 'string' &&
      e.path.startsWith('/api/') &&
      !!e.body &&
      typeof e.body === 'object' &&
      typeof e.createdAt === 'number' &&
      typeof e.attempts === 'number' &&
      typeof e.nextAttemptAt === 'number' &&
      now - e.createdAt < OUTBOX_MAX_AGE_MS,
  );
}
