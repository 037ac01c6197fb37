// npm run seed [-- --cars <n>] [--reset]
// Creates the database and fills it with the deterministic demo data of every tenant.
// Without --reset an already seeded database is left alone.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseOptionsFromEnv, isEmpty, openDatabase } from '../server/db/database.ts';
import { seedDatabase } from '../server/seed/seed.ts';
import { loadTenants } from '../server/tenants.ts';
import { REPO_ROOT } from './lib/tenants.ts';

const USAGE = 'usage: npm run seed [-- --cars <n>] [--reset] [--seed <text>]';
let values;
try {
  ({ values } = parseArgs({ options: { cars: { type: 'string' }, reset: { type: 'boolean', default: false }, seed: { type: 'string' } }, strict: true }));
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const cars = values.cars === undefined ? undefined : Number(values.cars);
if (cars !== undefined && (!Number.isInteger(cars) || cars < 1 || cars > 1_000_000)) {
  console.error(`--cars must be a whole number from 1 to 1,000,000, got "${values.cars}"`);
  process.exit(2);
}

const options = databaseOptionsFromEnv();
if (!options.databaseUrl && !process.env.PGLITE_DIR && !process.env.DATA_DIR) options.pgliteDir = path.join(REPO_ROOT, '.data', 'pglite');
if (values.reset) {
  if (options.databaseUrl) {
    console.error('--reset with DATABASE_URL is refused: drop the database yourself so nothing is lost by accident.');
    process.exit(2);
  }
  if (options.pgliteDir) fs.rmSync(options.pgliteDir, { recursive: true, force: true });
}
const tenants = loadTenants(path.join(REPO_ROOT, 'tenants'));
const database = await openDatabase(options);
try {
  if (!(await isEmpty(database.db))) {
    console.log('The database already holds demo data; use --reset to seed it again.');
  } else {
    const summary = await seedDatabase(database.db, tenants, { cars, seed: values.seed });
    console.log(`Seeded ${summary.sites} sites, ${summary.locations} locations, ${summary.cars} cars and ${summary.images} image records in ${(summary.ms / 1000).toFixed(1)} s`);
  }
} finally {
  await database.close();
}
