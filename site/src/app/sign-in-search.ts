import { z } from 'zod';

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
const sitePath = z.string().refine((value) => value.startsWith('/') && !value.startsWith('//'), 'must be a site path');

/**
 * Search params of /sign-in. Bad values fall back (`.catch`) instead of breaking the page.
 */
export const signInSearchSchema = z.object({
  type: z.enum(SIGN_IN_TYPES).optional().catch(undefined),
  redirect: sitePath.optional().catch(undefined),
  back: sitePath.optional().catch(undefined),
});

export type SignInSearch = z.infer<typeof signInSearchSchema>;
