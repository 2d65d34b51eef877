import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { chunks } from '../../lib/chunks.ts';
import { quantityAt, valueAt } from '../inventory/inventory-public-service.ts';
import { ledgerOrderSql } from '../stock/stock-public-service.ts';
import { plainArray } from '../../db/pg-arrays.ts';

/** SQL of a count's lines (what is shown, checked and posted), and nothing else. */

/**
 * One product in a count's scope: its quantity at the count's location and its establishment's figures at the end of
 * the count's date, and what was counted of it.
 */
export interface CountRow {
  productId: number;
  sku: string;
  name: string;
  barcode: string | null;
  unityId: number;
  /** the location's quantity at the end of the count's date */
  quantity: bigint;
  /** the establishment's running figures at the end of the count's date */
  establishmentQuantity: bigint;
  establishmentValue: bigint;
  counted: bigint | null;
  /** what posting found and the cost it used (null until the count is posted) */
  expected: bigint | null;
  unitCost: bigint | null;
  /** the value of the count's adjustment of this product in the ledger (a posted count) */
  postedValue: bigint | null;
  countedBy: number | null;
  countedAt: string | null;
}

/** The location a count counts, and its establishment (the first's own stock is the product's balance row). */
export interface CountPlace {
  locationId: number;
  establishmentId: number;
  first: boolean;
}

export interface CountScope {
  id: number;
  countedOn: string;
  categoryId: number | null;
  place: CountPlace;
  /** posted (or posted and undone): its lines are what the posting recorded, whatever the products became since */
  posted: boolean;
}

/** A line as SQLite hands it over in the JSON array (the figures as text, so the ones past 2^53 stay exact). */
type JsonLine = [
  id: number,
  sku: string,
  name: string,
  barcode: string | null,
  unityId: number,
  quantity: string,
  establishmentQuantity: string,
  establishmentValue: string,
  counted: string | null,
  expected: string | null,
  unitCost: string | null,
  postedValue: string | null,
  countedBy: number | null,
  countedAt: string | null,
];

type Figure = string | number | bigint;
const optionalBigInt = (value: Figure | null) => (value === null ? null : toBigInt(value));

/**
 * The location's quantity of product `p` at the end of `date` (the query must left-join its `location_balances` row
 * as `lb`, and its establishment's own stock as `sb` or `es`): its quantity now when the establishment's last live
 * row is on or before the date (the usual case: nothing to seek), else less what its live rows dated after the date
 * moved (one seek on stock_ledger_location_idx).
 */
function locationQuantityAt(place: CountPlace, date: string) {
  const last = sql.raw(place.first ? 'sb.last_occurred_on' : 'es.last_occurred_on');
  return sql<Figure>`case when ${last} is null or ${last} <= ${date} then coalesce(lb.quantity, 0)
    else coalesce(lb.quantity, 0) - coalesce((select sum(case when y.direction = 'in'
      then y.base_quantity else -y.base_quantity end) from stock_ledger as y
    where y.location_id = ${place.locationId} and y.product_id = p.id and y.position_id is null
      and y.cancelled_at is null and y.occurred_on > ${date}), 0) end`;
}

/**
 * A running figure of product `p` in an establishment other than the first at the end of `date` (the query must
 * left-join its `establishment_stock` row as `es`), read as `figureAt` reads the first's balance row.
 */
function branchFigureAt(date: string, figure: 'quantity' | 'total_value') {
  const running = sql.raw(figure === 'quantity' ? 'balance_quantity' : 'balance_value');
  return sql<Figure>`case
    when es.id is null or es.last_occurred_on is null then 0
    when es.last_occurred_on <= ${date} then es.${sql.raw(figure)}
    else coalesce((select y.${running} from stock_ledger as y where y.establishment_stock_id = es.id
      and y.cancelled_at is null and y.occurred_on <= ${date} order by ${ledgerOrderSql('y', 'desc')} limit 1), 0)
    end`;
}

/**
 * An open count's lines: every active product in its scope, and every product already counted in it (deactivated or
 * moved to another category since, it is still posted, never dropped without a word). A posted count's lines: what
 * its posting recorded.
 */
function linesQuery(db: Db | Tx, scope: CountScope) {
  const { place, countedOn: date } = scope;
  // what the posting recorded per product, summed in one pass over the count's rows (a subquery per product read
  // every row of the count for each product: quadratic, past the statement timeout at 94,000 products)
  const posted = db
    .selectFrom('stock_ledger as l')
    .where('l.count_id', '=', scope.id)
    .groupBy('l.product_id')
    .select([
      'l.product_id',
      sql<Figure>`sum(case when l.direction = 'in' then l.total_cost else -l.total_cost end)`.as('value'),
    ]);
  const query = db
    .selectFrom('products as p')
    .leftJoin('stock_balances as sb', 'sb.product_id', 'p.id')
    .leftJoin('location_balances as lb', (join) =>
      join.onRef('lb.product_id', '=', 'p.id').on('lb.location_id', '=', place.locationId),
    )
    // the first establishment's own stock is the balance row (`sb`): only another one's needs its row
    .$if(!place.first, (qb) =>
      qb.leftJoin('establishment_stock as es', (join) =>
        join.onRef('es.product_id', '=', 'p.id').on('es.establishment_id', '=', place.establishmentId),
      ),
    )
    .leftJoin('inventory_count_items as i', (join) =>
      join.onRef('i.product_id', '=', 'p.id').on('i.count_id', '=', scope.id),
    )
    .select([
      'p.id',
      'p.name_sort',
      'p.sku',
      'p.name',
      'p.barcode',
      'p.base_unity_id',
      locationQuantityAt(place, date).as('quantity'),
      (place.first ? quantityAt(date) : branchFigureAt(date, 'quantity')).as('establishment_quantity'),
      (place.first ? valueAt(date) : branchFigureAt(date, 'total_value')).as('establishment_value'),
      'i.counted_quantity',
      'i.expected_quantity',
      'i.unit_cost',
      (scope.posted ? sql<Figure | null>`pv.value` : sql<null>`null`).as('posted_value'),
      'i.counted_by',
      'i.counted_at',
    ]);
  if (scope.posted)
    return query
      .leftJoin(posted.as('pv'), 'pv.product_id', 'p.id')
      .where('i.expected_quantity', 'is not', null);
  return query.where((eb) => {
    const inScope = [eb('p.status', '=', 'active')];
    if (scope.categoryId) inScope.push(eb('p.category_id', '=', scope.categoryId));
    return eb.or([eb.and(inScope), eb('i.product_id', 'is not', null)]);
  });
}

/**
 * SQLite: the lines as one JSON array, built by the database. node:sqlite builds one object per row and a value
 * (a BigInt per figure) per cell, which for 20,000 lines cost several times the query itself; one string and
 * JSON.parse do not. (PostgreSQL builds JSON slower than pg reads rows, so it reads rows.)
 */
async function jsonLines(db: Db | Tx, query: ReturnType<typeof linesQuery>): Promise<CountRow[]> {
  const ref = (column: string) => sql.ref(`r.${column}`);
  const text = (column: string) => sql`cast(${ref(column)} as text)`;
  const fields = sql.join([
    ...['id', 'sku', 'name', 'barcode', 'base_unity_id'].map(ref),
    ...[
      'quantity',
      'establishment_quantity',
      'establishment_value',
      'counted_quantity',
      'expected_quantity',
      'unit_cost',
      'posted_value',
    ].map(text),
    ...['counted_by', 'counted_at'].map(ref),
  ]);
  const { rows } = await sql<{ lines: string }>`select
    json_group_array(json_array(${fields}) order by ${ref('name_sort')}, ${ref('id')}) as lines
    from (${query}) as r`.execute(db);
  const lines: JsonLine[] = JSON.parse(rows[0]?.lines ?? '[]');
  return lines.map((line) => ({
    productId: line[0],
    sku: line[1],
    name: line[2],
    barcode: line[3],
    unityId: line[4],
    quantity: BigInt(line[5]),
    establishmentQuantity: BigInt(line[6]),
    establishmentValue: BigInt(line[7]),
    counted: optionalBigInt(line[8]),
    expected: optionalBigInt(line[9]),
    unitCost: optionalBigInt(line[10]),
    postedValue: optionalBigInt(line[11]),
    countedBy: line[12],
    countedAt: line[13],
  }));
}

/**
 * The count's lines (`linesQuery`), ordered by name, with each product's balance at the end of the count's date and
 * its counted item, in one query. The unit comes from `unitiesById` and each person's part
 * from `partsOf` (count-parts-repository.ts), not repeated on every line.
 */
export async function countRows(db: Db | Tx, dialect: Dialect, scope: CountScope): Promise<CountRow[]> {
  const query = linesQuery(db, scope);
  if (dialect === 'sqlite') return jsonLines(db, query);
  const rows = await query.orderBy('p.name_sort').orderBy('p.id').execute();
  return rows.map((row) => ({
    productId: row.id,
    sku: row.sku,
    name: row.name,
    barcode: row.barcode,
    unityId: row.base_unity_id,
    quantity: toBigInt(row.quantity),
    establishmentQuantity: toBigInt(row.establishment_quantity),
    establishmentValue: toBigInt(row.establishment_value),
    counted: optionalBigInt(row.counted_quantity),
    expected: optionalBigInt(row.expected_quantity),
    unitCost: optionalBigInt(row.unit_cost),
    postedValue: optionalBigInt(row.posted_value),
    countedBy: row.counted_by,
    countedAt: row.counted_at,
  }));
}

/** Every unit of measure by id: its code and whether it takes fractions. */
export async function unitiesById(db: Db | Tx) {
  const rows = await db.selectFrom('unities').select(['id', 'code', 'fractional']).execute();
  return new Map(rows.map((row) => [row.id, { code: row.code, fractional: Boolean(row.fractional) }]));
}

/** The default package of each product (what an adjustment row is entered in). */
export async function defaultUnities(db: Db | Tx, productIds: readonly number[]) {
  const unities = new Map<number, number>();
  for (const part of chunks(productIds, 5_000)) {
    const rows = await db
      .selectFrom('product_unities')
      .select(['id', 'product_id'])
      .where('is_default', '=', 1)
      .where('product_id', 'in', part)
      .execute();
    for (const row of rows) unities.set(row.product_id, Number(row.id));
  }
  return unities;
}

/**
 * What the posting found: expected quantity and the cost used, per product (uncounted-as-zero rows added). One
 * statement per 10,000 lines: PostgreSQL reads them from one array per column (unnest), SQLite from one JSON text.
 */
export async function recordPosting(
  tx: Tx,
  dialect: Dialect,
  countId: number,
  lines: ReadonlyArray<{ productId: number; expected: bigint; counted: bigint; unitCost: bigint }>,
  userId: number,
  now: string,
) {
  const upsert = sql`on conflict (count_id, product_id) do update
    set expected_quantity = excluded.expected_quantity, unit_cost = excluded.unit_cost`;
  const target = sql`inventory_count_items
    (count_id, product_id, counted_quantity, counted_by, counted_at, expected_quantity, unit_cost)`;
  for (const part of chunks(lines, 10_000)) {
    if (dialect === 'postgres') {
      const column = (pick: (line: (typeof part)[number]) => bigint | number) => plainArray(part.map(pick));
      await sql`insert into ${target}
        select ${countId}::int, v.p, v.q, ${userId}::int, ${now}::timestamptz, v.e, v.c
        from unnest(${column((l) => l.productId)}::int[], ${column((l) => l.counted)}::bigint[],
          ${column((l) => l.expected)}::bigint[], ${column((l) => l.unitCost)}::bigint[]) as v(p, q, e, c)
        ${upsert}`.execute(tx);
      continue;
    }
    const values = part.map((l) => [l.productId, String(l.counted), String(l.expected), String(l.unitCost)]);
    await sql`insert into ${target}
      select ${countId}, v.value ->> 0, cast(v.value ->> 1 as integer), ${userId}, ${now},
        cast(v.value ->> 2 as integer), cast(v.value ->> 3 as integer)
      from jsonb_each(${JSON.stringify(values)}) as v where true
      ${upsert}`.execute(tx);
  }
}

/** What was counted of each product so far (a sheet's preview compares with it). */
export async function countedQuantities(db: Db | Tx, countId: number) {
  const rows = await db
    .selectFrom('inventory_count_items')
    .select(['product_id', 'counted_quantity'])
    .where('count_id', '=', countId)
    .execute();
  return new Map(rows.map((row) => [row.product_id, toBigInt(row.counted_quantity)]));
}
