import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';

/** The tables every stock request reads: readiness reads them too, so a lock held on one of them shows. */
const STOCK_TABLES = ['stock_balances', 'products', 'stock_ledger'] as const;

async function readEverything(db: Db): Promise<string[]> {
  const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  for (const table of STOCK_TABLES) await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
  return applied.rows.map((row) => row.name);
}

/**
 * The names of the migrations this database has applied (throws when it has none: never migrated, or when the
 * database or one of the stock tables does not answer within `timeoutMs`: on PostgreSQL the server gives up on the
 * statement or the lock wait itself, in a transaction of its own).
 */
export async function appliedMigrationNames(db: Db, dialect: Dialect, timeoutMs: number): Promise<string[]> {
  if (dialect !== 'postgres') return readEverything(db);
  return db.transaction().execute(async (tx) => {
    await sql.raw(`set local statement_timeout = ${timeoutMs}`).execute(tx);
    await sql.raw(`set local lock_timeout = ${timeoutMs}`).execute(tx);
    return readEverything(tx);
  });
}
