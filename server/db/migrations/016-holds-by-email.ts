import type { Kysely } from 'kysely';

/*
 * A hold by emailed link proves the email, not the phone typed beside it: counting that phone
 * let someone with their own inbox keep another person's number out of a hold for the whole
 * hold time. One active hold per proven email (or account) is the rule now, so the phone digits
 * kept for it go.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reservations_by_holder_phone').ifExists().execute();
  await db.schema.alterTable('reservations').dropColumn('phone_key').execute();
  await db.schema.alterTable('provisional_holds').dropColumn('phone_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reservations').addColumn('phone_key', 'text').execute();
  await db.schema.alterTable('provisional_holds').addColumn('phone_key', 'text').execute();
  await db.schema.createIndex('reservations_by_holder_phone').on('reservations').columns(['site_id', 'phone_key', 'status']).execute();
}
