import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './lib/run.ts';

// The platform's storage claim — the same schema and queries on a real PostgreSQL server when
// DATABASE_URL is set — is only worth something when it is tested. This runs the HTTP API suite,
// the rate limits' suites (two instances sharing a limit, two servers sharing the sign-in guard),
// the stock feed's suite (where the stock worker reads changed cars over its own connection) and
// the pool's own (a connection PostgreSQL ends is replaced) against a throw-away PostgreSQL cluster (Debian's postgresql, installed when missing).

function pgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

let bin = pgBin();
if (!bin) {
  console.log('PostgreSQL not found: installing Debian\'s postgresql…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update', '-qq'], env)) !== 0 || (await run('apt-get', ['install', '-y', '-qq', 'postgresql'], env)) !== 0) {
    console.error('Could not install postgresql with apt-get.');
    process.exit(1);
  }
  bin = pgBin();
  if (!bin) { console.error('postgresql installed but initdb not found'); process.exit(1); }
}

// initdb refuses to run as root; run the cluster as the postgres user when we are root.
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(tmpdir(), 'fc-pg-'));
if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
const pg = (cmd: string, args: string[]) => {
  const full = [path.join(bin!, cmd), ...args];
  return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', ...full], { stdio: 'pipe' }) : execFileSync(full[0]!, full.slice(1), { stdio: 'pipe' });
};
const port = await freePort();
const data = path.join(dir, 'data');
let code = 1;
try {
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pg('pg_ctl', ['-D', data, '-w', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'forecourt_test']);
  console.log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port}: running the API and rate-limit suites with DATABASE_URL`);
  code = await run('node_modules/.bin/vitest', ['run', 'server/api.test.ts', 'server/http/rate-limit.test.ts', 'server/sign-in-shared.test.ts', 'server/stock/stock.test.ts', 'server/db/postgres.test.ts', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-postgres.json'], {
    DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/forecourt_test`,
  });
} catch (err) {
  console.error(`PostgreSQL test setup failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  try { pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']); } catch { /* already stopped */ }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
