import { UNAVAILABLE_MESSAGE } from '../../../schema/api/unavailable.ts';
import { ApiRequestError } from './http.ts';

/*
 * The platform answers 503 when its database cannot serve a request for the moment (an outage,
 * or a storage fault it is recovering from). A page whose data failed that way is not broken and
 * the shopper's connection is fine: the page says the problem is ours and to try again shortly,
 * and its server render answers 503 with Retry-After (entry-server.tsx), so search engines come
 * back for it instead of recording an error, and no cache keeps it.
 */

/**
 * Whether a failure is the platform saying it cannot serve the request just now (503).
 * @param error what a request or a route loader threw
 */
export function isPlatformUnavailable(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 503;
  // A route's error reaches the browser's first render as a plain Error with its message only
  // (the router's serialisation of the server render): the platform's own words tell it then.
  return error instanceof Error && error.message === UNAVAILABLE_MESSAGE;
}

/**
 * Whether a render ended on an error page because the platform could not serve a route's data
 * just now (the server entry then answers 503).
 * @param matches the router's matches after the render
 */
export function rendersUnavailable(matches: readonly { status: string; error?: unknown }[]): boolean {
  return matches.some((match) => match.status === 'error' && isPlatformUnavailable(match.error));
}

/**
 * The platform's `fetch`, watched for answers that failed on the platform's side (5xx). Parts of
 * a page that show nothing when their call fails (the locations, spec §7) leave a page that looks
 * whole: the server must not keep it for other shoppers, or after an outage they would see it
 * without its locations until it expired (entry-server.tsx marks it no-store).
 * @param fetcher the platform's fetch
 */
export function watchPlatformFailures<F extends (path: string, init?: RequestInit) => Promise<Response>>(fetcher: F): { fetch: F; failed: () => boolean } {
  let failed = false;
  const watched = (async (path: string, init?: RequestInit) => {
    const response = await fetcher(path, init);
    if (response.status >= 500) failed = true;
    return response;
  }) as F;
  return { fetch: watched, failed: () => failed };
}
