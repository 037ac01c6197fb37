// A launched copy of a sample tenant on its own server and data, for the browser test of a launched
// site before the dealer's first stock feed (the shipped sample tenants are never launched):
//   tsx server/test-fixtures/launched-site.ts <slug> <dataDir> <distDir>
// Writes the tenant's file, launched, beside the data, serves the tenant's built bundle from
// distDir, and prints `READY <port> <slug of one of its demo cars>` once listening.
import fs from 'node:fs';
import path from 'node:path';
import { LAUNCH_CHECK_IDS } from '../../schema/launch-checklist.ts';
import { startServer } from '../index.ts';

const [slug, dataDir, distDir] = process.argv.slice(2);
if (!slug || !dataDir || !distDir) {
  console.error('usage: tsx server/test-fixtures/launched-site.ts <slug> <dataDir> <distDir>');
  process.exit(2);
}
const tenantsDir = path.join(dataDir, 'tenants');
fs.mkdirSync(tenantsDir, { recursive: true });
const tenant = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', '..', 'tenants', `${slug}.json`), 'utf8')) as Record<string, unknown>;
tenant.launch = { launched: true, acknowledged: [...LAUNCH_CHECK_IDS] };
fs.writeFileSync(path.join(tenantsDir, `${slug}.json`), JSON.stringify(tenant, null, 2));
const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir, tenantsDir, seedCars: 20, log: () => {}, watch: false });
const demo = await server.db
  .selectFrom('cars')
  .innerJoin('sites', 'sites.id', 'cars.site_id')
  .select('cars.slug')
  .where('sites.slug', '=', slug)
  .where('cars.source', '=', 'demo')
  .where('cars.status', '=', 'in_stock')
  .orderBy('cars.id')
  .executeTakeFirstOrThrow();
console.log(`READY ${server.port} ${demo.slug}`);
