import { sql, type Kysely, type Transaction } from 'kysely';
import {
  CheckEmailResponseSchema,
  ConfirmEmailSchema,
  EmailOnlySchema,
  ResetPasswordSchema,
  SignedInByLinkResponseSchema,
  SignUpSchema,
} from '../../schema/api/index.ts';
import { alreadyRegisteredEmail, confirmSignUpEmail, resetPasswordEmail, type AccountEmail } from '../accounts/account-emails.ts';
import { hashPassword, hashToken, newSessionToken } from '../auth.ts';
import type { Database } from '../db/types.ts';
import { HttpError, ShopperRefusal, parseInput, type Context, type Route, type SessionUser } from '../http/core.ts';
import { weakPasswordReason } from '../passwords/index.ts';
import { publicUser, startSession } from './account.ts';

/*
 * Accounts made and recovered through emailed links. Sign-up never tells whether an address
 * already has an account: every sign-up answers 202 "check your email" after the same work (one
 * scrypt, one row, one queued email), and the email says which it was — a confirmation link for
 * a new address, "you already have an account" for a known one. No account and no session exist
 * until the link is opened, so nobody can start an account, a watchlist or a car hold on an
 * address they cannot read. Links are random tokens stored as SHA-256, used once and only until
 * they expire; an address gets at most a few emails an hour, whichever kind.
 */

/** How long a sign-up's confirmation link works. */
export const CONFIRM_LINK_HOURS = 24;
/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 60;
/** Emails one address may be sent per hour (sign-ups, resends and resets together). */
export const EMAILS_PER_ADDRESS_PER_HOUR = 3;
/** The hour those emails are counted in. */
const EMAIL_LIMIT_WINDOW_MS = 3_600_000;

const LINK_INVALID = 'This link has expired or has already been used. Please ask for a new one.';

type Tx = Transaction<Database> | Kysely<Database>;
type AccountEmailKind = Database['account_emails']['kind'];

/**
 * The origin links in emails point to: the site's own address when the request came to it, else
 * the local host the request used (`npm start`); never an arbitrary Host header.
 */
export function linkOrigin(ctx: Context): string {
  const site = new URL(ctx.tenant.config.siteUrl);
  const host = (ctx.req.headers.host ?? '').toLowerCase();
  const hostname = host.replace(/:\d+$/, '');
  if (hostname === site.hostname || `www.${hostname}` === site.hostname || hostname === `www.${site.hostname}`) return site.origin;
  const local = ctx.tenant.hosts[0] ?? hostname;
  const port = /:(\d{1,5})$/.exec(host)?.[1];
  return `${ctx.secure ? 'https' : 'http'}://${local}${port ? `:${port}` : ''}`;
}

/** Refuses a new email to an address that had its share this hour (429, the same for any address). */
export async function assertMaySend(ctx: Context, tx: Tx, email: string): Promise<void> {
  // One address's requests take turns until their transaction ends, so twenty at once cannot
  // all count the same few earlier emails and each send one.
  await sql`select pg_advisory_xact_lock(hashtext(${`account-email|${ctx.siteId}|${email}`}))`.execute(tx);
  const since = new Date(ctx.services.now().getTime() - EMAIL_LIMIT_WINDOW_MS);
  const { count } = await tx
    .selectFrom('account_emails')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', ctx.siteId)
    .where('email', '=', email)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(count) >= EMAILS_PER_ADDRESS_PER_HOUR) {
    throw new ShopperRefusal(
      429,
      `We have sent ${EMAILS_PER_ADDRESS_PER_HOUR} emails to this address in the last hour. Please check your inbox and spam folder, or try again in an hour.`,
      [{ path: 'email', message: `at most ${EMAILS_PER_ADDRESS_PER_HOUR} emails per hour` }],
      { 'Retry-After': '3600' },
    );
  }
}

/** A confirmed (or dealer-made) account of this site by address. */
function accountOf(ctx: Context, tx: Tx, email: string) {
  return tx.selectFrom('users').select(['id', 'role']).where('site_id', '=', ctx.siteId).where('email', '=', email).executeTakeFirst();
}

/**
 * Records one email about an address and queues it; answers the link's token when it has one.
 * The row is written first, so the limit counts it even if the send fails.
 */
export async function recordEmail(
  ctx: Context,
  tx: Tx,
  row: { kind: AccountEmailKind; email: string; userId?: number; name?: string; phone?: string | null; passwordHash?: string; redirect?: string | null; validMs?: number },
): Promise<string | null> {
  const link = row.validMs === undefined ? null : newSessionToken();
  await tx
    .insertInto('account_emails')
    .values({
      site_id: ctx.siteId, kind: row.kind, email: row.email, user_id: row.userId ?? null, name: row.name ?? null, phone: row.phone ?? null,
      password_hash: row.passwordHash ?? null, redirect: row.redirect ?? null, token_hash: link?.hash ?? null,
      expires_at: row.validMs === undefined ? null : new Date(ctx.services.now().getTime() + row.validMs), created_at: ctx.services.now(),
    })
    .execute();
  return link?.token ?? null;
}

/**
 * Uses up a link: finds its unused, unexpired row and marks it used in one statement, so of two
 * tabs opening one link only one gets it. Undefined when the link is unknown, used or expired.
 */
export function spendLink(ctx: Context, tx: Tx, token: string, kind: 'confirm-sign-up' | 'reset-password' | 'confirm-hold') {
  const now = ctx.services.now();
  return tx
    .updateTable('account_emails')
    .set({ used_at: now })
    .where('site_id', '=', ctx.siteId)
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['email', 'name', 'phone', 'password_hash', 'redirect', 'user_id'])
    .executeTakeFirst();
}

/**
 * Deletes the account emails nothing needs any more: links used or expired, and notes that carry
 * no link, once they are older than the hour the per-address email limit counts. An unconfirmed
 * sign-up's name, phone and password hash go with its row, so an address nobody confirmed leaves
 * nothing behind. Run by the server's sweeper.
 * @param db the platform database
 * @param now the clock
 * @returns how many rows were deleted
 */
export async function sweepAccountEmails(db: Kysely<Database>, now: Date): Promise<number> {
  const counted = new Date(now.getTime() - EMAIL_LIMIT_WINDOW_MS);
  const result = await db
    .deleteFrom('account_emails')
    .where('created_at', '<=', counted)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('expires_at', 'is', null), eb('expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

const checkEmail = (email: string) => ({ status: 202, json: { status: 'check-email' as const, email } });

/** Sends the "you already have an account" email. */
function alreadyRegistered(ctx: Context, email: string): AccountEmail {
  const origin = linkOrigin(ctx);
  return alreadyRegisteredEmail(ctx.tenant, email, `${origin}/sign-in`, `${origin}/reset-password`);
}

/** Account routes that work through emailed links. */
export const accountLinkRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/auth/sign-up',
    tag: 'Account',
    summary: 'Ask to create an account: always answers 202 "check your email". A new address gets a confirmation link (the account exists once it is opened); an address with an account gets a note saying so.',
    body: SignUpSchema,
    response: CheckEmailResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const input = parseInput(SignUpSchema, await ctx.body(), 'body');
      const weak = weakPasswordReason(input.password);
      if (weak) throw new HttpError(400, `Invalid body: password: Password ${weak}.`, [{ path: 'password', message: `Password ${weak}.` }]);
      const email = input.email.toLowerCase();
      await ctx.limitAccount(email);
      // Hashed whichever way it goes, so a known address answers in the same time as a new one.
      const passwordHash = await hashPassword(input.password);
      const mail = await ctx.db.transaction().execute(async (tx) => {
        await assertMaySend(ctx, tx, email);
        const account = await accountOf(ctx, tx, email);
        if (account) {
          await recordEmail(ctx, tx, { kind: 'already-registered', email, userId: account.id });
          return alreadyRegistered(ctx, email);
        }
        const token = await recordEmail(ctx, tx, {
          kind: 'confirm-sign-up', email, name: input.name, phone: input.phone ?? null, passwordHash, redirect: input.redirect ?? null, validMs: CONFIRM_LINK_HOURS * 3_600_000,
        });
        return confirmSignUpEmail(ctx.tenant, email, input.name, `${linkOrigin(ctx)}/confirm-email?token=${token}`, CONFIRM_LINK_HOURS);
      });
      ctx.services.accountMail.send(ctx.tenant, mail);
      return checkEmail(email);
    },
  },
  {
    method: 'POST',
    path: '/api/auth/sign-up/resend',
    tag: 'Account',
    summary: 'Send the sign-up email again (a new confirmation link, or the note for an address with an account); always answers 202 "check your email".',
    body: EmailOnlySchema,
    response: CheckEmailResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const email = parseInput(EmailOnlySchema, await ctx.body(), 'body').email.toLowerCase();
      const mail = await ctx.db.transaction().execute(async (tx) => {
        const now = ctx.services.now();
        const signUp = await tx
          .selectFrom('account_emails')
          .select(['name', 'phone', 'password_hash', 'redirect'])
          .where('site_id', '=', ctx.siteId)
          .where('email', '=', email)
          .where('kind', '=', 'confirm-sign-up')
          .where('used_at', 'is', null)
          .where('expires_at', '>', now)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        const account = await accountOf(ctx, tx, email);
        // Counted whatever happens next, so the limit answers alike for every address.
        await assertMaySend(ctx, tx, email);
        // An address nobody signed up with gets nothing: there is nothing to send again.
        if (!account && !signUp) {
          await recordEmail(ctx, tx, { kind: 'nothing-sent', email });
          return null;
        }
        if (account) {
          await recordEmail(ctx, tx, { kind: 'already-registered', email, userId: account.id });
          return alreadyRegistered(ctx, email);
        }
        const pending = signUp as NonNullable<typeof signUp>;
        const token = await recordEmail(ctx, tx, {
          kind: 'confirm-sign-up', email, name: pending.name ?? '', phone: pending.phone, passwordHash: pending.password_hash ?? '', redirect: pending.redirect, validMs: CONFIRM_LINK_HOURS * 3_600_000,
        });
        return confirmSignUpEmail(ctx.tenant, email, pending.name ?? '', `${linkOrigin(ctx)}/confirm-email?token=${token}`, CONFIRM_LINK_HOURS);
      });
      if (mail) ctx.services.accountMail.send(ctx.tenant, mail);
      return checkEmail(email);
    },
  },
  {
    method: 'POST',
    path: '/api/auth/confirm-email',
    tag: 'Account',
    summary: "Open a sign-up's confirmation link: creates the account, signs in (sets the HttpOnly session cookie) and answers where the shopper was going. Each link works once, until it expires.",
    body: ConfirmEmailSchema,
    response: SignedInByLinkResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const { token } = parseInput(ConfirmEmailSchema, await ctx.body(), 'body');
      const now = ctx.services.now();
      const created = await ctx.db.transaction().execute(async (tx) => {
        const link = await spendLink(ctx, tx, token, 'confirm-sign-up');
        if (!link || !link.password_hash) throw new ShopperRefusal(400, LINK_INVALID, [{ path: 'token', message: 'expired or already used' }]);
        const user = await tx
          .insertInto('users')
          .values({ site_id: ctx.siteId, email: link.email, name: link.name ?? '', phone: link.phone, role: 'shopper', password_hash: link.password_hash })
          .onConflict((oc) => oc.columns(['site_id', 'email']).doNothing())
          .returning(['id', 'email', 'name', 'phone', 'role'])
          .executeTakeFirst();
        if (!user) throw new ShopperRefusal(409, 'This email address already has an account. Please sign in.', [{ path: 'token', message: 'the address already has an account' }]);
        // The address's other sign-up links are spent: it has its account now.
        await tx.updateTable('account_emails').set({ used_at: now }).where('site_id', '=', ctx.siteId).where('email', '=', link.email).where('kind', '=', 'confirm-sign-up').where('used_at', 'is', null).execute();
        return { user: user as SessionUser, redirect: link.redirect };
      });
      await startSession(ctx, created.user.id);
      return { json: { user: publicUser(created.user), redirect: created.redirect } };
    },
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    tag: 'Account',
    summary: 'Ask for a password-reset link: always answers 202 "check your email"; the link goes only to a shopper account of that address.',
    body: EmailOnlySchema,
    response: CheckEmailResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const email = parseInput(EmailOnlySchema, await ctx.body(), 'body').email.toLowerCase();
      await ctx.limitAccount(email);
      const mail = await ctx.db.transaction().execute(async (tx) => {
        // Every request counts against the address, with an account or not, so the limit tells nothing either.
        await assertMaySend(ctx, tx, email);
        const account = await accountOf(ctx, tx, email);
        // Staff accounts are reset by the people who run the site (npm run dealer-account), not by email.
        const shopper = account?.role === 'shopper' ? account : undefined;
        const token = await recordEmail(ctx, tx, { kind: 'reset-password', email, userId: shopper?.id, ...(shopper ? { validMs: RESET_LINK_MINUTES * 60_000 } : {}) });
        return shopper && token ? resetPasswordEmail(ctx.tenant, email, `${linkOrigin(ctx)}/reset-password?token=${token}`, RESET_LINK_MINUTES) : null;
      });
      if (mail) ctx.services.accountMail.send(ctx.tenant, mail);
      return checkEmail(email);
    },
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/confirm',
    tag: 'Account',
    summary: "Set a new password with a reset link's token: signs out every other session of the account and signs in here.",
    body: ResetPasswordSchema,
    response: SignedInByLinkResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      const input = parseInput(ResetPasswordSchema, await ctx.body(), 'body');
      const weak = weakPasswordReason(input.password);
      if (weak) throw new HttpError(400, `Invalid body: password: Password ${weak}.`, [{ path: 'password', message: `Password ${weak}.` }]);
      const passwordHash = await hashPassword(input.password);
      const user = await ctx.db.transaction().execute(async (tx) => {
        const link = await spendLink(ctx, tx, input.token, 'reset-password');
        if (!link?.user_id) throw new ShopperRefusal(400, LINK_INVALID, [{ path: 'token', message: 'expired or already used' }]);
        const updated = await tx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', link.user_id)
          .where('site_id', '=', ctx.siteId)
          .returning(['id', 'email', 'name', 'phone', 'role'])
          .executeTakeFirstOrThrow();
        // Whoever knew the old password is signed out everywhere.
        await tx.deleteFrom('sessions').where('user_id', '=', updated.id).where('site_id', '=', ctx.siteId).execute();
        return updated as SessionUser;
      });
      await startSession(ctx, user.id);
      return { json: { user: publicUser(user), redirect: null } };
    },
  },
];
