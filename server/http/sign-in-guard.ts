import crypto from 'node:crypto';
import { HttpError } from './core.ts';

/*
 * Password guessing is throttled per guesser, never by locking the owner out. Once every sign-in
 * counted against the account whatever its source and outcome, so ten wrong passwords from ten
 * addresses locked anyone's account (a dealer's shared login included) and staff who signed in
 * eleven times locked themselves out. Now:
 * - only failures count, per account and source (the client address, or the browser's
 *   known-device cookie); a few are free, then the source waits, twice as long after each further
 *   failure (30 s, 1 min, 2 min… up to 15 min); a success from that source clears its count;
 * - many failures for one account from many sources (a spread-out guess) make new sources wait,
 *   but a browser that has signed in to the account before carries a known-device cookie (a MAC
 *   of the account under a server secret, HttpOnly) and is never held by that: the owner's way in.
 * In memory, per instance (the fixed-window limits are counted in the database: docs/security.md).
 */

/** Failures a source may make for one account before it has to wait. */
const FREE_FAILURES = 5;
/** The first wait; each further failure doubles it. */
const FIRST_WAIT_MS = 30_000;
/** The longest wait, and how long a source's failures are remembered. */
const LONGEST_WAIT_MS = 15 * 60_000;
/** Entries kept before idle ones are dropped. */
const MAX_ENTRIES = 50_000;

/** The known-device cookie. */
export const KNOWN_DEVICE_COOKIE = 'fc_device';

/** Where one sign-in attempt comes from. */
export interface SignInSource {
  /** Client address (as the trusted proxies report it). */
  address: string;
  /** The known-device cookie the browser sent, if any. */
  device: string | undefined;
}

/** Throttles password guessing for every sign-in form of the platform (shoppers and dealer staff). */
export interface SignInGuard {
  /** Throws 429 with Retry-After when this source must wait before trying this account again. */
  check(account: string, source: SignInSource, now: number): void;
  /** Counts a failed attempt. */
  failed(account: string, source: SignInSource, now: number): void;
  /** Clears the source's failures for the account. */
  succeeded(account: string, source: SignInSource, now: number): void;
  /** The known-device cookie value for an account (set after a successful sign-in). */
  deviceToken(account: string): string;
}

function wait(until: number, now: number): never {
  throw new HttpError(429, 'Too many sign-in attempts. Please wait a little and try again.', undefined, { 'Retry-After': String(Math.max(1, Math.ceil((until - now) / 1000))) });
}

interface Entry {
  failures: number;
  waitUntil: number;
  last: number;
}

/**
 * Creates a guard.
 * @param spread failures for one account from all unknown sources together, per window, before new sources wait
 */
export function createSignInGuard(spread: { max: number; windowMs: number } = { max: 50, windowMs: LONGEST_WAIT_MS }): SignInGuard {
  const secret = crypto.randomBytes(32);
  const sources = new Map<string, Entry>();
  const accounts = new Map<string, { start: number; failures: number }>();
  const deviceToken = (account: string) => crypto.createHmac('sha256', secret).update(account).digest('base64url');
  const knownDevice = (account: string, device: string | undefined) => {
    if (!device) return false;
    const expected = Buffer.from(deviceToken(account));
    const sent = Buffer.from(device);
    return sent.length === expected.length && crypto.timingSafeEqual(sent, expected);
  };
  const sourceKey = (account: string, source: SignInSource) => (knownDevice(account, source.device) ? `${account}\u0000device` : `${account}\u0000${source.address}`);
  const prune = (now: number) => {
    if (sources.size > MAX_ENTRIES) for (const [k, e] of sources) if (now - e.last > LONGEST_WAIT_MS) sources.delete(k);
    if (accounts.size > MAX_ENTRIES) for (const [k, a] of accounts) if (now - a.start > spread.windowMs) accounts.delete(k);
  };
  return {
    deviceToken,
    check(account, source, now) {
      const entry = sources.get(sourceKey(account, source));
      if (entry && entry.waitUntil > now) wait(entry.waitUntil, now);
      if (knownDevice(account, source.device)) return;
      const spreadOut = accounts.get(account);
      if (spreadOut && now - spreadOut.start < spread.windowMs && spreadOut.failures >= spread.max) wait(spreadOut.start + spread.windowMs, now);
    },
    failed(account, source, now) {
      prune(now);
      const key = sourceKey(account, source);
      const previous = sources.get(key);
      const entry = previous && now - previous.last <= LONGEST_WAIT_MS ? previous : { failures: 0, waitUntil: 0, last: now };
      entry.failures++;
      entry.last = now;
      if (entry.failures >= FREE_FAILURES) entry.waitUntil = now + Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (entry.failures - FREE_FAILURES));
      sources.set(key, entry);
      if (knownDevice(account, source.device)) return;
      const spreadOut = accounts.get(account);
      if (!spreadOut || now - spreadOut.start >= spread.windowMs) accounts.set(account, { start: now, failures: 1 });
      else spreadOut.failures++;
    },
    succeeded(account, source) {
      sources.delete(sourceKey(account, source));
    },
  };
}
