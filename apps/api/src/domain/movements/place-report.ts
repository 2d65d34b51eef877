import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { lastLiveRow, ledgerOrderSql } from '../stock/stock-public-service.ts';
import { locationValue, type StockScope } from '../stock/stock-public-service.ts';

/**
 * The month of one establishment other than the first, or of one location (DESIGN.md §6.3, decision 0068), in the
 * shape of the first establishment's month (report-data.ts): opening quantity, the month's entries and exits, and the
 * closing value. An establishment's figures are its running figures; a location's are its rows' quantities, its
 * closing valued at its establishment's figures at the end of the month.
 */

type Stored = string | number | bigint | null;
export interface MonthSumRow {
  product_id: number;
  opening: Stored;
  entries: Stored;
  exits: Stored;
  closing_value: Stored;
}

/** A running figure of `es` after its last live row before (or up to) a date. */
const branchFigure = (column: 'balance_quantity' | 'balance_value', op: '<' | '<=', date: string) =>
  sql<Stored>`coalesce((select y.${sql.raw(column)} from stock_ledger as y where y.establishment_stock_id = es.id
    and y.cancelled_at is null and y.occurred_on ${sql.raw(op)} ${date}
    order by ${ledgerOrderSql('y', 'desc')} limit 1), 0)`;

const sumOf = (condition: ReturnType<typeof sql>) =>
  sql<Stored>`sum(case when ${condition} then base_quantity else 0 end)`;

async function branchMonth(
  db: Db,
  start: string,
  end: string,
  establishmentId: number,
): Promise<MonthSumRow[]> {
  const month = db
    .selectFrom('stock_ledger')
    .select([
      'establishment_stock_id',
      sumOf(sql`direction = 'in'`).as('entries'),
      sumOf(sql`direction = 'out'`).as('exits'),
    ])
    .where('cancelled_at', 'is', null)
    .where('establishment_stock_id', 'is not', null)
    .where('occurred_on', '>=', start)
    .where('occurred_on', '<=', end)
    .groupBy('establishment_stock_id');
  return db
    .selectFrom('establishment_stock as es')
    .leftJoin(month.as('m'), 'm.establishment_stock_id', 'es.id')
    .select([
      'es.product_id',
      branchFigure('balance_quantity', '<', start).as('opening'),
      'm.entries',
      'm.exits',
      branchFigure('balance_value', '<=', end).as('closing_value'),
    ])
    .where('es.establishment_id', '=', establishmentId)
    .execute();
}

async function locationMonth(
  db: Db,
  start: string,
  end: string,
  scope: Extract<StockScope, { kind: 'location' }>,
): Promise<MonthSumRow[]> {
  const signed = sql`case when direction = 'in' then base_quantity else -base_quantity end`;
  const here = db
    .selectFrom('stock_ledger')
    .select([
      'product_id',
      sql<Stored>`sum(case when occurred_on < ${start} then ${signed} else 0 end)`.as('opening'),
      sumOf(sql`direction = 'in' and occurred_on >= ${start}`).as('entries'),
      sumOf(sql`direction = 'out' and occurred_on >= ${start}`).as('exits'),
    ])
    .where('location_id', '=', scope.locationId)
    .where('position_id', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('occurred_on', '<=', end)
    .groupBy('product_id');
  const [quantity, value] = scope.first
    ? [
        lastLiveRow('q.product_id', end, 'balance_quantity'),
        lastLiveRow('q.product_id', end, 'balance_value'),
      ]
    : [branchFigure('balance_quantity', '<=', end), branchFigure('balance_value', '<=', end)];
  const rows = await db
    .selectFrom(here.as('q'))
    .leftJoin('establishment_stock as es', (join) =>
      join.onRef('es.product_id', '=', 'q.product_id').on('es.establishment_id', '=', scope.establishmentId),
    )
    .select(['q.product_id', 'q.opening', 'q.entries', 'q.exits'])
    .select([quantity.as('establishment_quantity'), value.as('establishment_value')])
    .execute();
  return rows.map((row) => {
    const closing = toBigInt(row.opening ?? 0) + toBigInt(row.entries ?? 0) - toBigInt(row.exits ?? 0);
    const figures = {
      quantity: toBigInt(row.establishment_quantity ?? 0),
      totalValue: toBigInt(row.establishment_value ?? 0),
    };
    return { ...row, closing_value: locationValue(closing, figures) };
  });
}

/** The month of an establishment other than the first, or of a location. */
export function placeMonthSums(
  db: Db,
  start: string,
  end: string,
  scope: Exclude<StockScope, { kind: 'all' }>,
): Promise<MonthSumRow[]> {
  return scope.kind === 'location'
    ? locationMonth(db, start, end, scope)
    : branchMonth(db, start, end, scope.establishmentId);
}
