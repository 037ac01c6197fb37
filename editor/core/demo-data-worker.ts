/**
 * Child process of the editor preview: runs the embedded platform server (server/index.ts) for
 * demo data and prints `DEMO_DATA_READY <port>` once it listens. Configured by environment:
 * DEMO_TENANTS_DIR, DEMO_DATA_DIR, DEMO_SEED_CARS.
 */
import path from 'node:path';
import { startServer } from '../../server/index.ts';
import { validateTenantSet } from '../../schema/validate.ts';

const tenantsDir = process.env.DEMO_TENANTS_DIR;
const dataDir = process.env.DEMO_DATA_DIR;
if (!tenantsDir || !dataDir) throw new Error('DEMO_TENANTS_DIR and DEMO_DATA_DIR must be set');

const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  tenantsDir,
  distDir: path.join(dataDir, 'no-dist'),
  seedCars: Number(process.env.DEMO_SEED_CARS ?? 1500),
  validate: (files) => validateTenantSet(files).flatMap((r) => r.issues),
  log: (line) => console.log(line),
});
console.log(`DEMO_DATA_READY ${server.port}`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The editor owns this process: when it goes away (even by crash), so does the server.
process.on('disconnect', stop);
setInterval(() => {
  if (process.ppid === 1) stop();
}, 2000).unref();
