import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Kysely's SQLite dialect speaks the better-sqlite3 interface; node:sqlite differs only in how parameters
 * are passed and in not flagging statements that return rows. This shim bridges the two, so the app needs
 * no native module to compile.
 */
export function openSqlite(
  file: string,
  busyTimeoutMs = 5000,
  { cache = true } = {},
): { database: SqliteDatabase; raw: DatabaseSync } {
  const raw = new DatabaseSync(file);
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA synchronous = NORMAL');
  raw.exec('PRAGMA foreign_keys = ON');
  // a write waits at most this long for another process's lock, then fails (503, plugins/errors.ts)
  raw.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  // Prepared once per SQL text, with whether it returns rows (asking node:sqlite for the columns costs as
  // much as a small query, and Kysely asks on every execution). Without `cache` (plain mode, decision 0085) each
  // execution prepares its statement, as better-sqlite3 under Kysely does.
  const statements = new Map<string, { statement: StatementSync; reader: boolean; arrays: boolean }>();
  const prepare = (sql: string) => {
    let prepared = statements.get(sql);
    if (!prepared) {
      const statement = raw.prepare(sql);
      // Integers come back exact: node:sqlite refuses (throws) any integer beyond 2^53 when read as a number.
      statement.setReadBigInts(true);
      const arrays = sql.startsWith(ARRAY_ROWS);
      if (arrays) statement.setReturnArrays(true);
      prepared = { statement, reader: statement.columns().length > 0, arrays };
      if (!cache) return prepared;
      if (statements.size > 500) statements.clear();
      statements.set(sql, prepared);
    }
    return prepared;
  };
  const database: SqliteDatabase = {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const { statement, reader, arrays } = prepare(sql);
      const params = (values: ReadonlyArray<unknown>) => values as SQLInputValue[];
      return {
        reader,
        all: (values) =>
          arrays ? statement.all(...params(values)) : statement.all(...params(values)).map(narrow),
        run: (values) => {
          const result = statement.run(...params(values));
          return { changes: Number(result.changes), lastInsertRowid: result.lastInsertRowid };
        },
        iterate: function* (values) {
          for (const row of statement.iterate(...params(values))) yield narrow(row);
        },
      };
    },
  };
  return { database, raw };
}

/**
 * A query whose text starts with this comment answers each row as an array of its columns, in order, with every
 * integer as a BigInt (no narrowing): the reads of a hundred thousand ledger rows, where building an object per row and
 * a number per integer cost four times the query (docs/decisions/0036).
 */
export const ARRAY_ROWS = '/* rows as arrays */';

/**
 * Integers are read as BigInt, then those a JavaScript number holds exactly (ids, counts, most amounts) become
 * numbers again, as the rest of the app expects; only larger ones (balances near their maxima, their sums)
 * stay BigInt, which every reader of money and quantities accepts (`toBigInt`).
 */
function narrow<T>(row: T): T {
  const record = row as Record<string, unknown>;
  for (const key in record) {
    const value = record[key];
    if (typeof value !== 'bigint') continue;
    // One conversion and a float check instead of two BigInt comparisons: it runs for every integer read
    // (a back-dated movement reads ~900,000 of them on 100,000 rows). Beyond 2^53 the number rounds to a
    // value that is not a safe integer, so exactly the values a number holds exactly are narrowed.
    const number = Number(value);
    if (Number.isSafeInteger(number)) record[key] = number;
  }
  return row;
}
