import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/types.ts';
import { ShopperRefusal } from './core.ts';
import { kyselyStoreClient, RATE_LIMIT_TABLE } from './rate-limit.ts';

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
 *   of the account under a secret, HttpOnly) and is never held by that: the owner's way in.
 * The counts and waits are rate-limiter-flexible's PostgreSQL store, in the platform database like
 * the fixed-window limits (http/rate-limit.ts), and the cookie's secret is kept in the database
 * too: every server instance on one database holds a guesser to the same waits, and a browser's
 * cookie works on all of them and after a restart. A source's failures are remembered for an hour
 * from its first one (the store counts in fixed windows).
 */

/** Failures a source may make for one account before it has to wait. */
const FREE_FAILURES = 5;
/** The first wait; each further failure doubles it. */
const FIRST_WAIT_S = 30;
/** The longest wait. */
const LONGEST_WAIT_S = 15 * 60;
/** How long a source's failures are remembered, from the first. */
const FAILURES_KEPT_S = 60 * 60;

/** The known-device cookie. */
export const KNOWN_DEVICE_COOKIE = 'fc_device';
/** The name of the known-device cookie's secret in `server_secrets`. */
const DEVICE_SECRET = 'known-device';

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
  check(account: string, source: SignInSource): Promise<void>;
  /** Counts a failed attempt. */
  failed(account: string, source: SignInSource): Promise<void>;
  /** Clears the source's failures for the account. */
  succeeded(account: string, source: SignInSource): Promise<void>;
  /** The known-device cookie value for an account (set after a successful sign-in). */
  deviceToken(account: string): Promise<string>;
}

function wait(msBeforeNext: number): never {
  throw new ShopperRefusal(429, 'Too many sign-in attempts. Please wait a little and try again.', undefined, { 'Retry-After': String(Math.max(1, Math.ceil(msBeforeNext / 1000))) });
}

/**
 * The secret of a name every instance on the database shares: made by the first instance that
 * asks (of two at once, the first insert wins and both read it back).
 * @param db the platform database
 * @param name the secret's name
 */
async function sharedSecret(db: Kysely<Database>, name: string): Promise<Buffer> {
  await db.insertInto('server_secrets').values({ name, value: crypto.randomBytes(32).toString('base64url') }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/**
 * Creates a guard counted in the platform database.
 * @param db the platform database
 * @param spread failures for one account from all unknown sources together, per window, before new sources wait
 */
export function createSignInGuard(db: Kysely<Database>, spread: { max: number; windowMs: number } = { max: 50, windowMs: LONGEST_WAIT_S * 1000 }): SignInGuard {
  const store = { storeClient: kyselyStoreClient(db), storeType: 'client', tableName: RATE_LIMIT_TABLE, tableCreated: true } as const;
  // Failures per account and source: only counted, never refused by the store itself.
  const failures = new RateLimiterPostgres({ ...store, keyPrefix: 'sign-in-failures', points: Number.MAX_SAFE_INTEGER, duration: FAILURES_KEPT_S });
  // The source's wait: a key blocked until it ends.
  const waits = new RateLimiterPostgres({ ...store, keyPrefix: 'sign-in-wait', points: 1, duration: LONGEST_WAIT_S });
  // Failures per account from every unknown source together.
  const spreadOut = new RateLimiterPostgres({ ...store, keyPrefix: 'sign-in-spread', points: spread.max, duration: spread.windowMs / 1000 });
  let secret: Promise<Buffer> | undefined;
  const deviceToken = async (account: string) => {
    secret ??= sharedSecret(db, DEVICE_SECRET).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return crypto.createHmac('sha256', await secret).update(account).digest('base64url');
  };
  const knownDevice = async (account: string, device: string | undefined) => {
    if (!device) return false;
    const expected = Buffer.from(await deviceToken(account));
    const sent = Buffer.from(device);
    return sent.length === expected.length && crypto.timingSafeEqual(sent, expected);
  };
  // A newline separates the parts: neither an email nor an address holds one.
  const sourceKey = async (account: string, source: SignInSource) => ((await knownDevice(account, source.device)) ? `${account}\ndevice` : `${account}\n${source.address}`);
  return {
    deviceToken,
    async check(account, source) {
      const key = await sourceKey(account, source);
      const waiting = await waits.get(key);
      if (waiting && waiting.consumedPoints > 1 && waiting.msBeforeNext > 0) wait(waiting.msBeforeNext);
      if (key.endsWith('\ndevice')) return;
      const together = await spreadOut.get(account);
      if (together && together.consumedPoints >= spread.max && together.msBeforeNext > 0) wait(together.msBeforeNext);
    },
    async failed(account, source) {
      const key = await sourceKey(account, source);
      const counted = await failures.consume(key);
      const beyond = counted.consumedPoints - FREE_FAILURES;
      if (beyond >= 0) await waits.block(key, Math.min(LONGEST_WAIT_S, FIRST_WAIT_S * 2 ** beyond));
      if (key.endsWith('\ndevice')) return;
      await spreadOut.consume(account).catch((refusal: unknown) => {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
      });
    },
    async succeeded(account, source) {
      const key = await sourceKey(account, source);
      await Promise.all([failures.delete(key), waits.delete(key)]);
    },
  };
}
