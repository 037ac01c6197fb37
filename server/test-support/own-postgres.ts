/**
 * A database of the calling test file's own on the PostgreSQL server of `url` (npm test's "API on
 * PostgreSQL" step runs several files at once against one database): the files beside it seed it
 * with other sizes, and their servers' background work (photo downloads, imports' re-indexing)
 * acts on whatever it finds there. Made afresh each run; its URL is returned.
 * @param url the PostgreSQL server's URL (DATABASE_URL)
 * @param prefix the database's name before the process id
 */
export async function ownPostgresDatabase(url: string, prefix: string): Promise<string> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return own.toString();
}
