import { sql, type Insertable } from 'kysely';
import type { Tx } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { betweenChunks } from '../../lib/memory-release.ts';
import { prepared } from '../../db/prepared.ts';
import type { Dialect, StockLedgerTable } from '../../db/types.ts';
import { auditRow, type AuditEntry } from '../../lib/audit.ts';
import type { DerivedFigures, NewLedgerRow } from '../shared/stock-rules.ts';
import { balanceSet, type SavedBalance } from './posting-repository.ts';
import { plainArray } from '../../db/pg-arrays.ts';
import type { LocationQuantity } from './location-stock.ts';

/**
 * Every write to the stock ledger, and only the posting pipeline calls these: new rows (set-based, or the usual
 * movement's one statement with its balance and audit entry), derived figures rewritten after a row lands before
 * later ones, and rows marked cancelled. The database refuses any other change (migration 007's guards).
 */

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
  position_id: ['int', ({ row }: NewRow) => row.positionId ?? null],
  location_id: ['int', ({ row }: NewRow) => row.locationId ?? null],
  establishment_stock_id: ['int', ({ row }: NewRow) => row.establishmentStockId ?? null],
  transfer_id: ['int', ({ row }: NewRow) => row.transferId ?? null],
  location_move: ['int', ({ row }: NewRow) => (row.move ? 1 : 0)],
} as const;
const NEW_ROW_COLUMNS = Object.keys(NEW_ROW) as Array<keyof typeof NEW_ROW>;
const NEW_ROW_TYPES = NEW_ROW_COLUMNS.map((column) => NEW_ROW[column][0]);
/**
 * Rows per insert statement: one statement per batch up to this size; a larger batch (a sheet) goes in parts with a
 * collection between them, so the values of one part are not still held while the next is written (decision 0035).
 */
const INSERT_ROWS = 10_000;

const newRowValues = (item: NewRow) => NEW_ROW_COLUMNS.map((column) => NEW_ROW[column][1](item));

/**
 * Inserts new rows set-based: PostgreSQL reads them from one array per column (unnest), SQLite from one JSON text
 * (jsonb_each: each row parsed once), so a batch is one statement and one query plan, not one bound parameter per
 * cell.
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
  for (const [index, part] of chunks(rows, INSERT_ROWS).entries()) {
    if (index > 0) await betweenChunks();
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
    // Integer and date columns as one array literal each; text columns through node-postgres's escaping.
    const arrays = sql.join(
      NEW_ROW_COLUMNS.map((_, c) => {
        const type = NEW_ROW_TYPES[c] ?? 'text';
        const column = values.map((v) => v[c] as string | number | null);
        return sql`${type === 'text' ? column : plainArray(column)}::${sql.raw(type)}[]`;
      }),
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
    select ${picks}, ${userId}, ${now} from jsonb_each(${JSON.stringify(values)}) as v order by v.key
    returning id`;
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
  locations: readonly LocationQuantity[],
  now: string,
): Promise<number[]> {
  const set = balanceSet(balance, now);
  const audit = auditRow(entry);
  // a single new row without an id of its own to record (a manual entry or exit) is recorded under the row's id
  const entityId =
    audit.entity_id === null && rows.length === 1 ? sql`(select id::text from ins)` : sql`${audit.entity_id}`;
  const { rows: inserted } = await sql<{
    id: string;
  }>`with ins as (${insertStatement('postgres', rows, userId, now)}),
    bal as (update stock_balances set quantity = ${set.quantity}, total_value = ${set.total_value},
        average_cost = ${set.average_cost}, last_occurred_on = ${set.last_occurred_on},
        last_movement_at = coalesce(${balance.movedAt}::timestamptz, last_movement_at), updated_at = ${now}
      where product_id = ${balance.productId} returning product_id),
    loc as (insert into location_balances (product_id, location_id, quantity, updated_at)
        select p, l, q, ${now}::timestamptz from unnest(${plainArray(locations.map((f) => f.productId))}::int[],
          ${plainArray(locations.map((f) => f.locationId))}::int[],
          ${plainArray(locations.map((f) => f.quantity.toString()))}::bigint[]) as v(p, l, q)
        on conflict (product_id, location_id) do update set quantity = excluded.quantity,
          updated_at = excluded.updated_at returning 1),
    aud as (insert into audit_log (user_id, action, entity, entity_id, before_data, after_data, created_at)
      values (${audit.user_id}, ${audit.action}, ${audit.entity}, ${entityId}, ${audit.before_data},
        ${audit.after_data}, ${audit.created_at}) returning id)
    select id from ins`.execute(tx);
  return inserted.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** The derived columns a rewrite sets: an entry's running figures; an exit's also its cost (an entry's is a fact). */
const DERIVED_COLUMNS = {
  in: [
    ['balance_quantity', (d: DerivedFigures) => d.balanceQuantity],
    ['balance_value', (d: DerivedFigures) => d.balanceValue],
  ],
  out: [
    ['balance_quantity', (d: DerivedFigures) => d.balanceQuantity],
    ['balance_value', (d: DerivedFigures) => d.balanceValue],
    ['unit_cost', (d: DerivedFigures) => d.unitCost],
    ['total_cost', (d: DerivedFigures) => d.totalCost],
  ],
} as const;

/**
 * Rewrites derived figures of stored rows, set-based (one statement per 50,000 rows and direction). Entries get their
 * running figures only: leaving their cost out of the statement skips the cost guard. PostgreSQL reads one array per
 * column (unnest); SQLite one JSON text of integers (read as exact 64-bit values, beyond 2^53 too) instead of ~5 bound
 * parameters per row.
 */
export async function updateDerived(
  tx: Tx,
  dialect: Dialect,
  updates: ReadonlyArray<{ id: number; direction: 'in' | 'out'; derived: DerivedFigures }>,
): Promise<void> {
  for (const direction of ['in', 'out'] as const) {
    const columns = DERIVED_COLUMNS[direction];
    for (const part of chunks(
      updates.filter((u) => u.direction === direction),
      50_000,
    )) {
      const ids = part.map((u) => String(u.id));
      const figures = columns.map(([, pick]) => part.map((u) => pick(u.derived).toString()));
      if (dialect === 'postgres') {
        const arrays = sql.join([ids, ...figures].map((values) => sql`${plainArray(values)}::bigint[]`));
        const names = sql.raw(['id', ...columns.map(([column]) => column)].join(', '));
        const set = sql.raw(columns.map(([column]) => `${column} = v.${column}`).join(', '));
        await sql`update stock_ledger as l set ${set} from unnest(${arrays}) as v(${names})
          where l.id = v.id`.execute(tx);
      } else {
        // JSON integers (SQLite reads them as exact 64-bit integers), read through jsonb_each: each row's
        // array is parsed once, not once per column (decision 0046).
        const json = `[${part.map((u, i) => `[${u.id},${figures.map((values) => values[i]).join(',')}]`).join(',')}]`;
        const set = sql.raw(columns.map(([column], c) => `${column} = v.value ->> ${c + 1}`).join(', '));
        await sql`update stock_ledger set ${set} from jsonb_each(${json}) as v
          where stock_ledger.id = v.value ->> 0`.execute(tx);
      }
    }
  }
}

/** Rows marked cancelled per statement (ids as bound values). */
const CANCEL_CHUNK = 500;

export async function markCancelled(
  tx: Tx,
  ids: readonly number[],
  cancel: { userId: number; reason: string | null; now: string },
): Promise<void> {
  for (const part of chunks(ids, CANCEL_CHUNK)) {
    await tx
      .updateTable('stock_ledger')
      .set({ cancelled_at: cancel.now, cancelled_by: cancel.userId, cancel_reason: cancel.reason })
      .where('id', 'in', part)
      .where('cancelled_at', 'is', null)
      .execute();
  }
}
