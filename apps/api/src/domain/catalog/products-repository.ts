import { sql, type RawBuilder } from 'kysely';
import type {
  TLinkedSupplier,
  TPrice,
  TProduct,
  TProductUnity,
  ZProductListQuery,
} from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { productMatchesAllWords } from '../../lib/text.ts';
import type { Dialect } from '../../db/types.ts';
import { productUnityLabel } from './product-unity-label.ts';

type Query = z.output<typeof ZProductListQuery>;

function productBase(db: Db | Tx) {
  return db
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .leftJoin('stock_balances as b', 'b.product_id', 'p.id');
}

function productColumns(db: Db | Tx) {
  return productBase(db).select([
    'p.id',
    'p.sku',
    'p.name',
    'p.description',
    'p.status',
    'p.min_stock',
    'p.barcode',
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

type ProductRow = Awaited<ReturnType<ReturnType<typeof productColumns>['executeTakeFirstOrThrow']>>;
type CurrentPrice = TProduct['currentPrice'];

function toProduct(row: ProductRow, currentPrice: CurrentPrice): TProduct {
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
    currentPrice,
    stockQuantity: quantityOut(row.stock_quantity),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The latest product-level price in effect today (prices of other packages do not count). */
async function currentPrices(
  db: Db | Tx,
  productIds: number[],
  today: string,
): Promise<Map<number, CurrentPrice>> {
  const result = new Map<number, CurrentPrice>();
  if (productIds.length === 0) return result;
  const rows = await db
    .selectFrom('prices as pr')
    .leftJoin('product_unities as pu', 'pu.id', 'pr.product_unity_id')
    .select(['pr.product_id', 'pr.cost_price', 'pr.sale_price', 'pr.effective_from'])
    .where('pr.product_id', 'in', productIds)
    .where('pr.effective_from', '<=', today)
    .where((eb) => eb.or([eb('pr.product_unity_id', 'is', null), eb('pu.is_default', '=', 1)]))
    .orderBy('pr.product_id')
    .orderBy('pr.effective_from', 'desc')
    .orderBy('pr.id', 'desc')
    .execute();
  for (const row of rows) {
    if (result.has(row.product_id)) continue;
    result.set(row.product_id, {
      costPrice: moneyOut(row.cost_price),
      salePrice: moneyOut(row.sale_price),
      effectiveFrom: row.effective_from,
    });
  }
  return result;
}

const SORT_COLUMNS = {
  name: 'p.name_sort',
  sku: 'p.sku',
  category: 'c.name_sort',
  status: 'p.status',
  createdAt: 'p.created_at',
  stockQuantity: 'b.quantity',
} as const;

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
 * details, so deep pages and searches do not join every skipped row.
 */
export async function listProducts(db: Db, dialect: Dialect, query: Query, today: string) {
  const filters = productFilters(dialect, query);
  let ids = db
    .selectFrom('products as p')
    .select('p.id')
    .where(({ and }) => and(filters));
  if (query.sort === 'category') ids = ids.innerJoin('categories as c', 'c.id', 'p.category_id');
  if (query.sort === 'stockQuantity') ids = ids.leftJoin('stock_balances as b', 'b.product_id', 'p.id');
  const pageIds = ids
    .orderBy(sql.ref(SORT_COLUMNS[query.sort]), query.order)
    .orderBy('p.id', query.order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, count] = await Promise.all([
    productColumns(db)
      .where('p.id', 'in', pageIds)
      .orderBy(SORT_COLUMNS[query.sort], query.order)
      .orderBy('p.id', query.order)
      .execute(),
    db
      .selectFrom('products as p')
      .where(({ and }) => and(filters))
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  const prices = await currentPrices(
    db,
    rows.map((row) => row.id),
    today,
  );
  return {
    data: rows.map((row) => toProduct(row, prices.get(row.id) ?? null)),
    total: toNumber(count.total as string | number),
  };
}

export async function findProduct(db: Db | Tx, id: number, today: string): Promise<TProduct | null> {
  const row = await productColumns(db).where('p.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const prices = await currentPrices(db, [id], today);
  return toProduct(row, prices.get(id) ?? null);
}

export async function listProductUnities(
  db: Db | Tx,
  productId: number,
  onlyActive = false,
): Promise<TProductUnity[]> {
  let query = db
    .selectFrom('product_unities as pu')
    .innerJoin('products as p', 'p.id', 'pu.product_id')
    .innerJoin('unities as base', 'base.id', 'p.base_unity_id')
    .innerJoin('unities as u', 'u.id', 'pu.unity_id')
    .innerJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id')
    .select([
      'pu.id',
      'pu.product_id',
      'pu.quantity',
      'pu.barcode',
      'pu.status',
      'pu.is_default',
      'u.id as unity_id',
      'u.code as unity_code',
      'u.name as unity_name',
      'ub.id as batch_id',
      'ub.code as batch_code',
      'ub.name as batch_name',
      'base.code as base_code',
      'base.name as base_name',
    ])
    .where('pu.product_id', '=', productId);
  if (onlyActive) query = query.where('pu.status', '=', 'active');
  const rows = await query.orderBy('pu.is_default', 'desc').orderBy('pu.quantity').orderBy('pu.id').execute();
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    unity: { id: row.unity_id, code: row.unity_code, name: row.unity_name },
    unityBatch: { id: row.batch_id, code: row.batch_code, name: row.batch_name },
    quantity: quantityOut(row.quantity),
    barcode: row.barcode,
    status: row.status,
    isDefault: row.is_default === 1,
    label: productUnityLabel({
      isDefault: row.is_default === 1,
      batchName: row.batch_name,
      quantity: row.quantity,
      baseCode: row.base_code,
      baseName: row.base_name,
    }),
  }));
}

export async function listPrices(
  db: Db | Tx,
  productId: number,
  unities: TProductUnity[],
): Promise<TPrice[]> {
  const labels = new Map(unities.map((unity) => [unity.id, unity.label]));
  const rows = await db
    .selectFrom('prices as pr')
    .innerJoin('users as us', 'us.id', 'pr.created_by')
    .select([
      'pr.id',
      'pr.product_id',
      'pr.product_unity_id',
      'pr.cost_price',
      'pr.sale_price',
      'pr.effective_from',
      'pr.created_at',
      'us.id as user_id',
      'us.name as user_name',
    ])
    .where('pr.product_id', '=', productId)
    .orderBy('pr.effective_from', 'desc')
    .orderBy('pr.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productUnity: row.product_unity_id
      ? { id: row.product_unity_id, label: labels.get(row.product_unity_id) ?? '' }
      : null,
    costPrice: moneyOut(row.cost_price),
    salePrice: moneyOut(row.sale_price),
    effectiveFrom: row.effective_from,
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
  }));
}

export async function listLinkedSuppliers(db: Db | Tx, productId: number): Promise<TLinkedSupplier[]> {
  const rows = await db
    .selectFrom('supplier_products as sp')
    .innerJoin('suppliers as s', 's.id', 'sp.supplier_id')
    .select(['s.id', 's.name', 's.trade_name', 's.document', 's.status', 'sp.created_at'])
    .where('sp.product_id', '=', productId)
    .orderBy('s.name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tradeName: row.trade_name,
    document: row.document,
    status: row.status,
    linkedAt: row.created_at,
  }));
}

export async function stockSummary(db: Db | Tx, productId: number) {
  const row = await db
    .selectFrom('stock_balances')
    .select(['quantity', 'average_cost', 'total_value', 'last_movement_at'])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return {
    quantity: quantityOut(row?.quantity),
    averageCost: moneyOut(row?.average_cost),
    totalValue: moneyOut(row?.total_value),
    lastMovementAt: row?.last_movement_at ?? null,
  };
}

export async function isBarcodeTaken(
  db: Db | Tx,
  barcode: string,
  except: { productId?: number; unityId?: number } = {},
) {
  let products = db.selectFrom('products').select('id').where('barcode', '=', barcode);
  if (except.productId) products = products.where('id', '<>', except.productId);
  let unities = db.selectFrom('product_unities').select('id').where('barcode', '=', barcode);
  if (except.unityId) unities = unities.where('id', '<>', except.unityId);
  const [product, unity] = await Promise.all([products.executeTakeFirst(), unities.executeTakeFirst()]);
  return Boolean(product || unity);
}

export async function ledgerReferences(
  db: Db | Tx,
  column: 'product_id' | 'product_unity_id' | 'supplier_id',
  id: number,
) {
  const row = await db
    .selectFrom('stock_ledger')
    .select('id')
    .where(column, '=', id)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
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
