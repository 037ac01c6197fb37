import type { Kysely } from 'kysely';

/*
 * An offer may belong to a campaign (`eofy`: the end-of-financial-year sale), so the
 * dealer chooses which offers the EOFY pages list instead of every offer live in June. Existing
 * offers belong to none.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('offers').addColumn('campaign', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('offers').dropColumn('campaign').execute();
}
