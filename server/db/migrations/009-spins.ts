import { sql, type Kysely } from 'kysely';

/*
 * Spins of the spin-to-win promotion (/spin-to-win): one row per shopper per promotion. The
 * unique indexes are what enforce "one spin per shopper": of two simultaneous spins by the same
 * email or phone, exactly one is inserted. Each spin has its lead (form 'spin_to_win').
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('spins')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('promotion_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_digits', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('prize', 'text')
    .addColumn('lead_id', 'integer', (c) => c.references('leads.id'))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('spins_one_per_email').on('spins').columns(['site_id', 'promotion_id', 'email']).unique().execute();
  await db.schema.createIndex('spins_one_per_phone').on('spins').columns(['site_id', 'promotion_id', 'phone_digits']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('spins').ifExists().execute();
}
