import { sql, type Kysely } from 'kysely';

/*
 * A credit-check consent's identity (date of birth, driver licence) kept apart from its lead:
 * the lead, its emails, CRM records and webhooks carry only masked values; the full ones are
 * here, read by dealer staff signed in, and erased by the sweep at `erase_after`. The row itself
 * (who consented, for which car, when) stays: a personalised finance enquiry needs it first.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('credit_checks')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().unique().references('leads.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('car_id', 'integer', (c) => c.notNull())
    .addColumn('consented_at', 'timestamptz', (c) => c.notNull())
    .addColumn('date_of_birth', 'text')
    .addColumn('licence_number', 'text')
    .addColumn('licence_state', 'text', (c) => c.notNull())
    .addColumn('erase_after', 'timestamptz', (c) => c.notNull())
    .addColumn('erased_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('credit_checks_by_shopper').on('credit_checks').columns(['site_id', 'user_id', 'car_id']).execute();
  await db.schema.createIndex('credit_checks_to_erase').on('credit_checks').columns(['erase_after']).execute();
  // Consents recorded before: their identity leaves the lead's fields (masked there from now on).
  await sql`
    update leads set fields = fields - 'date_of_birth' - 'licence_number'
      || jsonb_build_object('date_of_birth', 'Erased', 'licence_number', 'Erased')
    where subcategory = 'Credit Check Consent' and fields ? 'date_of_birth'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('credit_checks').ifExists().execute();
}
