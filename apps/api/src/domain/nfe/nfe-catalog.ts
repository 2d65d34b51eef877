import type { z } from 'zod/mini';
import type { ZNfeCreateProduct } from '@armazem/contracts/nfe';
import { isValidGtin } from '@armazem/contracts/documents';
import type { Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { referenceState, unityBatchId, unityTakesFractions } from '../reference/reference-repository.ts';
import { assertReferenceUsable } from '../reference/reference-rules.ts';
import { insertProduct } from '../products/products-repository.ts';
import { insertProductUnity } from '../products/product-unities-repository.ts';
import {
  assertPackageQuantityFits,
  assertSkuFree,
  DEFAULT_BATCH_CODE,
  ONE,
  productSearchColumns,
} from '../products/products-rules.ts';
import { supplierByDocumentOrNew } from '../suppliers/suppliers-repository.ts';
import { supplierSearchText, supplierSortKeys } from '../suppliers/suppliers-rules.ts';
import type { NfeItem } from './nfe-items.ts';
import type { NfeParty } from './nfe-reader.ts';
import { activeIdByCode } from './nfe-repository.ts';

/** What an import adds to the catalog: the supplier from `emit`, products created from the note's items. */

type CreateProduct = z.output<typeof ZNfeCreateProduct>;

export async function createSupplierFromNote(tx: Tx, userId: number, emitter: NfeParty): Promise<number> {
  const fields = {
    name: emitter.name || emitter.document,
    trade_name: emitter.tradeName,
    document: emitter.document,
    email: null,
    phone: null,
    state_registration: emitter.stateRegistration,
    street: emitter.address.street,
    street_number: emitter.address.number,
    district: emitter.address.district,
    city: emitter.address.city,
    state: emitter.address.state,
    zip: emitter.address.zip,
  };
  const { id, created } = await supplierByDocumentOrNew(tx, {
    ...fields,
    search_text: supplierSearchText(fields),
    ...supplierSortKeys(fields),
  });
  if (!created) return id; // created meanwhile by another import of this supplier's notes
  await audit(tx, {
    userId,
    action: 'create',
    entity: 'supplier',
    entityId: id,
    after: { ...fields, source: 'nfe' },
  });
  return id;
}

export interface CatalogRefs {
  /** the CX unity and the CAIXA packaging type for "Caixa c/ N", when active */
  boxUnityId: number | null;
  boxBatchId: number | null;
  defaultBatchId: number;
  takenBarcodes: Set<string>;
}

export async function catalogRefs(tx: Tx, takenBarcodes: Set<string>): Promise<CatalogRefs> {
  return {
    boxUnityId: await activeIdByCode(tx, 'unities', 'CX'),
    boxBatchId: await activeIdByCode(tx, 'unity_batches', 'CAIXA'),
    defaultBatchId: await unityBatchId(tx, DEFAULT_BATCH_CODE),
    takenBarcodes,
  };
}

/**
 * A product made from an item: SKU and name as chosen, NCM, CEST and GTIN from the note (a GTIN already used is
 * left out rather than refusing the import), and with `unitsPerPackage` a package "Caixa c/ N" that the item's
 * quantity is counted in. Returns the product and the product unity the entry goes to.
 */
export async function createProductFromItem(
  tx: Tx,
  userId: number,
  item: NfeItem,
  create: CreateProduct,
  refs: CatalogRefs,
): Promise<{ productId: number; productUnityId: number }> {
  const path = `items.${item.item}.create`;
  const skuTaken = await tx
    .selectFrom('products')
    .select('id')
    .where('sku', '=', create.sku)
    .executeTakeFirst();
  assertSkuFree(create.sku, Boolean(skuTaken));
  const category = await referenceState(tx, 'categories', create.categoryId);
  assertReferenceUsable('categories', category, `${path}.categoryId`);
  assertReferenceUsable(
    'unities',
    await referenceState(tx, 'unities', create.baseUnityId),
    `${path}.baseUnityId`,
  );
  const barcode =
    item.gtin && isValidGtin(item.gtin) && !refs.takenBarcodes.has(item.gtin) ? item.gtin : null;
  if (barcode) refs.takenBarcodes.add(barcode);
  const input = {
    sku: create.sku,
    name: create.name,
    description: null,
    category_id: create.categoryId,
    base_unity_id: create.baseUnityId,
    min_stock: '0',
    barcode,
    ncm: item.ncm && /^[0-9]{8}$/.test(item.ncm) ? item.ncm : null,
    cest: item.cest && /^[0-9]{7}$/.test(item.cest) ? item.cest : null,
    item_type: '00',
    status: 'active' as const,
    ...productSearchColumns({ sku: create.sku, name: create.name, barcode }),
  };
  const productId = await insertProduct(tx, input, { unityBatchId: refs.defaultBatchId, quantity: ONE });
  await audit(tx, {
    userId,
    action: 'create',
    entity: 'product',
    entityId: productId,
    after: { ...input, source: 'nfe' },
  });
  const defaultUnity = await tx
    .selectFrom('product_unities')
    .select('id')
    .where('product_id', '=', productId)
    .where('is_default', '=', 1)
    .executeTakeFirstOrThrow();
  if (!create.unitsPerPackage || create.unitsPerPackage === ONE)
    return { productId, productUnityId: defaultUnity.id };
  const base = await tx
    .selectFrom('unities')
    .select('code')
    .where('id', '=', create.baseUnityId)
    .executeTakeFirstOrThrow();
  assertPackageQuantityFits(
    { fractional: await unityTakesFractions(tx, create.baseUnityId), code: base.code },
    create.unitsPerPackage,
  );
  const productUnityId = await insertProductUnity(tx, productId, {
    unityId: refs.boxUnityId ?? create.baseUnityId,
    unityBatchId: refs.boxBatchId ?? refs.defaultBatchId,
    quantity: create.unitsPerPackage,
  });
  await audit(tx, {
    userId,
    action: 'create',
    entity: 'product_unity',
    entityId: productUnityId,
    after: { productId, quantity: create.unitsPerPackage, source: 'nfe' },
  });
  return { productId, productUnityId };
}
