import { sql } from 'kysely';
import type { TStockRow } from '@armazem/contracts/stock';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { quantityOut } from '../../lib/numbers.ts';
import type { StockScope } from './stock-scope.ts';

/**
 * Each stock row's quantity per location, beside its total (DESIGN.md §6.3: "balances answer per location with a
 * total"): the locations of the row's scope that hold or held the product, now or at the end of `date`.
 */
export async function withLocations(
  db: Db,
  rows: ReadonlyArray<Omit<TStockRow, 'locations'>>,
  scope: StockScope,
  date: string | null,
): Promise<TStockRow[]> {
  const ids = rows.map((row) => row.product.id);
  const byProduct = new Map<number, TStockRow['locations']>();
  if (ids.length > 0) {
    const figures =
      date === null
        ? db
            .selectFrom('location_balances as f')
            .select(['f.product_id', 'f.location_id', 'f.quantity'])
            .where('f.product_id', 'in', ids)
        : db
            .selectFrom('stock_ledger as f')
            .select((eb) => [
              'f.product_id',
              'f.location_id',
              eb.fn
                .sum<string>(sql`case when f.direction = 'in' then f.base_quantity else -f.base_quantity end`)
                .as('quantity'),
            ])
            .where('f.product_id', 'in', ids)
            .where('f.position_id', 'is', null)
            .where('f.cancelled_at', 'is', null)
            .where('f.occurred_on', '<=', date)
            .groupBy(['f.product_id', 'f.location_id']);
    let query = db
      .selectFrom(figures.as('q'))
      .innerJoin('locations as l', 'l.id', 'q.location_id')
      .select(['q.product_id', 'q.quantity', 'l.id', 'l.name', 'l.establishment_id'])
      .orderBy('l.establishment_id')
      .orderBy('l.id');
    if (scope.kind === 'establishment') query = query.where('l.establishment_id', '=', scope.establishmentId);
    if (scope.kind === 'location') query = query.where('l.id', '=', scope.locationId);
    for (const row of await query.execute()) {
      const list = byProduct.get(row.product_id) ?? [];
      list.push({
        id: row.id,
        name: row.name,
        establishmentId: row.establishment_id,
        quantity: quantityOut(toBigInt(row.quantity)),
      });
      byProduct.set(row.product_id, list);
    }
  }
  return rows.map((row) => ({ ...row, locations: byProduct.get(row.product.id) ?? [] }));
}
