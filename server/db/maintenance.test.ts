import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { startServer } from '../index.ts';
import { freshDataDir, removeDataDirs } from '../test-support/data-dir.ts';
import { openDatabase } from './database.ts';
import { type AutovacuumSettings, MAINTENANCE_INTERVAL_MS, maintainTables, maintenanceDue, startDatabaseMaintenance, type TableActivity } from './maintenance.ts';
import type { Database } from './types.ts';

const dirs: string[] = [];
afterAll(() => removeDataDirs(dirs), 120_000);

/** PostgreSQL 18's documented autovacuum defaults (postgresql.conf, "Automatic Vacuuming"). */
const POSTGRES_DEFAULTS: AutovacuumSettings = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  vacuumMaxThreshold: 100_000_000,
  insertThreshold: 1000,
  insertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
  freezeMaxAge: 200_000_000,
  multixactFreezeMaxAge: 400_000_000,
};
const quiet: TableActivity = { name: 'public.cars', deadRows: 0, insertedSinceVacuum: 0, modifiedSinceAnalyze: 0, estimatedRows: 10_000, xidAge: 1000, multixactAge: 0 };

describe('what a table is due, by PostgreSQL autovacuum rule', () => {
  test('a vacuum past 50 dead rows plus a fifth of the table', () => {
    expect(maintenanceDue({ ...quiet, deadRows: 2050 }, POSTGRES_DEFAULTS)).toEqual({ vacuum: false, analyze: false });
    expect(maintenanceDue({ ...quiet, deadRows: 2051 }, POSTGRES_DEFAULTS).vacuum).toBe(true);
    // A table never vacuumed nor analysed counts as empty.
    expect(maintenanceDue({ ...quiet, estimatedRows: -1, deadRows: 51 }, POSTGRES_DEFAULTS).vacuum).toBe(true);
    // The maximum threshold caps a huge table's.
    expect(maintenanceDue({ ...quiet, estimatedRows: 1e9, deadRows: 100_000_001 }, POSTGRES_DEFAULTS).vacuum).toBe(true);
    expect(maintenanceDue({ ...quiet, estimatedRows: 1e9, deadRows: 100_000_001 }, { ...POSTGRES_DEFAULTS, vacuumMaxThreshold: -1 }).vacuum).toBe(false);
  });
  test('a vacuum past 1,000 inserted rows plus a fifth, or when its ids near wraparound', () => {
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 3000 }, POSTGRES_DEFAULTS).vacuum).toBe(false);
    expect(maintenanceDue({ ...quiet, insertedSinceVacuum: 3001 }, POSTGRES_DEFAULTS).vacuum).toBe(true);
    expect(maintenanceDue({ ...quiet, xidAge: 200_000_001 }, POSTGRES_DEFAULTS).vacuum).toBe(true);
    expect(maintenanceDue({ ...quiet, multixactAge: 400_000_001 }, POSTGRES_DEFAULTS).vacuum).toBe(true);
  });
  test('an analyse past 50 changed rows plus a tenth of the table', () => {
    expect(maintenanceDue({ ...quiet, modifiedSinceAnalyze: 1050 }, POSTGRES_DEFAULTS)).toEqual({ vacuum: false, analyze: false });
    expect(maintenanceDue({ ...quiet, modifiedSinceAnalyze: 1051 }, POSTGRES_DEFAULTS)).toEqual({ vacuum: false, analyze: true });
  });
});

/** The table's size on disk, in pages of 8 KB. */
async function pages(db: Kysely<Database>, table: string): Promise<number> {
  const row = await sql<{ bytes: string }>`select pg_relation_size(${table}) as bytes`.execute(db);
  return Number(row.rows[0]!.bytes) / 8192;
}

/** Every one of the table's rows rewritten, as a full stock feed that changes every price does. */
const rewriteAll = (db: Kysely<Database>, table: string) => sql`update ${sql.table(table)} set price = price + 100`.execute(db);

async function churnTable(db: Kysely<Database>, table: string): Promise<void> {
  await sql`create table ${sql.table(table)} (id int primary key, price int not null, details text not null)`.execute(db);
  await sql`insert into ${sql.table(table)} select g, 20000 + g, repeat('x', 600) from generate_series(1, 4000) g`.execute(db);
}

describe('the embedded database on disk', () => {
  test('a new table is analysed; without housekeeping every rewrite grows the table, with it the table keeps its size', async () => {
    const dataDir = freshDataDir('fc-maintenance-');
    dirs.push(dataDir);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const { db } = database;
    try {
      await churnTable(db, 'yard');
      const first = await maintainTables(db);
      // 4,000 rows inserted into a table never analysed: both are due.
      expect(first.vacuumed).toContain('public.yard');
      expect(first.analysed).toContain('public.yard');
      const estimate = await sql<{ rows: number }>`select reltuples::int as rows from pg_class where relname = 'yard'`.execute(db);
      expect(estimate.rows[0]!.rows).toBe(4000);
      const fresh = await pages(db, 'yard');
      expect(fresh).toBeGreaterThan(100);

      // Three rewrites with nothing vacuuming: each leaves 4,000 dead rows and the table grows by its size.
      for (let i = 0; i < 3; i++) await rewriteAll(db, 'yard');
      const unkept = await pages(db, 'yard');
      expect(unkept).toBeGreaterThanOrEqual(fresh * 3.5);

      // Then a round after each rewrite: the dead rows' space is used again and the table stops growing.
      for (let i = 0; i < 4; i++) {
        const round = await maintainTables(db);
        expect(round.vacuumed).toContain('public.yard');
        await rewriteAll(db, 'yard');
      }
      expect(await pages(db, 'yard')).toBeLessThanOrEqual(unkept);
      // A table that hardly changed is left alone: 10 of 4,000 rows is under 50 plus a fifth.
      await sql`update yard set price = price + 1 where id <= 10`.execute(db);
      await maintainTables(db);
      await sql`update yard set price = price + 1 where id <= 10`.execute(db);
      expect((await maintainTables(db)).vacuumed).not.toContain('public.yard');
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('the housekeeping round', () => {
  test('runs every minute on the embedded database, and stopping waits for a round under way', async () => {
    const dataDir = freshDataDir('fc-maintenance-');
    dirs.push(dataDir);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await churnTable(database.db, 'yard');
      const maintenance = startDatabaseMaintenance(database, { log: (line) => expect.unreachable(line) });
      expect(maintenance).not.toBeNull();
      vi.advanceTimersByTime(MAINTENANCE_INTERVAL_MS - 1);
      const notYet = await sql<{ at: Date | null }>`select last_vacuum as at from pg_stat_all_tables where relname = 'yard'`.execute(database.db);
      expect(notYet.rows[0]!.at).toBeNull();
      vi.advanceTimersByTime(1);
      // The round the timer started (runOnce answers the one under way).
      const round = await maintenance!.runOnce();
      expect(round?.vacuumed).toContain('public.yard');
      // Stopped during a round: stop resolves only once the round has ended, and no round follows.
      const order: string[] = [];
      await rewriteAll(database.db, 'yard');
      const under = maintenance!.runOnce().then((r) => order.push(`round ${r?.vacuumed.includes('public.yard')}`));
      await maintenance!.stop().then(() => order.push('stopped'));
      await under;
      expect(order).toEqual(['round true', 'stopped']);
      expect(await maintenance!.runOnce()).toBeNull();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  }, 60_000);

  test('PostgreSQL proper is left to its own autovacuum', () => {
    const db = {} as Kysely<Database>;
    expect(startDatabaseMaintenance({ db, kind: 'postgres' })).toBeNull();
  });

  test('a server on the embedded database keeps it, and closing stops it', async () => {
    const dataDir = freshDataDir('fc-maintenance-');
    dirs.push(dataDir);
    const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, distDir: path.join(dataDir, 'dist'), tenantsDir: path.join(import.meta.dirname, '..', 'test-fixtures', 'tenants'), seedCars: 20, log: () => {}, watch: false });
    try {
      expect(server.databaseMaintenance).not.toBeNull();
      // A table of the platform's database rewritten three times: a round of the server's vacuums it.
      await churnTable(server.db, 'yard');
      for (let i = 0; i < 3; i++) await rewriteAll(server.db, 'yard');
      const round = await server.databaseMaintenance!.runOnce();
      expect(round?.vacuumed).toContain('public.yard');
      await sql`select pg_stat_force_next_flush()`.execute(server.db);
      const yard = await sql<{ dead: number }>`select n_dead_tup::int as dead from pg_stat_all_tables where relname = 'yard'`.execute(server.db);
      expect(yard.rows[0]!.dead).toBe(0);
    } finally {
      await server.close();
    }
    expect(await server.databaseMaintenance!.runOnce()).toBeNull();
  }, 60_000);
});
