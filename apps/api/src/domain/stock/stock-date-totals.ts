import { sql } from 'kysely';
import { toBigInt, type Db } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { moneyOut } from '../../lib/numbers.ts';
import { belowMinimumSql } from './below-minimum.ts';
import { figuresAt } from './stock-at-date.ts';

/** Category 0: the row that says a date is kept (decision 0093). */
const KEPT = 0;

interface KeptRow {
  category_id: number;
  below: number | string;
  products: number | string;
  total_value: string | number | bigint;
}

/**
 * The totals of the stock list at a past date (every product with a balance row, or one category's, or those below
 * or not below their minimum): summed from the per-category figures kept for that date in `stock_date_totals`
 * (migration 032), read over every product once and kept until a write could change them.
 */
export async function totalsAt(
  db: Db,
  dialect: Dialect,
  date: string,
  filter: { categoryId?: number | undefined; belowMinimum?: boolean | undefined },
) {
  const kept = await db
    .selectFrom('stock_date_totals')
    .select(['category_id', 'below', 'products', 'total_value'])
    .where('as_of', '=', date)
    .execute();
  const rows = kept.some((row) => row.category_id === KEPT) ? kept : await keep(db, dialect, date);
  let products = 0;
  let value = 0n;
  let below = 0;
  for (const row of rows) {
    if (row.category_id === KEPT) continue;
    if (filter.categoryId !== undefined && row.category_id !== filter.categoryId) continue;
    const isBelow = Number(row.below) === 1;
    if (filter.belowMinimum !== undefined && isBelow !== filter.belowMinimum) continue;
    products += Number(row.products);
    value += toBigInt(row.total_value);
    if (isBelow) below += Number(row.products);
  }
  return { products, totalValue: moneyOut(value), belowMinimum: below };
}

/**
 * Reads a date's figures over every product and keeps them, in one transaction no ledger write can cut in two: on
 * SQLite the one connection runs nothing else meanwhile; on PostgreSQL the table lock waits for every write whose
 * trigger already ran to commit (so the read sees it) and holds off the others until this commit (their triggers then
 * drop what was kept here).
 */
function keep(db: Db, dialect: Dialect, date: string): Promise<KeptRow[]> {
  return db.transaction().execute(async (tx) => {
    if (dialect === 'postgres')
      await sql`lock table stock_date_totals in share row exclusive mode`.execute(tx);
    const below = sql<number>`case when ${belowMinimumSql} then 1 else 0 end`;
    const sums = await tx
      .selectFrom(figuresAt(tx, dialect, date).as('b'))
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
      .select((eb) => [
        'p.category_id',
        below.as('below'),
        eb.fn.countAll<number | string>().as('products'),
        eb.fn.sum<string | number>('b.total_value').as('total_value'),
      ])
      .groupBy(['p.category_id', below])
      .execute();
    const rows: KeptRow[] = [{ category_id: KEPT, below: 0, products: 0, total_value: 0 }, ...sums];
    await tx
      .insertInto('stock_date_totals')
      .values(
        rows.map((row) => ({
          as_of: date,
          category_id: row.category_id,
          below: Number(row.below),
          products: Number(row.products),
          total_value: toBigInt(row.total_value).toString(),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    return rows;
  });
}
