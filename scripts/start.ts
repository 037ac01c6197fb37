// npm start [-- --port <n>] [--cars <n>] [--no-build] [--wait-builds]
// Creates and seeds the embedded database when empty, serves every tenant on
// http://<slug>.localhost:<port>/ and lists them at http://localhost:<port>/. Stale tenants are
// built in the background: until a tenant's own bundle lands it is served by the stand-in bundle
// (every feature's code, its switches read per page: docs/build.md, "Cold start"), so the sites
// answer as soon as the database is up. --wait-builds waits for every tenant's own bundle first.
import net from 'node:net';
import { parseArgs } from 'node:util';
import path from 'node:path';
import { databaseOptionsFromEnv } from '../server/db/options.ts';
import { loadTenantFiles, REPO_ROOT } from './lib/tenants.ts';
import { usePreparedData } from './lib/prepared-data.ts';
import { startFailureText } from './lib/start-failure.ts';

const USAGE = 'usage: npm start [-- --port <n>] [--cars <n>] [--no-build] [--wait-builds]';

// Pages are rendered with React's production build (the development build renders 2–3× slower
// and warns on every request). Set before any tenant's server entry loads React.
process.env.NODE_ENV ??= 'production';

function parse() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        cars: { type: 'string' },
        'no-build': { type: 'boolean', default: false },
        'wait-builds': { type: 'boolean', default: false },
      },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const args = parse();
const port = Number(args.port ?? process.env.PORT ?? 8080);
const cars = args.cars === undefined ? undefined : Number(args.cars);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got "${args.port ?? process.env.PORT}"`);
  process.exit(2);
}
if (cars !== undefined && (!Number.isInteger(cars) || cars < 1)) {
  console.error(`--cars must be a whole number of at least 1, got "${args.cars}"`);
  process.exit(2);
}

// A port another program holds is told at once, before the database opens and seeds for a minute
// to no end (the listen itself still reports it, for a program that takes the port meanwhile).
const portTaken = await portRefusal(port);
if (portTaken) {
  console.error(startFailureText(portTaken, { port, databaseDir: null }));
  process.exit(1);
}

const t0 = performance.now();
// The database opens first, in its own thread: creating an embedded one takes seconds of its own
// core, which then overlap loading the rest of the platform, checking the tenant files and
// preparing the builds. Its module (Kysely's few hundred files and PGlite) is the first loaded;
// the modules above are small.
const databaseModule = import('../server/db/database.ts');
// An empty data folder starts from the demo database `npm install` prepared, when it was made from
// today's sources (scripts/prepare-start.ts), instead of creating and seeding the same one again;
// it is copied while the database module loads.
const dbOptions = databaseOptionsFromEnv();
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const prepared =
  dbOptions.pgliteDir && path.resolve(dbOptions.pgliteDir) === path.join(dataDir, 'pglite')
    ? usePreparedData({ repoRoot: REPO_ROOT, dataDir, cars }).then(
        (copied) => {
          if (copied) console.log('Starting from the demo database prepared at install');
        },
        (error: unknown) => console.error(`The demo database prepared at install could not be copied (${(error as Error).message}); creating it instead`),
      )
    : undefined;
const database = Promise.all([databaseModule, prepared]).then(([{ openDatabase }]) => openDatabase(dbOptions));
database.catch(() => {}); // startServer reports a failure to open
const [{ startBuilds, watchTenantBuilds }, { formatIssue, validateTenantSet }, { startServer }, { loadTenantValidator }] = await Promise.all([
  import('../build/background.ts'),
  import('../schema/validate.ts'),
  import('../server/index.ts'),
  import('./lib/tenant-validator-cache.ts'),
]);
// The tenant schema's validator as compiled by an earlier start, when the schema is the same.
await loadTenantValidator(REPO_ROOT);
const files = await loadTenantFiles();
const issues = validateTenantSet(files).flatMap((v) => v.issues);
const errors = issues.filter((i) => i.severity === 'error');
// One bad tenant file must not stop every site: the others start, the bad one shows a
// maintenance page until its file is fixed (the server watches tenants/).
const brokenFiles = new Set(errors.map((i) => i.file));
const validFiles = files.filter((f) => !brokenFiles.has(f.file));
if (errors.length > 0) {
  console.error(errors.map(formatIssue).join('\n'));
  console.error(`\n${errors.length} error(s) in ${brokenFiles.size} tenant file(s): those sites show a maintenance page until fixed (npm run validate).`);
}

// Builds run in worker processes, so they overlap with opening and seeding the database.
const builds = args['no-build']
  ? { standInReady: Promise.resolve(), done: Promise.resolve() }
  : startBuilds({
      files: validFiles,
      distDir: path.join(REPO_ROOT, 'dist'),
      waitForAll: args['wait-builds'],
      log: (line) => console.log(line),
    });

builds.done.catch((error: unknown) => console.error('Building the tenants failed:', error));
// Then a tenant file edited while the platform runs is built in the background: its data is live
// at once (the server reads the file), a switch once its bundle is built (the stand-in meanwhile).
const rebuilds = args['no-build']
  ? null
  : builds.done.then(() => watchTenantBuilds({ tenantsDir: path.join(REPO_ROOT, 'tenants'), distDir: path.join(REPO_ROOT, 'dist'), log: (line) => console.log(line) }));
const [server] = await Promise.all([
  startServer({ port, seedCars: cars, database, distDir: path.join(REPO_ROOT, 'dist'), tenantsDir: path.join(REPO_ROOT, 'tenants'), warmRenderThreads: true }),
  builds.standInReady,
  ...(args['wait-builds'] ? [builds.done] : []),
]).catch((error: unknown) => {
  // A cause the person starting it can put right (the port taken, the database in use or its
  // disk refusing writes) is one plain line; anything else keeps its stack.
  const text = startFailureText(error, { port, databaseDir: dbOptions.databaseUrl ? null : path.resolve(dbOptions.pgliteDir ?? path.join(dataDir, 'pglite')) });
  if (text === null) throw error;
  console.error(text);
  process.exit(1);
});

const width = Math.max(...[...server.tenants, ...server.brokenTenants].map((t) => t.slug.length));
console.log(`\nForecourt is ready in ${((performance.now() - t0) / 1000).toFixed(1)} s: http://localhost:${server.port}/`);
for (const t of server.tenants) console.log(`  ${t.slug.padEnd(width)}  http://${t.slug}.localhost:${server.port}/`);
for (const t of server.brokenTenants) console.log(`  ${t.slug.padEnd(width)}  http://${t.slug}.localhost:${server.port}/  (maintenance: invalid tenant file)`);
console.log(`Platform API: /api/openapi.json on each site · stock search: /1/ · Ctrl+C to stop`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void rebuilds?.then((watcher) => watcher.close());
    server.close().then(() => process.exit(0), () => process.exit(1));
  });
}

/**
 * Why the platform could not listen on a port, found by listening on it for a moment as the server
 * will (all addresses): the port taken, or kept for the administrator; null when it is free (or 0,
 * any free port).
 * @param wanted the port to try
 */
function portRefusal(wanted: number): Promise<NodeJS.ErrnoException | null> {
  if (wanted === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' || error.code === 'EACCES' ? error : null));
    probe.listen(wanted, '0.0.0.0', () => probe.close(() => resolve(null)));
  });
}
