import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  MeResponseSchema,
  SignInSchema,
  UpdateMeSchema,
  WatchlistChangeResponseSchema,
  WatchlistChangeSchema,
  WatchlistResponseSchema,
} from '../../schema/api/index.ts';
import { hashToken, newSessionToken, verifyDecoy, verifyPassword } from '../auth.ts';
import type { Database } from '../db/types.ts';
import { ShopperRefusal, parseInput, type Context, type Route, type SessionUser } from '../http/core.ts';
import { KNOWN_DEVICE_COOKIE } from '../http/sign-in-guard.ts';

/*
 * Sign-in, sign-out and the watchlist (sign-up and password reset work by email: account-links.ts) (spec §6: watchlist needs a signed-in user with
 * a phone). Accounts belong to one site; the session cookie is HttpOnly, SameSite=Lax and
 * host-only, so it never travels to another tenant's host.
 */

/** Session cookie name. */
export const SESSION_COOKIE = 'fc_session';
const SESSION_DAYS = 30;

/**
 * Readable by scripts and carrying no secret: it only tells the site that a session may exist,
 * so anonymous shoppers' pages skip the session check and its code (most visitors never sign in).
 */
export const SIGNED_IN_HINT_COOKIE = 'fc_signed_in';

/** The session cookie (HttpOnly) and the signed-in hint, set or cleared together. */
function cookie(ctx: Context, value: string, maxAge: number): string[] {
  // Secure only when the request really came over HTTPS: X-Forwarded-Proto counts only from a trusted proxy.
  const secure = ctx.secure;
  const attributes = `Path=/; SameSite=Lax; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;
  return [`${SESSION_COOKIE}=${value}; HttpOnly; ${attributes}`, `${SIGNED_IN_HINT_COOKIE}=${maxAge > 0 ? '1' : ''}; ${attributes}`];
}

/**
 * Starts a session for an account: the HttpOnly cookie and the signed-in hint.
 * @param ctx request context
 * @param userId the account
 * @param extraCookies more cookies to set with it
 */
export async function startSession(ctx: Context, userId: number, extraCookies: string[] = []): Promise<void> {
  const { token, hash } = newSessionToken();
  await ctx.db
    .insertInto('sessions')
    .values({ token_hash: hash, user_id: userId, site_id: ctx.siteId, expires_at: new Date(ctx.services.now().getTime() + SESSION_DAYS * 86_400_000) })
    .execute();
  ctx.setHeader('Set-Cookie', [...cookie(ctx, token, SESSION_DAYS * 86_400), ...extraCookies]);
}

/**
 * Deletes the sessions whose 30 days are over (they no longer sign anyone in). Run by the
 * server's sweeper.
 * @param db the platform database
 * @param now the clock
 * @returns how many were deleted
 */
export async function sweepExpiredSessions(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What the browser is told about an account. */
export const publicUser = (u: SessionUser) => ({ id: u.id, email: u.email, name: u.name, phone: u.phone, role: u.role });

async function watchlistIds(ctx: Context, userId: number) {
  const rows = await ctx.db.selectFrom('watchlists').select('car_id').where('site_id', '=', ctx.siteId).where('user_id', '=', userId).orderBy('created_at').execute();
  return rows.map((r) => ({ id: r.car_id }));
}

const digits = (s: string) => s.replace(/\D/g, '');

async function watchlistChange(ctx: Context, mode: 'save' | 'remove') {
  const input = parseInput(WatchlistChangeSchema, await ctx.body(), 'body');
  const user = await ctx.user();
  if (!user) return { status: 401, json: { success: false, message: 'Please sign in to use your watchlist.', watchlist: [] } };
  if (!user.phone) return { status: 403, json: { success: false, message: 'Please add a phone number to your account to use your watchlist.', watchlist: [] } };
  if (digits(input.phone_number) !== digits(user.phone)) {
    return { status: 400, json: { success: false, message: 'phone_number does not match the signed-in account.', watchlist: await watchlistIds(ctx, user.id) } };
  }
  // A car the site does not show (hidden or long sold) answers exactly as an unknown id does, so
  // the watchlist cannot be used to find hidden stock; one already saved can still be removed.
  const saved = mode === 'remove' && (await watchlistIds(ctx, user.id)).some((w) => w.id === input.car_id);
  const car = saved || (await ctx.services.carIsPublic(ctx.tenant, input.car_id))
    ? await ctx.db.selectFrom('cars').select(['id', 'status']).where('site_id', '=', ctx.siteId).where('id', '=', input.car_id).executeTakeFirst()
    : undefined;
  if (!car) return { status: 404, json: { success: false, message: 'This car is no longer available.', watchlist: await watchlistIds(ctx, user.id) } };
  if (mode === 'save') {
    await ctx.db.insertInto('watchlists').values({ site_id: ctx.siteId, user_id: user.id, car_id: car.id }).onConflict((oc) => oc.columns(['user_id', 'car_id']).doNothing()).execute();
    return { json: { success: true, message: 'Car Saved In Watchlist', watchlist: await watchlistIds(ctx, user.id) } };
  }
  await ctx.db.deleteFrom('watchlists').where('site_id', '=', ctx.siteId).where('user_id', '=', user.id).where('car_id', '=', car.id).execute();
  return { json: { success: true, message: 'Car Removed', watchlist: await watchlistIds(ctx, user.id) } };
}

/**
 * Checks an email and password and starts a session: the one sign-in of the site, used by the
 * JSON route and by the dealer inbox's form, so both get the same limits and protections.
 * Guessing is throttled per account (any letter case) and source: a few free failures, then
 * growing waits; a success clears its source's failures, and a browser that signed in to the
 * account before keeps its way in while someone else guesses (server/http/sign-in-guard.ts).
 * Spends one scrypt whether or not the account exists, and answers the same 401 for an unknown
 * email, a wrong password, or an account `admit` refuses (a shopper at the dealer inbox), so
 * neither the message nor the timing tells them apart.
 * @param ctx request context
 * @param input the submitted email and password
 * @param admit which accounts may sign in here (default: every account of the site)
 */
export async function signIn(ctx: Context, input: { email: string; password: string }, admit: (role: string) => boolean = () => true) {
  const email = input.email.trim().toLowerCase();
  const account = `${ctx.siteId}|${email}`;
  const source = { address: ctx.ip, device: cookieValue(ctx, KNOWN_DEVICE_COOKIE) };
  await ctx.signInGuard.check(account, source);
  const user = await ctx.db.selectFrom('users').selectAll().where('site_id', '=', ctx.siteId).where('email', '=', email).executeTakeFirst();
  // Same answer and the same scrypt cost for an unknown email and a wrong password, so
  // accounts cannot be probed by the message or by timing.
  const ok = user ? await verifyPassword(input.password, user.password_hash) : await verifyDecoy(input.password);
  if (!user || !ok || !admit(user.role)) {
    await ctx.signInGuard.failed(account, source);
    throw new ShopperRefusal(401, 'Incorrect email or password.');
  }
  await ctx.signInGuard.succeeded(account, source);
  const secure = ctx.secure ? '; Secure' : '';
  await startSession(ctx, user.id, [`${KNOWN_DEVICE_COOKIE}=${await ctx.signInGuard.deviceToken(account)}; HttpOnly; Path=/; SameSite=Lax; Max-Age=${365 * 86_400}${secure}`]);
  return publicUser(user as SessionUser);
}

/**
 * Ends the request's session (if any) and clears its cookies.
 * @param ctx request context
 */
export async function signOut(ctx: Context): Promise<void> {
  const token = sessionToken(ctx);
  if (token) await ctx.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).where('site_id', '=', ctx.siteId).execute();
  ctx.setHeader('Set-Cookie', cookie(ctx, '', 0));
}

/** Account and watchlist routes. */
export const accountRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-in',
    tag: 'Account',
    summary: 'Sign in with email and password (sets the HttpOnly session cookie).',
    body: SignInSchema,
    response: MeResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const input = parseInput(SignInSchema, await ctx.body(), 'body');
      return { json: { user: await signIn(ctx, input) } };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-out',
    tag: 'Account',
    summary: 'Sign out (ends the session and clears the cookie).',
    response: z.object({ success: z.literal(true) }),
    handler: async (ctx) => {
      await signOut(ctx);
      return { json: { success: true } };
    },
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    tag: 'Account',
    summary: 'The signed-in user, or null.',
    response: MeResponseSchema,
    handler: async (ctx) => {
      const user = await ctx.user();
      return { json: { user: user ? publicUser(user) : null }, headers: { 'Cache-Control': 'no-store' } };
    },
  },
  {
    method: 'PATCH',
    path: '/api/auth/me',
    tag: 'Account',
    summary: "Update the signed-in user's name or phone (the watchlist needs a phone).",
    body: UpdateMeSchema,
    response: MeResponseSchema,
    auth: 'user',
    handler: async (ctx) => {
      const input = parseInput(UpdateMeSchema, await ctx.body(), 'body');
      const user = (await ctx.user()) as SessionUser;
      if (input.name === undefined && input.phone === undefined) return { json: { user: publicUser(user) } };
      const updated = await ctx.db
        .updateTable('users')
        .set({ ...(input.name !== undefined ? { name: input.name } : {}), ...(input.phone !== undefined ? { phone: input.phone } : {}) })
        .where('id', '=', user.id)
        .where('site_id', '=', ctx.siteId)
        .returning(['id', 'email', 'name', 'phone', 'role'])
        .executeTakeFirstOrThrow();
      return { json: { user: publicUser(updated as SessionUser) } };
    },
  },
  {
    method: 'GET',
    path: '/api/watchlist',
    tag: 'Account',
    summary: "The signed-in user's watchlist (car ids).",
    response: WatchlistResponseSchema,
    auth: 'user',
    handler: async (ctx) => {
      const user = (await ctx.user()) as SessionUser;
      return { json: { watchlist: await watchlistIds(ctx, user.id) }, headers: { 'Cache-Control': 'no-store' } };
    },
  },
  {
    method: 'POST',
    path: '/api/watchlist/save-car',
    tag: 'Account',
    summary: 'Save a car to the watchlist (spec §7: phone_number, car_id); 401 when signed out, 403 without a phone.',
    body: WatchlistChangeSchema,
    response: WatchlistChangeResponseSchema,
    handler: (ctx) => watchlistChange(ctx, 'save'),
  },
  {
    method: 'POST',
    path: '/api/watchlist/remove-car',
    tag: 'Account',
    summary: 'Remove a car from the watchlist (spec §7: phone_number, car_id).',
    body: WatchlistChangeSchema,
    response: WatchlistChangeResponseSchema,
    handler: (ctx) => watchlistChange(ctx, 'remove'),
  },
];

/** A cookie of the request by name. */
function cookieValue(ctx: Pick<Context, 'req'>, name: string): string | undefined {
  const header = ctx.req.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || undefined;
  }
  return undefined;
}

/**
 * The session token of a request's cookie, if any.
 * @param ctx request context
 */
export function sessionToken(ctx: Pick<Context, 'req'>): string | undefined {
  return cookieValue(ctx, SESSION_COOKIE);
}
