import { sql } from 'kysely';
import type { MigrationDb } from '../schema-helpers.ts';
import { averageCost, replayLedger, sameDerived } from '../../domain/shared/stock-rules.ts';
import { toStoredRow } from '../../domain/stock/history-repository.ts';

/** The ledger's columns as they were then (later migrations add more). */
const STORED_ROW_COLUMNS = [
  'id',
  'direction',
  'occurred_on',
  'quantity',
  'base_quantity',
  'unit_cost',
  'total_cost',
  'balance_quantity',
  'balance_value',
];

/**
 * Within a date, entries come before exits (decision 0044): the ledger order becomes (occurred_on, direction, id),
 * and its index follows. The products where an exit was posted before an entry of the same date are replayed in the
 * new order and their derived figures rewritten (only the rows whose figures change, and their balance's value).
 * Quantities never change, and no date can go negative: moving entries earlier in a day only raises the balance.
 */
export function entriesFirstWithinADay() {
  return {
    async up(db: MigrationDb) {
      await sql`drop index stock_ledger_live_idx`.execute(db);
      await sql`create index stock_ledger_live_idx on stock_ledger (product_id, occurred_on, direction, id)
        where cancelled_at is null`.execute(db);
      const affected = await sql<{ product_id: number }>`select distinct e.product_id from stock_ledger e
        join stock_ledger i on i.product_id = e.product_id and i.occurred_on = e.occurred_on
          and i.direction = 'in' and i.id > e.id and i.cancelled_at is null
        where e.direction = 'out' and e.cancelled_at is null`.execute(db);
      for (const { product_id: productId } of affected.rows) await replayProduct(db, productId);
    },
  };
}

async function replayProduct(db: MigrationDb, productId: number) {
  const columns = sql.raw(STORED_ROW_COLUMNS.join(', '));
  const { rows } = await sql<Parameters<typeof toStoredRow>[0]>`select ${columns} from stock_ledger
    where product_id = ${productId} and cancelled_at is null order by occurred_on, direction, id`.execute(db);
  const stored = rows.map(toStoredRow);
  // What the first release let go negative by date stays as it is (lenient), as when the figures were first derived.
  const result = replayLedger({ quantity: 0n, totalValue: 0n }, stored, { lenient: true });
  if (!result.ok) return;
  for (const [index, row] of stored.entries()) {
    const derived = result.rows[index];
    if (!derived || sameDerived(row.derived, derived)) continue;
    const cost =
      row.direction === 'out'
        ? sql`, unit_cost = ${derived.unitCost.toString()}, total_cost = ${derived.totalCost.toString()}`
        : sql``;
    await sql`update stock_ledger set balance_quantity = ${derived.balanceQuantity.toString()},
      balance_value = ${derived.balanceValue.toString()} ${cost} where id = ${row.id}`.execute(db);
  }
  const balance = result.balance;
  await sql`update stock_balances set total_value = ${balance.totalValue.toString()},
    average_cost = ${averageCost(balance).toString()} where product_id = ${productId}`.execute(db);
}
