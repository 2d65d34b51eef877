import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { StockScope } from '../stock/stock-scope.ts';

/**
 * The own stock's exits in the ledger (decision 0078): live `out` rows of the business's own goods (no position of
 * a third party's or ours with one), transfers between locations left out (a move, not an exit), of the place asked.
 */
export function ownExits(db: Db, scope: StockScope) {
  let query = db
    .selectFrom('stock_ledger as x')
    .where('x.direction', '=', 'out')
    .where('x.cancelled_at', 'is', null)
    .where('x.position_id', 'is', null)
    .where('x.source', '<>', 'transfer');
  if (scope.kind === 'location') query = query.where('x.location_id', '=', scope.locationId);
  if (scope.kind === 'establishment') {
    query = query.where('x.location_id', 'in', (eb) =>
      eb.selectFrom('locations').select('id').where('establishment_id', '=', scope.establishmentId),
    );
  }
  return query;
}

/** Each product's exits at cost over [from, to], the largest first: one grouped query. */
export async function exitsByProduct(db: Db, scope: StockScope, from: string, to: string) {
  const totals = ownExits(db, scope)
    .where('x.occurred_on', '>=', from)
    .where('x.occurred_on', '<=', to)
    .select(['x.product_id', sql<string>`sum(x.total_cost)`.as('exits_value')])
    .groupBy('x.product_id');
  return db
    .selectFrom(totals.as('t'))
    .innerJoin('products as p', 'p.id', 't.product_id')
    .select(['p.id', 'p.sku', 'p.name', 't.exits_value'])
    .orderBy('t.exits_value', 'desc')
    .orderBy('p.id')
    .execute();
}

/** Each product's exits over [from, to] in base units and at cost, with its base unit: one grouped query. */
export async function exitFiguresByProduct(db: Db, scope: StockScope, from: string, to: string) {
  const totals = ownExits(db, scope)
    .where('x.occurred_on', '>=', from)
    .where('x.occurred_on', '<=', to)
    .select([
      'x.product_id',
      sql<string>`sum(x.base_quantity)`.as('exits_quantity'),
      sql<string>`sum(x.total_cost)`.as('exits_value'),
    ])
    .groupBy('x.product_id');
  return db
    .selectFrom(totals.as('t'))
    .innerJoin('products as p', 'p.id', 't.product_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(['p.id', 'p.sku', 'p.name', 'u.code as unity_code', 't.exits_quantity', 't.exits_value'])
    .execute();
}

/** Each product's last exit on or before `to`: one grouped query. */
export async function lastExits(db: Db, scope: StockScope, to: string) {
  const rows = await ownExits(db, scope)
    .where('x.occurred_on', '<=', to)
    .select(['x.product_id', sql<string>`max(x.occurred_on)`.as('last_exit_on')])
    .groupBy('x.product_id')
    .execute();
  return new Map(rows.map((row) => [row.product_id, row.last_exit_on]));
}

/**
 * Each active product with an active supplier, with its minimum and base unit, under the supplier of its links with
 * the shortest lead time (then the lowest id): one product is bought from one supplier.
 */
export async function supplyLinks(db: Db, supplierId: number | undefined) {
  const rows = await db
    .selectFrom('supplier_products as sp')
    .innerJoin('suppliers as s', 's.id', 'sp.supplier_id')
    .innerJoin('products as p', 'p.id', 'sp.product_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .where('s.status', '=', 'active')
    .where('p.status', '=', 'active')
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.min_stock',
      'u.code as unity_code',
      'u.fractional',
      's.id as supplier_id',
      's.name as supplier_name',
      's.lead_time_days',
    ])
    .orderBy('p.id')
    .orderBy('s.lead_time_days')
    .orderBy('s.id')
    .execute();
  const first = rows.filter((row, index) => index === 0 || rows[index - 1]!.id !== row.id);
  return supplierId === undefined ? first : first.filter((row) => row.supplier_id === supplierId);
}
