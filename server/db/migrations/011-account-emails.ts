import { sql, type Kysely } from 'kysely';

/*
 * Emails about accounts: a sign-up's confirmation link, the note to an address that already has
 * an account, and password-reset links. One row per email sent. A sign-up creates no account:
 * its row carries the new account's name, phone and password hash until the link is opened, so
 * an address nobody confirmed never becomes an account. Links are stored as the SHA-256 of their
 * token, used once (`used_at`) and only until `expires_at`. The rows of one address also count
 * how many emails it was sent lately (the resend limit).
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_emails')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('redirect', 'text')
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_emails_by_address').on('account_emails').columns(['site_id', 'email', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_emails').ifExists().execute();
}
