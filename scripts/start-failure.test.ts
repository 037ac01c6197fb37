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

/** Runs `npm start`'s script (no builds) on a data folder and port until it exits. */
async function runStart(dataDir: string, port: number): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['scripts/run-compiled.mjs', 'scripts/start.ts', '--no-build', '--port', String(port)], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PGLITE_DIR: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

describe('npm start cannot start', () => {
  test('each cause someone can put right is one line saying what to do; any other error is left to show itself', async () => {
    const { error, port } = await portTakenError();
    expect(startFailureText(error, { port, databaseDir: '/srv/forecourt/.data/pglite' })).toBe(
      `Port ${port} is already in use by another program: stop it, or start on another port (PORT=8081 npm start).`,
    );
    const kept = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES' });
    expect(startFailureText(kept, { port: 80, databaseDir: null })).toBe(
      'Port 80 may only be used with administrator rights: start on a port from 1024 up (PORT=8080 npm start), behind a proxy for ports 80 and 443.',
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
      const { code, stderr } = await runStart(dataDir, 0);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `The database in ${path.join(dataDir, 'pglite')} is in use by another running Forecourt (process ${process.pid}): stop that one first, or start this one with its own data folder (DATA_DIR=.data-2 npm start).`,
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  test('a port another program holds is told at once, before the database is opened: that one line, no stack, exit 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-start-port-'));
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '0.0.0.0', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const { code, stdout, stderr } = await runStart(dataDir, port);
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(`Port ${port} is already in use by another program: stop it, or start on another port (PORT=8081 npm start).`);
      // Nothing was opened, copied or seeded for a start that could not serve.
      expect(stdout).not.toMatch(/Seeding|demo database|opened in/);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
