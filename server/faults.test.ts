import { execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { startServer, type RunningServer } from './index.ts';
import { request, type TestResponse } from './local-client.ts';
import { startChildServer } from './test-support/child-server.ts';
import { freshDataDir, removeDataDirs } from './test-support/data-dir.ts';

/*
 * Faults: a failed write (file-size limit reached, like a full disk), a read-only
 * data directory, SIGKILL in the middle of lead writes, and a corrupted tenant file at start and
 * while running. In each, no lead is lost or duplicated (a browser resends what failed with the
 * same Idempotency-Key, as its outbox does) and the other tenants keep serving.
 */

const FIXTURES = path.join(import.meta.dirname, 'test-fixtures', 'tenants');
const dirs: string[] = [];

/** A temporary directory, removed after the file; `withDatabase` starts it with the migrated template cluster. */
function tempDir(prefix: string, withDatabase = false): string {
  const dir = withDatabase ? freshDataDir(prefix) : fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

afterAll(() => removeDataDirs(dirs), 120_000);

/** A visited page as long as a lead may carry one (2,000 characters), random so it does not compress. */
const chunk = () => crypto.randomBytes(1500).toString('base64');

/** A lead whose stored form is large and incompressible, so its write needs real disk. */
function bigLead(marker: string, kb: number) {
  return {
    form: 'enquiry', name: 'Fault', email: 'fault@example.com', postcode: '4000', category: 'General Enquiry', message: marker,
    lead_attributes: { visited_pages: Array.from({ length: Math.min(200, Math.ceil(kb / 2)) }, chunk), linked_query_params: {} },
  };
}

async function leadsWithMessage(server: RunningServer, marker: string) {
  return server.db.selectFrom('leads').select(['id', 'fields']).where('fields', '@>', JSON.stringify({ message: marker }) as never).execute();
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A request that must answer (not hang) within a deadline. */
function within(ms: number, send: Promise<TestResponse>): Promise<TestResponse> {
  return Promise.race([send, new Promise<TestResponse>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);
}

async function otherTenantServes(server: RunningServer) {
  const B = `beta-caravans.localhost:${server.port}`;
  const page = await within(5_000, request(server.port, B, '/'));
  const search = await within(5_000, request(server.port, B, '/1/indexes/cars/query', { body: { hitsPerPage: 1 } }));
  expect(page.status).toBeLessThan(500 + 4); // the not-built page is a 503 by design; it must answer
  expect(page.text).toContain('beta-caravans');
  expect(search.status).toBe(200);
  expect(search.json.nbHits).toBeGreaterThan(0);
}

/**
 * Runs a storage fault against a started server: leads submitted during it answer 201 or 503
 * (never hang, never 500); after it, resending the failed ones with the same keys stores each
 * submission exactly once.
 */
async function leadsSurvive(server: RunningServer, fault: { start(): void; stop(): void }, marker: string) {
  const A = `alpha-motors.localhost:${server.port}`;
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const keys = Array.from({ length: 6 }, (_, i) => `${marker}-key-${i}`);
  const bodies = keys.map(() => bigLead(marker, 400));
  const first: TestResponse[] = [];
  const took: number[] = [];
  fault.start();
  try {
    for (let i = 0; i < keys.length; i++) {
      const sent = performance.now();
      first.push(await within(30_000, request(server.port, A, '/api/leads', { headers: { 'idempotency-key': keys[i] as string }, body: bodies[i] })));
      took.push(performance.now() - sent);
    }
    expect(first.filter((r) => r.status !== 201 && r.status !== 503).map((r) => `${r.status} ${r.text.slice(0, 300)}`)).toEqual([]);
    const failed = first.filter((r) => r.status === 503);
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]?.json.error).toMatch(/could not save this just now/);
    expect(failed[0]?.headers['retry-after']).toBeDefined();
    await otherTenantServes(server);
    expect(errors.mock.calls.some((c) => /the database could not serve it \(503\)/.test(c.map(String).join(' ')))).toBe(true);
  } finally {
    fault.stop();
    errors.mockRestore();
  }
  // The database comes back by itself once the storage does.
  await until('the database to recover', async () => ((await request(server.port, A, '/api/site')).status === 200 ? true : undefined));
  const resent: TestResponse[] = [];
  for (let i = 0; i < keys.length; i++) resent.push(await request(server.port, A, '/api/leads', { headers: { 'idempotency-key': keys[i] as string }, body: bodies[i] }));
  expect(resent.map((r) => r.status).every((s) => s === 201 || s === 200)).toBe(true);
  // What was answered 201 before is the same lead now; what failed is stored once.
  const answered = first.flatMap((r, i) => (r.status === 201 ? [[r.json.lead_id, resent[i]?.json.lead_id]] : []));
  expect(answered.every(([a, b]) => a === b)).toBe(true);
  expect(new Set(resent.map((r) => r.json.lead_id)).size).toBe(keys.length);
  // How long each refused submission after the first took to be answered.
  const firstRefused = first.findIndex((r) => r.status === 503);
  const laterRefusals = took.filter((_, i) => i > firstRefused && first[i]?.status === 503);
  return { submitted: keys.length, stored: (await leadsWithMessage(server, marker)).length, laterRefusals };
}

/**
 * The database thread was reopened because the storage refused a write, told at once by the
 * thread itself, and not because a query ran past its time limit (which kept every request of
 * the fault waiting that long).
 */
function expectReopenedForTheStorage(dbLog: readonly string[], reason: RegExp) {
  expect(dbLog.find((line) => /reopening the database/.test(line))).toMatch(reason);
  expect(dbLog.filter((line) => /did not answer in time/.test(line))).toEqual([]);
}

describe('storage faults', () => {
  test('a failed write (file-size limit reached) fails that request with 503, logs it, and nothing hangs or is lost', async () => {
    // From the migrated template, as the other cases: a new cluster's first open (initdb and every
    // migration) took over the 30 s open limit on a busy machine.
    const dataDir = tempDir('fc-fault-fsize-', true);
    const dbLog: string[] = [];
    const server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: FIXTURES, seedCars: 20, log: () => {}, watch: false,
      leadRateLimit: { max: 100_000, windowMs: 60_000 }, dbThread: { queryTimeoutMs: 8_000, openTimeoutMs: 30_000, reopenWaitMs: 500, log: (line) => dbLog.push(line) },
    });
    try {
      // RLIMIT_FSIZE refuses writes past an offset: put it 1 MB past where the WAL writes now.
      const { rows } = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(server.db);
      const offset = Number.parseInt(String(rows[0]?.lsn).split('/')[1] ?? '0', 16) % (16 * 1024 * 1024);
      const limit = offset + 1024 * 1024;
      const result = await leadsSurvive(server, {
        start: () => execFileSync('prlimit', [`--pid=${process.pid}`, `--fsize=${limit}:unlimited`]),
        stop: () => execFileSync('prlimit', [`--pid=${process.pid}`, '--fsize=unlimited:unlimited']),
      }, 'fsize-fault');
      expect(result.stored).toBe(result.submitted);
      expectReopenedForTheStorage(dbLog, /storage failure: write: .*file too large/i);
    } finally {
      execFileSync('prlimit', [`--pid=${process.pid}`, '--fsize=unlimited:unlimited']);
      await server.close();
    }
  }, 240_000);
});

/*
 * The faults below leave the process's limits alone, so they run side by side: most of their time
 * is a server waiting (a database reopening, a killed server's restart), not work. The file-size
 * limit above is the process's own and stays alone, before them.
 */

describe.concurrent('storage faults: a read-only data directory', () => {
  const canMount = (() => {
    const probe = tempDir('fc-mount-probe-');
    try {
      execFileSync('mount', ['--bind', probe, probe], { stdio: 'ignore' });
      execFileSync('umount', [probe], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  // How long a query waits for the database being reopened, set for these tests.
  const REOPEN_WAIT_MS = 3_000;

  // Needs mount privileges (root with CAP_SYS_ADMIN); skipped, visibly, where they are missing.
  test.skipIf(!canMount)('a read-only data directory fails writes with 503; other tenants serve; nothing is lost after it is writable again', async () => {
    const dataDir = tempDir('fc-fault-ro-', true);
    const dbLog: string[] = [];
    const server = await startServer({
      port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: FIXTURES, seedCars: 20, log: () => {}, watch: false,
      leadRateLimit: { max: 100_000, windowMs: 60_000 }, dbThread: { queryTimeoutMs: 8_000, openTimeoutMs: 30_000, reopenWaitMs: REOPEN_WAIT_MS, log: (line) => dbLog.push(line) },
    });
    const pgDir = path.join(dataDir, 'pglite');
    let mounted = false;
    try {
      const result = await leadsSurvive(server, {
        start: () => {
          execFileSync('mount', ['--bind', pgDir, pgDir]);
          mounted = true;
          execFileSync('mount', ['-o', 'remount,bind,ro', pgDir]);
        },
        stop: () => {
          execFileSync('umount', [pgDir]);
          mounted = false;
        },
      }, 'readonly-fault');
      expect(result.stored).toBe(result.submitted);
      expectReopenedForTheStorage(dbLog, /storage failure: (open|write): .*read-only file system/i);
      // A submission makes several queries; while the database stays shut, only one query waits
      // for its reopening, so a later submission is refused sooner than one such wait.
      expect(result.laterRefusals.length).toBeGreaterThan(0);
      expect(result.laterRefusals.filter((ms) => ms >= REOPEN_WAIT_MS)).toEqual([]);
    } finally {
      if (mounted) execFileSync('umount', [pgDir]);
      await server.close();
    }
  }, 240_000);
});

function startChild(dataDir: string, tenantsDir: string): Promise<{ child: ChildProcess; port: number }> {
  return startChildServer('fault-server.ts', [dataDir, tenantsDir]);
}

const host = (port: number) => `alpha-motors.localhost:${port}`;
const body = (i: number) => ({ form: 'enquiry', name: 'Killed', email: `k${i}@example.com`, postcode: '4000', category: 'General Enquiry', message: `kill-test ${i}` });

describe.concurrent('SIGKILL mid-write', () => {
  test('no lead is lost or duplicated when the server is killed in the middle of lead writes', async () => {
    const dataDir = tempDir('fc-fault-kill-', true);
    const first = await startChild(dataDir, FIXTURES);
    const keys = Array.from({ length: 40 }, (_, i) => `kill-key-${String(i).padStart(3, '0')}`);
    const answers = new Map<string, TestResponse>();
    const killed = new Promise((r) => first.child.once('exit', r));
    // Six browsers submit in parallel; the server is killed the moment the tenth answer arrives,
    // so other writes are in flight (some committed, unanswered) when it dies.
    let next = 0;
    const browser = async () => {
      while (next < keys.length) {
        const i = next++;
        const key = keys[i] as string;
        try {
          const r = await request(first.port, host(first.port), '/api/leads', { headers: { 'idempotency-key': key }, body: body(i) });
          answers.set(key, r);
          if (answers.size === 10) first.child.kill('SIGKILL');
        } catch {
          // connection reset by the kill: this browser keeps the lead in its outbox
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, browser));
    await killed;
    expect(answers.size).toBeLessThan(keys.length);

    const second = await startChild(dataDir, FIXTURES);
    try {
      const resent: TestResponse[] = [];
      for (let i = 0; i < keys.length; i++) resent.push(await request(second.port, host(second.port), '/api/leads', { headers: { 'idempotency-key': keys[i] as string }, body: body(i) }));
      expect(resent.every((r) => r.status === 201 || r.status === 200)).toBe(true);
      const answeredBefore = [...answers].filter(([, r]) => r.status === 201).map(([key, r]) => [r.json.lead_id, resent[keys.indexOf(key)]?.json.lead_id]);
      expect(answeredBefore.every(([a, b]) => a === b)).toBe(true);
      const ids = resent.map((r) => r.json.lead_id as number);
      expect(new Set(ids).size).toBe(keys.length);
      // Read back through the dealer route with the local admin token.
      const runtime = JSON.parse(fs.readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as { adminToken: string };
      const leads = await request(second.port, host(second.port), '/api/dealer/leads?limit=500', { headers: { 'x-forecourt-admin-token': runtime.adminToken } });
      const killedLeads = leads.json.leads.filter((l: { name: string }) => l.name === 'Killed');
      expect(killedLeads.length).toBe(keys.length);
    } finally {
      const exited = new Promise((r) => second.child.once('exit', r));
      second.child.kill('SIGTERM');
      await exited;
    }
  }, 300_000);
});

function tenantsCopy(): string {
  const dir = tempDir('fc-tenants-');
  for (const f of fs.readdirSync(FIXTURES)) fs.copyFileSync(path.join(FIXTURES, f), path.join(dir, f));
  return dir;
}

describe.concurrent('a corrupted tenant file takes down only its own site', () => {
  test('at start, the valid tenants serve and the broken one answers a maintenance page; errors are logged with JSON pointers', async () => {
    const tenantsDir = tenantsCopy();
    const beta = JSON.parse(fs.readFileSync(path.join(tenantsDir, 'beta-caravans.json'), 'utf8')) as Record<string, unknown>;
    fs.writeFileSync(path.join(tenantsDir, 'beta-caravans.json'), JSON.stringify({ ...beta, template: 42 }));
    const dataDir = tempDir('fc-fault-tenant-', true);
    const lines: string[] = [];
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 20, log: (l) => lines.push(l), watch: false });
    try {
      expect(server.tenants.map((t) => t.slug)).toEqual(['alpha-motors']);
      expect(lines.join('\n')).toMatch(/tenants\/beta-caravans\.json: \/template: /);
      const page = await request(server.port, `beta-caravans.localhost:${server.port}`, '/cars/anything');
      expect(page.status).toBe(503);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.text).toContain('This site is being updated');
      expect(page.text).not.toMatch(/\/template|at .*\.ts:\d+|Error/);
      const api = await request(server.port, `beta-caravans.localhost:${server.port}`, '/api/site');
      expect(api.status).toBe(503);
      expect((await request(server.port, `alpha-motors.localhost:${server.port}`, '/api/site')).json.slug).toBe('alpha-motors');
    } finally {
      await server.close();
    }
  }, 120_000);

  test('while running, a tenant file that becomes invalid keeps its last good config; a fixed one is picked up', async () => {
    const tenantsDir = tenantsCopy();
    const dataDir = tempDir('fc-fault-tenant-live-', true);
    const lines: string[] = [];
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir, seedCars: 20, log: (l) => lines.push(l) });
    const A = `alpha-motors.localhost:${server.port}`;
    const file = path.join(tenantsDir, 'alpha-motors.json');
    const good = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    try {
      fs.writeFileSync(file, '{ "slug": "alpha-motors", "name": ');
      await until('the watcher to log the bad file', async () => (lines.some((l) => l.includes('alpha-motors.json is invalid')) ? true : undefined), 10_000);
      expect(lines.find((l) => l.includes('alpha-motors.json is invalid'))).toMatch(/still serving its last good version[\s\S]*tenants\/alpha-motors\.json: \//);
      const still = await request(server.port, A, '/api/site');
      expect(still.status).toBe(200);
      expect(still.json.name).toBe('Alpha Motors');
      fs.writeFileSync(file, JSON.stringify({ ...good, name: 'Alpha Motors Renamed' }));
      await until('the fixed file to be served', async () => ((await request(server.port, A, '/api/site')).json.name === 'Alpha Motors Renamed' ? true : undefined), 10_000);
      expect((await request(server.port, `beta-caravans.localhost:${server.port}`, '/api/site')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 120_000);
});
