import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from './database.ts';
import type { Database } from './types.ts';
import { startPeriodic, type PeriodicTask } from '../periodic.ts';

/*
 * The embedded database's housekeeping. PGlite runs PostgreSQL as one process without its
 * background workers, so nothing ever vacuums or analyses it: every row a stock feed, a car view or
 * a rate-limit count updates stays on disk as a dead row for good (a 5,000-car full feed that
 * changes every price leaves 5 MB of them each time, and the table never reuses the space), the
 * planner's statistics never follow the data, and transaction ids are never frozen (a single
 * PostgreSQL process warns but does not stop before they wrap around). So the server does
 * autovacuum's work itself: once a minute it asks which tables have passed PostgreSQL's own
 * autovacuum thresholds, read from the database's settings, and vacuums or analyses those.
 * PostgreSQL proper (DATABASE_URL) runs its own autovacuum and is left alone.
 */

/** How often the embedded database is checked, as PostgreSQL's autovacuum_naptime default. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

/** One table's figures from pg_stat_all_tables and pg_class. */
export interface TableActivity {
  /** The table's name as SQL reads it (schema-qualified, quoted by the database). */
  name: string;
  deadRows: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
  /** pg_class.reltuples: -1 while the table was never vacuumed or analysed. */
  estimatedRows: number;
  /** Transactions since the table's oldest unfrozen row id, and multixacts likewise. */
  xidAge: number;
  multixactAge: number;
}

/** PostgreSQL's autovacuum settings, as the database reports them. */
export interface AutovacuumSettings {
  vacuumThreshold: number;
  vacuumScaleFactor: number;
  /** autovacuum_vacuum_max_threshold (PostgreSQL 18); -1 or absent: no cap. */
  vacuumMaxThreshold: number;
  insertThreshold: number;
  insertScaleFactor: number;
  analyzeThreshold: number;
  analyzeScaleFactor: number;
  freezeMaxAge: number;
  multixactFreezeMaxAge: number;
}

/**
 * What a table is due, by PostgreSQL's own autovacuum rule (its documentation's "The
 * Autovacuum Daemon"): a vacuum when its dead rows pass the threshold plus the scale factor times
 * its rows (capped by the maximum threshold), when the rows inserted since the last vacuum pass
 * the insert threshold likewise, or when its oldest transaction or multixact id is older than the
 * freeze maximum age (a plain vacuum of such a table freezes it); an analyse when the rows changed
 * since the last one pass the analyse threshold plus its scale factor times the rows.
 * @param table the table's figures
 * @param settings the database's autovacuum settings
 */
export function maintenanceDue(table: TableActivity, settings: AutovacuumSettings): { vacuum: boolean; analyze: boolean } {
  const rows = Math.max(table.estimatedRows, 0);
  let vacuumAt = settings.vacuumThreshold + settings.vacuumScaleFactor * rows;
  if (settings.vacuumMaxThreshold >= 0) vacuumAt = Math.min(vacuumAt, settings.vacuumMaxThreshold);
  const insertAt = settings.insertThreshold + settings.insertScaleFactor * rows;
  const vacuum =
    table.deadRows > vacuumAt ||
    (settings.insertThreshold >= 0 && table.insertedSinceVacuum > insertAt) ||
    (settings.freezeMaxAge >= 0 && table.xidAge > settings.freezeMaxAge) ||
    (settings.multixactFreezeMaxAge >= 0 && table.multixactAge > settings.multixactFreezeMaxAge);
  const analyze = table.modifiedSinceAnalyze > settings.analyzeThreshold + settings.analyzeScaleFactor * rows;
  return { vacuum, analyze };
}

/** A setting as a number (-1 where this PostgreSQL has no such setting). */
const setting = (name: string) => sql<number>`coalesce(nullif(current_setting(${name}, true), '')::float8, -1)`;

/** The database's autovacuum settings. */
async function readSettings(db: Kysely<Database>): Promise<AutovacuumSettings> {
  const row = await sql<AutovacuumSettings>`select
      ${setting('autovacuum_vacuum_threshold')} as "vacuumThreshold",
      ${setting('autovacuum_vacuum_scale_factor')} as "vacuumScaleFactor",
      ${setting('autovacuum_vacuum_max_threshold')} as "vacuumMaxThreshold",
      ${setting('autovacuum_vacuum_insert_threshold')} as "insertThreshold",
      ${setting('autovacuum_vacuum_insert_scale_factor')} as "insertScaleFactor",
      ${setting('autovacuum_analyze_threshold')} as "analyzeThreshold",
      ${setting('autovacuum_analyze_scale_factor')} as "analyzeScaleFactor",
      ${setting('autovacuum_freeze_max_age')} as "freezeMaxAge",
      ${setting('autovacuum_multixact_freeze_max_age')} as "multixactFreezeMaxAge"`.execute(db);
  const settings = row.rows[0];
  if (!settings) throw new Error('the database reported no settings');
  return settings;
}

/** Every table of the database (the system catalogs too: they bloat and age as well), with its figures. */
async function readActivity(db: Kysely<Database>): Promise<TableActivity[]> {
  // Counts reach the statistics views at most once a second; this makes the last second's count.
  await sql`select pg_stat_force_next_flush()`.execute(db);
  const rows = await sql<TableActivity>`
    select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name,
      s.n_dead_tup::float8 as "deadRows", s.n_ins_since_vacuum::float8 as "insertedSinceVacuum",
      s.n_mod_since_analyze::float8 as "modifiedSinceAnalyze", c.reltuples::float8 as "estimatedRows",
      age(c.relfrozenxid)::float8 as "xidAge", mxid_age(c.relminmxid)::float8 as "multixactAge"
    from pg_stat_all_tables s join pg_class c on c.oid = s.relid
    where c.relkind in ('r', 'm') and c.relpersistence <> 't' and s.schemaname not in ('pg_toast', 'information_schema')
    order by s.schemaname, s.relname`.execute(db);
  return rows.rows;
}

/** What one round did. */
export interface MaintenanceRound {
  vacuumed: string[];
  analysed: string[];
}

/**
 * One round: every table due a vacuum or an analyse gets it, one table at a time (each statement
 * holds the embedded database's one connection only while it runs).
 * @param db the embedded database
 */
export async function maintainTables(db: Kysely<Database>): Promise<MaintenanceRound> {
  const settings = await readSettings(db);
  const round: MaintenanceRound = { vacuumed: [], analysed: [] };
  for (const table of await readActivity(db)) {
    const due = maintenanceDue(table, settings);
    // The name is the database's own, quoted by it (quote_ident above).
    if (due.vacuum) {
      await sql`vacuum ${sql.raw(due.analyze ? '(analyze) ' : '')}${sql.raw(table.name)}`.execute(db);
      round.vacuumed.push(table.name);
      if (due.analyze) round.analysed.push(table.name);
    } else if (due.analyze) {
      await sql`analyze ${sql.raw(table.name)}`.execute(db);
      round.analysed.push(table.name);
    }
  }
  return round;
}

/** The running housekeeping of an embedded database: a round now (or the one under way), and stopping that waits for it. */
export type DatabaseMaintenance = PeriodicTask<MaintenanceRound>;

/**
 * Starts the housekeeping of an embedded database, a round every MAINTENANCE_INTERVAL_MS; null for
 * PostgreSQL, whose own autovacuum does it.
 * @param database the open database
 * @param options the interval (tests), where failures are told
 */
export function startDatabaseMaintenance(
  database: Pick<PlatformDatabase, 'db' | 'kind'>,
  options: { intervalMs?: number; log?: (line: string) => void } = {},
): DatabaseMaintenance | null {
  if (database.kind !== 'pglite') return null;
  const log = options.log ?? ((line: string) => console.error(line));
  return startPeriodic(() => maintainTables(database.db), options.intervalMs ?? MAINTENANCE_INTERVAL_MS, (error) =>
    log(`[database] vacuuming the embedded database failed: ${(error as Error).message}`),
  );
}
