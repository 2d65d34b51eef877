import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type StockScope } from '../stock/stock-public-service.ts';
import { chunks } from '../../lib/chunks.ts';

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

/** Each product's exits at cost over [from, to], the largest first (then by id): one grouped query. */
export async function exitsByProduct(db: Db, scope: StockScope, from: string, to: string) {
  return ownExits(db, scope)
    .where('x.occurred_on', '>=', from)
    .where('x.occurred_on', '<=', to)
    .select(['x.product_id as id', sql<string>`sum(x.total_cost)`.as('exits_value')])
    .groupBy('x.product_id')
    .orderBy(sql`sum(x.total_cost)`, 'desc')
    .orderBy('x.product_id')
    .execute();
}

/** The last exit on or before `to` of each of `productIds` (all products: one grouped query over every exit). */
export async function lastExits(db: Db, scope: StockScope, to: string, productIds?: readonly number[]) {
  const last = new Map<number, string>();
  const upTo = ownExits(db, scope).where('x.occurred_on', '<=', to);
  if (productIds === undefined) {
    const rows = await upTo
      .select(['x.product_id', sql<string>`max(x.occurred_on)`.as('last_exit_on')])
      .groupBy('x.product_id')
      .execute();
    for (const row of rows) last.set(row.product_id, row.last_exit_on);
    return last;
  }
  // a few products: each seeks its own rows (the product's index), never a scan of every exit
  for (const part of chunks(productIds)) {
    const rows = await db
      .selectFrom('products as p')
      .where('p.id', 'in', part)
      .select((eb) => [
        'p.id',
        upTo
          .whereRef('x.product_id', '=', eb.ref('p.id'))
          .select(sql<string>`max(x.occurred_on)`.as('m'))
          .as('last_exit_on'),
      ])
      .execute();
    for (const row of rows) if (row.last_exit_on) last.set(row.id, row.last_exit_on);
  }
  return last;
}

/** Each product's SKU, name and base unit's code, for the rows a report writes out. */
export async function productRefs(db: Db, productIds: readonly number[]) {
  const refs = new Map<number, { id: number; sku: string; name: string; unity: string }>();
  for (const part of chunks(productIds)) {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
      .select(['p.id', 'p.sku', 'p.name', 'u.code'])
      .where('p.id', 'in', part)
      .execute();
    for (const row of rows) refs.set(row.id, { id: row.id, sku: row.sku, name: row.name, unity: row.code });
  }
  return refs;
}

/** Suppliers' names by id. */
export async function supplierNames(db: Db, supplierIds: readonly number[]) {
  const names = new Map<number, string>();
  for (const part of chunks(supplierIds)) {
    const rows = await db.selectFrom('suppliers').select(['id', 'name']).where('id', 'in', part).execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}
