import { z } from 'zod/mini';
import type { ZNfeCreateProduct } from '@armazem/contracts/nfe';
import { ZCestInput, ncmDigits } from '@armazem/contracts/catalog';
import type { Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { referenceState, unityTakesFractions } from '../reference/reference-public-service.ts';
import { assertReferenceUsable } from '../shared/catalog-rules.ts';
import { insertProduct } from '../products/products-public-service.ts';
import { insertProductUnity } from '../products/products-public-service.ts';
import { DEFAULT_BATCH_CODE, ONE } from '../shared/catalog-rules.ts';
import {
  assertPackageQuantityFits,
  assertSkuFree,
  productSearchColumns,
} from '../products/products-public-service.ts';
import { supplierByDocumentOrNew } from '../suppliers/suppliers-public-service.ts';
import { supplierSearchText, supplierSortKeys } from '../suppliers/suppliers-public-service.ts';
import type { NfeItem } from './nfe-items.ts';
import type { NfeParty } from './nfe-reader.ts';
import { packageReferences, violatesUnique, type PackageReferences } from './nfe-repository.ts';
import { createdBarcodes, packageKindFor } from './nfe-rules.ts';
import { costPerBaseUnit } from './nfe-package-rules.ts';
import { insertPrice } from '../products/products-public-service.ts';

/** What an import adds to the catalog: the supplier from `emit`, products created from the note's items. */

type CreateProduct = z.output<typeof ZNfeCreateProduct>;

/** The participant's municipality code (cMun), kept the first time a note names it: Bloco H's 0150 needs it. */
export async function rememberCityCode(tx: Tx, supplierId: number, cityCode: string | null) {
  if (!cityCode) return;
  await tx
    .updateTable('suppliers')
    .set({ city_code: cityCode })
    .where('id', '=', supplierId)
    .where('city_code', 'is', null)
    .execute();
}

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
  packages: PackageReferences;
  takenBarcodes: Set<string>;
}

export async function catalogRefs(tx: Tx, takenBarcodes: Set<string>): Promise<CatalogRefs> {
  return { packages: await packageReferences(tx, DEFAULT_BATCH_CODE), takenBarcodes };
}

/** A GTIN the catalog does not use yet (nor an earlier item of this note): it is taken; else none. */
function claim(refs: CatalogRefs, barcode: string | null): string | null {
  if (!barcode || refs.takenBarcodes.has(barcode)) return null;
  refs.takenBarcodes.add(barcode);
  return barcode;
}

const SKU_INDEX = { postgres: 'products_sku_key', sqlite: 'products.sku' };

/** One item a product is created from, in the import's transaction. */
interface ItemToCreate {
  tx: Tx;
  userId: number;
  item: NfeItem;
  create: CreateProduct;
  refs: CatalogRefs;
}

/** The product row, its default package and its audit; a SKU taken meanwhile by another import says so. */
async function insertProductOfItem(
  { tx, userId, item, create, refs }: ItemToCreate,
  barcode: string | null,
): Promise<number> {
  const input = {
    sku: create.sku,
    name: create.name,
    description: null,
    category_id: create.categoryId,
    base_unity_id: create.baseUnityId,
    min_stock: '0',
    barcode,
    ncm: ncmDigits(item.ncm),
    // the note's codes read as the catalog's forms read them (contracts): one rule for NCM and CEST
    cest: z.safeParse(ZCestInput, item.cest).data ?? null,
    item_type: '00',
    status: 'active' as const,
    ...productSearchColumns({ sku: create.sku, name: create.name, barcode }),
  };
  let productId: number;
  try {
    const defaultBatchId = refs.packages.defaultBatch.id;
    productId = await insertProduct(tx, input, { unityBatchId: defaultBatchId, quantity: ONE });
  } catch (error) {
    // PostgreSQL: two imports checked the SKU at once and the other one committed first
    if (violatesUnique(error, SKU_INDEX)) assertSkuFree(create.sku, true);
    throw error;
  }
  await audit(tx, {
    userId,
    action: 'create',
    entity: 'product',
    entityId: productId,
    after: { ...input, source: 'nfe' },
  });
  return productId;
}

/** The package the item is counted in: N base units, of the kind the note's unit names (else Caixa). */
async function insertPackageOfItem(
  { tx, userId, item, create, refs }: ItemToCreate,
  productId: number,
  quantity: bigint,
  barcode: string | null,
): Promise<number> {
  const base = await tx
    .selectFrom('unities')
    .select('code')
    .where('id', '=', create.baseUnityId)
    .executeTakeFirstOrThrow();
  assertPackageQuantityFits(
    { fractional: await unityTakesFractions(tx, create.baseUnityId), code: base.code },
    quantity,
  );
  const kind = packageKindFor(item.unit, refs.packages, refs.packages.defaultBatch);
  const unityId = kind.unityId ?? create.baseUnityId;
  const productUnityId = await insertProductUnity(tx, productId, {
    unityId,
    unityBatchId: kind.batchId,
    quantity,
    barcode,
  });
  await audit(tx, {
    userId,
    action: 'create',
    entity: 'product_unity',
    entityId: productUnityId,
    after: {
      productId,
      unityId,
      unityBatchId: kind.batchId,
      quantity,
      barcode,
      source: 'nfe',
    },
  });
  return productUnityId;
}

/**
 * A product made from an item: SKU and name as chosen, NCM, CEST and the GTINs from the note (a GTIN already used
 * is left out rather than refusing the import), and with `unitsPerPackage` a package that the item's quantity is
 * counted in. Returns the product and the product unity the entry goes to.
 */
export async function createProductFromItem(
  tx: Tx,
  userId: number,
  item: NfeItem,
  create: CreateProduct,
  refs: CatalogRefs,
  /** where the item is chosen in the request body, e.g. `items.0` */
  choicePath: string,
): Promise<{ productId: number; productUnityId: number }> {
  const path = `${choicePath}.create`;
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
  const perPackage = create.unitsPerPackage;
  const packaged = perPackage !== undefined && perPackage !== ONE;
  const barcodes = createdBarcodes(item, packaged);
  const productBarcode = claim(refs, barcodes.product);
  const packageBarcode = claim(refs, barcodes.package);
  const toCreate = { tx, userId, item, create, refs };
  const productId = await insertProductOfItem(toCreate, productBarcode);
  if (!packaged) {
    const defaultUnity = await tx
      .selectFrom('product_unities')
      .select('id')
      .where('product_id', '=', productId)
      .where('is_default', '=', 1)
      .executeTakeFirstOrThrow();
    return { productId, productUnityId: defaultUnity.id };
  }
  const productUnityId = await insertPackageOfItem(toCreate, productId, perPackage, packageBarcode);
  return { productId, productUnityId };
}

/**
 * The cost price of the products an import created (docs/decisions/0062): a product-level price row, the entry's
 * cost per base unit (half-up at R$ 0,0001) from the receipt's date; the sale price is left at zero for the person
 * to set. A product given nothing by the entry (a bonus valued at zero) gets no price row.
 */
export async function recordCostPrices(
  tx: Tx,
  userId: number,
  entries: ReadonlyArray<{ productId: number; totalCost?: bigint | null; baseQuantity: bigint }>,
  effectiveFrom: string,
) {
  for (const entry of entries) {
    const costPrice = costPerBaseUnit(entry.totalCost ?? 0n, entry.baseQuantity);
    if (costPrice <= 0n) continue;
    const row = { productId: entry.productId, productUnityId: null, costPrice, salePrice: 0n, effectiveFrom };
    const id = await insertPrice(tx, { ...row, createdBy: userId });
    await audit(tx, {
      userId,
      action: 'create',
      entity: 'price',
      entityId: id,
      after: { ...row, source: 'nfe' },
    });
  }
}
