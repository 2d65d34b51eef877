import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { onePage } from '../../lib/paging.ts';
import { lastLiveFiguresLateral, lastLiveRowId } from './ledger-repository.ts';
import type { StockScope } from './stock-scope.ts';

/**
 * The stock list at a past date without working out every product's figures first (issue 36, decision 0093): a sort
 * on the product alone picks its page through the product's own index (the rows listed at any date are the products
 * with a balance row), and only that page's figures at the date are read, each one seek on stock_ledger_live_idx.
 */

/** Sorts on the product and its category alone: the page is the same whatever the figures at the date are. */
const PRODUCT_SORTS = { name: 'p.name_sort', sku: 'p.sku', category: 'c.name_sort' } as const;

export type PageFirstSort = keyof typeof PRODUCT_SORTS;

/**
 * Whether the list reads the products' own balance rows: the whole business while only the first establishment ever
 * held stock, or the first establishment.
 */
export const readsFirstBalances = (scope: StockScope, branchStock: boolean) =>
  (scope.kind === 'all' && !branchStock) || (scope.kind === 'establishment' && scope.first);

/**
 * Whether the list at a date may pick its page first: a sort and filters that do not depend on the figures at that
 * date (sort by quantity, value or last movement, and the below-minimum filter, still compute every product's).
 */
export function picksPageFirst(
  query: { sort: string; belowMinimum?: boolean | undefined },
  scope: StockScope,
  branchStock: boolean,
): boolean {
  return (
    Object.hasOwn(PRODUCT_SORTS, query.sort) &&
    query.belowMinimum === undefined &&
    readsFirstBalances(scope, branchStock)
  );
}

/** One product's figures at the end of a date: those of its last live row dated on or before it (0 and none before any). */
export interface FiguresAt {
  product_id: number;
  quantity: string | number | bigint;
  total_value: string | number | bigint;
  last_movement_at: string | null;
  last_occurred_on: string | null;
}

/**
 * The products' figures after their last live row dated on or before `date`: on SQLite a correlated seek per
 * product; on PostgreSQL a LATERAL subquery (`order by … desc limit 1`), which it runs as one index seek per row
 * where a join on a subquery's id is planned over the whole ledger.
 */
export function figuresAt(db: Db, dialect: Dialect, date: string) {
  const base = db.selectFrom('stock_balances as sb');
  if (dialect === 'sqlite')
    return base
      .leftJoin('stock_ledger as x', (join) =>
        join.on(sql<boolean>`x.id = ${lastLiveRowId('sb.product_id', date)}`),
      )
      .select((eb) => [
        'sb.product_id',
        eb.fn.coalesce('x.balance_quantity', sql<number>`0`).as('quantity'),
        eb.fn.coalesce('x.balance_value', sql<number>`0`).as('total_value'),
        'x.created_at as last_movement_at',
        'x.occurred_on as last_occurred_on',
      ]);
  const columns = ['balance_quantity', 'balance_value', 'created_at', 'occurred_on'] as const;
  return base
    .leftJoin(lastLiveFiguresLateral('sb.product_id', date, undefined, columns).as('x'), (join) =>
      join.onTrue(),
    )
    .select([
      'sb.product_id',
      sql<string | number | bigint>`coalesce(x.balance_quantity, 0)`.as('quantity'),
      sql<string | number | bigint>`coalesce(x.balance_value, 0)`.as('total_value'),
      sql<string | null>`x.created_at`.as('last_movement_at'),
      sql<string | null>`x.occurred_on`.as('last_occurred_on'),
    ]);
}

/** A stock row's product columns (the list now and at a date alike). */
export const PRODUCT_COLUMNS = [
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
] as const;

/**
 * One page of the list at `date`, picked first (the same rows and order as sorting every product's figures: the
 * same products, filters, sort column and tie on p.id), then its figures at the date.
 */
export async function pageAt(
  db: Db,
  dialect: Dialect,
  date: string,
  query: { sort: keyof typeof PRODUCT_SORTS; order: 'asc' | 'desc'; page: number; pageSize: number },
  filters: RawBuilder<boolean>[],
) {
  const page = await db
    .selectFrom('stock_balances as sb')
    .innerJoin('products as p', 'p.id', 'sb.product_id')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(PRODUCT_COLUMNS)
    .where(({ and }) => and(filters))
    .orderBy(sql.ref(PRODUCT_SORTS[query.sort]), query.order)
    .orderBy('p.id', query.order)
    .$call(onePage(query.page, query.pageSize))
    .execute();
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const figures = new Map<number, FiguresAt>();
  for (const row of await figuresAt(db, dialect, date).where('sb.product_id', 'in', ids).execute())
    figures.set(row.product_id, row as FiguresAt);
  return page.map((row) => {
    const at = figures.get(row.id);
    if (!at) throw new Error(`no balance row for product ${row.id}`);
    return { ...row, ...at };
  });
}
