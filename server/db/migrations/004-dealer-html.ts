import { sql, type Kysely } from 'kysely';

/*
 * Dealer HTML: an article's body and an offer's terms are the dealer's HTML, as their
 * CMS holds it, sanitised by the server whenever it is served (server/dealer-html.ts). Bodies
 * were stored as plain-text paragraphs and terms as plain text: both move to HTML columns with
 * their text escaped, so nothing a dealer wrote is lost or read as markup it was not.
 */

/** Postgres text escaped for HTML: & first, then the angle brackets. */
const escaped = (value: ReturnType<typeof sql>) => sql`replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blog_posts').addColumn('body_html', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update blog_posts set body_html = coalesce((
    select string_agg('<p>' || ${escaped(sql`paragraph`)} || '</p>', '' order by position)
    from jsonb_array_elements_text(body) with ordinality as paragraphs(paragraph, position)
  ), '')`.execute(db);
  await db.schema.alterTable('blog_posts').dropColumn('body').execute();
  await db.schema.alterTable('offers').addColumn('terms_html', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update offers set terms_html = ${escaped(sql`terms`)}`.execute(db);
  await db.schema.alterTable('offers').dropColumn('terms').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Back to plain text: the HTML's tags are kept as text rather than guessed away.
  await db.schema.alterTable('offers').addColumn('terms', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update offers set terms = terms_html`.execute(db);
  await db.schema.alterTable('offers').dropColumn('terms_html').execute();
  await db.schema.alterTable('blog_posts').addColumn('body', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`)).execute();
  await sql`update blog_posts set body = jsonb_build_array(body_html)`.execute(db);
  await db.schema.alterTable('blog_posts').dropColumn('body_html').execute();
}
