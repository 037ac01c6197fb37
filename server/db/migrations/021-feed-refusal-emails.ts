import { sql, type Kysely } from 'kysely';

/*
 * A refused stock feed is emailed to the people the site names for it. The email goes through
 * the same outbox as the leads' (claimed, retried, its tries kept), so a relay that is down when
 * the feed is refused delays the email instead of losing it. Such a delivery belongs to no lead:
 * it carries its own message instead. The feed's report names the delivery that told of it, or
 * why none did (nobody to tell, or already told of the refusals before it).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead_deliveries').alterColumn('lead_id', (c) => c.dropNotNull()).execute();
  // The email of a delivery that is not a lead's: { subject, text, html }.
  await db.schema.alterTable('lead_deliveries').addColumn('message', 'jsonb').execute();
  await sql`alter table lead_deliveries add constraint lead_deliveries_lead_or_message check (lead_id is not null or message is not null)`.execute(db);
  await db.schema
    .alterTable('stock_feed_reports')
    // emailed (the delivery below), nobody (no address is set) or already-told (an earlier refusal's email stands)
    .addColumn('refusal_email', 'text')
    .addColumn('refusal_delivery_id', 'integer', (c) => c.references('lead_deliveries.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('stock_feed_reports').dropColumn('refusal_delivery_id').dropColumn('refusal_email').execute();
  await sql`alter table lead_deliveries drop constraint if exists lead_deliveries_lead_or_message`.execute(db);
  await db.schema.alterTable('lead_deliveries').dropColumn('message').execute();
  await sql`delete from lead_deliveries where lead_id is null`.execute(db);
  await db.schema.alterTable('lead_deliveries').alterColumn('lead_id', (c) => c.setNotNull()).execute();
}
