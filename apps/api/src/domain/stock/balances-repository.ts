import { sql, type RawBuilder } from 'kysely';
import type { ZStockQuery } from '@armazem/contracts/stock';
import type { z } from 'zod/mini';
import type { Db } from '../../db/database.ts';
import { emptiesSmallest, onePage } from '../../lib/paging.ts';
import { toBigInt, toNumber } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { moneyOut } from '../../lib/numbers.ts';
import { productMatchesAllWords } from '../../lib/text-search.ts';
import { belowMinimumSql as belowMinimum, isBelowMinimum } from './below-minimum.ts';
import { maintainedTotals } from './stock-figures-repository.ts';
import {
  branchBalances,
  hasBranchStock,
  locationQuantity,
  locationValueOf,
  scopeOf,
  type StockScope,
} from './stock-scope.ts';
import { withLocations } from './stock-locations-figures.ts';
import { exactLocationValue, withGoodsApart, type StockRowIn } from './stock-rows.ts';
import {
  figuresAt,
  pageAt,
  picksPageFirst,
  readsFirstBalances,
  type PageFirstSort,
  PRODUCT_COLUMNS,
} from './stock-at-date.ts';
import { totalsAt } from './stock-date-totals.ts';

type StockQuery = z.output<typeof ZStockQuery>;

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

/** The first establishment's own stock: the products' balance rows (now, or at the end of `date`). */
function firstBalances(db: Db, dialect: Dialect, date: string | null) {
  if (date !== null) return figuresAt(db, dialect, date).$castTo<BalanceRow>();
  return db
    .selectFrom('stock_balances as sb')
    .select(['sb.product_id', 'sb.quantity', 'sb.total_value', 'sb.last_movement_at', 'sb.last_occurred_on'])
    .$castTo<BalanceRow>();
}

/** An establishment's own stock, or the whole business's (the first's rows, plus the others' once they hold any). */
function establishmentBalances(
  db: Db,
  dialect: Dialect,
  scope: Exclude<StockScope, { kind: 'location' }>,
  date: string | null,
) {
  if (scope.kind === 'establishment')
    return scope.first ? firstBalances(db, dialect, date) : branchBalances(db, scope.establishmentId, date);
  const all = firstBalances(db, dialect, date).unionAll(branchBalances(db, null, date));
  return db
    .selectFrom(all.as('a'))
    .select((eb) => [
      'a.product_id',
      eb.fn.sum<string | number>('a.quantity').as('quantity'),
      eb.fn.sum<string | number>('a.total_value').as('total_value'),
      eb.fn.max('a.last_movement_at').as('last_movement_at'),
      eb.fn.max('a.last_occurred_on').as('last_occurred_on'),
    ])
    .groupBy('a.product_id')
    .$castTo<BalanceRow>();
}

/**
 * The balances a list reads: the first establishment's rows (the usual business, one establishment: its index
 * serves every sort), an establishment's, the whole business's, or a location's (its quantity; its value at its
 * establishment's average, approximate here for sorting and made exact by `exactLocationValues`).
 */
function balanceSource(
  db: Db,
  dialect: Dialect,
  date: string | null,
  scope: StockScope,
  branchStock: boolean,
) {
  if (scope.kind === 'all' && !branchStock) return firstBalances(db, dialect, date);
  if (scope.kind !== 'location') return establishmentBalances(db, dialect, scope, date);
  const account = establishmentBalances(
    db,
    dialect,
    { kind: 'establishment', establishmentId: scope.establishmentId, first: scope.first },
    date,
  );
  return db
    .selectFrom(locationQuantity(db, scope.locationId, date).as('lq'))
    .innerJoin(account.as('acc'), 'acc.product_id', 'lq.product_id')
    .select([
      'lq.product_id',
      'lq.location_quantity as quantity',
      sql<number>`case when acc.quantity > 0 then lq.location_quantity * 1.0 * acc.total_value / acc.quantity
        else 0 end`.as('total_value'),
      'acc.quantity as establishment_quantity',
      'acc.total_value as establishment_value',
      'acc.last_movement_at',
      'acc.last_occurred_on',
    ])
    .$castTo<BalanceRow>();
}

function stockRows(
  db: Db,
  dialect: Dialect,
  date: string | null = null,
  scope: StockScope = ALL,
  branchStock = false,
) {
  return db
    .selectFrom(balanceSource(db, dialect, date, scope, branchStock).as('b'))
    .innerJoin('products as p', 'p.id', 'b.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id');
}

const STOCK_COLUMNS = [
  ...PRODUCT_COLUMNS,
  'b.quantity',
  'b.total_value',
  'b.last_movement_at',
  'b.last_occurred_on',
] as const;

/**
 * The stock list now, or as it stood at the end of `date`: the same filters, sorts and totals. Today's list without
 * a search takes its totals from the maintained figures (decision 0026); a past date's, from the figures kept for
 * that date (decision 0093), and picks its page before its figures when its sort and filters allow; a search, or a
 * branch's or location's stock, counts its rows. `pageFirst: false` forces the full computation (the tests'
 * reference).
 */
export async function listStock(
  db: Db,
  dialect: Dialect,
  query: StockQuery,
  date: string | null = null,
  { pageFirst = true } = {},
) {
  const filters = stockFilters(dialect, query);
  const searching = productMatchesAllWords(dialect, query.q).length > 0;
  const scope = await scopeOf(db, query);
  const branchStock = scope.kind === 'all' && (await hasBranchStock(db));
  const maintained = date === null && !searching && scope.kind === 'all' && !branchStock;
  const kept = pageFirst && date !== null && !searching && readsFirstBalances(scope, branchStock);
  const first = pageFirst && date !== null && picksPageFirst(query, scope, branchStock) ? date : null;
  const [rows, totals] = await Promise.all([
    first !== null
      ? pageAt(db, dialect, first, query as StockQuery & { sort: PageFirstSort }, filters)
      : allFiguresPage(db, dialect, query, filters, date, scope, branchStock),
    maintained
      ? maintainedTotals(db, query.categoryId, query.belowMinimum)
      : kept
        ? totalsAt(db, dialect, date, query)
        : countedTotals(db, dialect, date, filters, scope, branchStock),
  ]);
  const page: StockRowIn[] = rows;
  const exact = scope.kind === 'location' ? page.map(exactLocationValue) : page;
  const data = await withGoodsApart(db, exact, date);
  return { data: await withLocations(db, data, scope, date), total: totals.products, totals };
}

/** A page of the list sorted over every product's figures (now, or at the end of `date`). */
function allFiguresPage(
  db: Db,
  dialect: Dialect,
  query: StockQuery,
  filters: RawBuilder<boolean>[],
  date: string | null,
  scope: StockScope,
  branchStock: boolean,
) {
  return (
    stockRows(db, dialect, date, scope, branchStock)
      .select(STOCK_COLUMNS)
      .$if(scope.kind === 'location', (q) =>
        q
          .select(sql<string>`b.establishment_quantity`.as('establishment_quantity'))
          .select(sql<string>`b.establishment_value`.as('establishment_value')),
      )
      .where(({ and }) => and(filters))
      .orderBy(
        sql.ref(STOCK_SORT[query.sort]),
        NULLABLE_SORTS.has(query.sort) ? emptiesSmallest(query.order) : query.order,
      )
      // a sort on the balance's own columns walks its index, whose ties go by b.product_id
      .orderBy(STOCK_SORT[query.sort].startsWith('b.') ? 'b.product_id' : 'p.id', query.order)
      .$call(onePage(query.page, query.pageSize))
      .execute()
  );
}

const ALL: StockScope = { kind: 'all' };

async function countedTotals(
  db: Db,
  dialect: Dialect,
  date: string | null,
  filters: RawBuilder<boolean>[],
  scope: StockScope,
  branchStock: boolean,
) {
  if (scope.kind === 'location') return locationTotals(db, dialect, date, filters, scope);
  const totals = await stockRows(db, dialect, date, scope, branchStock)
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

/** A location's totals: each product's value exact (its quantity at its establishment's average), then summed. */
async function locationTotals(
  db: Db,
  dialect: Dialect,
  date: string | null,
  filters: RawBuilder<boolean>[],
  scope: StockScope,
) {
  const rows = await stockRows(db, dialect, date, scope)
    .where(({ and }) => and(filters))
    .select(['b.quantity', 'p.status', 'p.min_stock'])
    .select(sql<string>`b.establishment_quantity`.as('establishment_quantity'))
    .select(sql<string>`b.establishment_value`.as('establishment_value'))
    .execute();
  let value = 0n;
  let below = 0;
  for (const row of rows) {
    value += locationValueOf(row.quantity, row.establishment_value, row.establishment_quantity);
    const figures = {
      status: row.status,
      quantity: toBigInt(row.quantity),
      minStock: toBigInt(row.min_stock),
    };
    if (isBelowMinimum(figures)) below++;
  }
  return { products: rows.length, totalValue: moneyOut(value), belowMinimum: below };
}

/**
 * The notifications' list: below minimum and stocked at least once. A product that never had stock (a catalog just
 * imported) is below its minimum in the stock list, but raises no alarm until its first movement (decision 0076).
 */
export async function belowMinimumList(db: Db, dialect: Dialect, limit: number) {
  const rows = await stockRows(db, dialect)
    .select(STOCK_COLUMNS)
    .where(belowMinimum)
    .where('b.last_movement_at', 'is not', null)
    .orderBy('p.name_sort')
    .limit(limit)
    .execute();
  return withLocations(db, await withGoodsApart(db, rows, null), ALL, null);
}
