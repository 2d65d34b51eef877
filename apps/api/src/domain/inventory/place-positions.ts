import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { ledgerOrderSql } from '../stock/stock-public-service.ts';
import { locationValue, type StockScope } from '../stock/stock-public-service.ts';
import { centsSql, figuresAt, productFigures } from './inventory-repository.ts';
import { itemValueOf, type InventoryPosition } from './inventory-rules.ts';

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

type Scope = Exclude<StockScope, { kind: 'all' }>;

/**
 * The place's own quantity and value of product `p` at the end of `date`, as SQL (see `ownFigures`), and the join
 * they need (`figuresAt`: on PostgreSQL the first establishment's last row is joined once).
 */
function figuresOf(db: Db | Tx, date: string, scope: Scope) {
  return scope.first
    ? figuresAt(db, date)
    : {
        join: <Q>(query: Q) => query,
        quantity: branchFigureAt(date, 'quantity', 'balance_quantity'),
        value: branchFigureAt(date, 'total_value', 'balance_value'),
      };
}

/** Every product of the place, with its balance rows (`sb`, and `es` for its establishment). */
function placeProducts(db: Db | Tx, scope: Scope) {
  return (
    db
      .selectFrom('products as p')
      .leftJoin('stock_balances as sb', 'sb.product_id', 'p.id')
      .leftJoin('establishment_stock as es', (join) =>
        join.onRef('es.product_id', '=', 'p.id').on('es.establishment_id', '=', scope.establishmentId),
      )
      // another establishment: the products it ever held
      .$if(!scope.first, (q) => q.where('es.id', 'is not', null))
  );
}

/**
 * Every product of the place with its own quantity and value at the end of `date` as `quantity` and `total_value`
 * (a location's: the establishment's figures, and its own quantity as `here`); the callers choose the other columns.
 */
function ownFigures(db: Db | Tx, date: string, scope: Scope) {
  const { join, quantity, value } = figuresOf(db, date, scope);
  const here = scope.kind === 'location' ? locationQuantityAt(scope.locationId, date) : sql<Stored>`null`;
  return join(placeProducts(db, scope)).select([
    quantity.as('quantity'),
    value.as('total_value'),
    here.as('here'),
  ]);
}

/** Only the products that held stock at the end of `date`: one at zero now that has not moved since was at zero. */
function heldThen(db: Db | Tx, date: string, scope: Scope) {
  const held = scope.first ? 'sb' : 'es';
  return <T extends ReturnType<typeof placeProducts>>(query: T) =>
    query.where((eb) =>
      eb.or([eb(`${held}.quantity`, '<>', 0), eb(`${held}.last_occurred_on`, '>', date)]),
    ) as T;
}

/** A location's own figures: its quantity, valued at its establishment's figures then (never a sum of rounded values). */
function located<T extends { quantity: Stored | null; total_value: Stored | null; here: Stored | null }>(
  row: T,
  scope: Scope,
): T {
  if (scope.kind !== 'location') return row;
  const here = toBigInt(row.here);
  const figures = { quantity: toBigInt(row.quantity), totalValue: toBigInt(row.total_value) };
  return { ...row, quantity: here, total_value: locationValue(here, figures) };
}

export async function placePositionsAt(
  db: Db | Tx,
  date: string,
  scope: Scope,
): Promise<InventoryPosition[]> {
  const rows = await ownFigures(db, date, scope)
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(['p.id', 'p.sku', 'p.name', 'p.barcode', 'p.ncm', 'p.cest', 'p.item_type'])
    .select(['u.code as unity_code', 'u.name as unity_name'])
    .orderBy(sql`case when p.ncm is null or p.ncm = '' then 1 else 0 end`)
    .orderBy('p.ncm')
    .orderBy('p.name_sort')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => ({ ...productFigures(located(row, scope)), position: 'own', participant: null }));
}

/** One inventory line as much as a sum needs (the owner's reports): the product, its category and sort key, the value. */
export interface PlaceValue {
  productId: number;
  categoryId: number;
  nameSort: string;
  position: 'own' | 'sent';
  quantity: bigint;
  /** the inventory line's value (in centavos, `itemValueOf`) */
  itemValue: bigint;
}

/**
 * The place's own lines at the end of `date` (quantity above zero), without the columns a book needs and without
 * order: the same figures as `placePositionsAt`, read only for the products that held stock then (a product at zero
 * now that has not moved since the date was at zero then).
 */
export async function placeValuesAt(
  db: Db | Tx,
  date: string,
  scope: Scope,
  productIds?: readonly number[],
): Promise<PlaceValue[]> {
  const query = heldThen(
    db,
    date,
    scope,
  )(ownFigures(db, date, scope)).select(['p.id', 'p.category_id', 'p.name_sort']);
  const rows = productIds
    ? (await Promise.all(chunks(productIds).map((part) => query.where('p.id', 'in', part).execute()))).flat()
    : await query.execute();
  const lines: PlaceValue[] = [];
  for (const row of rows) {
    const own = located(row, scope);
    const quantity = toBigInt(own.quantity);
    const itemValue = itemValueOf(quantity, toBigInt(own.total_value));
    if (itemValue === null) continue;
    lines.push({
      productId: row.id,
      categoryId: row.category_id,
      nameSort: row.name_sort,
      position: 'own',
      quantity,
      itemValue,
    });
  }
  return lines;
}

/**
 * The place's own lines at the end of `date` summed per category, the same line values as `placeValuesAt`: summed by
 * the database (`centsSql`, the twin of `itemValueOf`), so 100,000 lines never travel; a location's lines are valued
 * one by one (`locationValue`), then summed.
 */
export async function categoryValuesAt(
  db: Db | Tx,
  date: string,
  scope: Scope,
): Promise<Map<number, bigint>> {
  const sums = new Map<number, bigint>();
  if (scope.kind === 'location') {
    for (const line of await placeValuesAt(db, date, scope))
      sums.set(line.categoryId, (sums.get(line.categoryId) ?? 0n) + line.itemValue);
    return sums;
  }
  const { join, quantity, value } = figuresOf(db, date, scope);
  const lines = heldThen(
    db,
    date,
    scope,
  )(join(placeProducts(db, scope))).select([
    'p.category_id',
    quantity.as('quantity'),
    value.as('total_value'),
  ]);
  const rows = await db
    .selectFrom(lines.as('l'))
    .where('l.quantity', '>', 0)
    .select(['l.category_id', sql<Stored>`sum(${centsSql(sql.ref('l.total_value'))})`.as('value')])
    .groupBy('l.category_id')
    .execute();
  for (const row of rows) sums.set(row.category_id, toBigInt(row.value));
  return sums;
}

/**
 * The place's own quantity of product `p` now (today's inventory line, as SQL): the stored balance of the business
 * (first establishment), of the establishment (`es`) or of the location. The query names `p`, `sb` and `es` as
 * `placeProducts` does.
 */
export function quantityNowSql(scope: Scope) {
  if (scope.kind === 'location')
    return sql<Stored>`coalesce((select lb.quantity from location_balances as lb
      where lb.product_id = p.id and lb.location_id = ${scope.locationId}), 0)`;
  return scope.first ? sql<Stored>`coalesce(sb.quantity, 0)` : sql<Stored>`coalesce(es.quantity, 0)`;
}

/** Every product of the place with its balance rows, for a query that reads `quantityNowSql`. */
export const productsOfPlace = placeProducts;
