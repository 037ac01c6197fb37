import { sql, type Kysely } from 'kysely';

/*
 * Request counts of the rate limits (server/http/rate-limit.ts, rate-limiter-flexible's
 * PostgreSQL store): one row per limit and key (`lead:site|address`), the points used in the
 * current window and when it ends (ms since the epoch). Kept in the database so that every server
 * instance on one database counts against the same limit. Unlogged: counts are worth nothing
 * after a crash, so they skip the write-ahead log. The key is text (the library's own table
 * would cap it at 255 characters, and an account key holds an email address).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE rate_limits (key text PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`.execute(db);
  await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
