import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { productsOfPlace, quantityNowSql } from '../inventory/inventory-public-service.ts';
import { type PlaceOfInventory } from '../inventory/inventory-public-service.ts';
import { ownExits } from './reports-repository.ts';

type Stored = string | number | bigint;

/** The own exits of the place over [from, to], per product: base quantity and cost. */
function exitsOver(db: Db, where: PlaceOfInventory, from: string, to: string) {
  return ownExits(db, where.scope)
    .where('x.occurred_on', '>=', from)
    .where('x.occurred_on', '<=', to)
    .select([
      'x.product_id',
      sql<Stored>`sum(x.base_quantity)`.as('quantity'),
      sql<Stored>`sum(x.total_cost)`.as('value'),
    ])
    .groupBy('x.product_id');
}

/**
 * Coverage's products (decision 0081): those with own stock at the place now (a line of today's inventory) or an
 * exit over [from, to], by sort key then id, with their exits; the database does the choosing, the order and the
 * page, so a page never reads the whole catalog.
 */
function coverageBase(db: Db, where: PlaceOfInventory, from: string, to: string) {
  const quantityNow = quantityNowSql(where.scope);
  return productsOfPlace(db, where.scope)
    .leftJoin(exitsOver(db, where, from, to).as('e'), 'e.product_id', 'p.id')
    .where((eb) => eb.or([eb(quantityNow, '>', 0), eb('e.product_id', 'is not', null)]));
}

export function coverageProducts(db: Db, where: PlaceOfInventory, from: string, to: string) {
  return coverageBase(db, where, from, to)
    .select(['p.id', 'p.name_sort'])
    .select([
      sql<Stored>`coalesce(e.quantity, 0)`.as('exits_quantity'),
      sql<Stored>`coalesce(e.value, 0)`.as('exits_value'),
    ])
    .orderBy('p.name_sort')
    .orderBy('p.id');
}

/**
 * How many products coverage has: a query of its own, so the page's can stop at its rows in name order (counting in
 * the same statement made PostgreSQL walk the name index over every product, one balance lookup each).
 */
export async function coverageCount(db: Db, where: PlaceOfInventory, from: string, to: string) {
  const row = await coverageBase(db, where, from, to)
    .select(sql<Stored>`count(*)`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Dead stock's candidates: the products with own stock at the place now and no exit over [from, to] (their lines
 * and values are read after, for these products only).
 */
export function deadProducts(db: Db, where: PlaceOfInventory, from: string, to: string) {
  return productsOfPlace(db, where.scope)
    .leftJoin(exitsOver(db, where, from, to).as('e'), 'e.product_id', 'p.id')
    .where(quantityNowSql(where.scope), '>', 0)
    .where('e.product_id', 'is', null)
    .select('p.id')
    .execute();
}
