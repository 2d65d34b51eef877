import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { ledgerOrderSql } from '../stock/ledger-repository.ts';
import { locationValue, type StockScope } from '../stock/stock-scope.ts';
import { productFigures, quantityAt, valueAt, type ProductFigures } from './inventory-repository.ts';
import type { InventoryPosition } from './inventory-rules.ts';

/**
 * The inventory of one establishment other than the first, or of one location (DESIGN.md §6.3, decision 0068): each
 * product's own quantity and value at the end of a date. An establishment's figures are its running figures (its
 * `establishment_stock` row, or its last live row up to the date); a location's quantity is the sum of its rows up
 * to the date and its value that quantity at its establishment's figures then (never a sum of rounded values).
 */

type Stored = string | number | bigint;

/** A running figure of `es` (an establishment's stock row) at the end of `date`. */
function branchFigureAt(
  date: string,
  stored: 'quantity' | 'total_value',
  running: 'balance_quantity' | 'balance_value',
) {
  return sql<Stored>`case
    when es.last_occurred_on is null then 0
    when es.last_occurred_on <= ${date} then es.${sql.raw(stored)}
    else coalesce((select y.${sql.raw(running)} from stock_ledger as y where y.establishment_stock_id = es.id
      and y.cancelled_at is null and y.occurred_on <= ${date} order by ${ledgerOrderSql('y', 'desc')} limit 1), 0)
    end`;
}

/** A location's own quantity of product `p` at the end of `date`. */
const locationQuantityAt = (locationId: number, date: string) =>
  sql<Stored>`coalesce((select sum(case when z.direction = 'in' then z.base_quantity else -z.base_quantity end)
    from stock_ledger as z where z.product_id = p.id and z.location_id = ${locationId} and z.position_id is null
    and z.cancelled_at is null and z.occurred_on <= ${date}), 0)`;

export async function placePositionsAt(
  db: Db | Tx,
  date: string,
  scope: Exclude<StockScope, { kind: 'all' }>,
): Promise<InventoryPosition[]> {
  const [quantity, value] = scope.first
    ? [quantityAt(date), valueAt(date)]
    : [
        branchFigureAt(date, 'quantity', 'balance_quantity'),
        branchFigureAt(date, 'total_value', 'balance_value'),
      ];
  const ordered = db
    .selectFrom('products as p')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .leftJoin('stock_balances as sb', 'sb.product_id', 'p.id')
    .leftJoin('establishment_stock as es', (join) =>
      join.onRef('es.product_id', '=', 'p.id').on('es.establishment_id', '=', scope.establishmentId),
    )
    .select(['p.id', 'p.sku', 'p.name', 'p.barcode', 'p.ncm', 'p.cest', 'p.item_type'])
    .select([
      'u.code as unity_code',
      'u.name as unity_name',
      quantity.as('quantity'),
      value.as('total_value'),
    ])
    // another establishment: the products it ever held
    .$if(!scope.first, (q) => q.where('es.id', 'is not', null))
    .orderBy(sql`case when p.ncm is null or p.ncm = '' then 1 else 0 end`)
    .orderBy('p.ncm')
    .orderBy('p.name_sort')
    .orderBy('p.id');
  const own = (row: ProductFigures): InventoryPosition => ({
    ...productFigures(row),
    position: 'own',
    participant: null,
  });
  if (scope.kind === 'establishment') return (await ordered.execute()).map(own);
  const rows = await ordered.select(locationQuantityAt(scope.locationId, date).as('here')).execute();
  return rows.map((row) => {
    const here = toBigInt(row.here);
    const figures = { quantity: toBigInt(row.quantity), totalValue: toBigInt(row.total_value) };
    return own({ ...row, quantity: here, total_value: locationValue(here, figures) });
  });
}
