import { sql, type RawBuilder } from 'kysely';
import type { TLedgerEntry, ZLedgerQuery } from '@armazem/contracts/stock';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/database.ts';
import { emptiesSmallest, onePage } from '../../lib/paging.ts';
import { toNumber } from '../../db/database.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { matchesAllWords } from '../../lib/text-search.ts';
import { productUnityLabel } from '../shared/catalog-rules.ts';
import { LEDGER_ORDER } from '../shared/stock-rules.ts';

type LedgerQuery = z.output<typeof ZLedgerQuery>;

/** The ledger order (`compareLedgerOrder`) in SQL on the table named `alias`, forwards or backwards. */
export const ledgerOrderSql = (alias: string | null, order: 'asc' | 'desc' = 'asc') =>
  sql.raw(
    LEDGER_ORDER.map(
      (column) => `${alias ? `${alias}.` : ''}${column}${order === 'desc' ? ' desc' : ''}`,
    ).join(', '),
  );

/**
 * A column of a product's last live ledger row dated on or before `date` (strictly before it with `before`; entries
 * only with `direction: 'in'`), as a subquery on `productRef` (e.g. 'p.id'): one seek on stock_ledger_live_idx. Balances at a date, the inventory
 * book, a count's expected figures and the cost of the last entry all read "the row that stood at the end of that
 * date" through it.
 */
export function lastLiveRow<C extends 'id' | 'balance_quantity' | 'balance_value'>(
  productRef: string,
  date: string,
  column: C,
  { direction, before = false }: { direction?: 'in'; before?: boolean } = {},
) {
  const entriesOnly = direction ? sql`and y.direction = ${direction}` : sql``;
  return sql<C extends 'id' ? number | null : string | number | bigint | null>`(select y.${sql.raw(column)}
    ${lastLiveRowFrom(productRef, date, sql`${entriesOnly}`, before)})`;
}

/** The body of `lastLiveRow`'s subquery: from the product's live own rows up to `date`, the last one first. */
function lastLiveRowFrom(productRef: string, date: string, also: RawBuilder<unknown>, before = false) {
  const upTo = sql.raw(before ? '<' : '<=');
  return sql`from stock_ledger as y
    where y.product_id = ${sql.ref(productRef)} and y.position_id is null and y.establishment_stock_id is null
      and y.cancelled_at is null ${also} and y.occurred_on ${upTo} ${date}
    order by ${ledgerOrderSql('y', 'desc')} limit 1`;
}

/**
 * PostgreSQL: columns of that row (see `lastLiveRow`; by default both running figures) as a LATERAL subquery to join
 * once — one seek for all of them, where a scalar subquery per column seeks once each (decision 0096) — read only
 * for the rows where `when` holds.
 */
export const lastLiveFiguresLateral = (
  productRef: string,
  date: string,
  when: RawBuilder<boolean> = sql<boolean>`true`,
  columns: readonly LedgerColumn[] = ['balance_quantity', 'balance_value'],
) =>
  sql`lateral (select ${sql.raw(columns.map((column) => `y.${column}`).join(', '))}
    ${lastLiveRowFrom(productRef, date, sql`and ${when}`)})`;

type LedgerColumn = 'balance_quantity' | 'balance_value' | 'created_at' | 'occurred_on';

/** The id of that row (see `lastLiveRow`). */
export const lastLiveRowId = (productRef: string, date: string, direction?: 'in') =>
  lastLiveRow(productRef, date, 'id', { direction });

function ledgerBase(db: Db) {
  return db
    .selectFrom('stock_ledger as l')
    .leftJoin('users as cu', 'cu.id', 'l.cancelled_by')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('unities as base', 'base.id', 'p.base_unity_id')
    .innerJoin('product_unities as pu', 'pu.id', 'l.product_unity_id')
    .innerJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id')
    .innerJoin('users as us', 'us.id', 'l.created_by')
    .leftJoin('suppliers as s', 's.id', 'l.supplier_id')
    .innerJoin('locations as loc', 'loc.id', 'l.location_id')
    .select([
      'l.id',
      'loc.id as location_id',
      'loc.name as location_name',
      'l.transfer_id',
      'l.direction',
      'l.occurred_on',
      'l.quantity',
      'l.base_quantity',
      'l.unit_cost',
      'l.total_cost',
      'l.reason',
      'l.document',
      'l.notes',
      'l.stock_movement_id',
      'l.created_at',
      'p.id as product_id',
      'p.sku',
      'p.name as product_name',
      'pu.id as unity_id',
      'pu.quantity as unity_quantity',
      'pu.is_default',
      'ub.name as batch_name',
      'base.code as base_code',
      'base.name as base_name',
      's.id as supplier_id',
      's.name as supplier_name',
      'us.id as user_id',
      'us.name as user_name',
      'l.source',
      'l.cancelled_at',
      'l.cancel_reason',
      'cu.id as cancelled_by_id',
      'cu.name as cancelled_by_name',
    ]);
}

type LedgerRow = Awaited<ReturnType<ReturnType<typeof ledgerBase>['executeTakeFirstOrThrow']>>;

export function toLedgerEntry(row: LedgerRow): TLedgerEntry {
  return {
    id: Number(row.id),
    direction: row.direction,
    occurredOn: row.occurred_on,
    product: { id: row.product_id, sku: row.sku, name: row.product_name },
    productUnity: {
      id: row.unity_id,
      label: productUnityLabel({
        isDefault: row.is_default === 1,
        batchName: row.batch_name,
        quantity: row.unity_quantity,
        baseCode: row.base_code,
        baseName: row.base_name,
      }),
    },
    quantity: quantityOut(row.quantity),
    baseQuantity: quantityOut(row.base_quantity),
    baseUnity: row.base_code,
    unitCost: moneyOut(row.unit_cost),
    totalCost: moneyOut(row.total_cost),
    supplier:
      row.supplier_id !== null && row.supplier_name !== null
        ? { id: row.supplier_id, name: row.supplier_name }
        : null,
    reason: row.reason,
    document: row.document,
    notes: row.notes,
    stockMovementId: row.stock_movement_id,
    source: row.source,
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
    cancelledAt: row.cancelled_at,
    cancelledBy:
      row.cancelled_by_id !== null && row.cancelled_by_name !== null
        ? { id: row.cancelled_by_id, name: row.cancelled_by_name }
        : null,
    cancelReason: row.cancel_reason,
    location: { id: row.location_id, name: row.location_name },
    transferId: row.transfer_id,
  };
}

export async function findLedgerEntry(db: Db, id: number) {
  const row = await ledgerBase(db).where('l.id', '=', id).executeTakeFirstOrThrow();
  return toLedgerEntry(row);
}

const LEDGER_SORT = {
  occurredOn: 'l.occurred_on',
  product: 'p.name_sort',
  quantity: 'l.base_quantity',
  totalCost: 'l.total_cost',
  supplier: 's.name_sort',
  createdAt: 'l.created_at',
} as const;

export async function listLedger(db: Db, direction: 'in' | 'out', query: LedgerQuery) {
  // the business's own entries and exits: held and sent goods are read in the inventory and on their note
  const filters: RawBuilder<boolean>[] = [
    sql<boolean>`${sql.ref('l.direction')} = ${direction}`,
    sql<boolean>`${sql.ref('l.position_id')} is null`,
  ];
  if (query.status === 'active') filters.push(sql<boolean>`${sql.ref('l.cancelled_at')} is null`);
  if (query.status === 'cancelled') filters.push(sql<boolean>`${sql.ref('l.cancelled_at')} is not null`);
  if (query.from) filters.push(sql<boolean>`${sql.ref('l.occurred_on')} >= ${query.from}`);
  if (query.to) filters.push(sql<boolean>`${sql.ref('l.occurred_on')} <= ${query.to}`);
  if (query.productId) filters.push(sql<boolean>`${sql.ref('l.product_id')} = ${query.productId}`);
  if (query.supplierId) filters.push(sql<boolean>`${sql.ref('l.supplier_id')} = ${query.supplierId}`);
  if (query.locationId) filters.push(sql<boolean>`${sql.ref('l.location_id')} = ${query.locationId}`);
  if (query.establishmentId) {
    filters.push(
      sql<boolean>`${sql.ref('l.location_id')} in (select e.id from locations as e where e.establishment_id = ${query.establishmentId})`,
    );
  }
  // q, as in every paged list: each word in the product's name, code or barcode (without regard to case or accents)
  const words = matchesAllWords('q.search_text', query.q);
  if (words.length > 0) {
    filters.push(
      sql<boolean>`${sql.ref('l.product_id')} in (select q.id from products as q where ${sql.join(words, sql` and `)})`,
    );
  }
  const [rows, count] = await Promise.all([
    ledgerBase(db)
      .where(({ and }) => and(filters))
      .orderBy(
        sql.ref(LEDGER_SORT[query.sort]),
        query.sort === 'supplier' ? emptiesSmallest(query.order) : query.order,
      )
      .orderBy('l.id', query.order)
      .$call(onePage(query.page, query.pageSize))
      .execute(),
    db
      .selectFrom('stock_ledger as l')
      .where(({ and }) => and(filters))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows.map(toLedgerEntry), total: toNumber(count.total as string | number) };
}

export async function latestMovements(db: Db, limit: number) {
  // newest first by the date people see (occurred_on); same day: the last recorded first
  const rows = await ledgerBase(db)
    .where('l.cancelled_at', 'is', null)
    .where('l.position_id', 'is', null)
    .orderBy('l.occurred_on', 'desc')
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toLedgerEntry);
}

/** The rows an NF-e receipt posted, cancelled ones included (an undone receipt shows what it had). */
export async function listLedgerOfNfe(db: Db, nfeId: number) {
  const rows = await ledgerBase(db).where('l.nfe_id', '=', nfeId).orderBy('l.id').execute();
  return rows.map(toLedgerEntry);
}

/** Both rows of a transfer, the exit first. */
export async function transferRows(db: Db, transferId: number) {
  const rows = await ledgerBase(db).where('l.transfer_id', '=', transferId).orderBy('l.id').execute();
  return rows.map(toLedgerEntry);
}

/** The column of stock_ledger naming what posted a row: an NF-e, a count, a movement sheet. */
export type LedgerSource = 'nfe_id' | 'count_id' | 'stock_movement_id';

/**
 * The live (not cancelled) ledger rows the given sources posted, with their direction and date: what undoing an
 * NF-e, a count or a sheet hands to the posting pipeline to cancel (`ids` at most a chunk's worth, never empty).
 */
export async function liveRowsOfSources(tx: Tx, source: LedgerSource, ids: readonly number[]) {
  const rows = await tx
    .selectFrom('stock_ledger')
    .select(['id', 'direction', 'occurred_on'])
    .where(source, 'in', ids)
    .where('cancelled_at', 'is', null)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), direction: row.direction, on: row.occurred_on }));
}

/** The ids of the live ledger rows one source posted (see `liveRowsOfSources`). */
export async function liveLedgerIds(tx: Tx, source: LedgerSource, id: number): Promise<number[]> {
  return (await liveRowsOfSources(tx, source, [id])).map((row) => row.id);
}
