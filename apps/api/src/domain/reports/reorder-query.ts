import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { productsOfPlace, quantityNowSql } from '../inventory/inventory-public-service.ts';
import { type PlaceOfInventory } from '../inventory/inventory-public-service.ts';
import { ownExits } from './reports-repository.ts';

type Stored = string | number | bigint;

const LINK_KEY = sql.lit(1_000_000_000);

/**
 * The SQL twin of `suggestedQuantity` (reorder.ts), over the columns `min_stock`, `exits`, `lead_time_days`,
 * `balance` and `fractional`: minimum + exits × lead time ÷ N (rounded half up; every figure is ≥ 0) − balance, never
 * below zero, up to a whole unit when the unit takes no fractions. A test holds the two equal.
 */
export function suggestedSql(days: number) {
  // literals, not parameters: SQLite binds a JavaScript number as a real, and the divisions must be integer ones
  const [n, twice] = [sql.lit(Math.trunc(days)), sql.lit(2 * Math.trunc(days))];
  const need = sql`(min_stock + (2 * exits * lead_time_days + ${n}) / ${twice})`;
  return sql<Stored>`case when ${need} - balance <= 0 then 0
    when fractional = 1 then ${need} - balance
    else ((${need} - balance + 999) / 1000) * 1000 end`;
}

export interface SuggestionRow {
  product_id: number;
  name_sort: string;
  supplier_id: number;
  supplier_sort: string;
  lead_time_days: number | string;
  min_stock: Stored;
  balance: Stored;
  exits: Stored;
  suggested: Stored;
  total: Stored;
}

/**
 * Every active product of an active supplier, under its link with the shortest lead time (then the lowest supplier
 * id), with its balance now at the place, its exits over [from, to] and the quantity to buy; only those with
 * something to buy, by supplier and product sort keys, with how many there are (`total`). One statement: the
 * ranking, the sums and the rule run in the database, so a page never reads the whole catalog.
 */
export function suggestionsQuery(
  db: Db,
  dialect: Dialect,
  where: PlaceOfInventory,
  query: { days: number; supplierId?: number | undefined; from: string; to: string },
) {
  const exits = ownExits(db, where.scope)
    .where('x.occurred_on', '>=', query.from)
    .where('x.occurred_on', '<=', query.to)
    .select(['x.product_id', sql<Stored>`cast(sum(x.base_quantity) as bigint)`.as('quantity')])
    .groupBy('x.product_id');
  const linked = db
    .selectFrom('supplier_products as sp')
    .innerJoin('suppliers as s', 's.id', 'sp.supplier_id')
    .where('s.status', '=', 'active')
    .select(['sp.product_id', 's.id as supplier_id', 's.name_sort as supplier_sort', 's.lead_time_days']);
  // each product's link with the shortest lead time, then the lowest supplier id: PostgreSQL by `distinct on`, which
  // it sizes as one row per product (after a ranking window it guessed 0.5 % of them and looped over every product);
  // SQLite, which has no `distinct on`, by the least of lead × 10⁹ + id per product (one grouped pass, 1.7× faster
  // there than the ranking window); lead times are 0–365 and ids stay under 10⁹
  const links =
    dialect === 'postgres'
      ? linked
          .distinctOn('sp.product_id')
          .orderBy('sp.product_id')
          .orderBy('s.lead_time_days')
          .orderBy('s.id')
      : db
          .selectFrom(
            db
              .selectFrom('supplier_products as sp')
              .innerJoin('suppliers as s', 's.id', 'sp.supplier_id')
              .where('s.status', '=', 'active')
              .select([
                'sp.product_id',
                sql<number>`min(s.lead_time_days * ${LINK_KEY} + s.id) % ${LINK_KEY}`.as('supplier_id'),
              ])
              .groupBy('sp.product_id')
              .as('b'),
          )
          .innerJoin('suppliers as s', 's.id', 'b.supplier_id')
          .select([
            'b.product_id',
            's.id as supplier_id',
            's.name_sort as supplier_sort',
            's.lead_time_days',
          ]);
  const figures = productsOfPlace(db, where.scope)
    .innerJoin(links.as('l'), 'l.product_id', 'p.id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .leftJoin(exits.as('e'), 'e.product_id', 'p.id')
    .where('p.status', '=', 'active')
    .$if(query.supplierId !== undefined, (q) => q.where('l.supplier_id', '=', query.supplierId ?? 0))
    .select(['p.id as product_id', 'p.name_sort', 'p.min_stock', 'u.fractional'])
    .select(['l.supplier_id', 'l.supplier_sort', 'l.lead_time_days'])
    .select([quantityNowSql(where.scope).as('balance'), sql<Stored>`coalesce(e.quantity, 0)`.as('exits')]);
  const suggested = db
    .selectFrom(figures.as('f'))
    .selectAll()
    .select(suggestedSql(query.days).as('suggested'));
  return db
    .selectFrom(suggested.as('t'))
    .where('t.suggested', '>', 0)
    .select([
      't.product_id',
      't.name_sort',
      't.supplier_id',
      't.supplier_sort',
      't.lead_time_days',
      't.min_stock',
      't.balance',
      't.exits',
      't.suggested',
      sql<Stored>`count(*) over ()`.as('total'),
    ])
    .orderBy('t.supplier_sort')
    .orderBy('t.supplier_id')
    .orderBy('t.name_sort')
    .orderBy('t.product_id');
}
