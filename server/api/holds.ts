import { sql, type Kysely, type Transaction } from 'kysely';
import { ConfirmEmailSchema, ReservationAnswerSchema, ReservationRequestSchema, ReservationResponseSchema } from '../../schema/api/index.ts';
import { formatMoney } from '../../schema/number-format.ts';
import { confirmHoldEmail, type AccountEmail } from '../accounts/account-emails.ts';
import { hashToken } from '../auth.ts';
import type { Database } from '../db/types.ts';
import { HttpError, ShopperRefusal, parseInput, type Context, type Route, type SessionUser } from '../http/core.ts';
import { recordOnlyPaymentProvider } from '../payments.ts';
import { loadCar } from '../repo/cars.ts';
import { assertMaySend, linkOrigin, recordEmail, spendLink } from './account-links.ts';
import { idempotent, type StepResult } from './idempotency.ts';
import { fileLeadOfRequest } from '../lead-delivery/outbox.ts';
import { canReserve, HOLD_CONFIRM_MINUTES } from '../../site/src/domain/reservation.ts';
import { reserveDeposit } from '../../site/src/domain/vehicle-offer.ts';
import { vehicleTitle } from '../../site/src/domain/vehicle-title.ts';

/*
 * Holds: a reservation and an online order both take a car off sale for everyone for the
 * tenant's hold time, through the one function here, so the two can never disagree. A hold
 * belongs to a person whose email is proven: the signed-in account that placed it, or — on sites
 * that do not gate checkout (features.gatedCheckout off) — the address that opened the emailed
 * link. A request without an account takes nothing off sale and blocks nobody: it is a
 * provisional hold that becomes real only when its link is opened within HOLD_CONFIRM_MINUTES,
 * and only if the car is still free then (the first confirmed hold wins). One person (one proven
 * email, one account) holds one car at a time, and one network places only a few holds a day.
 * A phone typed in the form is the lead's contact, never a limit: it is not proven, and counting
 * it would let anyone keep another person's number out of a hold (docs/security.md). The car is taken with a conditional update (`reserved` from false to true) inside
 * the caller's transaction: of any number of simultaneous tries, exactly one finds the car free,
 * the others answer 409.
 */

type Tx = Transaction<Database> | Kysely<Database>;

/** Active holds one person (account or proven email) may have on a site at once. */
const HOLDS_PER_PERSON = 1;
/** Holds (and provisional holds) one client address may place on a site per 24 hours. */
const HOLDS_PER_ADDRESS_PER_DAY = 3;

/** The answer when the car is already held or sold (reservations and orders alike). */
export const CAR_NOT_FREE = 'This car cannot be reserved or bought: it is already reserved, sold or not yet in stock.';
const ONE_HOLD = 'You already have a car on hold. Please finish or cancel that reservation first, or call the dealership.';
const TOO_MANY_FROM_ADDRESS = 'Too many reservations from this network today. Please call the dealership to reserve.';
const HOLD_LINK_INVALID = 'This link has expired or has already been used. Nothing is reserved: please reserve the car again.';
const TAKEN_FIRST = 'Sorry, this car was reserved by another shopper before you confirmed, or it is no longer for sale.';

/** Who a hold is for: an account, or an email proven by its link. */
export interface Holder {
  userId: number | null;
  /** Lower-case email the holder proved (the account's own, or the one the link went to). */
  email: string;
}

/**
 * The holder of a signed-in account's hold: the account and its own email. Not its phone: an
 * account's phone is typed at sign-up and never proven, so holding one car per phone there would
 * let anyone block a shopper by signing up with their number.
 * @param user the signed-in account
 */
export function accountHolder(user: SessionUser): Holder {
  return { userId: user.id, email: user.email.toLowerCase() };
}

/** Refuses past the per-network limit: holds placed from this address in the last 24 hours. */
async function assertAddressMayHold(ctx: Context, tx: Tx, table: 'reservations' | 'provisional_holds'): Promise<void> {
  const since = new Date(ctx.services.now().getTime() - 86_400_000);
  const { count } = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('site_id', '=', ctx.siteId)
    .where('ip', '=', ctx.ip)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(count) >= HOLDS_PER_ADDRESS_PER_DAY) throw new ShopperRefusal(429, TOO_MANY_FROM_ADDRESS, undefined, { 'Retry-After': '3600' });
}

/**
 * Refuses a new hold past the per-person and per-network limits. One person's holds take turns
 * (a lock per email until the transaction ends), so two tabs confirming two cars at once cannot
 * both find nothing held.
 * @param ctx request context
 * @param tx the hold's transaction
 * @param holder who the hold is for
 */
async function assertMayHold(ctx: Context, tx: Tx, holder: Holder): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`hold|${ctx.siteId}|email|${holder.email}`}))`.execute(tx);
  const mine = await tx
    .selectFrom('reservations')
    .select('id')
    .where('site_id', '=', ctx.siteId)
    .where('status', '=', 'held')
    .where('held_until', '>', ctx.services.now())
    .where((eb) =>
      eb.or([
        eb('email', '=', holder.email),
        ...(holder.userId === null ? [] : [eb('user_id', '=', holder.userId)]),
      ]),
    )
    .execute();
  if (mine.length >= HOLDS_PER_PERSON) throw new ShopperRefusal(429, ONE_HOLD);
  await assertAddressMayHold(ctx, tx, 'reservations');
}

/**
 * Takes a car off sale for a holder: checks the person's and the network's limits, then marks
 * the car reserved only if it is still free (409 otherwise). Call inside the transaction that
 * records the reservation or order; record the hold with `recordHold` once its lead exists.
 * @param ctx request context
 * @param tx the transaction
 * @param holder who the hold is for (`accountHolder` for a signed-in account)
 * @param carId the car
 * @param notFree the 409's message (the default suits a first try; a confirmation says it lost the race)
 */
export async function takeCar(ctx: Context, tx: Tx, holder: Holder, carId: number, notFree = CAR_NOT_FREE): Promise<void> {
  await assertMayHold(ctx, tx, holder);
  const taken = await tx
    .updateTable('cars')
    .set({ reserved: true, updated_at: ctx.services.now() })
    .where('site_id', '=', ctx.siteId)
    .where('id', '=', carId)
    .where('reserved', '=', false)
    .where('status', '=', 'in_stock')
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw new ShopperRefusal(409, notFree, [{ path: 'car_id', message: 'already reserved, sold or not in stock' }]);
}

/**
 * Records a hold taken with `takeCar`: it lapses after the tenant's hold time (the server's sweep
 * frees the car then).
 * @param ctx request context
 * @param tx the transaction
 * @param hold the holder, car, lead and deposit
 */
export async function recordHold(ctx: Context, tx: Tx, hold: { holder: Holder; carId: number; leadId: number; deposit: number }): Promise<{ id: number; heldUntil: Date }> {
  const heldUntil = new Date(ctx.services.now().getTime() + ctx.tenant.config.limits.reserveHoldHours * 3_600_000);
  const row = await tx
    .insertInto('reservations')
    .values({
      site_id: ctx.siteId, car_id: hold.carId, lead_id: hold.leadId, deposit: hold.deposit, held_until: heldUntil, status: 'held',
      user_id: hold.holder.userId, email: hold.holder.email, ip: ctx.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, heldUntil };
}

/**
 * The contact a hold's lead carries: the account's own email (and phone, when the account has
 * one), never a different person's typed into the form.
 * @param user the signed-in account
 * @param typed what the form sent
 */
export function holderContact(user: SessionUser, typed: { name: string; phone: string }): { name: string; email: string; phone: string } {
  return { name: typed.name, email: user.email, phone: user.phone ?? typed.phone };
}

/** A car as the reserve routes read it: refused (400 unknown, 409 not reservable) unless it can be held now. */
async function reservableCar(ctx: Context, tx: Tx, carId: number, notFree: string) {
  const car = await tx
    .selectFrom('cars')
    .select(['id', 'status', 'reserved', 'price', 'show_on_dealer_website', 'details'])
    .where('site_id', '=', ctx.siteId)
    .where('id', '=', carId)
    .executeTakeFirst();
  if (!car) throw new HttpError(400, 'Invalid body: car_id: no such car on this site', [{ path: 'car_id', message: 'no such car on this site' }]);
  // The same rule the reserve buttons and the reserve page follow (sold, held, coming soon,
  // hidden or without a price: refused).
  if (!canReserve(car, ctx.tenant.config)) throw new ShopperRefusal(409, notFree, [{ path: 'car_id', message: 'this car cannot be reserved' }]);
  return car;
}

/** The title and page of a car `reservableCar` found a moment ago in the same transaction. */
async function carNamed(ctx: Context, tx: Tx, carId: number): Promise<{ title: string; slug: string }> {
  const car = (await loadCar(tx, ctx.siteId, { id: carId }))!;
  return { title: vehicleTitle(car, ctx.tenant.config.features.seriesInTitle), slug: car.slug };
}

/**
 * Holds a free car for a proven holder: takes it off sale, records the reserve lead, the hold
 * and the deposit's payment intent, and files the lead for delivery. The 201 answer.
 */
async function holdCar(
  ctx: Context,
  tx: Tx,
  hold: { carId: number; holder: Holder; contact: { name: string; email: string; phone: string }; notFree: string },
): Promise<StepResult> {
  const car = await reservableCar(ctx, tx, hold.carId, hold.notFree);
  await takeCar(ctx, tx, hold.holder, car.id, hold.notFree);
  const now = ctx.services.now();
  const hours = ctx.tenant.config.limits.reserveHoldHours;
  const deposit = reserveDeposit(car.details.reserve_deposit as number | null | undefined, ctx.tenant.config.limits.reserveDepositFallback);
  const { contact } = hold;
  const lead = await tx
    .insertInto('leads')
    .values({
      site_id: ctx.siteId, form: 'reserve', category: 'Reserve Online', subcategory: null, status: 'Complete', form_completed: true,
      car_id: car.id, ...contact,
      fields: JSON.stringify({ car_id: car.id, ...contact, deposit, source: 'Website' }), url: null,
      user_agent: ctx.req.headers['user-agent']?.slice(0, 1000) ?? null, ip: ctx.ip, created_at: now, updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const recorded = await recordHold(ctx, tx, { holder: hold.holder, carId: car.id, leadId: lead.id, deposit });
  // The deposit's payment step: the embedded provider records the intent (nothing is charged).
  const payment = await recordOnlyPaymentProvider.createIntent({
    amountCents: Math.round(deposit * 100),
    currency: 'AUD',
    reference: `${ctx.tenant.slug}-${lead.id}`,
    description: `Refundable deposit to hold car ${car.id} for ${hours} hours`,
  });
  await tx
    .updateTable('leads')
    .set({ fields: JSON.stringify({ car_id: car.id, ...contact, deposit, source: 'Website', held_until: recorded.heldUntil.toISOString(), payment_intent: payment }) })
    .where('id', '=', lead.id)
    .execute();
  await fileLeadOfRequest(tx, ctx, lead.id);
  const named = await carNamed(ctx, tx, car.id);
  return {
    status: 201,
    json: {
      reservation_id: recorded.id, lead_id: lead.id, car_id: car.id, car_title: named.title, car_slug: named.slug, deposit,
      held_until: recorded.heldUntil.toISOString(), payment: { provider: payment.provider, status: payment.status },
    },
    leadId: lead.id,
  };
}

/**
 * A hold asked for without an account: checks the car is free now and the network's and the
 * address's limits, records the request with its link, and answers 202 with the email to send.
 * Nothing is taken off sale.
 */
async function askForHold(ctx: Context, tx: Tx, input: { car_id: number; name: string; email: string; phone: string }): Promise<{ step: StepResult; mail: AccountEmail }> {
  const car = await reservableCar(ctx, tx, input.car_id, CAR_NOT_FREE);
  const email = input.email.toLowerCase();
  await assertAddressMayHold(ctx, tx, 'provisional_holds');
  await assertMaySend(ctx, tx, email);
  const validMs = HOLD_CONFIRM_MINUTES * 60_000;
  const expiresAt = new Date(ctx.services.now().getTime() + validMs);
  const token = (await recordEmail(ctx, tx, { kind: 'confirm-hold', email, name: input.name, phone: input.phone, validMs })) as string;
  await tx
    .insertInto('provisional_holds')
    .values({ site_id: ctx.siteId, car_id: car.id, name: input.name, email, phone: input.phone, token_hash: hashToken(token), ip: ctx.ip, expires_at: expiresAt })
    .execute();
  const cfg = ctx.tenant.config;
  const { title } = await carNamed(ctx, tx, car.id);
  const mail = confirmHoldEmail(ctx.tenant, email, {
    name: input.name,
    car: title,
    deposit: formatMoney(reserveDeposit(car.details.reserve_deposit as number | null | undefined, cfg.limits.reserveDepositFallback)),
    hours: cfg.limits.reserveHoldHours,
    link: `${linkOrigin(ctx)}/confirm-hold?token=${token}`,
    minutes: HOLD_CONFIRM_MINUTES,
  });
  return { step: { status: 202, json: { status: 'check-email', email, car_id: car.id, confirm_by: expiresAt.toISOString() }, leadId: null }, mail };
}

/** The reservation routes. */
export const holdRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/reservations',
    tag: 'Leads',
    summary:
      "Reserve a car online. Signed in: holds it for the site's hold time against the car's deposit and creates a reserve lead (201). Signed out, where the site does not require sign-in for checkout: emails a confirmation link and answers 202; nothing is held until the link is opened. 401 where the site requires sign-in; 409 when the car is already held or sold.",
    body: ReservationRequestSchema,
    response: ReservationAnswerSchema,
    rateLimited: true,
    handler: async (ctx) => {
      // The page and its buttons exist only where the dealer takes reservations; so does the API.
      if (!ctx.tenant.config.features.reserveButton) throw new HttpError(404, 'This dealer does not take reservations online.');
      const user = await ctx.user();
      if (!user && ctx.tenant.config.features.gatedCheckout) throw new ShopperRefusal(401, 'Please sign in.');
      const raw = await ctx.body();
      const input = parseInput(ReservationRequestSchema, raw, 'body');
      if (!user) {
        await ctx.limitAccount(input.email.toLowerCase());
        let mail: AccountEmail | null = null;
        const result = await idempotent(ctx, raw, async (tx) => {
          const asked = await askForHold(ctx, tx, input);
          mail = asked.mail;
          return asked.step;
        });
        // Sent once the request is committed (a replayed request sends nothing again).
        if (mail) ctx.services.accountMail.send(ctx.tenant, mail);
        return result;
      }
      const result = await idempotent(ctx, raw, (tx) =>
        holdCar(ctx, tx, { carId: input.car_id, holder: accountHolder(user), contact: holderContact(user, input), notFree: CAR_NOT_FREE }),
      );
      if (result.status === 201) await ctx.services.reindexCars(ctx.siteId, [input.car_id]);
      return result;
    },
  },
  {
    method: 'POST',
    path: '/api/reservations/confirm',
    tag: 'Leads',
    summary:
      "Open a reservation's emailed link (sites that do not require sign-in for checkout): holds the car for the site's hold time if it is still free (the first confirmed reservation wins) and creates the reserve lead. Each link works once, for 30 minutes.",
    body: ConfirmEmailSchema,
    response: ReservationResponseSchema,
    rateLimited: true,
    handler: async (ctx) => {
      if (!ctx.tenant.config.features.reserveButton || ctx.tenant.config.features.gatedCheckout) throw new HttpError(404, 'This dealer does not take reservations by email link.');
      const { token } = parseInput(ConfirmEmailSchema, await ctx.body(), 'body');
      const result = await ctx.db.transaction().execute(async (tx) => {
        const link = await spendLink(ctx, tx, token, 'confirm-hold');
        const asked = link
          ? await tx.selectFrom('provisional_holds').selectAll().where('site_id', '=', ctx.siteId).where('token_hash', '=', hashToken(token)).where('reservation_id', 'is', null).executeTakeFirst()
          : undefined;
        if (!asked) throw new ShopperRefusal(400, HOLD_LINK_INVALID, [{ path: 'token', message: 'expired or already used' }]);
        const step = await holdCar(ctx, tx, {
          carId: asked.car_id,
          holder: { userId: null, email: asked.email },
          contact: { name: asked.name, email: asked.email, phone: asked.phone },
          notFree: TAKEN_FIRST,
        });
        await tx.updateTable('provisional_holds').set({ reservation_id: (step.json as { reservation_id: number }).reservation_id }).where('id', '=', asked.id).execute();
        return step;
      });
      ctx.services.deliveriesQueued?.();
      await ctx.services.reindexCars(ctx.siteId, [(result.json as { car_id: number }).car_id]);
      return { status: result.status, json: result.json };
    },
  },
];
