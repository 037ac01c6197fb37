import { sql, type Kysely } from 'kysely';

/*
 * Orders of the online purchase journey (/checkout-journey?car_id=). Each order has a
 * lead (form 'online_purchase', so dealers read it with their other leads), the sums the server
 * computed, the payment step's record, and the SHA-256 of the token that lets the browser that
 * placed it read it back.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('car_id', 'integer', (c) => c.notNull().references('cars.id').onDelete('cascade'))
    .addColumn('lead_id', 'integer', (c) => c.notNull().references('leads.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('fulfilment', 'text', (c) => c.notNull())
    .addColumn('delivery_postcode', 'text')
    .addColumn('delivery_region', 'text')
    .addColumn('vehicle_price', 'double precision', (c) => c.notNull())
    .addColumn('delivery_fee', 'double precision', (c) => c.notNull())
    .addColumn('total', 'double precision', (c) => c.notNull())
    .addColumn('deposit', 'double precision', (c) => c.notNull())
    .addColumn('payment', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('orders_site_created').on('orders').columns(['site_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('orders').ifExists().execute();
}
