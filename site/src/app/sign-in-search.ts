// zod/mini: route search schemas sit in the entry chunk (validateSearch is not code-split),
// and the mini build tree-shakes to a few KB where classic zod adds ~40 KB gzip.
import * as z from 'zod/mini';

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

// Only same-site paths are accepted as redirect targets, so a crafted link cannot send a
// shopper to another site after signing in.
const sitePath = z.string().check(z.refine((value) => value.startsWith('/') && !value.startsWith('//'), 'must be a site path'));

/**
 * Search params of /sign-in. Bad values fall back (`catch`) instead of breaking the page.
 */
export const signInSearchSchema = z.object({
  type: z.catch(z.optional(z.enum(SIGN_IN_TYPES)), undefined),
  redirect: z.catch(z.optional(sitePath), undefined),
  back: z.catch(z.optional(sitePath), undefined),
});

export type SignInSearch = z.infer<typeof signInSearchSchema>;
