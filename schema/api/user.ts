import { z } from 'zod';

/*
 * Accounts of a dealer site: sign-up, sign-in, the signed-in user (spec §3 User: phone) and the
 * watchlist calls of spec §7. Each user belongs to one site; sessions are HttpOnly cookies.
 */

/** Body of POST /api/auth/sign-up. */
export const SignUpSchema = z.object({
  email: z.email('Please enter a valid email address.'),
  password: z.string().min(8, 'Password must be at least 8 characters.').max(200),
  name: z.string().trim().min(1, 'Please enter your name.').max(200),
  phone: z
    .string()
    .trim()
    .regex(/^[+()\d\s-]{6,20}$/, 'Please enter a valid phone number.')
    .optional(),
});

/** Body of POST /api/auth/sign-in. */
export const SignInSchema = z.object({
  email: z.email('Please enter a valid email address.'),
  password: z.string().min(1, 'Please enter your password.').max(200),
});

/** Body of PATCH /api/auth/me: the phone the watchlist needs. */
export const UpdateMeSchema = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  phone: z
    .string()
    .trim()
    .regex(/^[+()\d\s-]{6,20}$/, 'Please enter a valid phone number.')
    .nullable()
    .optional(),
});

/** Role of a user: shoppers, or dealer staff who may read the site's leads. */
export const UserRoleSchema = z.enum(['shopper', 'dealer']);

/** The signed-in user (spec §3 User: phone). */
export const UserSchema = z.object({
  id: z.int32(),
  email: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  role: UserRoleSchema,
});
export type User = z.infer<typeof UserSchema>;

/** Answer of GET /api/auth/me (user null when signed out). */
export const MeResponseSchema = z.object({ user: UserSchema.nullable() });

/** Body of POST /api/watchlist/save-car and /api/watchlist/remove-car (spec §7). */
export const WatchlistChangeSchema = z.object({
  phone_number: z.string().trim().min(6).max(20),
  car_id: z.int32().positive(),
});

/** Answer of the watchlist calls: a success flag (spec §7) and the message shown on failure. */
export const WatchlistChangeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  watchlist: z.array(z.object({ id: z.int32() })),
});

/** Answer of GET /api/watchlist: entries of spec §3 (id is the car id). */
export const WatchlistResponseSchema = z.object({
  watchlist: z.array(z.object({ id: z.int32() })),
});

/** Body of POST /api/dealer/accounts (local admin only). */
export const DealerAccountRequestSchema = z.object({
  email: z.email('Please enter a valid email address.'),
  name: z.string().trim().min(1).max(200).optional(),
});

/** Answer of POST /api/dealer/accounts: the generated password, shown once. */
export const DealerAccountResponseSchema = z.object({
  email: z.string(),
  password: z.string(),
  created: z.boolean(),
});
