import type { Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { accountOf, type Account } from './stock-accounts.ts';
import { prepared } from '../../db/prepared.ts';
import { groupMemo } from '../../db/group-commit.ts';

/** The usual movement: one product, a statement compiled once. */
const oneProductQuery = prepared((db, productId: number) =>
  db.selectFrom('establishment_stock').select(['id', 'product_id']).where('product_id', '=', productId),
);

/**
 * A transfer between establishments enters the destination at exactly the cost it left the origin at (DESIGN.md §6.3,
 * decision 0068). When a movement lands before such a transfer at the origin, the exit's cost changes with the
 * replay; the entry must follow, and whatever the destination moved after it. The pipeline locks every own account of
 * a product that any establishment but the first ever held (one fixed order), and after writing reprices the entries
 * whose exit moved, until none is left.
 */

/** Every own account of the products some establishment other than the first ever held (none: no transfer between). */
export async function establishmentAccounts(tx: Tx, productIds: readonly number[]): Promise<Account[]> {
  if (productIds.length === 0) return [];
  const ids = [...new Set(productIds)];
  const [one] = ids;
  if (ids.length > 1 || one === undefined) {
    const rows = await tx
      .selectFrom('establishment_stock')
      .select(['id', 'product_id'])
      .where('product_id', 'in', ids)
      .execute();
    return accountsOf(rows);
  }
  // the usual movement: one product, read once per group's transaction (racing movements of one product)
  const memo = groupMemo(tx);
  const known = memo?.get(HELD_ACCOUNTS) as Map<number, Account[]> | undefined;
  const hit = known?.get(one);
  if (hit) return hit;
  const accounts = accountsOf(await oneProductQuery(tx, one));
  if (memo) memo.set(HELD_ACCOUNTS, (known ?? new Map<number, Account[]>()).set(one, accounts));
  return accounts;
}

const HELD_ACCOUNTS = Symbol('establishment accounts');

/** A write that opens another establishment's account for a product: its accounts are read again. */
export function forgetEstablishmentAccounts(tx: Tx, productId: number): void {
  (groupMemo(tx)?.get(HELD_ACCOUNTS) as Map<number, Account[]> | undefined)?.delete(productId);
}

function accountsOf(rows: ReadonlyArray<{ id: number; product_id: number }>): Account[] {
  if (rows.length === 0) return [];
  const products = new Set(rows.map((row) => row.product_id));
  return [
    ...products,
    ...rows.map((row) => accountOf({ productId: row.product_id, establishmentStockId: row.id })),
  ];
}

/** The live entries of transfers between establishments whose cost is no longer their exit's. */
export async function staleTransferEntries(tx: Tx, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const rows = await tx
    .selectFrom('stock_transfers as t')
    .innerJoin('stock_ledger as o', (join) =>
      join.onRef('o.transfer_id', '=', 't.id').on('o.direction', '=', 'out').on('o.location_move', '=', 0),
    )
    .innerJoin('stock_ledger as i', (join) =>
      join.onRef('i.transfer_id', '=', 't.id').on('i.direction', '=', 'in'),
    )
    .select(['i.id', 'o.total_cost'])
    .where('t.product_id', 'in', [...new Set(productIds)])
    .where('o.cancelled_at', 'is', null)
    .where('i.cancelled_at', 'is', null)
    .whereRef('o.total_cost', '<>', 'i.total_cost')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), totalCost: toBigInt(row.total_cost) }));
}
