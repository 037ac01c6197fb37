import type { Kysely } from 'kysely';
import { verifyPassword } from '../../auth.ts';

/*
 * Trust: a per-lead continuation token (only its SHA-256 is stored), who and from
 * where a reservation was made (per-person and per-address limits), and no dealer account left
 * with the old well-known demo password.
 */

/** The password every dealer account used to be seeded with; accounts still using it are disabled. */
const RETIRED_DEMO_PASSWORD = 'forecourt-dealer';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leads').addColumn('token_hash', 'text').execute();
  await db.schema.alterTable('reservations').addColumn('user_id', 'integer').execute();
  await db.schema.alterTable('reservations').addColumn('ip', 'text').execute();
  const dealers = await db.selectFrom('users').select(['id', 'password_hash']).where('role', '=', 'dealer').execute();
  const checked = new Map<string, boolean>();
  for (const d of dealers) {
    const hash = d.password_hash as string;
    if (!checked.has(hash)) checked.set(hash, await verifyPassword(RETIRED_DEMO_PASSWORD, hash));
    // '!' never verifies: the account stays (its leads are the site's) but needs `npm run dealer-account`.
    if (checked.get(hash)) await db.updateTable('users').set({ password_hash: '!' }).where('id', '=', d.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reservations').dropColumn('ip').execute();
  await db.schema.alterTable('reservations').dropColumn('user_id').execute();
  await db.schema.alterTable('leads').dropColumn('token_hash').execute();
}
