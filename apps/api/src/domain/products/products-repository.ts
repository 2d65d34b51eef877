import { sql, type Insertable, type RawBuilder, type Updateable } from 'kysely';
import type { TProduct, ZProductListQuery } from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';
import type { Db, Tx, RowOf } from '../../db/database.ts';
import { nowIso, toBigInt, toNumber } from '../../db/database.ts';
import type { Dialect, ProductTable } from '../../db/types.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { productMatchesAllWords } from '../../lib/text-search.ts';
import { readFigures } from '../stock/stock-public-service.ts';
import { onePage } from '../../lib/paging.ts';

type Query = z.output<typeof ZProductListQuery>;

/** A product with its category, base unit and balance: the product list and the catalog export read from here. */
export function productBase(db: Db | Tx) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .leftJoin('stock_balances as b', 'b.product_id', 'p.id');
}

/**
 * The product-level price rule, in one place: a price set on the product itself or on its default package (prices of
 * other packages do not count), effective by `today`.
 */
function productLevelPrices(db: Db | Tx, today: string) {
  return db
    .selectFrom('prices as pr')
    .leftJoin('product_unities as pu', 'pu.id', 'pr.product_unity_id')
    .where('pr.effective_from', '<=', today)
    .where((eb) => eb.or([eb('pr.product_unity_id', 'is', null), eb('pu.is_default', '=', 1)]));
}

/**
 * A product with the columns it is answered with, and its current price joined in the same statement (the latest
 * product-level price by `today`, found through the prices' (product_id, effective_from, id) index): one round trip
 * for a page of the list, not a second one for its prices.
 */
function productColumns(db: Db | Tx, today: string) {
  const currentPriceId = productLevelPrices(db, today)
    .select('pr.id')
    .where('pr.product_id', '=', sql.ref<number>('p.id'))
    .orderBy('pr.effective_from', 'desc')
    .orderBy('pr.id', 'desc')
    .limit(1);
  return productBase(db)
    .leftJoin('prices as cp', (join) => join.on('cp.id', '=', currentPriceId))
    .select([
      'cp.cost_price',
      'cp.sale_price',
      'cp.effective_from as price_effective_from',
      'p.id',
      'p.sku',
      'p.name',
      'p.description',
      'p.status',
      'p.min_stock',
      'p.barcode',
      'p.ncm',
      'p.cest',
      'p.item_type',
      'p.created_at',
      'p.updated_at',
      'c.id as category_id',
      'c.name as category_name',
      'u.id as unity_id',
      'u.code as unity_code',
      'u.name as unity_name',
      'u.fractional as unity_fractional',
      'b.quantity as stock_quantity',
    ]);
}

type ProductRow = RowOf<typeof productColumns>;

function toProduct(row: ProductRow): TProduct {
  const currentPrice =
    row.price_effective_from === null
      ? null
      : {
          costPrice: moneyOut(toBigInt(row.cost_price ?? 0)),
          salePrice: moneyOut(toBigInt(row.sale_price ?? 0)),
          effectiveFrom: row.price_effective_from,
        };
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    category: { id: row.category_id, name: row.category_name },
    baseUnity: {
      id: row.unity_id,
      code: row.unity_code,
      name: row.unity_name,
      fractional: row.unity_fractional === 1,
    },
    status: row.status,
    minStock: quantityOut(row.min_stock),
    barcode: row.barcode,
    ncm: row.ncm,
    cest: row.cest,
    itemType: row.item_type as TProduct['itemType'],
    currentPrice,
    stockQuantity: quantityOut(row.stock_quantity),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Each product's current product-level price (the catalog sheet and its export, many products at once). */
export async function latestPrices(db: Db | Tx, productIds: readonly number[], today: string) {
  const prices = new Map<number, { cost: bigint; sale: bigint; effectiveFrom: string }>();
  if (productIds.length === 0) return prices;
  const rows = await productLevelPrices(db, today)
    .select(['pr.product_id', 'pr.cost_price', 'pr.sale_price', 'pr.effective_from'])
    .where('pr.product_id', 'in', productIds)
    .orderBy('pr.product_id')
    .orderBy('pr.effective_from', 'desc')
    .orderBy('pr.id', 'desc')
    .execute();
  for (const row of rows)
    if (!prices.has(row.product_id))
      prices.set(row.product_id, {
        cost: toBigInt(row.cost_price),
        sale: toBigInt(row.sale_price),
        effectiveFrom: row.effective_from,
      });
  return prices;
}

/** The column each sort of the product list orders by (the list and its catalog export alike). */
export const PRODUCT_SORT_COLUMNS = {
  name: 'p.name_sort',
  sku: 'p.sku',
  category: 'c.name_sort',
  status: 'p.status',
  createdAt: 'p.created_at',
  stockQuantity: 'b.quantity',
} as const;

/** The product list's filters: every word of `q`, the category, the status. */
export function productFilters(
  dialect: Dialect,
  query: Pick<Query, 'q' | 'categoryId' | 'status'>,
): RawBuilder<boolean>[] {
  const filters = productMatchesAllWords(dialect, query.q);
  if (query.categoryId) filters.push(sql<boolean>`${sql.ref('p.category_id')} = ${query.categoryId}`);
  if (query.status) filters.push(sql<boolean>`${sql.ref('p.status')} = ${query.status}`);
  return filters;
}

/**
 * Deferred join: the page's 20 ids are chosen first (from indexes), then only those rows are joined for their
 * details, so deep pages and searches do not join every skipped row. The sort by stock walks the balances'
 * (quantity, product_id) index (every product gets its balance row when it is created). The total comes from the
 * maintained figures (decision 0026) unless a search narrows the list: then the search index counts it.
 */
export async function listProducts(db: Db, dialect: Dialect, query: Query, today: string) {
  const filters = productFilters(dialect, query);
  const pageIds = pageIdsQuery(db, filters, query).$call(onePage(query.page, query.pageSize));
  const [rows, total] = await Promise.all([
    productColumns(db, today)
      .where('p.id', 'in', pageIds)
      .orderBy(PRODUCT_SORT_COLUMNS[query.sort], query.order)
      .orderBy('p.id', query.order)
      .execute(),
    productTotal(db, filters, query, productMatchesAllWords(dialect, query.q).length > 0),
  ]);
  return { data: rows.map(toProduct), total };
}

function pageIdsQuery(db: Db, filters: RawBuilder<boolean>[], query: Query) {
  if (query.sort === 'stockQuantity') {
    return db
      .selectFrom('stock_balances as b')
      .innerJoin('products as p', 'p.id', 'b.product_id')
      .select('b.product_id as id')
      .where(({ and }) => and(filters))
      .orderBy('b.quantity', query.order)
      .orderBy('b.product_id', query.order);
  }
  let ids = db
    .selectFrom('products as p')
    .select('p.id')
    .where(({ and }) => and(filters));
  if (query.sort === 'category') ids = ids.innerJoin('categories as c', 'c.id', 'p.category_id');
  return ids.orderBy(sql.ref(PRODUCT_SORT_COLUMNS[query.sort]), query.order).orderBy('p.id', query.order);
}

async function productTotal(db: Db, filters: RawBuilder<boolean>[], query: Query, searching: boolean) {
  if (!searching) {
    return (await readFigures(db, { categoryId: query.categoryId, status: query.status })).products;
  }
  const count = await db
    .selectFrom('products as p')
    .where(({ and }) => and(filters))
    .select((eb) => eb.fn.countAll().as('total'))
    .executeTakeFirstOrThrow();
  return toNumber(count.total as string | number);
}

export async function findProduct(db: Db | Tx, id: number, today: string): Promise<TProduct | null> {
  const row = await productColumns(db, today).where('p.id', '=', id).executeTakeFirst();
  return row ? toProduct(row) : null;
}

/** Active products for a picker: every word of `q` matches. */
export async function selectProducts(db: Db, dialect: Dialect, query: { q?: string; limit?: number }) {
  let select = db
    .selectFrom('products as p')
    .select(['p.id', 'p.sku', 'p.name'])
    .where('p.status', '=', 'active');
  for (const condition of productMatchesAllWords(dialect, query.q)) select = select.where(condition);
  if (query.limit) select = select.limit(query.limit);
  return select.orderBy('p.name_sort').orderBy('p.id').execute();
}

/** The stored row, as it is (the audit's "before"). */
export function findProductRow(db: Db | Tx, productId: number) {
  return db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
}

export async function isSkuTaken(db: Db | Tx, sku: string): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').where('sku', '=', sku).executeTakeFirst();
  return Boolean(row);
}

/**
 * What every new product is born with, whoever creates it (a form, the catalog sheet, an NF-e): its default package
 * of `quantity` base units and an empty balance row (the list's sort by stock walks the balances), dated and in the
 * base unit of the product's own row. Set-based: two statements per 5,000 products, one bound value per product.
 */
export async function insertProductCompanions(
  tx: Tx,
  productIds: readonly number[],
  defaultUnity: { unityBatchId: number; quantity: bigint },
): Promise<void> {
  // constants inlined, so PostgreSQL types them from the literal (a bound value here would be text); dates and
  // units come from the product's own row
  const batchId = sql.lit(defaultUnity.unityBatchId);
  const quantity = sql.raw(BigInt(defaultUnity.quantity).toString());
  for (let start = 0; start < productIds.length; start += 5_000) {
    const ids = productIds.slice(start, start + 5_000);
    await tx
      .insertInto('product_unities')
      .columns([
        'product_id',
        'unity_id',
        'unity_batch_id',
        'quantity',
        'barcode',
        'status',
        'is_default',
        'created_at',
        'updated_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('products')
          .select((s) => [
            'id',
            'base_unity_id',
            batchId.as('unity_batch_id'),
            quantity.as('quantity'),
            s.lit(null).as('barcode'),
            sql.lit('active').as('status'),
            s.lit(1).as('is_default'),
            'created_at',
            'updated_at',
          ])
          .where('id', 'in', ids),
      )
      .execute();
    await tx
      .insertInto('stock_balances')
      .columns(['product_id', 'quantity', 'total_value', 'average_cost', 'last_movement_at', 'updated_at'])
      .expression((eb) =>
        eb
          .selectFrom('products')
          .select((s) => [
            'id',
            s.lit(0).as('quantity'),
            s.lit(0).as('total_value'),
            s.lit(0).as('average_cost'),
            s.lit(null).as('last_movement_at'),
            'updated_at',
          ])
          .where('id', 'in', ids),
      )
      .execute();
  }
}

/** A new product with its default package (`defaultUnity`) and an empty balance, all in the caller's transaction. */
export async function insertProduct(
  tx: Tx,
  row: Omit<Insertable<ProductTable>, 'created_at' | 'updated_at'>,
  defaultUnity: { unityBatchId: number; quantity: bigint },
): Promise<number> {
  const now = nowIso();
  const product = await tx
    .insertInto('products')
    .values({ ...row, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertProductCompanions(tx, [product.id], defaultUnity);
  return product.id;
}

export async function updateProductRow(
  tx: Tx,
  productId: number,
  set: Omit<Updateable<ProductTable>, 'updated_at'>,
): Promise<void> {
  await tx
    .updateTable('products')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', productId)
    .execute();
}

/** Deletes the product; its packages, prices and supplier links go with it (ON DELETE CASCADE). */
export async function deleteProductRow(tx: Tx, productId: number): Promise<void> {
  await tx.deleteFrom('products').where('id', '=', productId).execute();
}

/**
 * The active product an exact code names, and which package: a package's barcode names that package; the SKU
 * (any case) or the product's own barcode names the default package. Barcodes are unique across both tables.
 */
export async function findProductByCode(db: Db | Tx, code: string) {
  const product = db
    .selectFrom('product_unities as pu')
    .innerJoin('products as p', 'p.id', 'pu.product_id')
    .select(['p.id', 'p.sku', 'p.name', 'pu.id as product_unity_id'])
    .where('p.status', '=', 'active')
    .where('pu.status', '=', 'active');
  const byPackage = await product.where('pu.barcode', '=', code).executeTakeFirst();
  const row =
    byPackage ??
    (await product
      .where('pu.is_default', '=', 1)
      .where((eb) => eb.or([eb('p.sku', '=', code.toUpperCase()), eb('p.barcode', '=', code)]))
      .executeTakeFirst());
  if (!row) return null;
  return { product: { id: row.id, sku: row.sku, name: row.name }, productUnityId: row.product_unity_id };
}
