import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from './database.ts';
import type { Database, Dialect } from './types.ts';

/** Rows per statement when they travel as one JSON value: a few MB of text, far from any parameter limit. */
export const JSON_BATCH = 5_000;

/** One row as JSON carries it: bigints as decimal strings (JSON has no exact big integers). */
export type JsonRow = Record<string, string | number | null>;

/**
 * `select <columns> from <rows>`: a whole batch handed to the database as one JSON parameter, so writing it is one
 * statement with one bound value, not rows × columns of them (each a parse and a bind for PostgreSQL, and past
 * SQLite's parameter cap at a few thousand rows). PostgreSQL types each column by the table's own row type
 * (json_populate_recordset); SQLite reads each key with ->> from jsonb_each (each row parsed once), and the column's
 * affinity stores it as the column expects (a decimal string in an integer column is stored as that integer, exactly).
 */
export function jsonRows(
  dialect: Dialect,
  table: keyof Database,
  columns: readonly string[],
  rows: readonly JsonRow[],
): RawBuilder<unknown> {
  const json = JSON.stringify(rows);
  if (dialect === 'postgres')
    return sql`select ${sql.join(columns.map((column) => sql.ref(column)))} from json_populate_recordset(null::${sql.table(table)}, ${json}::json)`;
  return sql`select ${sql.join(columns.map((column) => sql`value ->> ${sql.lit(column)} as ${sql.ref(column)}`))} from jsonb_each(${json})`;
}

/** `insert into <table> (<columns>) select … from <rows>`, a batch per statement; answers what `returning` names. */
export async function insertJsonRows<R = never>(
  tx: Db | Tx,
  dialect: Dialect,
  table: keyof Database,
  rows: readonly JsonRow[],
  returning: readonly string[] = [],
): Promise<R[]> {
  const out: R[] = [];
  const first = rows[0];
  if (!first) return out;
  const columns = Object.keys(first);
  const names = sql.join(columns.map((column) => sql.ref(column)));
  const answer = returning.length
    ? sql` returning ${sql.join(returning.map((column) => sql.ref(column)))}`
    : sql``;
  for (let start = 0; start < rows.length; start += JSON_BATCH) {
    const part = rows.slice(start, start + JSON_BATCH);
    const result =
      await sql<R>`insert into ${sql.table(table)} (${names}) ${jsonRows(dialect, table, columns, part)}${answer}`.execute(
        tx,
      );
    out.push(...result.rows);
  }
  return out;
}
