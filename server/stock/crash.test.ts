import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { startServer } from '../index.ts';
import { freshDataDir } from '../test-support/data-dir.ts';

/*
 * One feed is one transaction: the import command killed with SIGKILL in the middle of writing
 * (after its first batch of new cars is inserted) leaves the stock exactly as it was.
 */

const ROOT = path.join(import.meta.dirname, '..', '..');
let dataDir: string;

beforeAll(async () => {
  dataDir = freshDataDir('fc-stock-crash-');
  const tenants = path.join(dataDir, 'tenants');
  fs.mkdirSync(tenants);
  fs.copyFileSync(path.join(ROOT, 'tenants', 'harbourside-motor-group.json'), path.join(tenants, 'harbourside-motor-group.json'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: tenants, seedCars: 200, log: () => {}, watch: false });
  await server.close();
}, 180_000);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function stockState() {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    const rows = await database.db.selectFrom('cars').select(['id', 'stocknum', 'status', 'show_on_dealer_website', 'price']).orderBy('id').execute();
    const imports = await database.db.selectFrom('stock_imports').select('id').execute();
    return { rows, imports: imports.length };
  } finally {
    await database.close();
  }
}

test('kill -9 in the middle of an import leaves the stock as it was', async () => {
  const before = await stockState();
  const lines = ['Stock No,Make,Model,Year,Odometer,Price'];
  for (let i = 0; i < 3000; i++) lines.push(`K-${i},Toyota,Corolla,2020,"${10_000 + i} km","$${20_000 + i}"`);
  const file = path.join(dataDir, 'feed.csv');
  fs.writeFileSync(file, lines.join('\r\n'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'stock-import.ts'), 'harbourside-motor-group', file, '--verbose'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const killed = await new Promise<boolean>((resolve) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // The first 500 new cars are written inside the open transaction: stop the process dead.
      if (/stage: inserted 500 of 3000/.test(stderr) && child.kill('SIGKILL')) resolve(true);
    });
    child.on('exit', () => resolve(false));
  });
  if (!killed) throw new Error(`the import finished before it could be killed:\n${stderr}`);
  await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.on('exit', resolve)));
  const after = await stockState();
  expect(after.rows).toEqual(before.rows);
  expect(after.imports).toBe(before.imports);
}, 180_000);
