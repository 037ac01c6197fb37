// npm run leads -- <slug> [--limit <n>]
// Prints a tenant's leads, newest first, one JSON object per line.
import { parseArgs } from 'node:util';
import { request } from '../server/local-client.ts';
import { localDatabaseOptions, runningServer } from './lib/local-server.ts';

const USAGE = 'usage: npm run leads -- <slug> [--limit <n>]';
let parsed;
try {
  parsed = parseArgs({ options: { limit: { type: 'string' } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const slug = parsed.positionals[0];
const limit = parsed.values.limit === undefined ? undefined : Number(parsed.values.limit);
if (!slug || parsed.positionals.length > 1 || (limit !== undefined && (!Number.isInteger(limit) || limit < 1))) {
  console.error(USAGE);
  process.exit(2);
}

const options = localDatabaseOptions();

// The embedded database admits one process: while npm start runs, ask it over loopback.
const runtime = runningServer();
if (!options.databaseUrl && runtime) {
  let before: number | undefined;
  let printed = 0;
  for (;;) {
    const pageSize = Math.min(500, limit === undefined ? 500 : limit - printed);
    if (pageSize <= 0) break;
    const r = await request(runtime.port, `${slug}.localhost:${runtime.port}`, `/api/dealer/leads?limit=${pageSize}${before ? `&before_id=${before}` : ''}`, {
      headers: { 'x-forecourt-admin-token': runtime.adminToken },
    });
    if (r.status === 404) {
      console.error(`No tenant "${slug}" on the running server.`);
      process.exit(1);
    }
    if (r.status !== 200) {
      console.error(`The running server answered ${r.status}: ${r.text}`);
      process.exit(1);
    }
    const leads = (r.json as { leads: { id: number }[] }).leads;
    for (const lead of leads) process.stdout.write(`${JSON.stringify(lead)}\n`);
    printed += leads.length;
    if (leads.length < pageSize) break;
    before = leads[leads.length - 1]?.id;
  }
  process.exit(0);
}


// Loaded only here: asking a running server needs neither the database engine nor the lead rules.
const { openDatabase } = await import('../server/db/database.ts');
const { toStoredLead } = await import('../server/api/leads.ts');
let database;
try {
  database = await openDatabase(options);
} catch (error) {
  // The embedded database admits one process at a time.
  console.error(`Could not open the database (${(error as Error).message}). If npm start is running with the embedded database, stop it first or read leads through GET /api/dealer/leads.`);
  process.exit(1);
}
try {
  const site = await database.db.selectFrom('sites').select(['id', 'slug']).where('slug', '=', slug).executeTakeFirst();
  if (!site) {
    const known = (await database.db.selectFrom('sites').select('slug').orderBy('slug').execute()).map((s) => s.slug);
    console.error(`No tenant "${slug}" in the database. Known: ${known.join(', ') || '(none — run npm start or npm run seed first)'}`);
    process.exitCode = 1;
  } else {
    let q = database.db.selectFrom('leads').selectAll().where('site_id', '=', site.id).orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (limit !== undefined) q = q.limit(limit);
    for (const row of await q.execute()) process.stdout.write(`${JSON.stringify(toStoredLead(row, slug))}\n`);
  }
} finally {
  await database.close();
}
