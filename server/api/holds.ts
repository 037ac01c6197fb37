import type { Kysely, Transaction } from 'kysely';
import { ReservationRequestSchema, ReservationResponseSchema } from '../../schema/api/index.ts';
import type { Database } from '../db/types.ts';
import { HttpError, parseInput, type Context, type Route, type SessionUser } from '../http/core.ts';
import { recordOnlyPaymentProvider } from '../payments.ts';
import { idempotent } from './idempotency.ts';
import { fileLeadOfRequest } from '../lead-delivery/outbox.ts';
import { canReserve } from '../../site/src/domain/reservation.ts';
import { reserveDeposit } from '../../site/src/domain/vehicle-offer.ts';

/*
 * Holds: a reservation and an online order both take a car off sale for everyone for the
 * tenant's hold time, through the one function here, so the two can never disagree. A hold
 * belongs to the signed-in account that placed it (never to a phone or email typed into the
 * form, which could be someone else's); an account holds one car at a time and one address
 * places only a few holds a day. The car is taken with a conditional update (`reserved` from
 * false to true) inside the caller's transaction: of any number of simultaneous tries, exactly
 * one finds the car free, the others answer 409.
 */

type Tx = Transaction<Database> | Kysely<Database>;

/** Active holds one account may have on a site at once. */
const HOLDS_PER_ACCOUNT = 1;
/** Holds one client address may place on a site per 24 hours. */
const HOLDS_PER_ADDRESS_PER_DAY = 3;

/** The answer when the car is already held or sold (reservations and orders alike). */
export const CAR_NOT_FREE = 'This car cannot be reserved or bought: it is already reserved, sold or not yet in stock.';

/**
 * Refuses a new hold past the per-account and per-address limits.
 * @param ctx request context
 * @param tx the hold's transaction
 * @param user the signed-in account
 */
async function assertMayHold(ctx: Context, tx: Tx, user: SessionUser): Promise<void> {
  const now = ctx.services.now();
  const mine = await tx
    .selectFrom('reservations')
    .select('id')
    .where('site_id', '=', ctx.siteId)
    .where('user_id', '=', user.id)
    .where('status', '=', 'held')
    .where('held_until', '>', now)
    .execute();
  if (mine.length >= HOLDS_PER_ACCOUNT) {
    throw new HttpError(429, 'You already have a car on hold. Please finish or cancel that reservation first, or call the dealership.');
  }
  const fromAddress = await tx
    .selectFrom('reservations')
    .select('id')
    .where('site_id', '=', ctx.siteId)
    .where('ip', '=', ctx.ip)
    .where('created_at', '>', new Date(now.getTime() - 86_400_000))
    .execute();
  if (fromAddress.length >= HOLDS_PER_ADDRESS_PER_DAY) {
    throw new HttpError(429, 'Too many reservations from this network today. Please call the dealership to reserve.', undefined, { 'Retry-After': '3600' });
  }
}

/**
 * Takes a car off sale for a signed-in account: checks the account's and the address's limits,
 * then marks the car reserved only if it is still free (409 otherwise). Call inside the
 * transaction that records the reservation or order; record the hold with `recordHold` once its
 * lead exists.
 * @param ctx request context
 * @param tx the transaction
 * @param user the signed-in account
 * @param carId the car
 */
export async function takeCar(ctx: Context, tx: Tx, user: SessionUser, carId: number): Promise<void> {
  await assertMayHold(ctx, tx, user);
  const taken = await tx
    .updateTable('cars')
    .set({ reserved: true, updated_at: ctx.services.now() })
    .where('site_id', '=', ctx.siteId)
    .where('id', '=', carId)
    .where('reserved', '=', false)
    .where('status', '=', 'in_stock')
    .returning('id')
    .executeTakeFirst();
  if (!taken) throw new HttpError(409, CAR_NOT_FREE, [{ path: 'car_id', message: 'already reserved, sold or not in stock' }]);
}

/**
 * Records a hold taken with `takeCar`: it lapses after the tenant's hold time (the server's sweep
 * frees the car then).
 * @param ctx request context
 * @param tx the transaction
 * @param hold the account, car, lead and deposit
 */
export async function recordHold(ctx: Context, tx: Tx, hold: { user: SessionUser; carId: number; leadId: number; deposit: number }): Promise<{ id: number; heldUntil: Date }> {
  const heldUntil = new Date(ctx.services.now().getTime() + ctx.tenant.config.limits.reserveHoldHours * 3_600_000);
  const row = await tx
    .insertInto('reservations')
    .values({ site_id: ctx.siteId, car_id: hold.carId, lead_id: hold.leadId, deposit: hold.deposit, held_until: heldUntil, status: 'held', user_id: hold.user.id, ip: ctx.ip })
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

/** The reservation route. */
export const holdRoutes: Route[] = [
  {
    method: 'POST',
    path: '/api/reservations',
    tag: 'Leads',
    summary: "Reserve a car online (signed in): holds it for the site's hold time against the car's deposit; creates a reserve lead. 409 when the car is already held or sold.",
    body: ReservationRequestSchema,
    response: ReservationResponseSchema,
    rateLimited: true,
    auth: 'user',
    handler: async (ctx) => {
      // The page and its buttons exist only where the dealer takes reservations; so does the API.
      if (!ctx.tenant.config.features.reserveButton) throw new HttpError(404, 'This dealer does not take reservations online.');
      const raw = await ctx.body();
      const input = parseInput(ReservationRequestSchema, raw, 'body');
      const user = (await ctx.user()) as SessionUser;
      const result = await idempotent(ctx, raw, async (tx) => {
        const car = await tx
          .selectFrom('cars')
          .select(['id', 'status', 'reserved', 'price', 'show_on_dealer_website', 'details'])
          .where('site_id', '=', ctx.siteId)
          .where('id', '=', input.car_id)
          .executeTakeFirst();
        if (!car) throw new HttpError(400, 'Invalid body: car_id: no such car on this site', [{ path: 'car_id', message: 'no such car on this site' }]);
        // The same rule the reserve buttons and the reserve page follow (sold, held, coming soon,
        // hidden or without a price: refused).
        if (!canReserve(car, ctx.tenant.config)) throw new HttpError(409, CAR_NOT_FREE, [{ path: 'car_id', message: 'this car cannot be reserved' }]);
        await takeCar(ctx, tx, user, car.id);
        const now = ctx.services.now();
        const hours = ctx.tenant.config.limits.reserveHoldHours;
        const deposit = reserveDeposit(car.details.reserve_deposit as number | null | undefined, ctx.tenant.config.limits.reserveDepositFallback);
        const contact = holderContact(user, input);
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
        const hold = await recordHold(ctx, tx, { user, carId: car.id, leadId: lead.id, deposit });
        // The deposit's payment step: the embedded provider records the intent (nothing is charged).
        const payment = await recordOnlyPaymentProvider.createIntent({
          amountCents: Math.round(deposit * 100),
          currency: 'AUD',
          reference: `${ctx.tenant.slug}-${lead.id}`,
          description: `Refundable deposit to hold car ${car.id} for ${hours} hours`,
        });
        await tx
          .updateTable('leads')
          .set({ fields: JSON.stringify({ car_id: car.id, ...contact, deposit, source: 'Website', held_until: hold.heldUntil.toISOString(), payment_intent: payment }) })
          .where('id', '=', lead.id)
          .execute();
        await fileLeadOfRequest(tx, ctx, lead.id);
        return {
          status: 201,
          json: { reservation_id: hold.id, lead_id: lead.id, car_id: car.id, deposit, held_until: hold.heldUntil.toISOString(), payment: { provider: payment.provider, status: payment.status } },
          leadId: lead.id,
        };
      });
      if (result.status === 201) await ctx.services.reindexCars(ctx.siteId, [input.car_id]);
      return result;
    },
  },
];
