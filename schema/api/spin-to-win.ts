import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE } from '../plain-issue.ts';

/*
 * The spin-to-win page's spin (spec §2 /spin-to-win). The browser sends who spins and that they
 * agree to the terms; the server draws the prize, never the browser.
 */

/** Body of POST /api/spin-to-win. */
export const SpinRequestSchema = z.object({
  name: z.string({ error: 'Please enter your name.' }).trim().min(1, 'Please enter your name.').max(200),
  /** Ignored where the site gates the page: the account's email is used. */
  email: z.email({ error: (issue) => (issue.input === undefined || issue.input === '' ? 'Please enter your email address.' : INVALID_EMAIL_MESSAGE) }).max(254).optional(),
  phone: z
    .string({ error: 'Please enter your phone number.' })
    .trim()
    .regex(/^[+()\d\s-]{6,20}$/, 'Please enter a valid phone number.'),
  terms_conditions: z.literal(true, { error: 'Please agree to the terms of the promotion.' }),
  url: z.string().max(2000).optional(),
});
export type SpinRequest = z.infer<typeof SpinRequestSchema>;

/** Answer of POST /api/spin-to-win. */
export const SpinResponseSchema = z.object({
  spin_id: z.int32(),
  promotion: z.string(),
  /** The prize won, or null for none. */
  prize: z.string().nullable(),
});
export type SpinResponse = z.infer<typeof SpinResponseSchema>;
