import crypto from 'node:crypto';
import { promisify } from 'node:util';

/*
 * Passwords and session tokens. Passwords are hashed with scrypt and a per-user salt; sessions
 * are random tokens whose SHA-256 is stored, so a leaked sessions table cannot be replayed.
 */

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;
const PARAMS = { N: 16384, r: 8, p: 1 };

/**
 * Hashes a password as `scrypt$N$r$p$salt$hash` (base64).
 * @param password the plain password
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * Checks a password against a stored hash in constant time.
 * @param password the plain password
 * @param stored the stored `scrypt$…` hash
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: Number(n), r: Number(r), p: Number(p) });
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** A new random session token (sent to the browser) and its hash (stored). */
export function newSessionToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/**
 * SHA-256 of a session token, as stored.
 * @param token the cookie value
 */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

// A real scrypt hash of a random password: checking an unknown email against it costs the same
// time as checking a known one (sign-in timing told accounts apart).
let decoyHash: Promise<string> | undefined;

/**
 * Spends the time of one password check without an account, so an unknown email answers as
 * slowly as a known one with a wrong password.
 * @param password the submitted password
 */
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(crypto.randomBytes(18).toString('base64url'));
  await verifyPassword(password, await decoyHash);
  return false;
}

/** A new unguessable lead continuation token (sent to the browser once) and its stored hash. */
export function newLeadToken(): { token: string; hash: string } {
  return newSessionToken();
}

/**
 * Whether a presented token matches a stored SHA-256, compared in constant time.
 * @param token the token the browser sent (may be missing)
 * @param storedHash the stored hex hash (null when none was issued)
 */
export function tokenMatches(token: string | undefined, storedHash: string | null): boolean {
  if (!token || !storedHash) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * A generated password for a new dealer account: 24 random characters (about 143 bits).
 */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}
