import { sql, type Kysely } from 'kysely';

/*
 * Holds asked for without an account, on sites that do not gate checkout. The request is kept
 * here with its emailed link (an `account_emails` row of kind `confirm-hold`, matched by the
 * link's hash); it takes nothing off sale. Opening the link in time turns it into a real hold in
 * `reservations`. Reservations now also carry the holder's email and phone digits, so one person
 * holds one car at a time however they reached the form (signed in, or by an emailed link).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('provisional_holds')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('car_id', 'integer', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('phone_key', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('ip', 'text')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reservation_id', 'integer', (c) => c.references('reservations.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('provisional_holds_by_address').on('provisional_holds').columns(['site_id', 'ip', 'created_at']).execute();
  await db.schema.alterTable('reservations').addColumn('email', 'text').execute();
  await db.schema.alterTable('reservations').addColumn('phone_key', 'text').execute();
  await db.schema.createIndex('reservations_by_holder_email').on('reservations').columns(['site_id', 'email', 'status']).execute();
  await db.schema.createIndex('reservations_by_holder_phone').on('reservations').columns(['site_id', 'phone_key', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provisional_holds').ifExists().execute();
  await db.schema.alterTable('reservations').dropColumn('email').execute();
  await db.schema.alterTable('reservations').dropColumn('phone_key').execute();
}
