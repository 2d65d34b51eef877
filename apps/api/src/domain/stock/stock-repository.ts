import { sql, type RawBuilder } from 'kysely';
import type { TLedgerEntry, TStockRow, ZLedgerQuery, ZStockQuery } from '@armazem/contracts/stock';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/database.ts';
import { averageCost } from './valuation.ts';
import { toBigInt, toNumber } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { productMatchesAllWords } from '../../lib/text.ts';
import { productUnityLabel } from '../products/products-rules.ts';
import { isBelowMinimum } from './below-minimum.ts';

type LedgerQuery = z.output<typeof ZLedgerQuery>;
type StockQuery = z.output<typeof ZStockQuery>;

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
    .select([
      'l.id',
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
  const filters: RawBuilder<boolean>[] = [sql<boolean>`${sql.ref('l.direction')} = ${direction}`];
  if (query.status === 'active') filters.push(sql<boolean>`${sql.ref('l.cancelled_at')} is null`);
  if (query.status === 'cancelled') filters.push(sql<boolean>`${sql.ref('l.cancelled_at')} is not null`);
  if (query.from) filters.push(sql<boolean>`${sql.ref('l.occurred_on')} >= ${query.from}`);
  if (query.to) filters.push(sql<boolean>`${sql.ref('l.occurred_on')} <= ${query.to}`);
  if (query.productId) filters.push(sql<boolean>`${sql.ref('l.product_id')} = ${query.productId}`);
  if (query.supplierId) filters.push(sql<boolean>`${sql.ref('l.supplier_id')} = ${query.supplierId}`);
  const [rows, count] = await Promise.all([
    ledgerBase(db)
      .where(({ and }) => and(filters))
      .orderBy(sql.ref(LEDGER_SORT[query.sort]), query.order)
      .orderBy('l.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
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
    .orderBy('l.occurred_on', 'desc')
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toLedgerEntry);
}

// ---------- balances ----------

// The SQL side of isBelowMinimum (below-minimum.ts): every filter, flag and count uses this one expression.
const belowMinimum = sql<boolean>`(p.status = 'active' and b.quantity < p.min_stock)`;

function stockFilters(
  dialect: Dialect,
  query: Pick<StockQuery, 'q' | 'categoryId' | 'belowMinimum'>,
): RawBuilder<boolean>[] {
  const filters = productMatchesAllWords(dialect, query.q);
  if (query.categoryId) filters.push(sql<boolean>`${sql.ref('p.category_id')} = ${query.categoryId}`);
  if (query.belowMinimum === true) filters.push(belowMinimum);
  if (query.belowMinimum === false) filters.push(sql<boolean>`not ${belowMinimum}`);
  return filters;
}

const STOCK_SORT = {
  name: 'p.name_sort',
  sku: 'p.sku',
  category: 'c.name_sort',
  quantity: 'b.quantity',
  totalValue: 'b.total_value',
  lastMovementAt: 'b.last_movement_at',
} as const;

function stockRows(db: Db) {
  return db
    .selectFrom('stock_balances as b')
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id');
}

function toStockRow(row: {
  id: number;
  sku: string;
  name: string;
  status: 'active' | 'inactive';
  category_id: number;
  category_name: string;
  unity_id: number;
  unity_code: string;
  unity_name: string;
  quantity: string | number | bigint;
  min_stock: string | number | bigint;
  average_cost: string | number | bigint;
  total_value: string | number | bigint;
  last_movement_at: string | null;
}): TStockRow {
  return {
    product: { id: row.id, sku: row.sku, name: row.name },
    category: { id: row.category_id, name: row.category_name },
    unity: { id: row.unity_id, code: row.unity_code, name: row.unity_name },
    status: row.status,
    quantity: quantityOut(row.quantity),
    minStock: quantityOut(row.min_stock),
    averageCost: moneyOut(row.average_cost),
    totalValue: moneyOut(row.total_value),
    belowMinimum: isBelowMinimum({
      status: row.status,
      quantity: toBigInt(row.quantity),
      minStock: toBigInt(row.min_stock),
    }),
    lastMovementAt: row.last_movement_at,
  };
}

const STOCK_COLUMNS = [
  'p.id',
  'p.sku',
  'p.name',
  'p.status',
  'p.min_stock',
  'c.id as category_id',
  'c.name as category_name',
  'u.id as unity_id',
  'u.code as unity_code',
  'u.name as unity_name',
  'b.quantity',
  'b.average_cost',
  'b.total_value',
  'b.last_movement_at',
] as const;

export async function listStock(db: Db, dialect: Dialect, query: StockQuery) {
  const filters = stockFilters(dialect, query);
  const [rows, totals] = await Promise.all([
    stockRows(db)
      .select(STOCK_COLUMNS)
      .where(({ and }) => and(filters))
      .orderBy(sql.ref(STOCK_SORT[query.sort]), query.order)
      .orderBy('p.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    stockRows(db)
      .where(({ and }) => and(filters))
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum<string | number>('b.total_value').as('value'),
        eb.fn.sum<string | number>(sql`case when ${belowMinimum} then 1 else 0 end`).as('below'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map(toStockRow),
    total: toNumber(totals.total as string | number),
    totals: {
      products: toNumber(totals.total as string | number),
      totalValue: moneyOut(totals.value ?? 0),
      belowMinimum: toNumber(totals.below ?? 0),
    },
  };
}

export async function belowMinimumList(db: Db, limit: number) {
  const rows = await stockRows(db)
    .select(STOCK_COLUMNS)
    .where(belowMinimum)
    .orderBy('p.name')
    .limit(limit)
    .execute();
  return rows.map(toStockRow);
}

export async function stockSummary(db: Db) {
  const [counts, latest] = await Promise.all([
    stockRows(db)
      .select((eb) => [
        eb.fn.sum<string | number>(sql`case when p.status = 'active' then 1 else 0 end`).as('active'),
        eb.fn.sum<string | number>('b.total_value').as('value'),
        eb.fn.sum<string | number>(sql`case when ${belowMinimum} then 1 else 0 end`).as('below'),
      ])
      .executeTakeFirstOrThrow(),
    latestMovements(db, 10),
  ]);
  return {
    activeProducts: toNumber(counts.active ?? 0),
    stockValue: moneyOut(counts.value ?? 0),
    belowMinimum: toNumber(counts.below ?? 0),
    latestMovements: latest,
  };
}

// ---------- balances at a past date ----------

/** Each product's running figures after its last live row dated on or before `date`. */
function balancesAt(db: Db, date: string) {
  return db
    .selectFrom('stock_balances as sb')
    .leftJoin('stock_ledger as x', (join) =>
      join.on((eb) =>
        eb(
          'x.id',
          '=',
          eb
            .selectFrom('stock_ledger as y')
            .select('y.id')
            .whereRef('y.product_id', '=', 'sb.product_id')
            .where('y.cancelled_at', 'is', null)
            .where('y.occurred_on', '<=', date)
            .orderBy('y.occurred_on', 'desc')
            .orderBy('y.id', 'desc')
            .limit(1),
        ),
      ),
    )
    .select((eb) => [
      'sb.product_id',
      eb.fn.coalesce('x.balance_quantity', sql<number>`0`).as('quantity'),
      eb.fn.coalesce('x.balance_value', sql<number>`0`).as('total_value'),
      'x.created_at as last_movement_at',
    ]);
}

function stockRowsAt(db: Db, date: string) {
  return db
    .selectFrom(balancesAt(db, date).as('b'))
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id');
}

/** The stock list as it stood at the end of `date`: same filters, sorts and totals as today's. */
export async function listStockAt(db: Db, dialect: Dialect, query: StockQuery, date: string) {
  const filters = stockFilters(dialect, query);
  const [rows, totals] = await Promise.all([
    stockRowsAt(db, date)
      .select([
        'p.id',
        'p.sku',
        'p.name',
        'p.status',
        'p.min_stock',
        'c.id as category_id',
        'c.name as category_name',
        'u.id as unity_id',
        'u.code as unity_code',
        'u.name as unity_name',
        'b.quantity',
        'b.total_value',
        'b.last_movement_at',
      ])
      .where(({ and }) => and(filters))
      .orderBy(sql.ref(STOCK_SORT[query.sort]), query.order)
      .orderBy('p.id', query.order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    stockRowsAt(db, date)
      .where(({ and }) => and(filters))
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum<string | number>('b.total_value').as('value'),
        eb.fn.sum<string | number>(sql`case when ${belowMinimum} then 1 else 0 end`).as('below'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((row) =>
      toStockRow({
        ...row,
        average_cost: averageCost({
          quantity: toBigInt(row.quantity),
          totalValue: toBigInt(row.total_value),
        }),
      }),
    ),
    total: toNumber(totals.total as string | number),
    totals: {
      products: toNumber(totals.total as string | number),
      totalValue: moneyOut(totals.value ?? 0),
      belowMinimum: toNumber(totals.below ?? 0),
    },
  };
}

// ---------- what a movement needs to know ----------

export async function findMovementContext(tx: Tx | Db, productId: number, productUnityId: number) {
  const [product, unity] = await Promise.all([
    tx
      .selectFrom('products as p')
      .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
      .select(['p.id', 'p.name', 'p.status', 'u.code as base_code', 'u.fractional as base_fractional'])
      .where('p.id', '=', productId)
      .executeTakeFirst(),
    tx
      .selectFrom('product_unities as pu')
      .innerJoin('products as p', 'p.id', 'pu.product_id')
      .innerJoin('unities as base', 'base.id', 'p.base_unity_id')
      .innerJoin('unities as u', 'u.id', 'pu.unity_id')
      .innerJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id')
      .select([
        'pu.id',
        'pu.product_id',
        'pu.status',
        'pu.quantity',
        'pu.is_default',
        'u.fractional',
        'ub.name as batch_name',
        'base.code as base_code',
        'base.name as base_name',
        'base.fractional as base_fractional',
      ])
      .where('pu.id', '=', productUnityId)
      .executeTakeFirst(),
  ]);
  return {
    product: product ?? null,
    unity: unity
      ? {
          productId: unity.product_id,
          status: unity.status,
          unitsPerPackage: toBigInt(unity.quantity),
          packageFractional: (unity.is_default === 1 ? unity.base_fractional : unity.fractional) === 1,
          baseFractional: unity.base_fractional === 1,
          baseCode: unity.base_code,
          label: productUnityLabel({
            isDefault: unity.is_default === 1,
            batchName: unity.batch_name,
            quantity: unity.quantity,
            baseCode: unity.base_code,
            baseName: unity.base_name,
          }),
        }
      : null,
  };
}

export async function findSupplierStatus(tx: Tx | Db, supplierId: number) {
  return tx
    .selectFrom('suppliers')
    .select(['name', 'status'])
    .where('id', '=', supplierId)
    .executeTakeFirst();
}
