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
