import type {
  ZNewPrice,
  ZNewProduct,
  ZNewProductUnity,
  ZUpdateProduct,
  ZUpdateProductUnity,
} from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toBigInt } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { foldText, sortKey } from '../../lib/text.ts';
import { isBarcodeTaken, ledgerReferences } from './products-repository.ts';

type NewProduct = z.output<typeof ZNewProduct>;
type UpdateProduct = z.output<typeof ZUpdateProduct>;
type NewProductUnity = z.output<typeof ZNewProductUnity>;
type UpdateProductUnity = z.output<typeof ZUpdateProductUnity>;
type NewPrice = z.output<typeof ZNewPrice>;

const DEFAULT_BATCH_CODE = 'AVULSA';
const ONE = 1000n; // one base unit, in thousandths

export const productNotFound = () => notFound('Produto não encontrado.');
const inUse = (what: string) =>
  conflict(
    `${what} já tem movimentações de estoque e não pode ser excluído. Desative-o para que não apareça nos cadastros.`,
  );

async function requireProduct(tx: Tx, productId: number) {
  const product = await tx.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
  if (!product) throw productNotFound();
  return product;
}

async function requireReference(
  tx: Tx,
  table: 'categories' | 'unities' | 'unity_batches',
  id: number,
  field: string,
) {
  const row = await tx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  if (!row) {
    const names = { categories: 'Categoria', unities: 'Unidade', unity_batches: 'Embalagem' } as const;
    throw badRequest(`${names[table]} não encontrada.`, field);
  }
}

async function assertBarcodeFree(
  tx: Tx,
  barcode: string | null | undefined,
  except: { productId?: number; unityId?: number },
) {
  if (barcode && (await isBarcodeTaken(tx, barcode, except))) {
    throw conflict(`O código de barras ${barcode} já está em uso por outro produto ou embalagem.`);
  }
}

export async function createProduct(db: Db, userId: number, input: NewProduct): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const existing = await tx
      .selectFrom('products')
      .select('id')
      .where('sku', '=', input.sku)
      .executeTakeFirst();
    if (existing) throw conflict(`Já existe um produto com o código (SKU) ${input.sku}.`);
    await requireReference(tx, 'categories', input.categoryId, 'categoryId');
    await requireReference(tx, 'unities', input.baseUnityId, 'baseUnityId');
    await assertBarcodeFree(tx, input.barcode, {});
    const baseUnity = await tx
      .selectFrom('unities')
      .select('fractional')
      .where('id', '=', input.baseUnityId)
      .executeTakeFirstOrThrow();
    const minStock = input.minStock ?? 0n;
    if (baseUnity.fractional === 0 && minStock % ONE !== 0n) {
      throw badRequest('O estoque mínimo deve ser um número inteiro para esta unidade.', 'minStock');
    }
    const now = nowIso();
    const product = await tx
      .insertInto('products')
      .values({
        sku: input.sku,
        name: input.name,
        description: input.description,
        category_id: input.categoryId,
        base_unity_id: input.baseUnityId,
        min_stock: minStock.toString(),
        barcode: input.barcode ?? null,
        status: 'active',
        search_text: foldText(input.sku, input.name, input.barcode),
        name_sort: sortKey(input.name),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const batch = await tx
      .selectFrom('unity_batches')
      .select('id')
      .where('code', '=', DEFAULT_BATCH_CODE)
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('product_unities')
      .values({
        product_id: product.id,
        unity_id: input.baseUnityId,
        unity_batch_id: batch.id,
        quantity: ONE.toString(),
        barcode: null,
        status: 'active',
        is_default: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await tx
      .insertInto('stock_balances')
      .values({
        product_id: product.id,
        quantity: '0',
        total_value: '0',
        average_cost: '0',
        last_movement_at: null,
        updated_at: now,
      })
      .execute();
    await audit(tx, { userId, action: 'create', entity: 'product', entityId: product.id, after: input });
    return product.id;
  });
}

export async function updateProduct(
  db: Db,
  userId: number,
  productId: number,
  input: UpdateProduct,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await requireProduct(tx, productId);
    if (input.categoryId !== undefined)
      await requireReference(tx, 'categories', input.categoryId, 'categoryId');
    if (input.barcode) await assertBarcodeFree(tx, input.barcode, { productId });
    if (input.minStock !== undefined) {
      const unity = await tx
        .selectFrom('unities')
        .select('fractional')
        .where('id', '=', before.base_unity_id)
        .executeTakeFirstOrThrow();
      if (unity.fractional === 0 && input.minStock % ONE !== 0n) {
        throw badRequest('O estoque mínimo deve ser um número inteiro para esta unidade.', 'minStock');
      }
    }
    const name = input.name ?? before.name;
    const barcode = input.barcode === undefined ? before.barcode : input.barcode;
    await tx
      .updateTable('products')
      .set({
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.categoryId !== undefined ? { category_id: input.categoryId } : {}),
        ...(input.minStock !== undefined ? { min_stock: input.minStock.toString() } : {}),
        ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
        search_text: foldText(before.sku, name, barcode),
        name_sort: sortKey(name),
        updated_at: nowIso(),
      })
      .where('id', '=', productId)
      .execute();
    await audit(tx, {
      userId,
      action: 'update',
      entity: 'product',
      entityId: productId,
      before,
      after: input,
    });
  });
}

/** A product that never moved stock can be deleted with its own packages, prices and supplier links. */
export async function deleteProduct(db: Db, userId: number, productId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const before = await requireProduct(tx, productId);
    if (await ledgerReferences(tx, 'product_id', productId)) throw inUse('O produto');
    await tx.deleteFrom('products').where('id', '=', productId).execute();
    await audit(tx, { userId, action: 'delete', entity: 'product', entityId: productId, before });
  });
}

async function assertWholeIfNeeded(tx: Tx, productId: number, quantity: bigint) {
  const base = await tx
    .selectFrom('products as p')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(['u.fractional', 'u.code'])
    .where('p.id', '=', productId)
    .executeTakeFirstOrThrow();
  if (base.fractional === 0 && quantity % ONE !== 0n) {
    throw badRequest(
      `A quantidade deve ser um número inteiro: a unidade base (${base.code}) não aceita frações.`,
      'quantity',
    );
  }
}

export async function addProductUnity(
  db: Db,
  userId: number,
  productId: number,
  input: NewProductUnity,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await requireProduct(tx, productId);
    await requireReference(tx, 'unities', input.unityId, 'unityId');
    await requireReference(tx, 'unity_batches', input.unityBatchId, 'unityBatchId');
    await assertWholeIfNeeded(tx, productId, input.quantity);
    await assertBarcodeFree(tx, input.barcode, {});
    const duplicate = await tx
      .selectFrom('product_unities')
      .select('id')
      .where('product_id', '=', productId)
      .where('unity_batch_id', '=', input.unityBatchId)
      .where('unity_id', '=', input.unityId)
      .where('quantity', '=', input.quantity.toString())
      .executeTakeFirst();
    if (duplicate) throw conflict('Esta embalagem já está cadastrada para o produto.');
    const now = nowIso();
    const row = await tx
      .insertInto('product_unities')
      .values({
        product_id: productId,
        unity_id: input.unityId,
        unity_batch_id: input.unityBatchId,
        quantity: input.quantity.toString(),
        barcode: input.barcode ?? null,
        status: 'active',
        is_default: 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId,
      action: 'create',
      entity: 'product_unity',
      entityId: row.id,
      after: { productId, ...input },
    });
    return row.id;
  });
}

async function requireProductUnity(tx: Tx, productId: number, unityId: number) {
  await requireProduct(tx, productId);
  const unity = await tx
    .selectFrom('product_unities')
    .selectAll()
    .where('id', '=', unityId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!unity) throw notFound('Embalagem não encontrada para este produto.');
  return unity;
}

export async function updateProductUnity(
  db: Db,
  userId: number,
  productId: number,
  unityId: number,
  input: UpdateProductUnity,
) {
  await db.transaction().execute(async (tx) => {
    const before = await requireProductUnity(tx, productId, unityId);
    if (before.is_default === 1 && input.quantity !== undefined && input.quantity !== ONE) {
      throw conflict('A unidade base do produto vale sempre 1 e não pode ser alterada.');
    }
    if (before.is_default === 1 && input.status === 'inactive') {
      throw conflict('A unidade base do produto não pode ser desativada.');
    }
    if (input.quantity !== undefined) {
      await assertWholeIfNeeded(tx, productId, input.quantity);
      if (
        toBigInt(before.quantity) !== input.quantity &&
        (await ledgerReferences(tx, 'product_unity_id', unityId))
      ) {
        throw conflict(
          'Esta embalagem já foi usada em movimentações; a quantidade não pode mudar. Cadastre uma nova embalagem.',
        );
      }
    }
    if (input.barcode) await assertBarcodeFree(tx, input.barcode, { unityId });
    await tx
      .updateTable('product_unities')
      .set({
        ...(input.quantity !== undefined ? { quantity: input.quantity.toString() } : {}),
        ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        updated_at: nowIso(),
      })
      .where('id', '=', unityId)
      .execute();
    await audit(tx, {
      userId,
      action: 'update',
      entity: 'product_unity',
      entityId: unityId,
      before,
      after: input,
    });
  });
}

export async function deleteProductUnity(db: Db, userId: number, productId: number, unityId: number) {
  await db.transaction().execute(async (tx) => {
    const before = await requireProductUnity(tx, productId, unityId);
    if (before.is_default === 1) throw conflict('A unidade base do produto não pode ser excluída.');
    if (await ledgerReferences(tx, 'product_unity_id', unityId)) {
      throw conflict('Esta embalagem já tem movimentações de estoque e não pode ser excluída. Desative-a.');
    }
    await tx.deleteFrom('product_unities').where('id', '=', unityId).execute();
    await audit(tx, { userId, action: 'delete', entity: 'product_unity', entityId: unityId, before });
  });
}

export async function addPrice(
  db: Db,
  userId: number,
  productId: number,
  input: NewPrice,
  today: string,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    await requireProduct(tx, productId);
    if (input.productUnityId) {
      const unity = await tx
        .selectFrom('product_unities')
        .select('id')
        .where('id', '=', input.productUnityId)
        .where('product_id', '=', productId)
        .executeTakeFirst();
      if (!unity) throw badRequest('A embalagem informada não pertence a este produto.', 'productUnityId');
    }
    const row = await tx
      .insertInto('prices')
      .values({
        product_id: productId,
        product_unity_id: input.productUnityId ?? null,
        cost_price: input.costPrice.toString(),
        sale_price: input.salePrice.toString(),
        effective_from: input.effectiveFrom ?? today,
        created_by: userId,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(tx, {
      userId,
      action: 'create',
      entity: 'price',
      entityId: row.id,
      after: { productId, ...input },
    });
    return row.id;
  });
}
