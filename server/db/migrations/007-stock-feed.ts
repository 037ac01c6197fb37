import { sql, type Kysely } from 'kysely';

/*
 * The dealer's inventory feed. Cars say where they came from (`source`: the demo seed or the
 * dealer's feed), so a feed only ever sells off cars it once listed, and a dealer's first full
 * feed withdraws the demo stock. Photos of imported cars are downloaded from the feed's URLs in the
 * background: each is a car_images row with its source URL and its state. Every applied feed is
 * a stock_imports row naming the cars it changed, which other server instances poll to re-index.
 * Dealer API keys for the stock endpoint are stored as SHA-256 hashes only.
 */

export async function up(db: Kysely<any>): Promise<void> {
  const now = sql`now()`;
  await db.schema.alterTable('cars').addColumn('source', 'text', (c) => c.notNull().defaultTo('demo')).execute();
  await db.schema.createIndex('cars_dealership_stocknum').on('cars').columns(['dealership_id', 'stocknum']).execute();

  await db.schema
    .alterTable('car_images')
    // The feed's URL of an imported photo (null for the demo seed's drawn photos).
    .addColumn('source_url', 'text')
    // pending, ready (file holds it) or failed (error says why, after the last try).
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('ready'))
    .addColumn('file', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('car_images_state').on('car_images').columns(['state', 'next_attempt_at']).execute();

  await db.schema
    .createTable('stock_imports')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    // command or api
    .addColumn('origin', 'text', (c) => c.notNull())
    // full or delta
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('summary', 'jsonb', (c) => c.notNull())
    .addColumn('car_ids', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('dealer_api_keys')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // The first characters of the key, shown in listings so staff can tell keys apart.
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(now))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('dealer_api_keys').ifExists().execute();
  await db.schema.dropTable('stock_imports').ifExists().execute();
  await db.schema.dropIndex('car_images_state').ifExists().execute();
  for (const column of ['source_url', 'state', 'file', 'attempts', 'next_attempt_at', 'error']) await db.schema.alterTable('car_images').dropColumn(column).execute();
  await db.schema.dropIndex('cars_dealership_stocknum').ifExists().execute();
  await db.schema.alterTable('cars').dropColumn('source').execute();
}
