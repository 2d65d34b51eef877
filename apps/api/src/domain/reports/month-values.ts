import { sql } from 'kysely';
import { toBigInt, type Db, type Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { type PlaceOfInventory } from '../inventory/inventory-public-service.ts';

/** Category 0: the month end's total (decision 0079). */
export const TOTAL = 0;

/** One month end's own stock value per category id, and its total under `TOTAL`. */
export type MonthValues = Map<number, bigint>;

/** Which place the kept values are of: an establishment or a location. */
export const scopeKey = ({ scope }: PlaceOfInventory) =>
  scope.kind === 'location' ? `l${scope.locationId}` : `e${scope.establishmentId}`;

/** Per-category sums with their total under `TOTAL`. */
export function withTotal(sums: ReadonlyMap<number, bigint>): MonthValues {
  let total = 0n;
  for (const value of sums.values()) total += value;
  return new Map([...sums, [TOTAL, total]]);
}

/** The kept month ends among `dates` of a place. */
export async function keptMonthValues(db: Db, key: string, dates: readonly string[]) {
  const kept = new Map<string, MonthValues>();
  if (dates.length === 0) return kept;
  const rows = await db
    .selectFrom('report_month_values')
    .select(['month_end', 'category_id', 'total_value'])
    .where('scope_key', '=', key)
    .where('month_end', 'in', dates)
    .execute();
  for (const row of rows) {
    const values = kept.get(row.month_end) ?? new Map();
    values.set(row.category_id, toBigInt(row.total_value));
    kept.set(row.month_end, values);
  }
  // a month end is kept whole or not at all: its total row says it is there
  for (const [date, values] of kept) if (!values.has(TOTAL)) kept.delete(date);
  return kept;
}

/**
 * Reads a past month end and keeps it, in one transaction no ledger write can cut in two: on SQLite the one
 * connection runs nothing else meanwhile; on PostgreSQL the table lock waits for every write whose trigger already
 * ran to commit (so the read sees it) and holds off the others until this commit (their triggers then drop what was
 * kept here).
 */
export function keepMonthValues(
  db: Db,
  dialect: Dialect,
  key: string,
  date: string,
  read: (tx: Tx) => Promise<MonthValues>,
) {
  return db.transaction().execute(async (tx) => {
    if (dialect === 'postgres')
      await sql`lock table report_month_values in share row exclusive mode`.execute(tx);
    const values = await read(tx);
    const rows = [...values].map(([category_id, value]) => ({
      scope_key: key,
      month_end: date,
      category_id,
      total_value: String(value),
    }));
    await tx
      .insertInto('report_month_values')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
    return values;
  });
}
