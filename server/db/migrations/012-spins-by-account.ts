import { sql, type Kysely } from 'kysely';

/*
 * A signed-in shopper's spin counts against their account (whose email they confirmed), not
 * against a phone number: the phone on an account is contact information anyone can type, and
 * keying on it let one shopper use up another's spin by putting that person's number on their
 * own account. Anonymous spins (sites that do not gate the promotion) still count one per phone.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('spins_one_per_phone').ifExists().execute();
  await db.schema.createIndex('spins_one_per_phone').on('spins').columns(['site_id', 'promotion_id', 'phone_digits']).unique().where(sql.ref('user_id'), 'is', null).execute();
  await db.schema.createIndex('spins_one_per_account').on('spins').columns(['site_id', 'promotion_id', 'user_id']).unique().where(sql.ref('user_id'), 'is not', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('spins_one_per_account').ifExists().execute();
  await db.schema.dropIndex('spins_one_per_phone').ifExists().execute();
  await db.schema.createIndex('spins_one_per_phone').on('spins').columns(['site_id', 'promotion_id', 'phone_digits']).unique().execute();
}
