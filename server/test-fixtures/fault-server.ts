// A platform server in its own process, for the fault tests (SIGKILL mid-write):
//   node scripts/run-compiled.mjs server/test-fixtures/fault-server.ts <dataDir> <tenantsDir>
// Prints `READY <port>` once listening.
import path from 'node:path';
import { startServer } from '../index.ts';

const [dataDir, tenantsDir] = process.argv.slice(2);
if (!dataDir || !tenantsDir) {
  console.error('usage: tsx server/test-fixtures/fault-server.ts <dataDir> <tenantsDir>');
  process.exit(2);
}
const server = await startServer({
  port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 20, log: () => {}, watch: false,
  leadRateLimit: { max: 100_000, windowMs: 60_000 },
});
console.log(`READY ${server.port}`);
