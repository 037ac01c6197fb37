// A platform server in its own process whose lead delivery the crash test can kill -9:
//   node scripts/run-compiled.mjs server/test-fixtures/delivery-server.ts <dataDir> <tenantsDir>
// SMTP_URL and the webhook secrets come from the environment; tries time out after 1 s and are
// retried after 0.2 s, so the test needs no long waits. Prints `READY <port>` once listening.
import path from 'node:path';
import { startServer } from '../index.ts';

const [dataDir, tenantsDir] = process.argv.slice(2);
if (!dataDir || !tenantsDir) {
  console.error('usage: tsx server/test-fixtures/delivery-server.ts <dataDir> <tenantsDir>');
  process.exit(2);
}
const server = await startServer({
  port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 20, log: () => {}, watch: false,
  leadRateLimit: { max: 100_000, windowMs: 60_000 },
  leadDelivery: { attemptTimeoutMs: 1000, firstRetryMs: 200, pollMs: 100 },
});
console.log(`READY ${server.port}`);
