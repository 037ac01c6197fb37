import type { Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/*
 * The end of holds. A reservation or an online order holds its car for the tenant's hold time;
 * when that passes the car is for sale again — unless the hold belongs to an order whose deposit
 * has been paid: money has changed hands, so the car stays held until the dealer's staff mark it
 * sold (the leads inbox) or the order is otherwise settled.
 */

/** The order status of a paid deposit (server/api/orders.ts). */
const PAID = 'deposit_paid';

/**
 * Ends the holds whose time has passed and frees their cars, paid orders' holds excepted, and
 * forgets the lapsed requests for a hold by emailed link.
 * @param db database
 * @param now the clock
 * @param reindexCars re-indexes freed cars for search
 */
export async function releaseExpiredHolds(db: Kysely<Database>, now: Date, reindexCars: (siteId: number, carIds: number[]) => Promise<void>): Promise<void> {
  // Requests for a hold by emailed link lapse when their link does (30 minutes); their rows are
  // kept a day, as long as the per-network limit counts them.
  await db.deleteFrom('provisional_holds').where('created_at', '<', new Date(now.getTime() - 86_400_000)).execute();
  const expired = await db
    .updateTable('reservations')
    .set({ status: 'expired' })
    .where('status', '=', 'held')
    .where('held_until', '<', now)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('orders').select('orders.id').whereRef('orders.lead_id', '=', 'reservations.lead_id').where('orders.status', '=', PAID))))
    .returning(['site_id', 'car_id'])
    .execute();
  for (const r of expired) {
    const active = await db.selectFrom('reservations').select('id').where('car_id', '=', r.car_id).where('status', '=', 'held').executeTakeFirst();
    if (active) continue;
    await db.updateTable('cars').set({ reserved: false, updated_at: now }).where('id', '=', r.car_id).execute();
    await reindexCars(r.site_id, [r.car_id]);
  }
}

/**
 * Marks the car of a lead sold (the dealer's staff, from the leads inbox): the car leaves sale
 * with `sold_at` now (the sold window of spec §4 applies), and its holds end as sold.
 * @param db database
 * @param siteId the site (a lead of another site is never found)
 * @param leadId the lead
 * @param now the clock
 * @returns the car's id, or null when the lead has no car on this site
 */
export async function markLeadCarSold(db: Kysely<Database>, siteId: number, leadId: number, now: Date): Promise<number | null> {
  return db.transaction().execute(async (tx) => {
    const lead = await tx.selectFrom('leads').select('car_id').where('site_id', '=', siteId).where('id', '=', leadId).executeTakeFirst();
    if (!lead?.car_id) return null;
    const car = await tx.selectFrom('cars').select(['id', 'status']).where('site_id', '=', siteId).where('id', '=', lead.car_id).executeTakeFirst();
    if (!car) return null;
    if (car.status !== 'sold') {
      await tx.updateTable('cars').set({ status: 'sold', sold_at: now, reserved: false, rank: 0, updated_at: now }).where('id', '=', car.id).execute();
    }
    await tx.updateTable('reservations').set({ status: 'sold' }).where('car_id', '=', car.id).where('status', '=', 'held').execute();
    return car.id;
  });
}
