import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { costPerBaseUnit } from '../stock/stock-rules.ts';
import { lastLiveRowId } from '../stock/ledger-repository.ts';

/** A product and its balance at the end of a date, read from the stored running figures of the ledger. */
export interface PositionRow {
  productId: number;
  sku: string;
  name: string;
  barcode: string | null;
  ncm: string | null;
  cest: string | null;
  itemType: string;
  categoryId: number;
  unityCode: string;
  unityName: string;
  fractional: boolean;
  defaultUnityId: number | null;
  quantity: bigint;
  totalValue: bigint;
}

export interface PositionFilter {
  activeOnly?: boolean;
  categoryId?: number | null;
  productIds?: readonly number[];
  /** 'ncm' (the book: NCM, then name; no NCM last) or 'name' (a count sheet) */
  order?: 'ncm' | 'name';
}

/**
 * Every product (filtered) with its running quantity and value after its last live ledger row dated on or before
 * `date` (zero when there is none): one index seek per product on stock_ledger_live_idx.
 */
export async function positionsAt(db: Db | Tx, date: string, filter: PositionFilter = {}) {
  // A product whose latest live row is on or before the date stands as its balance row says: no ledger read. Only
  // the others (moved after the date, or never) look up their last row up to the date.
  const current = sql<boolean>`(sb.last_occurred_on is not null and sb.last_occurred_on <= ${date})`;
  let query = db
    .selectFrom('products as p')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .leftJoin('stock_balances as sb', 'sb.product_id', 'p.id')
    .leftJoin('product_unities as du', (join) =>
      join.onRef('du.product_id', '=', 'p.id').on('du.is_default', '=', 1),
    )
    .leftJoin('stock_ledger as x', (join) =>
      join.on(sql<boolean>`x.id = case when ${current} then null else ${lastLiveRowId('p.id', date)} end`),
    )
    .select((eb) => [
      'p.id',
      'p.sku',
      'p.name',
      'p.barcode',
      'p.ncm',
      'p.cest',
      'p.item_type',
      'p.category_id',
      'u.code as unity_code',
      'u.name as unity_name',
      'u.fractional',
      'du.id as default_unity_id',
      eb
        .case()
        .when(current)
        .then(eb.ref('sb.quantity'))
        .else(eb.fn.coalesce('x.balance_quantity', sql<number>`0`))
        .end()
        .as('quantity'),
      eb
        .case()
        .when(current)
        .then(eb.ref('sb.total_value'))
        .else(eb.fn.coalesce('x.balance_value', sql<number>`0`))
        .end()
        .as('total_value'),
    ]);
  if (filter.activeOnly) query = query.where('p.status', '=', 'active');
  if (filter.categoryId) query = query.where('p.category_id', '=', filter.categoryId);
  if (filter.productIds) query = query.where('p.id', 'in', filter.productIds);
  if (filter.order !== 'name') {
    query = query.orderBy(sql`case when p.ncm is null or p.ncm = '' then 1 else 0 end`).orderBy('p.ncm');
  }
  const rows = await query.orderBy('p.name_sort').orderBy('p.id').execute();
  return rows.map(toPosition);
}

type Stored = string | number | bigint;

function toPosition(row: {
  id: number;
  sku: string;
  name: string;
  barcode: string | null;
  ncm: string | null;
  cest: string | null;
  item_type: string;
  category_id: number;
  unity_code: string;
  unity_name: string;
  fractional: number;
  default_unity_id: number | null;
  quantity: Stored | null;
  total_value: Stored | null;
}): PositionRow {
  return {
    productId: row.id,
    sku: row.sku,
    name: row.name,
    barcode: row.barcode,
    ncm: row.ncm || null,
    cest: row.cest || null,
    itemType: row.item_type,
    categoryId: row.category_id,
    unityCode: row.unity_code,
    unityName: row.unity_name,
    fractional: Boolean(row.fractional),
    defaultUnityId: row.default_unity_id === null ? null : Number(row.default_unity_id),
    quantity: toBigInt(row.quantity),
    totalValue: toBigInt(row.total_value),
  };
}

/**
 * The cost per base unit of each product's last live entry dated on or before `date`, else its latest cost price
 * (of the base unit); products with neither are left out.
 */
export async function lastEntryCosts(db: Db | Tx, date: string, productIds: readonly number[]) {
  const costs = new Map<number, bigint>();
  for (let start = 0; start < productIds.length; start += 500) {
    const part = productIds.slice(start, start + 500);
    const rows = await db
      .selectFrom('products as p')
      .leftJoin('stock_ledger as x', (join) =>
        join.on(sql<boolean>`x.id = ${lastLiveRowId('p.id', date, 'in')}`),
      )
      .select((eb) => [
        'p.id',
        'x.total_cost',
        'x.base_quantity',
        eb
          .selectFrom('prices as pr')
          .select('pr.cost_price')
          .whereRef('pr.product_id', '=', 'p.id')
          .where('pr.product_unity_id', 'is', null)
          .orderBy('pr.effective_from', 'desc')
          .orderBy('pr.id', 'desc')
          .limit(1)
          .as('cost_price'),
      ])
      .where('p.id', 'in', part)
      .execute();
    for (const row of rows) {
      if (row.total_cost !== null && row.base_quantity !== null && toBigInt(row.base_quantity) > 0n) {
        costs.set(row.id, costPerBaseUnit(toBigInt(row.total_cost), toBigInt(row.base_quantity)));
      } else if (row.cost_price !== null) {
        costs.set(row.id, toBigInt(row.cost_price));
      }
    }
  }
  return costs;
}
