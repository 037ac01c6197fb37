import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { DatabaseLockedError } from '../server/db/database.ts';
import { StorageFailureError } from '../server/db/storage-errors.ts';
import { startFailureText } from './lib/start-failure.ts';

/*
 * `npm start` stopped by a cause the person starting it can put right says so in one plain line
 * and exits 1; the errors are the real ones the platform throws.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** The error Node gives a second server listening on a port already taken. */
async function portTakenError(): Promise<{ error: Error; port: number }> {
  const first = net.createServer();
  await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', resolve));
  const port = (first.address() as net.AddressInfo).port;
  const second = net.createServer();
  const error = await new Promise<Error>((resolve) => {
    second.once('error', resolve);
    second.listen(port, '127.0.0.1');
  });
  await new Promise((resolve) => first.close(resolve));
  return { error, port };
}

describe('npm start cannot start', () => {
  test('each cause someone can put right is one line saying what to do; any other error is left to show itself', async () => {
    const { error, port } = await portTakenError();
    expect(startFailureText(error, { port, databaseDir: '/srv/forecourt/.data/pglite' })).toBe(
      `Port ${port} is already in use by another program: stop it, or start on another port (PORT=8081 npm start).`,
    );
    expect(startFailureText(new DatabaseLockedError('/srv/forecourt/.data/pglite', 4242), { port: 8080, databaseDir: '/srv/forecourt/.data/pglite' })).toBe(
      'The database in /srv/forecourt/.data/pglite is in use by another running Forecourt (process 4242): stop that one first, or start this one with its own data folder (DATA_DIR=.data-2 npm start).',
    );
    const readOnly = new StorageFailureError("storage failure: open: EROFS: read-only file system, open '/srv/forecourt/.data/pglite/postmaster.pid'");
    expect(startFailureText(readOnly, { port: 8080, databaseDir: '/srv/forecourt/.data/pglite' })).toBe(
      "The database in /srv/forecourt/.data/pglite cannot be opened because its storage refused a write (storage failure: open: EROFS: read-only file system, open '/srv/forecourt/.data/pglite/postmaster.pid'): check that the disk has space and that the folder is writable, then start again.",
    );
    const unreachable = new StorageFailureError('The database cannot be reached: connect ECONNREFUSED 127.0.0.1:5432');
    expect(startFailureText(unreachable, { port: 8080, databaseDir: null })).toBe(
      'The database cannot be reached (The database cannot be reached: connect ECONNREFUSED 127.0.0.1:5432): check that PostgreSQL is running and that DATABASE_URL points at it, then start again.',
    );
    expect(startFailureText(new TypeError("Cannot read properties of undefined (reading 'slug')"), { port: 8080, databaseDir: null })).toBeNull();
    expect(startFailureText('a thrown text', { port: 8080, databaseDir: null })).toBeNull();
  });

  test('a second npm start on a database another one is using prints that one line, no stack, and exits 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-start-locked-'));
    try {
      // The lock of a running Forecourt: this test's own process, alive, and not the one starting.
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: process.pid }));
      const child = spawn(process.execPath, ['scripts/run-compiled.mjs', 'scripts/start.ts', '--no-build', '--port', '0'], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PGLITE_DIR: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.resume();
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `The database in ${path.join(dataDir, 'pglite')} is in use by another running Forecourt (process ${process.pid}): stop that one first, or start this one with its own data folder (DATA_DIR=.data-2 npm start).`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
