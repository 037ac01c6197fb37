// A plain validator rather than zod: route search validation sits in the entry chunk
// (validateSearch is not code-split) and zod's core costs ~14 KB gzip on every page.
// See docs/architecture-changes.md.

/** `type` values of /sign-in (spec §2). */
export const SIGN_IN_TYPES = [
  'trade-in',
  'checkout',
  'finance',
  'spin-to-win',
  'online-payment',
  'car-finance',
  'my-garage',
  'watchlist',
] as const;

/** Search params of /sign-in. */
export interface SignInSearch {
  type?: (typeof SIGN_IN_TYPES)[number] | undefined;
  redirect?: string | undefined;
  back?: string | undefined;
}

// Only same-site paths are accepted as redirect targets, so a crafted link cannot send a
// shopper to another site after signing in. Prefix checks are not enough: browsers drop tabs
// and newlines from URLs, so '/\t/evil.example' becomes '//evil.example'.
// A target is accepted only when it resolves to this very origin, and it is kept as that
// resolved path, never as the raw text.
const PROBE_ORIGIN = 'https://same-origin.invalid';

/**
 * The same-origin path a redirect target resolves to, or undefined when it leaves the site.
 * @param value a `redirect` or `back` search param
 * @param origin the site's origin (defaults to a fixed probe origin; only equality matters)
 */
export function sitePath(value: unknown, origin = PROBE_ORIGIN): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Parses /sign-in's search params; bad values fall back to undefined instead of breaking the page. */
export const signInSearchSchema = {
  parse(search: Record<string, unknown>): SignInSearch {
    return {
      type: SIGN_IN_TYPES.find((t) => t === search.type),
      redirect: sitePath(search.redirect),
      back: sitePath(search.back),
    };
  },
};
