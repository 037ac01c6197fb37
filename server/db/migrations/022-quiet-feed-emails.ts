import { type Kysely } from 'kysely';

/*
 * The people a site names for its stock feeds are also emailed when its feeds stop arriving. Each
 * such email is kept (when it was written, the last feed it counted from, its delivery in the
 * outbox), so that the next is written a day later rather than every check, and the dealer's page
 * can say what became of it. A feed the dealer's system sent keeps the address it reached, so that
 * an email written later, away from any request, links to the dealer area at that address.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stock_feed_reports').addColumn('link_origin', 'text').execute();
  await db.schema
    .createTable('stock_feed_quiet_emails')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('last_feed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
    .addColumn('delivery_id', 'integer', (c) => c.references('lead_deliveries.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('stock_feed_quiet_emails_by_site').on('stock_feed_quiet_emails').columns(['site_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_feed_quiet_emails').execute();
  await db.schema.alterTable('stock_feed_reports').dropColumn('link_origin').execute();
}
