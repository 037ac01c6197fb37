import { type Kysely } from 'kysely';

/*
 * When each marketplace feed's content last changed. A feed's Last-Modified (and the "as of" the
 * dealer reads beside it) was when its server process last saw the stock move, so every restart
 * moved it, and each instance gave its own. Now the first build of a new body keeps the time, and a
 * build of the same body (after a restart, or on another instance) keeps the time it already had.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('marketplace_feed_versions')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    // google or meta
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('since', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('marketplace_feed_versions_pkey', ['site_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('marketplace_feed_versions').execute();
}
