import { sql, type Kysely } from 'kysely';

/*
 * Leads reach the dealer through an outbox: a lead and the deliveries it needs (one per email
 * route and per webhook) are written in the same transaction, and a worker claims due
 * deliveries with FOR UPDATE SKIP LOCKED, so several server instances can share the table and a
 * crash between the lead's commit and the send loses nothing. Every try is kept as an attempt.
 *
 * A lead also records what the dealer's inbox files it under: the dealership and department it
 * was routed to, and the dealer's own progress with it (new, contacted, closed), which is not the
 * shopper's form state (`status`: In Progress / Complete).
 */

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema
    .alterTable('leads')
    .addColumn('dealership_id', 'integer')
    .addColumn('department', 'text')
    .addColumn('dealer_status', 'text', (c) => c.notNull().defaultTo('new'))
    // The car as the shopper saw it when the lead was sent (title, price, stock number, photo):
    // the dealer reads the price at the time, not today's.
    .addColumn('car_snapshot', 'jsonb')
    .execute();
  await db.schema.createIndex('leads_site_dealer_status').on('leads').columns(['site_id', 'dealer_status', 'created_at']).execute();

  await db.schema
    .createTable('lead_deliveries')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    // The id the receiver de-duplicates on (Standard Webhooks' webhook-id, the email's Message-ID): stable across retries.
    .addColumn('delivery_key', 'text', (c) => c.notNull().unique())
    // email or webhook
    .addColumn('channel', 'text', (c) => c.notNull())
    // Recipients (email) or URL (webhook), as routed when the lead was written.
    .addColumn('target', 'jsonb', (c) => c.notNull())
    // pending, delivered or failed (dead-lettered after the last try)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    // A claim: the worker that took the delivery holds it until then (a crashed worker's claim lapses).
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('lead_deliveries_due').on('lead_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('lead_deliveries_lead').on('lead_deliveries').columns(['lead_id']).execute();

  await db.schema
    .createTable('lead_delivery_attempts')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('lead_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('ok', 'boolean', (c) => c.notNull())
    // The receiver's HTTP status (webhook) or SMTP reply code (email), when it answered.
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('lead_delivery_attempts_delivery').on('lead_delivery_attempts').columns(['delivery_id', 'attempted_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_delivery_attempts').ifExists().execute();
  await db.schema.dropTable('lead_deliveries').ifExists().execute();
  await db.schema.alterTable('leads').dropColumn('car_snapshot').dropColumn('dealer_status').dropColumn('department').dropColumn('dealership_id').execute();
}
