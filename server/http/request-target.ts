/*
 * The request target as a path. `new URL(target, base)` reads a target beginning with `//` as
 * a host (`//evil.example/api/site` became `/api/site` on host evil.example, slipping past a
 * proxy's path rules) and throws on some (`//%5b`, `//x:99999/`), which answered 500. A server
 * answers only origin-form targets (`/path?query`): anything else (`*`, an absolute URL, a path
 * beginning with `//`, before or after its dot segments are resolved) is refused with 400 before
 * anything else reads it.
 */

/** A request target read as a path and query, or why it is not one. */
export type RequestTarget = { ok: true; url: URL } | { ok: false; error: string };

/**
 * Parses a request target in origin form.
 * @param target the request line's target (`req.url`)
 */
export function parseRequestTarget(target: string | undefined): RequestTarget {
  const raw = target ?? '';
  if (!raw.startsWith('/')) return { ok: false, error: 'Invalid request target: it must be a path beginning with /' };
  if (raw.startsWith('//')) return { ok: false, error: 'Invalid request target: a path must not begin with //' };
  try {
    // A fixed origin in front of the path: the path can no longer name a host.
    const url = new URL(`http://request.invalid${raw}`);
    if (url.host !== 'request.invalid') return { ok: false, error: 'Invalid request target' };
    // Dot segments can still leave a path beginning with `//` (`/.//evil.example/x`): written back
    // into a page (a link to try again, a redirect) it would name another host.
    if (url.pathname.startsWith('//')) return { ok: false, error: 'Invalid request target: a path must not begin with //' };
    return { ok: true, url };
  } catch {
    return { ok: false, error: 'Invalid request target' };
  }
}

/**
 * How many Host headers a request carries.
 * @param rawHeaders the request's raw header list (name, value, name, value…)
 */
export function hostHeaderCount(rawHeaders: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'host') count++;
  return count;
}
