// npm run stock:import -- <slug> <file.csv|file.json> [--delta] [--dry-run] [--force] [--verbose]
// Imports a dealer's inventory feed into a tenant (docs/stock.md). Through the running server
// when `npm start` runs on this data directory (its search and pages show the change at once),
// else straight into the database.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { request } from '../server/local-client.ts';
import { FEED_LIMITS } from '../server/stock/feed.ts';
import { importFeedText, reportLines, type ImportReport } from '../server/stock/import.ts';
import { loadTenantSet } from '../server/tenants.ts';
import { localDatabaseOptions, runningServer, withLocalSite } from './lib/local-server.ts';
import { REPO_ROOT } from './lib/tenants.ts';

const USAGE = 'usage: npm run stock:import -- <slug> <file.csv|file.json> [--delta] [--dry-run] [--force]';
let parsed;
try {
  parsed = parseArgs({ options: { delta: { type: 'boolean' }, 'dry-run': { type: 'boolean' }, force: { type: 'boolean' }, verbose: { type: 'boolean' } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [slug, file] = parsed.positionals;
if (!slug || !file || parsed.positionals.length > 2) {
  console.error(USAGE);
  process.exit(2);
}
const ext = path.extname(file).toLowerCase();
const format = ext === '.csv' ? 'csv' : ext === '.json' ? 'json' : null;
if (!format) {
  console.error(`${file}: a feed is a .csv or a .json file`);
  process.exit(2);
}
let size: number;
try {
  size = fs.statSync(file).size;
} catch (error) {
  console.error(`${file}: ${(error as Error).message}`);
  process.exit(2);
}
if (size > FEED_LIMITS.bytes) {
  console.error(`${file}: ${size} bytes, more than the limit of ${FEED_LIMITS.bytes} bytes per feed`);
  process.exit(1);
}
const text = fs.readFileSync(file, 'utf8');
const mode = parsed.values.delta ? 'delta' : 'full';
const dryRun = parsed.values['dry-run'] === true;
const force = parsed.values.force === true;

function finish(report: ImportReport): never {
  for (const line of reportLines(report)) (line.startsWith('error') || line.startsWith('Refused') ? console.error : console.log)(line);
  process.exit(report.refused ? 1 : 0);
}

const options = localDatabaseOptions();
const server = runningServer();
if (!options.databaseUrl && server) {
  const query = new URLSearchParams({ mode, ...(dryRun ? { dry_run: 'true' } : {}), ...(force ? { force: 'true' } : {}) });
  const r = await request(server.port, `${slug}.localhost:${server.port}`, `/api/dealer/stock?${query}`, {
    method: 'PUT',
    headers: { 'x-forecourt-admin-token': server.adminToken, 'content-type': format === 'csv' ? 'text/csv' : 'application/json' },
    body: text,
  });
  if (r.status === 404) {
    console.error(`No tenant "${slug}" on the running server.`);
    process.exit(1);
  }
  if (r.status !== 200 && r.status !== 422) {
    console.error(`The running server answered ${r.status}: ${r.text}`);
    process.exit(1);
  }
  finish(r.json as ImportReport);
}

const tenant = loadTenantSet(path.join(REPO_ROOT, 'tenants')).tenants.find((t) => t.slug === slug);
if (!tenant) {
  console.error(`No valid tenant file tenants/${slug}.json.`);
  process.exit(1);
}
const verbose = parsed.values.verbose === true;
const report = await withLocalSite(options, slug, (db, site) =>
  importFeedText(db, site, tenant.config.stockFeed, text, format, {
    mode, dryRun, force, now: new Date(), origin: 'command',
    ...(verbose ? { onStage: (stage: string) => console.error(`stage: ${stage}`) } : {}),
  }),
);
if (report) finish(report);
