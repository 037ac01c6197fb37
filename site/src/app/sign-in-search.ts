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
// shopper to another site after signing in ('//host' and '/\host' are protocol-relative).
function sitePath(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : undefined;
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
