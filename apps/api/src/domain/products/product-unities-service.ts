import type { Dialect } from '../../db/types.ts';
import type { ZNewPrice, ZNewProductUnity, ZUpdateProductUnity } from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';
import type { Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { found } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { referenceState } from '../reference/reference-public-service.ts';
import { assertReferenceUsable } from '../shared/catalog-rules.ts';
import { insertPrice, listPrices } from './product-details-repository.ts';
import {
  deleteProductUnityRow,
  findProductUnityRow,
  hasSamePackage,
  insertProductUnity,
  isBarcodeTaken,
  pricesOfPackage,
  ledgerReferences,
  listProductUnities,
  productBaseUnity,
  updateProductUnityRow,
} from './product-unities-repository.ts';
import { findProductRow } from './products-repository.ts';
import {
  assertBarcodeFree,
  assertDefaultPackageChange,
  assertNotDuplicatePackage,
  assertPackageDeletable,
  assertPackageQuantityFits,
  assertPackageQuantityUnlocked,
  assertPricePackageBelongs,
  changesPackageQuantity,
  priceEffectiveFrom,
  productNotFound,
  productUnityNotFound,
} from './products-rules.ts';

type NewProductUnity = z.output<typeof ZNewProductUnity>;
type UpdateProductUnity = z.output<typeof ZUpdateProductUnity>;
type NewPrice = z.output<typeof ZNewPrice>;

async function requireProductUnity(tx: Tx, productId: number, unityId: number) {
  found(await findProductRow(tx, productId), productNotFound);
  return found(await findProductUnityRow(tx, productId, unityId), productUnityNotFound);
}

async function addUnity(tx: Tx, dialect: Dialect, userId: number, productId: number, input: NewProductUnity) {
  const product = found(await findProductRow(tx, productId), productNotFound);
  // a new package counts in an active unit, or in the product's own even once that unit is deactivated
  const unity = await referenceState(tx, 'unities', input.unityId);
  assertReferenceUsable('unities', unity, 'unityId', product.base_unity_id);
  const batch = await referenceState(tx, 'unity_batches', input.unityBatchId);
  assertReferenceUsable('unity_batches', batch, 'unityBatchId');
  assertPackageQuantityFits(await productBaseUnity(tx, productId), input.quantity);
  if (input.barcode) assertBarcodeFree(input.barcode, await isBarcodeTaken(tx, dialect, input.barcode));
  assertNotDuplicatePackage(await hasSamePackage(tx, productId, input));
  const id = await insertProductUnity(tx, productId, input);
  const after = { productId, ...input };
  await audit(tx, { userId, action: 'create', entity: 'product_unity', entityId: id, after });
  return id;
}

async function updateUnity(
  tx: Tx,
  dialect: Dialect,
  userId: number,
  ids: { productId: number; unityId: number },
  input: UpdateProductUnity,
) {
  const { productId, unityId } = ids;
  const before = await requireProductUnity(tx, productId, unityId);
  const stored = { isDefault: before.is_default === 1, quantity: toBigInt(before.quantity) };
  assertDefaultPackageChange(stored, input);
  if (input.quantity !== undefined) {
    assertPackageQuantityFits(await productBaseUnity(tx, productId), input.quantity);
    if (changesPackageQuantity(stored, input)) {
      assertPackageQuantityUnlocked(await ledgerReferences(tx, 'product_unity_id', unityId));
    }
  }
  if (input.barcode) {
    assertBarcodeFree(input.barcode, await isBarcodeTaken(tx, dialect, input.barcode, { unityId }));
  }
  await updateProductUnityRow(tx, unityId, {
    ...(input.quantity !== undefined ? { quantity: input.quantity.toString() } : {}),
    ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
  });
  const entry = { userId, action: 'update', entity: 'product_unity', entityId: unityId } as const;
  await audit(tx, { ...entry, before, after: input });
}

async function deleteUnity(tx: Tx, userId: number, productId: number, unityId: number) {
  const before = await requireProductUnity(tx, productId, unityId);
  const isDefault = before.is_default === 1;
  // The default package is refused before the ledger is read, as it always was.
  const used = {
    movements: !isDefault && (await ledgerReferences(tx, 'product_unity_id', unityId)),
    prices: !isDefault && (await pricesOfPackage(tx, unityId)),
  };
  assertPackageDeletable({ isDefault }, used);
  await deleteProductUnityRow(tx, unityId);
  await audit(tx, { userId, action: 'delete', entity: 'product_unity', entityId: unityId, before });
}

/** A price of a product (or of one of its packages), in the caller's transaction, audited. */
export async function addPrice(tx: Tx, userId: number, productId: number, input: NewPrice, today: string) {
  found(await findProductRow(tx, productId), productNotFound);
  if (input.productUnityId) {
    assertPricePackageBelongs(Boolean(await findProductUnityRow(tx, productId, input.productUnityId)));
  }
  const id = await insertPrice(tx, {
    productId,
    productUnityId: input.productUnityId ?? null,
    costPrice: input.costPrice,
    salePrice: input.salePrice,
    effectiveFrom: priceEffectiveFrom(input, today),
    createdBy: userId,
  });
  await audit(tx, {
    userId,
    action: 'create',
    entity: 'price',
    entityId: id,
    after: { productId, ...input },
  });
  return id;
}

/** A product's packages and prices; part of `app.products`. */
export function createProductUnitiesService({ db, dialect, clock, events }: ServiceDeps) {
  async function unity(productId: number, unityId: number) {
    const unities = await listProductUnities(db, productId);
    return found(
      unities.find((item) => item.id === unityId),
      productNotFound,
    );
  }

  return {
    async addUnity(userId: number, productId: number, input: NewProductUnity) {
      const id = await db.transaction().execute((tx) => addUnity(tx, dialect, userId, productId, input));
      events.publish('products', [productId]); // the product's screen and every package picker
      return unity(productId, id);
    },

    async updateUnity(userId: number, productId: number, unityId: number, input: UpdateProductUnity) {
      await db.transaction().execute((tx) => updateUnity(tx, dialect, userId, { productId, unityId }, input));
      events.publish('products', [productId]);
      return unity(productId, unityId);
    },

    async removeUnity(userId: number, productId: number, unityId: number) {
      await db.transaction().execute((tx) => deleteUnity(tx, userId, productId, unityId));
      events.publish('products', [productId]);
    },

    /** The active packages a movement form offers. */
    async unitySelect(productId: number) {
      found(await findProductRow(db, productId), productNotFound);
      const unities = await listProductUnities(db, productId, true);
      return unities.map(({ id, label, quantity, unity, unityBatch, isDefault }) => ({
        id,
        label,
        quantity,
        unity,
        unityBatch,
        isDefault,
      }));
    },

    async addPrice(userId: number, productId: number, input: NewPrice) {
      const id = await db
        .transaction()
        .execute((tx) => addPrice(tx, userId, productId, input, clock.today()));
      events.publish('products', [productId]); // the product's prices (and the stock value at cost)
      const prices = await listPrices(db, productId, await listProductUnities(db, productId));
      return found(
        prices.find((item) => item.id === id),
        productNotFound,
      );
    },
  };
}
