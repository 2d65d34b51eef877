import { sql, type Insertable, type Kysely } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { prepared } from '../../db/prepared.ts';
import { productUnityLabel } from '../products/products-rules.ts';
import type { Database, Dialect, StockLedgerTable } from '../../db/types.ts';
import { averageCost, type Balance, type DerivedFigures, type NewLedgerRow } from './stock-rules.ts';
import { auditRow, type AuditEntry } from '../../lib/audit.ts';
import { createZeroBalances } from './history-repository.ts';
import { groupMemo } from '../../db/group-commit.ts';

/** SQL of the posting pipeline and of what a movement reads before it is posted; no rule is decided here. */

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
  productIds: readonly number[],
  now: string,
): Promise<{ tails: Map<number, LockedBalance>; closedThrough: string | null }> {
  const held = heldLocks(tx);
  if (held && productIds.every((id) => held.tails.has(id))) {
    // An earlier write of this group took these locks; what it wrote is what the rows hold.
    const tails = new Map(productIds.map((id) => [id, held.tails.get(id) as LockedBalance]));
    return { tails, closedThrough: held.closedThrough };
  }
  await periodLock(tx, dialect, 'shared');
  const sorted = [...new Set(productIds)].sort((a, b) => a - b);
  const tails = new Map<number, LockedBalance>();
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

type NewRow = { row: NewLedgerRow; derived: DerivedFigures };
/** Columns of a new row, their PostgreSQL types and values, in the order the set-based insert sends them. */
const NEW_ROW = {
  product_id: ['int', ({ row }: NewRow) => row.productId],
  product_unity_id: ['int', ({ row }: NewRow) => row.productUnityId],
  direction: ['text', ({ row }: NewRow) => row.direction],
  quantity: ['bigint', ({ row }: NewRow) => row.quantity.toString()],
  base_quantity: ['bigint', ({ row }: NewRow) => row.baseQuantity.toString()],
  unit_cost: ['bigint', ({ derived }: NewRow) => derived.unitCost.toString()],
  total_cost: ['bigint', ({ derived }: NewRow) => derived.totalCost.toString()],
  balance_quantity: ['bigint', ({ derived }: NewRow) => derived.balanceQuantity.toString()],
  balance_value: ['bigint', ({ derived }: NewRow) => derived.balanceValue.toString()],
  occurred_on: ['date', ({ row }: NewRow) => row.occurredOn],
  supplier_id: ['int', ({ row }: NewRow) => row.supplierId],
  reason: ['text', ({ row }: NewRow) => row.reason],
  document: ['text', ({ row }: NewRow) => row.document],
  notes: ['text', ({ row }: NewRow) => row.notes],
  source: ['text', ({ row }: NewRow) => row.source],
  stock_movement_id: ['int', ({ row }: NewRow) => row.stockMovementId],
  nfe_id: ['int', ({ row }: NewRow) => row.nfeId ?? null],
  count_id: ['int', ({ row }: NewRow) => row.countId ?? null],
} as const;
const NEW_ROW_COLUMNS = Object.keys(NEW_ROW) as Array<keyof typeof NEW_ROW>;
const NEW_ROW_TYPES = NEW_ROW_COLUMNS.map((column) => NEW_ROW[column][0]);
/** Rows per insert statement: one statement per batch, whatever its size up to this. */
const INSERT_ROWS = 25_000;

const newRowValues = (item: NewRow) => NEW_ROW_COLUMNS.map((column) => NEW_ROW[column][1](item));

/**
 * Inserts new rows set-based: PostgreSQL reads them from one array per column (unnest), SQLite from one JSON
 * text (json_each), so a batch is one statement and one query plan, not one bound parameter per cell.
 * Returns the new ids in the order given.
 */
export async function insertRows(
  tx: Tx,
  dialect: Dialect,
  rows: readonly NewRow[],
  userId: number,
  now: string,
): Promise<number[]> {
  const [only] = rows;
  if (dialect === 'sqlite' && only && rows.length === 1) {
    // One row (a manual movement): a statement compiled once, values bound as they are.
    const [row] = await insertOneQuery(tx, ...newRowValues(only), userId, now);
    return [Number(row?.id)];
  }
  const ids: number[] = [];
  for (const part of chunks(rows, INSERT_ROWS)) {
    const inserted = (await insertStatement(dialect, part, userId, now).execute(tx)).rows;
    // Ids are handed out in the select's order; sorting keeps the mapping exact whatever RETURNING does.
    ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

const insertOneQuery = prepared(
  (db, ...cells: unknown[]) =>
    db
      .insertInto('stock_ledger')
      .values(
        Object.fromEntries(
          [...NEW_ROW_COLUMNS, 'created_by', 'created_at'].map((column, i) => [column, cells[i]]),
        ) as unknown as Insertable<StockLedgerTable>,
      )
      .returning('id'),
  NEW_ROW_COLUMNS.length + 2,
);

function insertStatement(dialect: Dialect, rows: readonly NewRow[], userId: number, now: string) {
  const target = sql.join([...NEW_ROW_COLUMNS, 'created_by', 'created_at'].map((column) => sql.ref(column)));
  const values = rows.map(newRowValues);
  if (dialect === 'postgres') {
    const arrays = sql.join(
      NEW_ROW_COLUMNS.map(
        (_, c) => sql`${values.map((v) => v[c])}::${sql.raw(NEW_ROW_TYPES[c] ?? 'text')}[]`,
      ),
    );
    const names = sql.raw(NEW_ROW_COLUMNS.map((_, c) => `c${c}`).join(', '));
    return sql<{ id: string }>`insert into stock_ledger (${target})
      select ${names}, ${userId}::int, ${now}::timestamptz
      from unnest(${arrays}) with ordinality as v(${names}, ord) order by ord
      returning id`;
  }
  const picks = sql.raw(
    NEW_ROW_COLUMNS.map((column, c) =>
      ['text', 'date'].includes(NEW_ROW[column][0])
        ? `v.value ->> ${c}`
        : `cast(v.value ->> ${c} as integer)`,
    ).join(', '),
  );
  return sql<{ id: number }>`insert into stock_ledger (${target})
    select ${picks}, ${userId}, ${now} from json_each(${JSON.stringify(values)}) as v order by v.key
    returning id`;
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

/**
 * PostgreSQL, one product, nothing stored rewritten (the usual movement): the new rows, the balance and the audit
 * entry in one statement, so the balance row lock taken by `lockBalances` is held for this round trip and the
 * commit only. Returns the new ids in insertion order.
 */
export async function writeTail(
  tx: Tx,
  rows: readonly NewRow[],
  userId: number,
  balance: SavedBalance,
  entry: AuditEntry,
  now: string,
): Promise<number[]> {
  const set = balanceSet(balance, now);
  const audit = auditRow(entry);
  const { rows: inserted } = await sql<{
    id: string;
  }>`with ins as (${insertStatement('postgres', rows, userId, now)}),
    bal as (update stock_balances set quantity = ${set.quantity}, total_value = ${set.total_value},
        average_cost = ${set.average_cost}, last_occurred_on = ${set.last_occurred_on},
        last_movement_at = coalesce(${balance.movedAt}::timestamptz, last_movement_at), updated_at = ${now}
      where product_id = ${balance.productId} returning product_id),
    aud as (insert into audit_log (user_id, action, entity, entity_id, before_data, after_data, created_at)
      values (${audit.user_id}, ${audit.action}, ${audit.entity}, ${audit.entity_id}, ${audit.before_data},
        ${audit.after_data}, ${audit.created_at}) returning id)
    select id from ins`.execute(tx);
  return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
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
