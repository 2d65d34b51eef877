import type { OurEstablishment } from './nfe-effects.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { PACKAGE_LABEL_COLUMNS, packageLabel, packageRows } from '../products/products-public-service.ts';
import type { Insertable } from 'kysely';
import { chunks } from '../../lib/chunks.ts';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toBigInt } from '../../db/database.ts';
import type { NfeReceiptItemTable } from '../../db/document-types.ts';
import type { UnityRule } from '../shared/stock-rules.ts';
import type { ReferenceRow } from './nfe-rules.ts';

/** SQL of NF-e receipts, and nothing else. */

// one statement for a whole note (990 items) on both databases, far below their parameter limits
const CHUNK = 1000;

export async function findSupplierByDocument(db: Db | Tx, document: string) {
  return (
    (await db
      .selectFrom('suppliers')
      .select(['id', 'name', 'status'])
      .where('document', '=', document)
      .executeTakeFirst()) ?? null
  );
}

/**
 * The supplier's learned codes among `codes`. Read whole by the supplier (one index range; a supplier has at most
 * a few thousand codes) and filtered here: a 990-value IN list on the joined tables cost PostgreSQL ~0,5 s.
 */
export async function learnedCodes(db: Db | Tx, supplierId: number, codes: readonly string[]) {
  const wanted = new Set(codes);
  const rows = await db
    .selectFrom('supplier_item_codes as c')
    .select(['c.supplier_code', 'c.supplier_unit', 'c.product_id', 'c.product_unity_id'])
    .where('c.supplier_id', '=', supplierId)
    .execute();
  return rows.filter((row) => wanted.has(row.supplier_code));
}

/** The default package of each product whose SKU is one of `codes` (a note the business issued names its own). */
export async function skuTargets(db: Db | Tx, codes: readonly string[]) {
  const found = new Map<string, { productId: number; productUnityId: number }>();
  if (codes.length === 0) return found;
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_unities as pu', (join) =>
      join.onRef('pu.product_id', '=', 'p.id').on('pu.is_default', '=', 1),
    )
    .select(['p.sku', 'p.id', 'pu.id as unity_id'])
    .where('p.sku', 'in', [...new Set(codes)])
    .execute();
  for (const row of rows) found.set(row.sku, { productId: row.id, productUnityId: row.unity_id });
  return found;
}

/** Active products and packages whose barcode is one of `gtins` (a product's own barcode is its base unit's). */
export async function barcodeTargets(db: Db | Tx, gtins: readonly string[]) {
  const found = new Map<string, { productId: number; productUnityId: number }>();
  for (const part of chunks([...new Set(gtins)], CHUNK)) {
    const packages = await db
      .selectFrom('product_unities as pu')
      .innerJoin('products as p', 'p.id', 'pu.product_id')
      .select(['pu.barcode', 'pu.id', 'pu.product_id'])
      .where('pu.barcode', 'in', part)
      .where('pu.status', '=', 'active')
      .where('p.status', '=', 'active')
      .execute();
    for (const row of packages)
      if (row.barcode) found.set(row.barcode, { productId: row.product_id, productUnityId: row.id });
    const products = await db
      .selectFrom('products as p')
      .innerJoin('product_unities as pu', (join) =>
        join.onRef('pu.product_id', '=', 'p.id').on('pu.is_default', '=', 1),
      )
      .select(['p.barcode', 'p.id', 'pu.id as unity_id'])
      .where('p.barcode', 'in', part)
      .where('p.status', '=', 'active')
      .execute();
    for (const row of products)
      if (row.barcode) found.set(row.barcode, { productId: row.id, productUnityId: row.unity_id });
  }
  return found;
}

export interface UnityInfo extends UnityRule {
  id: number;
  productId: number;
  active: boolean;
  productActive: boolean;
  quantity: bigint;
  product: { id: number; sku: string; name: string; baseUnity: string };
  /** the product's EFD TIPO_ITEM: 07 and 08 take no ICMS credit */
  itemType: string;
}

/** Product unities with what matching, the preview and the whole-units rule need. */
export async function unityInfos(db: Db | Tx, ids: readonly number[]): Promise<Map<number, UnityInfo>> {
  const out = new Map<number, UnityInfo>();
  for (const part of chunks([...new Set(ids)], CHUNK)) {
    const rows = await packageRows(db)
      .select([
        ...PACKAGE_LABEL_COLUMNS,
        'pu.id',
        'pu.product_id',
        'pu.status',
        'u.fractional',
        'base.fractional as base_fractional',
        'p.sku',
        'p.name',
        'p.status as product_status',
        'p.item_type',
      ])
      .where('pu.id', 'in', part)
      .execute();
    for (const row of rows) {
      const label = packageLabel(row);
      out.set(row.id, {
        id: row.id,
        productId: row.product_id,
        active: row.status === 'active',
        productActive: row.product_status === 'active',
        quantity: toBigInt(row.quantity),
        unitsPerPackage: toBigInt(row.quantity),
        packageFractional: (row.is_default === 1 ? row.base_fractional : row.fractional) === 1,
        baseFractional: row.base_fractional === 1,
        baseCode: row.base_code,
        label,
        product: { id: row.product_id, sku: row.sku, name: row.name, baseUnity: row.base_code },
        itemType: row.item_type,
      });
    }
  }
  return out;
}

export async function takenSkus(db: Db | Tx, skus: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(skus)], CHUNK)) {
    const rows = await db.selectFrom('products').select('sku').where('sku', 'in', part).execute();
    for (const row of rows) taken.add(row.sku);
  }
  return taken;
}

export async function takenBarcodes(db: Db | Tx, barcodes: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const part of chunks([...new Set(barcodes)], CHUNK)) {
    for (const row of await db
      .selectFrom('products')
      .select('barcode')
      .where('barcode', 'in', part)
      .execute())
      if (row.barcode) taken.add(row.barcode);
    for (const row of await db
      .selectFrom('product_unities')
      .select('barcode')
      .where('barcode', 'in', part)
      .execute())
      if (row.barcode) taken.add(row.barcode);
  }
  return taken;
}

export async function standingReceiptByKey(db: Db | Tx, accessKey: string) {
  return (
    (await db
      .selectFrom('nfe_receipts')
      .select(['id'])
      .where('access_key', '=', accessKey)
      .where('undone_at', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

export interface PackageReferences {
  unities: ReferenceRow[];
  batches: ReferenceRow[];
  /** the default packaging type ("Unidade avulsa"), whatever its status */
  defaultBatch: ReferenceRow;
}

/** The active units and packaging types (a few dozen rows): what a product's new package may be made of. */
export async function packageReferences(db: Db | Tx, defaultBatchCode: string): Promise<PackageReferences> {
  const unities = await db
    .selectFrom('unities')
    .select(['id', 'code', 'name'])
    .where('status', '=', 'active')
    .execute();
  const batches = await db
    .selectFrom('unity_batches')
    .select(['id', 'code', 'name', 'status'])
    .where((eb) => eb.or([eb('status', '=', 'active'), eb('code', '=', defaultBatchCode)]))
    .orderBy('id')
    .execute();
  const defaultBatch = batches.find((b) => b.code === defaultBatchCode);
  if (!defaultBatch) throw new Error(`Tipo de embalagem padrão ${defaultBatchCode} ausente.`);
  return { unities, batches: batches.filter((b) => b.status === 'active'), defaultBatch };
}

/**
 * A unique index refused the row (a concurrent import wrote it first): PostgreSQL names the constraint, SQLite
 * the table and column.
 */
export function violatesUnique(error: unknown, index: { postgres: string; sqlite: string }): boolean {
  if (!isUniqueViolation(error)) return false;
  const e = error as { code?: string; constraint?: string; message?: string };
  return e.code === '23505' ? e.constraint === index.postgres : (e.message ?? '').includes(index.sqlite);
}

export interface NewReceipt {
  accessKey: string;
  number: string;
  series: string;
  issuedAt: string;
  supplierId: number;
  fileName: string;
  xml: Uint8Array;
  items: number;
  totalCost: bigint;
  invoiceTotal: bigint;
  occurredOn: string;
  userId: number;
  /** JSON of the items that move no stock */
  otherItems: string | null;
  /** the document batch it comes in (DESIGN.md §6.4); absent for a note imported alone */
  batchId?: number | null;
}

/** The receipt's cost once its lines are posted: entries at their cost, exits at the cost they left at. */
export async function setReceiptTotal(tx: Tx, id: number, totalCost: bigint) {
  await tx
    .updateTable('nfe_receipts')
    .set({ total_cost: totalCost.toString() })
    .where('id', '=', id)
    .execute();
}

export async function insertReceipt(tx: Tx, receipt: NewReceipt): Promise<number> {
  const row = await tx
    .insertInto('nfe_receipts')
    .values({
      access_key: receipt.accessKey,
      number: receipt.number,
      series: receipt.series,
      issued_at: receipt.issuedAt,
      supplier_id: receipt.supplierId,
      file_name: receipt.fileName,
      xml: receipt.xml,
      items: receipt.items,
      total_cost: receipt.totalCost.toString(),
      invoice_total: receipt.invoiceTotal.toString(),
      occurred_on: receipt.occurredOn,
      created_by: receipt.userId,
      created_at: nowIso(),
      undone_at: null,
      undone_by: null,
      other_items: receipt.otherItems,
      batch_id: receipt.batchId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertReceiptItems(tx: Tx, rows: ReadonlyArray<Insertable<NfeReceiptItemTable>>) {
  for (const part of chunks(rows, 200)) await tx.insertInto('nfe_receipt_items').values(part).execute();
}

/** Remembers (or re-points) what the supplier's code and unit mean in our catalog. */
export async function rememberCodes(
  tx: Tx,
  supplierId: number,
  codes: ReadonlyArray<{ supplierCode: string; unit: string; productId: number; productUnityId: number }>,
) {
  const now = nowIso();
  const unique = new Map(codes.map((c) => [`${c.supplierCode}\u0000${c.unit}`, c]));
  for (const part of chunks([...unique.values()], 200)) {
    await tx
      .insertInto('supplier_item_codes')
      .values(
        part.map((c) => ({
          supplier_id: supplierId,
          supplier_code: c.supplierCode,
          supplier_unit: c.unit,
          product_id: c.productId,
          product_unity_id: c.productUnityId,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['supplier_id', 'supplier_code', 'supplier_unit']).doUpdateSet((eb) => ({
          product_id: eb.ref('excluded.product_id'),
          product_unity_id: eb.ref('excluded.product_unity_id'),
          updated_at: now,
        })),
      )
      .execute();
  }
}

export async function linkSupplierProducts(tx: Tx, supplierId: number, productIds: readonly number[]) {
  const now = nowIso();
  for (const part of chunks([...new Set(productIds)], 400)) {
    await tx
      .insertInto('supplier_products')
      .values(part.map((productId) => ({ supplier_id: supplierId, product_id: productId, created_at: now })))
      .onConflict((oc) => oc.columns(['supplier_id', 'product_id']).doNothing())
      .execute();
  }
}

/** The TIPO_ITEM of products chosen for a note's items (their ICMS credit depends on it). */
export async function itemTypes(db: Db | Tx, productIds: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunks([...new Set(productIds)], CHUNK)) {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'item_type'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) out.set(row.id, row.item_type);
  }
  return out;
}

/** The business's active establishments with a CNPJ, the first (the matriz) first. */
export async function ourEstablishments(db: Db | Tx): Promise<OurEstablishment[]> {
  const rows = await db
    .selectFrom('establishments')
    .select(['id', 'name', 'document', 'default_location_id'])
    .where('status', '=', 'active')
    .where('document', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    document: row.document ?? '',
    defaultLocationId: row.default_location_id ?? 0,
  }));
}
