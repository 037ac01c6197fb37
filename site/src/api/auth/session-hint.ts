/** Cookie the platform sets beside the HttpOnly session cookie; it holds no secret (server/api/account.ts). */
export const SIGNED_IN_HINT_COOKIE = 'fc_signed_in';

/**
 * Whether this browser may have a session. Anonymous shoppers (most visitors) have no hint, so
 * their pages skip the session request and the code that parses it; a stale hint only costs
 * one request that answers "signed out".
 */
export function mayHaveSession(cookie: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookie.split(';').some((part) => part.trim() === `${SIGNED_IN_HINT_COOKIE}=1`);
}
