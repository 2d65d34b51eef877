import { sql, type Kysely } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { prepared } from '../../db/prepared.ts';
import { productUnityLabel } from '../shared/catalog-rules.ts';
import type { Database, Dialect } from '../../db/types.ts';
import { averageCost, type Balance } from '../shared/stock-rules.ts';
import { groupMemo } from '../../db/group-commit.ts';
import { accountOf, splitAccounts, type Account } from './stock-accounts.ts';
import { lockRunning } from './positions-repository.ts';

/**
 * SQL of what a movement reads before it is posted, the locks the pipeline takes and the balance row it saves; the
 * ledger's own writes are in ledger-writes.ts. No rule is decided here.
 */

/** Products per balance read: ids only, well under both databases' parameter limits. */
const CHUNK = 5_000;
/** Writers take it shared, closing and reopening a month take it exclusively (PostgreSQL). */
const PERIOD_LOCK_KEY = 86_400_107;

/** Writers take the period lock shared, closing and reopening a month exclusively (PostgreSQL). */
export const lastClosing = (tx: Tx) =>
  tx.selectFrom('stock_closings').select('closed_through').orderBy('id', 'desc').limit(1);

export async function periodLock(tx: Tx, dialect: Dialect, lock: 'shared' | 'exclusive') {
  if (dialect !== 'postgres') return;
  await (
    lock === 'shared'
      ? sql`select pg_advisory_xact_lock_shared(${PERIOD_LOCK_KEY})`
      : sql`select pg_advisory_xact_lock(${PERIOD_LOCK_KEY})`
  ).execute(tx);
}

/**
 * The product and the package a movement names, in one statement: the package is looked up by its own id, so
 * one that belongs to another product still shows (and is refused by the caller).
 */
const movementContextQuery = prepared((db, productId: number, productUnityId: number) =>
  db
    .selectFrom('products as p')
    .innerJoin('unities as base', 'base.id', 'p.base_unity_id')
    .leftJoin('product_unities as pu', (join) => join.on('pu.id', '=', productUnityId))
    .leftJoin('unities as u', 'u.id', 'pu.unity_id')
    .leftJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id')
    .select(['p.id', 'p.sku', 'p.name', 'p.status', 'base.code as base_code', 'base.name as base_name'])
    .select(['base.fractional as base_fractional', 'pu.id as unity_id', 'pu.product_id as unity_product_id'])
    .select(['pu.status as unity_status', 'pu.quantity as unity_quantity', 'pu.is_default', 'u.fractional'])
    .select('ub.name as batch_name')
    .where('p.id', '=', productId),
);

export async function findMovementContext(tx: Tx | Db, productId: number, productUnityId: number) {
  const [row] = await movementContextQuery(tx, productId, productUnityId);
  if (!row) return { product: null, unity: null };
  const product = { id: row.id, sku: row.sku, name: row.name, status: row.status, baseCode: row.base_code };
  if (row.unity_id === null || row.unity_product_id === null || row.unity_quantity === null) {
    return { product, unity: null };
  }
  const isDefault = row.is_default === 1;
  return {
    product,
    unity: {
      id: row.unity_id,
      productId: row.unity_product_id,
      status: row.unity_status,
      unitsPerPackage: toBigInt(row.unity_quantity),
      packageFractional: (isDefault ? row.base_fractional : row.fractional) === 1,
      baseFractional: row.base_fractional === 1,
      baseCode: row.base_code,
      label: productUnityLabel({
        isDefault,
        batchName: row.batch_name ?? '',
        quantity: row.unity_quantity,
        baseCode: row.base_code,
        baseName: row.base_name,
      }),
    },
  };
}

export interface LockedBalance {
  balance: Balance;
  /** date of the latest live row, or null */
  lastDate: string | null;
}

type Ids = { one: number } | { many: readonly number[] };
/** The balance rows of `ids` with the last closed month beside them (one statement), locked on PostgreSQL. */
function balancesQuery(db: Kysely<Database>, ids: Ids, forUpdate: boolean) {
  const query = db
    .selectFrom('stock_balances')
    .select(['product_id', 'quantity', 'total_value', 'last_occurred_on'])
    .select((eb) =>
      eb
        .selectFrom('stock_closings')
        .select('closed_through')
        .orderBy('id', 'desc')
        .limit(1)
        .as('closed_through'),
    )
    .where('product_id', 'one' in ids ? '=' : 'in', 'one' in ids ? ids.one : ids.many)
    .orderBy('product_id');
  return forUpdate ? query.forUpdate() : query;
}
/** One product (every manual movement): compiled once. */
const readOneQuery = prepared((db, productId: number) => balancesQuery(db, { one: productId }, false));
const lockOneQuery = prepared((db, productId: number) => balancesQuery(db, { one: productId }, true));

/**
 * Takes the period lock (shared) and locks every product's balance row in product-id order (one fixed order: no
 * deadlocks), creating the missing ones; the last closed month is read in the same statement as the balances.
 * SQLite runs one write transaction at a time, so there the read is the lock.
 */
export async function lockBalances(
  tx: Tx,
  dialect: Dialect,
  accounts: readonly Account[],
  now: string,
): Promise<{ tails: Map<Account, LockedBalance>; closedThrough: string | null }> {
  const held = heldLocks(tx);
  if (held && accounts.every((id) => held.tails.has(id))) {
    // An earlier write of this group took these locks; what it wrote is what the rows hold.
    const tails = new Map(accounts.map((id) => [id, held.tails.get(id) as LockedBalance]));
    return { tails, closedThrough: held.closedThrough };
  }
  await periodLock(tx, dialect, 'shared');
  const { products, positions, branches } = splitAccounts(new Set(accounts));
  // one fixed lock order: other establishments' stock by id, positions by id, then products by id
  const tails = new Map<Account, LockedBalance>();
  for (const [id, tail] of await lockRunning(tx, dialect, 'establishment_stock', branches))
    tails.set(accountOf({ productId: 0, establishmentStockId: id }), tail);
  for (const [id, tail] of await lockRunning(tx, dialect, 'stock_positions', positions)) tails.set(-id, tail);
  const sorted = products.sort((a, b) => a - b);
  let closedThrough: string | null | undefined;
  const read = async (ids: number[]) => {
    const [one] = ids;
    const rows = await (ids.length === 1 && one
      ? (dialect === 'postgres' ? lockOneQuery : readOneQuery)(tx, one)
      : balancesQuery(tx, { many: ids }, dialect === 'postgres').execute());
    for (const row of rows) {
      closedThrough = row.closed_through;
      tails.set(row.product_id, {
        balance: { quantity: toBigInt(row.quantity), totalValue: toBigInt(row.total_value) },
        lastDate: row.last_occurred_on,
      });
    }
  };
  for (const ids of chunks(sorted, CHUNK)) {
    await read(ids);
    const missing = ids.filter((id) => !tails.has(id));
    if (missing.length === 0) continue;
    await createZeroBalances(tx, missing, now);
    await read(missing);
  }
  if (closedThrough === undefined)
    closedThrough = (await lastClosing(tx).executeTakeFirst())?.closed_through ?? null;
  const memo = groupMemo(tx);
  if (memo) {
    const known = held?.tails ?? new Map<number, LockedBalance>();
    for (const [id, tail] of tails) known.set(id, tail);
    memo.set(HELD, { closedThrough, tails: known });
  }
  return { tails, closedThrough };
}

/** In a group's transaction (`groupMemo`): the period lock and the balance rows its writes already hold. */
interface HeldLocks {
  closedThrough: string | null;
  tails: Map<number, LockedBalance>;
}
const HELD = Symbol('held balance locks');
const heldLocks = (tx: Tx) => (groupMemo(tx)?.get(HELD) as HeldLocks | undefined) ?? null;

/** After a write in a group's transaction: the locked balance rows now hold these figures. */
export function rememberBalances(tx: Tx, balances: readonly SavedBalance[]): void {
  const held = heldLocks(tx);
  if (!held) return;
  for (const saved of balances)
    held.tails.set(saved.productId, { balance: saved.balance, lastDate: saved.lastDate });
}

export interface SavedBalance {
  productId: number;
  balance: Balance;
  lastDate: string | null;
  movedAt: string | null;
}

export function balanceSet(only: SavedBalance, now: string) {
  return {
    quantity: only.balance.quantity.toString(),
    total_value: only.balance.totalValue.toString(),
    average_cost: averageCost(only.balance).toString(),
    last_occurred_on: only.lastDate,
    ...(only.movedAt ? { last_movement_at: only.movedAt } : {}),
    updated_at: now,
  };
}

/** The balance row is the tail of the running figures: one product's (the usual movement). */
export async function saveBalance(tx: Tx, only: SavedBalance, now: string): Promise<void> {
  const { quantity, total_value, average_cost } = balanceSet(only, now);
  const { productId, lastDate, movedAt } = only;
  await updateBalance(tx, productId, quantity, total_value, average_cost, lastDate, movedAt, now);
}

const updateBalance = prepared(
  (
    db,
    productId: number,
    quantity: string,
    totalValue: string,
    averageCost: string,
    lastDate: string | null,
    movedAt: string | null,
    now: string,
  ) =>
    db
      .updateTable('stock_balances')
      .set((eb) => ({
        quantity,
        total_value: totalValue,
        average_cost: averageCost,
        last_occurred_on: lastDate,
        last_movement_at: eb.fn.coalesce(eb.val(movedAt), eb.ref('last_movement_at')),
        updated_at: now,
      }))
      .where('product_id', '=', productId),
);

/** Zero balance rows for products that have none yet (their first movement). */
export async function createZeroBalances(tx: Tx, productIds: readonly number[], now: string): Promise<void> {
  await tx
    .insertInto('stock_balances')
    .values(
      productIds.map((id) => ({
        product_id: id,
        quantity: '0',
        total_value: '0',
        average_cost: '0',
        last_movement_at: null,
        last_occurred_on: null,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('product_id').doNothing())
    .execute();
}
