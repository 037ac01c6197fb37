import { sql, type Kysely } from 'kysely';

/*
 * What the dealer is told of each stock feed its system (or the import command) sent: applied or
 * refused and why, what changed, and the rows' errors and warnings. An import already keeps a
 * row naming the cars it changed (for re-indexing), but a refused feed changes nothing and left
 * no trace, so a dealer whose nightly export was cut short would not learn of it from the site.
 * The newest reports of each site are kept (the import prunes older ones).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stock_feed_reports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('import_id', 'integer', (c) => c.references('stock_imports.id').onDelete('set null'))
    // command or api
    .addColumn('origin', 'text', (c) => c.notNull())
    // full or delta
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('refused', 'text')
    .addColumn('summary', 'jsonb', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stock_feed_reports_by_site').on('stock_feed_reports').columns(['site_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stock_feed_reports').ifExists().execute();
}
