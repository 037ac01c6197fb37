// npm run build [-- --tenant <slug>[,<slug>…]] [--stale] [--shard i/N] [--concurrency <n>] [--no-budget]
// Builds every tenant (or the ones named, or only those whose dist is stale, or one CI runner's
// share) into dist/<slug>/ — each linked to the bundle of its feature switches in dist/_bundles/
// (docs/build.md) — and prints a summary table.
import { parseArgs } from 'node:util';
import { formatSummary, runMatrix } from '../build/matrix.ts';
import { join } from 'node:path';
import { parseShard, removeUnusedBundles, runtimeBundleKey } from '../build/bundles.ts';
import { sharedInputHash, staleTenants } from '../build/stale.ts';
import { loadTenantFiles, REPO_ROOT } from './lib/tenants.ts';

const USAGE = 'usage: npm run build [-- --tenant <slug>[,<slug>…]] [--stale] [--shard i/N] [--concurrency <n>] [--no-budget]';

function parse() {
  try {
    return parseArgs({
      options: {
        tenant: { type: 'string', multiple: true, short: 't' },
        concurrency: { type: 'string', short: 'j' },
        'no-budget': { type: 'boolean', default: false },
        stale: { type: 'boolean', default: false },
        shard: { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const { values } = parse();

const only = (values.tenant ?? []).flatMap((v) => v.split(',')).map((s) => s.trim().replace(/\.json$/, '')).filter(Boolean);
const concurrency = values.concurrency === undefined ? undefined : Number(values.concurrency);
if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1)) {
  console.error(`--concurrency must be a whole number of at least 1, got "${values.concurrency}"`);
  process.exit(2);
}

const shard = values.shard === undefined ? undefined : parseShard(values.shard);
if (shard && 'error' in shard) {
  console.error(shard.error);
  process.exit(2);
}

const files = await loadTenantFiles();
if (files.length === 0) {
  console.error('tenants/ has no tenant files to build');
  process.exit(1);
}

if (values.stale) {
  const stale = staleTenants().filter((slug) => only.length === 0 || only.includes(slug));
  if (stale.length === 0) {
    console.log('every tenant is up to date');
    process.exit(0);
  }
  only.splice(0, only.length, ...stale);
}

const result = await runMatrix({
  files,
  only,
  ...(concurrency === undefined ? {} : { concurrency }),
  enforceBudgets: !values['no-budget'],
  ...(shard ? { shard } : {}),
});

// A whole build leaves only the bundles some tenant links to (and the current stand-in).
if (only.length === 0 && !shard) {
  const slugs = files.map((f) => f.file.replace(/\.json$/, ''));
  const removed = removeUnusedBundles(join(REPO_ROOT, 'dist'), slugs, [runtimeBundleKey(sharedInputHash())]);
  if (removed.length > 0) console.log(`removed ${removed.length} bundle${removed.length === 1 ? '' : 's'} no tenant uses any more`);
}

console.log(`\n${formatSummary(result)}`);
process.exit(result.ok ? 0 : 1);
