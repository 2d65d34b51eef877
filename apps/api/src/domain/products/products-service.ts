import type { Dialect } from '../../db/types.ts';
import type { TProduct, ZNewProduct, ZProductListQuery, ZUpdateProduct } from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';
import type { Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { found } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { referenceState, unityBatchId, unityTakesFractions } from '../reference/reference-public-service.ts';
import { assertReferenceUsable } from '../shared/catalog-rules.ts';
import { listLinkedSuppliers, listPrices, stockSummary } from './product-details-repository.ts';
import { isBarcodeTaken, ledgerReferences, listProductUnities } from './product-unities-repository.ts';
import { addPrice, createProductUnitiesService } from './product-unities-service.ts';
import {
  deleteProductRow,
  findProduct,
  findProductByCode,
  findProductRow,
  insertProduct,
  isSkuTaken,
  listProducts,
  selectProducts,
  updateProductRow,
} from './products-repository.ts';
import {
  assertBarcodeFree,
  assertMinStockFits,
  assertProductDeletable,
  assertSkuFree,
  DEFAULT_BATCH_CODE,
  ONE,
  productNotFound,
  productSearchColumns,
} from './products-rules.ts';

type NewProduct = z.output<typeof ZNewProduct>;
type UpdateProduct = z.output<typeof ZUpdateProduct>;
type ProductListQuery = z.output<typeof ZProductListQuery>;

async function createProduct(
  tx: Tx,
  dialect: Dialect,
  userId: number,
  input: NewProduct,
  today: string,
): Promise<number> {
  assertSkuFree(input.sku, await isSkuTaken(tx, input.sku));
  assertReferenceUsable('categories', await referenceState(tx, 'categories', input.categoryId), 'categoryId');
  assertReferenceUsable('unities', await referenceState(tx, 'unities', input.baseUnityId), 'baseUnityId');
  if (input.barcode) assertBarcodeFree(input.barcode, await isBarcodeTaken(tx, dialect, input.barcode));
  const minStock = input.minStock ?? 0n;
  assertMinStockFits(
    { fractional: await unityTakesFractions(tx, input.baseUnityId, dialect === 'postgres') },
    minStock,
  );
  const productId = await insertProduct(
    tx,
    {
      sku: input.sku,
      name: input.name,
      description: input.description,
      category_id: input.categoryId,
      base_unity_id: input.baseUnityId,
      min_stock: minStock.toString(),
      barcode: input.barcode ?? null,
      ncm: input.ncm ?? null,
      cest: input.cest ?? null,
      item_type: input.itemType ?? '00',
      status: 'active',
      ...productSearchColumns(input),
    },
    { unityBatchId: await unityBatchId(tx, DEFAULT_BATCH_CODE), quantity: ONE },
  );
  const { costPrice, salePrice, ...product } = input;
  await audit(tx, { userId, action: 'create', entity: 'product', entityId: productId, after: product });
  // the first price, when given, with the product: both written or neither (issue 33)
  if (costPrice !== undefined && salePrice !== undefined)
    await addPrice(tx, userId, productId, { costPrice, salePrice }, today);
  return productId;
}

async function updateProduct(
  tx: Tx,
  dialect: Dialect,
  userId: number,
  productId: number,
  input: UpdateProduct,
) {
  const before = found(await findProductRow(tx, productId), productNotFound);
  if (input.categoryId !== undefined) {
    // a product keeps a category deactivated after it was given; it is not moved into one
    const category = await referenceState(tx, 'categories', input.categoryId);
    assertReferenceUsable('categories', category, 'categoryId', before.category_id);
  }
  if (input.barcode) {
    assertBarcodeFree(input.barcode, await isBarcodeTaken(tx, dialect, input.barcode, { productId }));
  }
  if (input.minStock !== undefined) {
    assertMinStockFits(
      { fractional: await unityTakesFractions(tx, before.base_unity_id, dialect === 'postgres') },
      input.minStock,
    );
  }
  const name = input.name ?? before.name;
  const barcode = input.barcode === undefined ? before.barcode : input.barcode;
  await updateProductRow(tx, productId, {
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.categoryId !== undefined ? { category_id: input.categoryId } : {}),
    ...(input.minStock !== undefined ? { min_stock: input.minStock.toString() } : {}),
    ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
    ...(input.ncm !== undefined ? { ncm: input.ncm } : {}),
    ...(input.cest !== undefined ? { cest: input.cest } : {}),
    ...(input.itemType !== undefined ? { item_type: input.itemType } : {}),
    ...productSearchColumns({ sku: before.sku, name, barcode }),
  });
  await audit(tx, { userId, action: 'update', entity: 'product', entityId: productId, before, after: input });
}

/** A product that never moved stock can be deleted with its own packages, prices and supplier links. */
async function deleteProduct(tx: Tx, userId: number, productId: number) {
  const before = found(await findProductRow(tx, productId), productNotFound);
  assertProductDeletable(await ledgerReferences(tx, 'product_id', productId));
  await deleteProductRow(tx, productId);
  await audit(tx, { userId, action: 'delete', entity: 'product', entityId: productId, before });
}

/** Products, their packages and prices: built once per app and reached from routes as `app.products`. */
export function createProductsService(deps: ServiceDeps) {
  const { db, dialect, clock, events } = deps;

  async function product(productId: number): Promise<TProduct> {
    const found = await findProduct(db, productId, clock.today());
    if (!found) throw productNotFound();
    return found;
  }

  return {
    list: (query: ProductListQuery) => listProducts(db, dialect, query, clock.today()),
    select: (query: { q?: string; limit?: number }) => selectProducts(db, dialect, query),
    lookup: async (code: string) => ({ match: await findProductByCode(db, code) }),
    product,

    async detail(productId: number) {
      const found = await product(productId);
      const unities = await listProductUnities(db, productId);
      const [prices, suppliers, stock] = await Promise.all([
        listPrices(db, productId, unities),
        listLinkedSuppliers(db, productId),
        stockSummary(db, productId),
      ]);
      return { ...found, unities, prices, suppliers, stock };
    },

    async create(userId: number, input: NewProduct) {
      const id = await db
        .transaction()
        .execute((tx) => createProduct(tx, dialect, userId, input, clock.today()));
      events.publish('products', [id]);
      return product(id);
    },

    async update(userId: number, productId: number, input: UpdateProduct) {
      await db.transaction().execute((tx) => updateProduct(tx, dialect, userId, productId, input));
      events.publish('products', [productId]);
      return product(productId);
    },

    async remove(userId: number, productId: number) {
      await db.transaction().execute((tx) => deleteProduct(tx, userId, productId));
      events.publish('products', [productId]);
    },

    ...createProductUnitiesService(deps),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
