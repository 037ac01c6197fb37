import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE } from '../plain-issue.ts';

/*
 * Accounts of a dealer site: sign-up, sign-in, the signed-in user (spec §3 User: phone) and the
 * watchlist calls of spec §7. Each user belongs to one site; sessions are HttpOnly cookies.
 */

/** A new password: the length rule shared by sign-up and password reset. */
const NewPasswordSchema = z.string().min(8, 'Password must be at least 8 characters.').max(200);

/** Body of POST /api/auth/sign-up. */
export const SignUpSchema = z.object({
  email: z.email(INVALID_EMAIL_MESSAGE),
  password: NewPasswordSchema,
  name: z.string().trim().min(1, 'Please enter your name.').max(200),
  phone: z
    .string()
    .trim()
    .regex(/^[+()\d\s-]{6,20}$/, 'Please enter a valid phone number.')
    .optional(),
  /** The page the shopper was going to: the confirmation link brings them there (a path of this site). */
  redirect: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/, 'must be a path of this site')
    .optional(),
});

/**
 * Answer of sign-up, of asking for the email again and of asking for a password reset: always
 * the same, whether or not the address has an account (the email says which).
 */
export const CheckEmailResponseSchema = z.object({
  status: z.literal('check-email'),
  email: z.string(),
});

/** Body of POST /api/auth/sign-up/resend and POST /api/auth/password-reset. */
export const EmailOnlySchema = z.object({
  email: z.email(INVALID_EMAIL_MESSAGE),
});

/** Body of POST /api/auth/confirm-email: the token of the emailed link. */
export const ConfirmEmailSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'must be the code of the emailed link'),
});

/** Body of POST /api/auth/password-reset/confirm. */
export const ResetPasswordSchema = z.object({
  token: ConfirmEmailSchema.shape.token,
  password: NewPasswordSchema,
});

/** Body of POST /api/auth/sign-in. */
export const SignInSchema = z.object({
  email: z.email(INVALID_EMAIL_MESSAGE),
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

/** Answer of a confirmed email link or a password reset: the signed-in user and where to go on. */
export const SignedInByLinkResponseSchema = z.object({
  user: UserSchema,
  redirect: z.string().nullable(),
});

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
  email: z.email(INVALID_EMAIL_MESSAGE),
  name: z.string().trim().min(1).max(200).optional(),
});

/** Answer of POST /api/dealer/accounts: the generated password, shown once. */
export const DealerAccountResponseSchema = z.object({
  email: z.string(),
  password: z.string(),
  created: z.boolean(),
});
