import { sql, type Kysely } from 'kysely';

/*
 * Payment webhooks a site has applied, by the webhook's own id: a provider delivers an event
 * at least once, and the same id delivered again is answered without doing anything twice.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_events')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('intent_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'integer')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pk', ['site_id', 'webhook_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_events').ifExists().execute();
}
