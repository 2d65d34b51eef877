import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { prepared } from '../../db/prepared.ts';
import { productUnityLabel } from '../products/products-rules.ts';
import type { Dialect } from '../../db/types.ts';
import { averageCost, type Balance, type DerivedFigures, type NewLedgerRow } from './stock-rules.ts';
import { auditRow, type AuditEntry } from '../../lib/audit.ts';

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
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.status',
      'base.code as base_code',
      'base.name as base_name',
      'base.fractional as base_fractional',
      'pu.id as unity_id',
      'pu.product_id as unity_product_id',
      'pu.status as unity_status',
      'pu.quantity as unity_quantity',
      'pu.is_default',
      'u.fractional',
      'ub.name as batch_name',
    ])
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
  await periodLock(tx, dialect, 'shared');
  const sorted = [...new Set(productIds)].sort((a, b) => a - b);
  const tails = new Map<number, LockedBalance>();
  let closedThrough: string | null | undefined;
  const read = async (ids: number[]) => {
    let query = tx
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
      .where('product_id', 'in', ids)
      .orderBy('product_id');
    if (dialect === 'postgres') query = query.forUpdate();
    for (const row of await query.execute()) {
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
    await tx
      .insertInto('stock_balances')
      .values(
        missing.map((id) => ({
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
    await read(missing);
  }
  if (closedThrough === undefined)
    closedThrough = (await lastClosing(tx).executeTakeFirst())?.closed_through ?? null;
  return { tails, closedThrough };
}

/** Columns of a new row and their PostgreSQL types, in the order the set-based insert sends them. */
const NEW_ROW_TYPES = {
  product_id: 'int',
  product_unity_id: 'int',
  direction: 'text',
  quantity: 'bigint',
  base_quantity: 'bigint',
  unit_cost: 'bigint',
  total_cost: 'bigint',
  balance_quantity: 'bigint',
  balance_value: 'bigint',
  occurred_on: 'date',
  supplier_id: 'int',
  reason: 'text',
  document: 'text',
  notes: 'text',
  source: 'text',
  stock_movement_id: 'int',
  nfe_id: 'int',
  count_id: 'int',
} as const;
const NEW_ROW_COLUMNS = Object.keys(NEW_ROW_TYPES) as Array<keyof typeof NEW_ROW_TYPES>;
/** Rows per insert statement: one statement per batch, whatever its size up to this. */
const INSERT_ROWS = 25_000;

function newRowValues({ row, derived }: { row: NewLedgerRow; derived: DerivedFigures }) {
  return [
    row.productId,
    row.productUnityId,
    row.direction,
    row.quantity.toString(),
    row.baseQuantity.toString(),
    derived.unitCost.toString(),
    derived.totalCost.toString(),
    derived.balanceQuantity.toString(),
    derived.balanceValue.toString(),
    row.occurredOn,
    row.supplierId,
    row.reason,
    row.document,
    row.notes,
    row.source,
    row.stockMovementId,
    row.nfeId ?? null,
    row.countId ?? null,
  ];
}

/**
 * Inserts new rows set-based: PostgreSQL reads them from one array per column (unnest), SQLite from one JSON
 * text (json_each), so a batch is one statement and one query plan, not one bound parameter per cell.
 * Returns the new ids in the order given.
 */
export async function insertRows(
  tx: Tx,
  dialect: Dialect,
  rows: ReadonlyArray<{ row: NewLedgerRow; derived: DerivedFigures }>,
  userId: number,
  now: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, INSERT_ROWS)) {
    const inserted = (await insertStatement(dialect, part, userId, now).execute(tx)).rows;
    // Ids are handed out in the select's order; sorting keeps the mapping exact whatever RETURNING does.
    ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

function insertStatement(
  dialect: Dialect,
  rows: ReadonlyArray<{ row: NewLedgerRow; derived: DerivedFigures }>,
  userId: number,
  now: string,
) {
  const target = sql.join([...NEW_ROW_COLUMNS, 'created_by', 'created_at'].map((column) => sql.ref(column)));
  const values = rows.map(newRowValues);
  if (dialect === 'postgres') {
    const arrays = sql.join(
      NEW_ROW_COLUMNS.map(
        (_, c) => sql`${values.map((v) => v[c])}::${sql.raw(NEW_ROW_TYPES[NEW_ROW_COLUMNS[c] ?? 'notes'])}[]`,
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
      ['text', 'date'].includes(NEW_ROW_TYPES[column])
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
  rows: ReadonlyArray<{ row: NewLedgerRow; derived: DerivedFigures }>,
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
