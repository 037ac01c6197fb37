import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types.ts';

/*
 * Bulk inserts for seeding. A multi-row VALUES statement binds one parameter per cell (12,000 for
 * 3,000 image rows), and PostgreSQL parses and plans each one; here a chunk of rows travels as one
 * JSON parameter and `jsonb_populate_recordset` turns it into rows of the table's own type, so
 * each column keeps its type (jsonb stays jsonb, text stays text) without a cast per column.
 * Ids are taken from the table's sequence first, so rows that refer to them (a car's images) are
 * built before anything is inserted, and the same tenants seed the same ids on a fresh database.
 */

/** Rows per statement: one JSON document of a few megabytes at most. */
const ROWS_PER_STATEMENT = 1000;

type TableName = keyof Database & string;

/**
 * Takes `count` ids from a table's `id` sequence, in ascending order.
 * @param db the database (or the seeding transaction)
 * @param table a table with a serial `id`
 * @param count how many ids
 */
export async function reserveIds(db: Kysely<Database>, table: TableName, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count}::int)`.execute(db);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Inserts rows into a table, a thousand per statement. Values are plain JSON values: a Date is
 * written as its ISO time, an object or array into a jsonb column as itself.
 * @param db the database (or the seeding transaction)
 * @param table the table
 * @param rows the rows; every key is a column of the table (a missing key inserts null)
 */
export async function insertRows(db: Kysely<Database>, table: TableName, rows: readonly Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const list = sql.join(columns.map((c) => sql.ref(c)));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const chunk = JSON.stringify(rows.slice(i, i + ROWS_PER_STATEMENT));
    await sql`insert into ${sql.table(table)} (${list}) select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${chunk}::jsonb)`.execute(db);
  }
}

/**
 * Inserts rows with ids taken from the table's sequence and returns the ids, in the rows' order.
 * @param db the database (or the seeding transaction)
 * @param table a table with a serial `id`
 * @param rows the rows, without `id`
 */
export async function insertRowsWithIds(db: Kysely<Database>, table: TableName, rows: readonly Record<string, unknown>[]): Promise<number[]> {
  const ids = await reserveIds(db, table, rows.length);
  await insertRows(db, table, rows.map((row, i) => ({ id: ids[i], ...row })));
  return ids;
}
