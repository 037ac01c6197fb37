import { openDatabase } from './db/database.ts';
import { loadTenants } from './tenants.ts';
import { seedDatabase } from './seed/seed.ts';
const t = loadTenants('server/test-fixtures/tenants');
const d = await openDatabase({ pgliteDir: 'memory://' });
const s = await seedDatabase(d.db, t, { cars: Number(process.argv[2] ?? 6000) });
console.log(s);
console.log(await d.db.selectFrom('cars').select(['id','slug','status','price','km','year','make','model','car_type','item_type']).limit(5).execute());
await d.close();
