import type { Kysely } from 'kysely';

/*
 * Secrets every server instance on one database must share, by name: the key the sign-in guard's
 * known-device cookie is signed with (server/http/sign-in-guard.ts). Made once, by whichever
 * instance needs it first, and kept across restarts, so a browser's cookie works on every
 * instance and after a deploy.
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('server_secrets').ifExists().execute();
}
