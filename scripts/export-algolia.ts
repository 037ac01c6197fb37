// npm run export:algolia [-- --out <dir>] [--tenant <slug>]
// Writes each tenant's inventory as Algolia records plus the index settings (searchable
// attributes, attributes for faceting, custom ranking, replicas) for a production push:
//   <out>/<slug>/records.json   — the `cars` index records (objectID = car id)
//   <out>/<slug>/settings.json  — settings per index name (cars and its sort replicas)
// Push with the Algolia CLI or API (docs/deployment.md); nothing here talks to Algolia.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseOptionsFromEnv, isEmpty, openDatabase } from '../server/db/database.ts';
import { algoliaIndexSettings } from '../server/search/index.ts';
import { loadSiteCars, toSearchRecord } from '../server/repo/cars.ts';
import { carListing } from '../server/stock/listing.ts';
import { loadTenantSet } from '../server/tenants.ts';
import { REPO_ROOT } from './lib/tenants.ts';

const USAGE = 'usage: npm run export:algolia [-- --out <dir>] [--tenant <slug>]';
let values;
try {
  ({ values } = parseArgs({ options: { out: { type: 'string' }, tenant: { type: 'string', multiple: true } }, strict: true }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const out = path.resolve(values.out ?? path.join(REPO_ROOT, 'dist', 'algolia'));
const options = databaseOptionsFromEnv();
if (!options.databaseUrl && !process.env.PGLITE_DIR && !process.env.DATA_DIR) options.pgliteDir = path.join(REPO_ROOT, '.data', 'pglite');
const database = await openDatabase(options);
try {
  if (await isEmpty(database.db)) {
    console.error('The database is empty: run npm run seed (or npm start) first.');
    process.exitCode = 1;
  } else {
    const sites = await database.db.selectFrom('sites').select(['id', 'slug']).orderBy('slug').execute();
    const wanted = values.tenant ?? [];
    const unknown = wanted.filter((w) => !sites.some((s) => s.slug === w));
    if (unknown.length > 0) {
      console.error(`Unknown tenant(s): ${unknown.join(', ')}`);
      process.exitCode = 1;
    } else {
      const settings = algoliaIndexSettings();
      const tenants = loadTenantSet(path.join(REPO_ROOT, 'tenants')).tenants;
      for (const site of sites.filter((s) => wanted.length === 0 || wanted.includes(s.slug))) {
        const tenant = tenants.find((t) => t.slug === site.slug);
        // The same car-to-outside mapping as the marketplace feeds: the page's absolute link and lead photo.
        const records = (await loadSiteCars(database.db, site.id, true)).map(({ car, dealershipName }) => {
          const listing = tenant ? carListing(car, tenant.config, dealershipName) : null;
          return { ...toSearchRecord(car, dealershipName), ...(listing ? { url: listing.link, image: listing.images[0] ?? null } : {}) };
        });
        const dir = path.join(out, site.slug);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, 'records.json'), `${JSON.stringify(records)}\n`);
        fs.writeFileSync(path.join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
        console.log(`${site.slug}: ${records.length} records → ${path.relative(process.cwd(), dir)}/`);
      }
    }
  }
} finally {
  await database.close();
}
