import { sql, type RawBuilder } from 'kysely';
import type { TStockRow, ZStockQuery } from '@armazem/contracts/stock';
import type { z } from 'zod/mini';
import type { Db } from '../../db/database.ts';
import { emptiesSmallest, onePage } from '../../lib/paging.ts';
import { toBigInt, toNumber } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { productMatchesAllWords } from '../../lib/text.ts';
import { isBelowMinimum } from './below-minimum.ts';
import { lastLiveRowId, latestMovements } from './ledger-repository.ts';
import { readFigures } from './stock-figures-repository.ts';
import { averageCost } from './stock-rules.ts';
import { positionQuantities } from './positions-repository.ts';

type StockQuery = z.output<typeof ZStockQuery>;

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
  lastMovementOn: 'b.last_occurred_on',
} as const;
/** Sorts on a column that may be empty (a product that never moved). */
const NULLABLE_SORTS: ReadonlySet<string> = new Set(['lastMovementAt', 'lastMovementOn']);

/** One row per product that ever had a balance: figures now, or as they stood at the end of `date`. */
interface BalanceRow {
  product_id: number;
  quantity: string | number | bigint;
  total_value: string | number | bigint;
  last_movement_at: string | null;
  last_occurred_on: string | null;
}

function balanceSource(db: Db, date: string | null) {
  if (date !== null) return balancesAt(db, date);
  return db
    .selectFrom('stock_balances as sb')
    .select(['sb.product_id', 'sb.quantity', 'sb.total_value', 'sb.last_movement_at', 'sb.last_occurred_on'])
    .$castTo<BalanceRow>();
}

function stockRows(db: Db, date: string | null = null) {
  return db
    .selectFrom(balanceSource(db, date).as('b'))
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
  total_value: string | number | bigint;
  last_movement_at: string | null;
  last_occurred_on: string | null;
}): Omit<TStockRow, 'sentQuantity' | 'heldQuantity'> {
  return {
    product: { id: row.id, sku: row.sku, name: row.name },
    category: { id: row.category_id, name: row.category_name },
    unity: { id: row.unity_id, code: row.unity_code, name: row.unity_name },
    status: row.status,
    quantity: quantityOut(row.quantity),
    minStock: quantityOut(row.min_stock),
    // the balance's average, derived from its quantity and value (the same figure the balance row stores)
    averageCost: moneyOut(
      averageCost({ quantity: toBigInt(row.quantity), totalValue: toBigInt(row.total_value) }),
    ),
    totalValue: moneyOut(row.total_value),
    belowMinimum: isBelowMinimum({
      status: row.status,
      quantity: toBigInt(row.quantity),
      minStock: toBigInt(row.min_stock),
    }),
    lastMovementAt: row.last_movement_at,
    lastMovementOn: row.last_occurred_on,
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
  'b.total_value',
  'b.last_movement_at',
  'b.last_occurred_on',
] as const;

/**
 * The stock list now, or as it stood at the end of `date`: the same filters, sorts and totals. Today's list without
 * a search takes its totals from the maintained figures (decision 0026); a search or a past date counts its rows.
 */
export async function listStock(db: Db, dialect: Dialect, query: StockQuery, date: string | null = null) {
  const filters = stockFilters(dialect, query);
  const searching = productMatchesAllWords(dialect, query.q).length > 0;
  const [rows, totals] = await Promise.all([
    stockRows(db, date)
      .select(STOCK_COLUMNS)
      .where(({ and }) => and(filters))
      .orderBy(
        sql.ref(STOCK_SORT[query.sort]),
        NULLABLE_SORTS.has(query.sort) ? emptiesSmallest(query.order) : query.order,
      )
      // a sort on the balance's own columns walks its index, whose ties go by b.product_id
      .orderBy(STOCK_SORT[query.sort].startsWith('b.') ? 'b.product_id' : 'p.id', query.order)
      .$call(onePage(query.page, query.pageSize))
      .execute(),
    date === null && !searching ? maintainedTotals(db, query) : countedTotals(db, date, filters),
  ]);
  return { data: await withGoodsApart(db, rows, date), total: totals.products, totals };
}

/** The rows with each product's goods apart from own stock: ours with third parties, theirs with us. */
async function withGoodsApart(
  db: Db,
  rows: ReadonlyArray<Parameters<typeof toStockRow>[0]>,
  date: string | null,
): Promise<TStockRow[]> {
  const apart = await positionQuantities(
    db,
    rows.map((row) => row.id),
    date,
  );
  return rows.map((row) => {
    const figures = apart.get(row.id);
    return {
      ...toStockRow(row),
      sentQuantity: quantityOut(figures?.sent ?? 0n),
      heldQuantity: quantityOut(figures?.held ?? 0n),
    };
  });
}

async function maintainedTotals(db: Db, query: StockQuery) {
  const figures = await readFigures(db, { categoryId: query.categoryId, below: query.belowMinimum });
  return {
    products: figures.balances,
    totalValue: moneyOut(figures.totalValue),
    belowMinimum: figures.below,
  };
}

async function countedTotals(db: Db, date: string | null, filters: RawBuilder<boolean>[]) {
  const totals = await stockRows(db, date)
    .where(({ and }) => and(filters))
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.sum<string | number>('b.total_value').as('value'),
      eb.fn.sum<string | number>(sql`case when ${belowMinimum} then 1 else 0 end`).as('below'),
    ])
    .executeTakeFirstOrThrow();
  return {
    products: toNumber(totals.total as string | number),
    totalValue: moneyOut(totals.value ?? 0),
    belowMinimum: toNumber(totals.below ?? 0),
  };
}

export async function belowMinimumList(db: Db, limit: number) {
  const rows = await stockRows(db)
    .select(STOCK_COLUMNS)
    .where(belowMinimum)
    .orderBy('p.name_sort')
    .limit(limit)
    .execute();
  return withGoodsApart(db, rows, null);
}

/** The dashboard's figures, from the maintained figures: the same at 1,000 or 100,000 products. */
export async function stockSummary(db: Db) {
  const [active, all, latest] = await Promise.all([
    readFigures(db, { status: 'active' }),
    readFigures(db),
    latestMovements(db, 10),
  ]);
  return {
    activeProducts: active.balances,
    stockValue: moneyOut(all.totalValue),
    belowMinimum: all.below,
    latestMovements: latest,
  };
}

// ---------- balances at a past date ----------

/** Each product's running figures after its last live row dated on or before `date`. */
function balancesAt(db: Db, date: string) {
  return db
    .selectFrom('stock_balances as sb')
    .leftJoin('stock_ledger as x', (join) =>
      join.on(sql<boolean>`x.id = ${lastLiveRowId('sb.product_id', date)}`),
    )
    .select((eb) => [
      'sb.product_id',
      eb.fn.coalesce('x.balance_quantity', sql<number>`0`).as('quantity'),
      eb.fn.coalesce('x.balance_value', sql<number>`0`).as('total_value'),
      // a timestamp, as in today's list: when the last movement up to that date was recorded (decision 0038)
      'x.created_at as last_movement_at',
      'x.occurred_on as last_occurred_on',
    ])
    .$castTo<BalanceRow>();
}
