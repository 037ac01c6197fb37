import type { Kysely } from 'kysely';

/*
 * A car's page views count each visitor once per car per day: the visitors who viewed a car on a
 * day, by a one-way hash of the day, their address and browser (no address is kept), so a
 * reload loop no longer inflates the count the dealer reads.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('car_view_visitors')
    .addColumn('car_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('car_view_visitors_pkey', ['car_id', 'day', 'visitor'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('car_view_visitors').execute();
}
