// npm install runs this (postinstall), and `npm run prepare:start` again at will: it makes what a
// fresh clone's first `npm start` would otherwise spend half a minute on before its sites answer —
// the demo database created, migrated and seeded with its search records, the stand-in bundle
// that serves each tenant until its own is built, and the compiled server code (docs/build.md,
// "Cold start"). Each is skipped when
// already made from today's sources. A failure here never fails the install: `npm start` then does
// the work itself, as before.
import fs from 'node:fs';
import path from 'node:path';
import { keepPreparedData, PREPARED_DATA_DIR, preparedDataFolder, preparedDataKey } from './lib/prepared-data.ts';
import { loadTenantFiles, REPO_ROOT } from './lib/tenants.ts';

// As `npm start`: pages and builds use React's production build.
process.env.NODE_ENV ??= 'production';

async function prepareData(): Promise<string> {
  if (process.env.DATABASE_URL) return 'demo database: skipped (DATABASE_URL is set)';
  const key = preparedDataKey(REPO_ROOT, undefined);
  if (fs.existsSync(path.join(preparedDataFolder(REPO_ROOT, key), 'pglite'))) return 'demo database: already prepared';
  const t0 = performance.now();
  const temp = path.join(REPO_ROOT, `${PREPARED_DATA_DIR}.${process.pid}.tmp`);
  fs.rmSync(temp, { recursive: true, force: true });
  const { startServer } = await import('../server/index.ts');
  try {
    // The very start-up `npm start` runs on an empty folder, on a loopback port it closes at once.
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: temp,
      distDir: path.join(REPO_ROOT, 'dist'),
      tenantsDir: path.join(REPO_ROOT, 'tenants'),
      watch: false,
      log: () => {},
    });
    await server.close();
    fs.rmSync(path.join(temp, 'image-cache'), { recursive: true, force: true });
    keepPreparedData(REPO_ROOT, key, temp);
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
  return `demo database prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
}

async function prepareStandIn(): Promise<string> {
  const [{ buildStandIn }, { validateWithSchema }] = await Promise.all([import('../build/background.ts'), import('../build/matrix.ts')]);
  const config = validateWithSchema(await loadTenantFiles()).find((v) => v.config)?.config;
  if (!config) return 'stand-in bundle: skipped (no valid tenant file)';
  const lines: string[] = [];
  const ok = await buildStandIn({ config, distDir: path.join(REPO_ROOT, 'dist'), log: (line) => lines.push(line) });
  return ok ? (lines[0] ?? 'stand-in bundle: already built') : `stand-in bundle: not built (npm start builds it)\n${lines.join('\n')}`;
}

/** `npm start`'s compiled server code (build/compiled-code.mjs), so the first start does not compile it. */
async function prepareServerCode(): Promise<string> {
  const { compiledEntry } = await import('../build/compiled-code.mjs');
  const t0 = performance.now();
  const { compiled } = await compiledEntry({ repoRoot: REPO_ROOT, entry: 'scripts/start.ts' });
  return compiled ? `server code compiled in ${((performance.now() - t0) / 1000).toFixed(1)} s` : 'server code: already compiled';
}

const t0 = performance.now();
// The tenant schema's validator is compiled once and kept for every start.
const { loadTenantValidator } = await import('./lib/tenant-validator-cache.ts');
await loadTenantValidator(REPO_ROOT).catch(() => false);
const outcomes = await Promise.allSettled([prepareData(), prepareStandIn(), prepareServerCode()]);
for (const outcome of outcomes) {
  if (outcome.status === 'fulfilled') console.log(`npm start, prepared: ${outcome.value}`);
  else console.warn(`npm start could not be prepared (it will do this work itself): ${outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)}`);
}
console.log(`Prepared for npm start in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
process.exit(0);
