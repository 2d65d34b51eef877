import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import type { Dialect, StockReason } from '../../db/types.ts';
import type { TLedgerSource } from '@armazem/contracts/stock';
import type { DerivedFigures, LedgerFact } from './stock-rules.ts';
import { averageCost, type Balance } from './valuation.ts';
import { auditRow, type AuditEntry } from '../../lib/audit.ts';

/** SQL of the posting pipeline, and nothing else: no rule is decided here. */

const CHUNK = 500;
/** Writers take it shared, closing and reopening a month take it exclusively (PostgreSQL). */
const PERIOD_LOCK_KEY = 86_400_107;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The last closed month ("YYYY-MM") or null; writers hold the period lock shared until they commit. */
export async function readClosedThrough(
  tx: Tx,
  dialect: Dialect,
  lock: 'shared' | 'exclusive',
): Promise<string | null> {
  if (dialect === 'postgres') {
    await (
      lock === 'shared'
        ? sql`select pg_advisory_xact_lock_shared(${PERIOD_LOCK_KEY})`
        : sql`select pg_advisory_xact_lock(${PERIOD_LOCK_KEY})`
    ).execute(tx);
  }
  const row = await tx
    .selectFrom('stock_closings')
    .select('closed_through')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.closed_through ?? null;
}

export interface LockedBalance {
  balance: Balance;
  /** date of the latest live row, or null */
  lastDate: string | null;
}

/**
 * Locks every product's balance row in product-id order (one fixed order: no deadlocks), creating the missing
 * ones. SQLite runs one write transaction at a time, so there the read is the lock.
 */
export async function lockBalances(
  tx: Tx,
  dialect: Dialect,
  productIds: readonly number[],
  now: string,
): Promise<Map<number, LockedBalance>> {
  const sorted = [...new Set(productIds)].sort((a, b) => a - b);
  const locked = new Map<number, LockedBalance>();
  const read = async (ids: number[]) => {
    let query = tx
      .selectFrom('stock_balances')
      .select(['product_id', 'quantity', 'total_value', 'last_occurred_on'])
      .where('product_id', 'in', ids)
      .orderBy('product_id');
    if (dialect === 'postgres') query = query.forUpdate();
    for (const row of await query.execute()) {
      locked.set(row.product_id, {
        balance: { quantity: toBigInt(row.quantity), totalValue: toBigInt(row.total_value) },
        lastDate: row.last_occurred_on,
      });
    }
  };
  for (const ids of chunks(sorted, CHUNK)) {
    await read(ids);
    const missing = ids.filter((id) => !locked.has(id));
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
  return locked;
}

/** Running figures after the last live row dated before `date` (zero when there is none). */
export async function runningBefore(tx: Tx | Db, productId: number, date: string): Promise<LockedBalance> {
  const row = await tx
    .selectFrom('stock_ledger')
    .select(['balance_quantity', 'balance_value', 'occurred_on'])
    .where('product_id', '=', productId)
    .where('cancelled_at', 'is', null)
    .where('occurred_on', '<', date)
    .orderBy('occurred_on', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        balance: { quantity: toBigInt(row.balance_quantity), totalValue: toBigInt(row.balance_value) },
        lastDate: row.occurred_on,
      }
    : { balance: { quantity: 0n, totalValue: 0n }, lastDate: null };
}

export interface StoredRow extends LedgerFact {
  id: number;
  derived: DerivedFigures;
}

/** The columns a stored row is read with, for the pipeline and the integrity replay alike. */
export const STORED_ROW_COLUMNS = [
  'id',
  'direction',
  'occurred_on',
  'quantity',
  'base_quantity',
  'unit_cost',
  'total_cost',
  'balance_quantity',
  'balance_value',
] as const;

type Stored = string | number | bigint;

/** A stored ledger row as facts (what valuation reads) and the derived figures stored with it. */
export function toStoredRow(row: {
  id: Stored;
  direction: 'in' | 'out';
  occurred_on: string;
  quantity: Stored;
  base_quantity: Stored;
  unit_cost: Stored;
  total_cost: Stored;
  balance_quantity: Stored;
  balance_value: Stored;
}): StoredRow {
  const totalCost = toBigInt(row.total_cost);
  const unitCost = toBigInt(row.unit_cost);
  const entry = row.direction === 'in';
  return {
    id: Number(row.id),
    direction: row.direction,
    occurredOn: row.occurred_on,
    quantity: toBigInt(row.quantity),
    baseQuantity: toBigInt(row.base_quantity),
    entryCost: entry ? totalCost : null,
    entryUnitCost: entry ? unitCost : null,
    derived: {
      totalCost,
      unitCost,
      balanceQuantity: toBigInt(row.balance_quantity),
      balanceValue: toBigInt(row.balance_value),
    },
  };
}

/** Live rows of a product from `date` on, in ledger order, with their stored derived figures. */
export async function liveRowsFrom(tx: Tx, productId: number, date: string): Promise<StoredRow[]> {
  const rows = await tx
    .selectFrom('stock_ledger')
    .select(STORED_ROW_COLUMNS)
    .where('product_id', '=', productId)
    .where('cancelled_at', 'is', null)
    .where('occurred_on', '>=', date)
    .orderBy('occurred_on')
    .orderBy('id')
    .execute();
  return rows.map(toStoredRow);
}

export interface RowToCancel {
  id: number;
  productId: number;
  direction: 'in' | 'out';
  occurredOn: string;
  source: TLedgerSource;
  stockMovementId: number | null;
  cancelledAt: string | null;
}

export async function rowsToCancel(tx: Tx, ids: readonly number[]): Promise<RowToCancel[]> {
  const found: RowToCancel[] = [];
  for (const part of chunks(ids, CHUNK)) {
    const rows = await tx
      .selectFrom('stock_ledger')
      .select(['id', 'product_id', 'direction', 'occurred_on', 'source', 'stock_movement_id', 'cancelled_at'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) {
      found.push({
        id: Number(row.id),
        productId: row.product_id,
        direction: row.direction,
        occurredOn: row.occurred_on,
        source: row.source,
        stockMovementId: row.stock_movement_id,
        cancelledAt: row.cancelled_at,
      });
    }
  }
  return found;
}

/** A new ledger row: its facts and the figures valuation derived for it. */
export interface NewLedgerRow {
  productId: number;
  /** an entry's cost per product unity (a fact); null for an exit, whose cost the pipeline derives */
  unitCost: bigint | null;
  productUnityId: number;
  direction: 'in' | 'out';
  quantity: bigint;
  baseQuantity: bigint;
  occurredOn: string;
  supplierId: number | null;
  reason: StockReason | null;
  document: string | null;
  notes: string | null;
  source: TLedgerSource;
  stockMovementId: number | null;
  /** the inventory count being posted (source `count`) */
  countId?: number | null;
}

function ledgerValues(
  rows: ReadonlyArray<{ row: NewLedgerRow; derived: DerivedFigures }>,
  userId: number,
  now: string,
) {
  return rows.map(({ row, derived }) => ({
    product_id: row.productId,
    product_unity_id: row.productUnityId,
    direction: row.direction,
    quantity: row.quantity.toString(),
    base_quantity: row.baseQuantity.toString(),
    unit_cost: derived.unitCost.toString(),
    total_cost: derived.totalCost.toString(),
    balance_quantity: derived.balanceQuantity.toString(),
    balance_value: derived.balanceValue.toString(),
    occurred_on: row.occurredOn,
    supplier_id: row.supplierId,
    reason: row.reason,
    document: row.document,
    notes: row.notes,
    source: row.source,
    stock_movement_id: row.stockMovementId,
    count_id: row.countId ?? null,
    created_by: userId,
    created_at: now,
    cancelled_at: null,
    cancelled_by: null,
    cancel_reason: null,
  }));
}

export async function insertRows(
  tx: Tx,
  rows: ReadonlyArray<{ row: NewLedgerRow; derived: DerivedFigures }>,
  userId: number,
  now: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const part of chunks(rows, CHUNK)) {
    const inserted = await tx
      .insertInto('stock_ledger')
      .values(ledgerValues(part, userId, now))
      .returning('id')
      .execute();
    // Identity values are handed out in VALUES order; sorting keeps the mapping exact whatever RETURNING does.
    ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

/**
 * Rewrites derived figures of stored rows, set-based (one statement per few thousand rows). Entries get their
 * running figures only: their cost is a fact, and leaving it out of the statement skips the cost guard.
 */
export async function updateDerived(
  tx: Tx,
  dialect: Dialect,
  updates: ReadonlyArray<{ id: number; direction: 'in' | 'out'; derived: DerivedFigures }>,
): Promise<void> {
  const entries = updates.filter((u) => u.direction === 'in');
  const exits = updates.filter((u) => u.direction === 'out');
  const text = (part: typeof updates, pick: (d: DerivedFigures) => bigint) =>
    part.map((u) => pick(u.derived).toString());
  const ids = (part: typeof updates) => part.map((u) => String(u.id));
  if (dialect === 'postgres') {
    for (const part of chunks(entries, 50_000)) {
      await sql`update stock_ledger as l set balance_quantity = v.bq, balance_value = v.bv
        from unnest(${ids(part)}::bigint[], ${text(part, (d) => d.balanceQuantity)}::bigint[],
          ${text(part, (d) => d.balanceValue)}::bigint[]) as v(id, bq, bv)
        where l.id = v.id`.execute(tx);
    }
    for (const part of chunks(exits, 50_000)) {
      await sql`update stock_ledger as l set
          balance_quantity = v.bq, balance_value = v.bv, unit_cost = v.uc, total_cost = v.tc
        from unnest(${ids(part)}::bigint[], ${text(part, (d) => d.balanceQuantity)}::bigint[],
          ${text(part, (d) => d.balanceValue)}::bigint[], ${text(part, (d) => d.unitCost)}::bigint[],
          ${text(part, (d) => d.totalCost)}::bigint[]) as v(id, bq, bv, uc, tc)
        where l.id = v.id`.execute(tx);
    }
    return;
  }
  // SQLite: the figures travel as one JSON text (as strings: exact beyond 2^53) instead of ~5 bound
  // parameters per row; json_each feeds a rowid lookup per row.
  for (const part of chunks(entries, 50_000)) {
    const json = JSON.stringify(
      part.map((u) => [u.id, u.derived.balanceQuantity.toString(), u.derived.balanceValue.toString()]),
    );
    await sql`update stock_ledger set balance_quantity = cast(v.value ->> 1 as integer),
        balance_value = cast(v.value ->> 2 as integer)
      from json_each(${json}) as v where stock_ledger.id = v.value ->> 0`.execute(tx);
  }
  for (const part of chunks(exits, 50_000)) {
    const json = JSON.stringify(
      part.map((u) => [
        u.id,
        u.derived.balanceQuantity.toString(),
        u.derived.balanceValue.toString(),
        u.derived.unitCost.toString(),
        u.derived.totalCost.toString(),
      ]),
    );
    await sql`update stock_ledger set balance_quantity = cast(v.value ->> 1 as integer),
        balance_value = cast(v.value ->> 2 as integer), unit_cost = cast(v.value ->> 3 as integer),
        total_cost = cast(v.value ->> 4 as integer)
      from json_each(${json}) as v where stock_ledger.id = v.value ->> 0`.execute(tx);
  }
}

export async function markCancelled(
  tx: Tx,
  ids: readonly number[],
  cancel: { userId: number; reason: string | null; now: string },
): Promise<void> {
  for (const part of chunks(ids, CHUNK)) {
    await tx
      .updateTable('stock_ledger')
      .set({ cancelled_at: cancel.now, cancelled_by: cancel.userId, cancel_reason: cancel.reason })
      .where('id', 'in', part)
      .where('cancelled_at', 'is', null)
      .execute();
  }
}

export interface SavedBalance {
  productId: number;
  balance: Balance;
  lastDate: string | null;
  movedAt: string | null;
}

function balanceSet(only: SavedBalance, now: string) {
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
  const inserted = await tx
    .with('ins', (db) =>
      db
        .insertInto('stock_ledger')
        .values(ledgerValues(rows, userId, now))
        .returning('id'),
    )
    .with('bal', (db) =>
      db
        .updateTable('stock_balances')
        .set(balanceSet(balance, now))
        .where('product_id', '=', balance.productId)
        .returning('product_id'),
    )
    .with('aud', (db) => db.insertInto('audit_log').values(auditRow(entry)).returning('id'))
    .selectFrom('ins')
    .select('id')
    .execute();
  return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** The balance row is the tail of the running figures. */
export async function saveBalances(
  tx: Tx,
  dialect: Dialect,
  balances: readonly SavedBalance[],
  now: string,
): Promise<void> {
  if (balances.length === 1) {
    const [only] = balances;
    if (!only) return;
    await tx
      .updateTable('stock_balances')
      .set(balanceSet(only, now))
      .where('product_id', '=', only.productId)
      .execute();
    return;
  }
  const size = dialect === 'postgres' ? 10_000 : 5_000;
  for (const part of chunks(balances, size)) {
    const ids = part.map((b) => b.productId);
    const q = part.map((b) => b.balance.quantity.toString());
    const v = part.map((b) => b.balance.totalValue.toString());
    const a = part.map((b) => averageCost(b.balance).toString());
    const m = part.map((b) => b.movedAt);
    const d = part.map((b) => b.lastDate);
    if (dialect === 'postgres') {
      await sql`update stock_balances as b set quantity = v.q, total_value = v.v, average_cost = v.a,
          last_movement_at = coalesce(v.m, b.last_movement_at), last_occurred_on = v.d, updated_at = ${now}
        from unnest(${ids}::int[], ${q}::bigint[], ${v}::bigint[], ${a}::bigint[], ${m}::timestamptz[], ${d}::date[])
          as v(id, q, v, a, m, d)
        where b.product_id = v.id`.execute(tx);
    } else {
      const values = sql.join(
        part.map((b, i) => sql`(${ids[i]}, ${q[i]}, ${v[i]}, ${a[i]}, ${b.movedAt}, ${b.lastDate})`),
      );
      await sql`with v(id, q, v, a, m, d) as (values ${values})
        update stock_balances set quantity = v.q, total_value = v.v, average_cost = v.a,
          last_movement_at = coalesce(v.m, stock_balances.last_movement_at), last_occurred_on = v.d,
          updated_at = ${now}
        from v where stock_balances.product_id = v.id`.execute(tx);
    }
  }
}
