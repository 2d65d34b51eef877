import { PACKAGE_LABEL_COLUMNS, packageLabel, packageRows } from '../products/products-public-service.ts';
import type { TStockMovement } from '@armazem/contracts/movements';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso, toBigInt } from '../../db/database.ts';
import type { Month } from './movements-rules.ts';
import type { SheetCatalog, SheetProduct, SheetSupplier } from './sheet-row-rules.ts';

// SQL of the monthly sheet imports (stock_movements) and of the catalog lookups their row checks need.

const CHUNK = 500;

/** The import of the same bytes for the same month that still stands, if any. */
export function findStandingDuplicate(db: Db | Tx, period: Month, sha256: string) {
  return db
    .selectFrom('stock_movements')
    .select(['id', 'file_name', 'created_at'])
    .where('year', '=', period.year)
    .where('month', '=', period.month)
    .where('sha256', '=', sha256)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
}

export async function insertMovement(
  tx: Tx,
  movement: Month & {
    fileName: string;
    sha256: string;
    bytes: Uint8Array;
    contentType: string;
    description: string | null;
    summary: { rows: number; entries: number; exits: number };
    userId: number;
  },
): Promise<number> {
  const row = await tx
    .insertInto('stock_movements')
    .values({
      year: movement.year,
      month: movement.month,
      file_name: movement.fileName,
      sha256: movement.sha256,
      sheet: movement.bytes,
      content_type: movement.contentType,
      description: movement.description,
      rows: movement.summary.rows,
      entries: movement.summary.entries,
      exits: movement.summary.exits,
      created_by: movement.userId,
      created_at: nowIso(),
      cancelled_at: null,
      cancelled_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function findMovementStatus(tx: Tx | Db, movementId: number) {
  return tx
    .selectFrom('stock_movements')
    .select(['id', 'cancelled_at', 'file_name'])
    .where('id', '=', movementId)
    .executeTakeFirst();
}

export async function markMovementCancelled(tx: Tx, movementId: number, userId: number): Promise<void> {
  await tx
    .updateTable('stock_movements')
    .set({ cancelled_at: nowIso(), cancelled_by: userId })
    .where('id', '=', movementId)
    .execute();
}

/** The imports of a month that still stand, newest first. */
export async function listMovements(db: Db | Tx, year: number, month: number): Promise<TStockMovement[]> {
  const rows = await db
    .selectFrom('stock_movements as m')
    .innerJoin('users as u', 'u.id', 'm.created_by')
    .select([
      'm.id',
      'm.year',
      'm.month',
      'm.file_name',
      'm.description',
      'm.rows',
      'm.entries',
      'm.exits',
      'm.created_at',
      'u.id as user_id',
      'u.name as user_name',
    ])
    .where('m.year', '=', year)
    .where('m.month', '=', month)
    .where('m.cancelled_at', 'is', null)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    year: row.year,
    month: row.month,
    fileName: row.file_name,
    description: row.description,
    rows: row.rows,
    entries: row.entries,
    exits: row.exits,
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
  }));
}

/** The month of a standing import. */
export function findStandingMonth(db: Db, id: number) {
  return db
    .selectFrom('stock_movements')
    .select(['id', 'year', 'month'])
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
}

/** The file as it was uploaded (kept after an undo too). */
export function findOriginalSheet(db: Db, id: number) {
  return db
    .selectFrom('stock_movements')
    .select(['file_name', 'content_type', 'sheet'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---------- the catalog a sheet names ----------

function productsNamed(db: Db | Tx, codes: string[]) {
  const columns = ['p.id', 'p.sku', 'p.name', 'p.status', 'u.code', 'u.fractional'] as const;
  return Promise.all([
    db
      .selectFrom('products as p')
      .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
      .select(columns)
      .where('p.sku', 'in', codes)
      .execute(),
    db
      .selectFrom('product_unities as pu')
      .innerJoin('products as p', 'p.id', 'pu.product_id')
      .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
      .select([...columns, 'pu.barcode'])
      .where('pu.barcode', 'in', codes)
      .execute(),
    db
      .selectFrom('products as p')
      .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
      .select([...columns, 'p.barcode'])
      .where('p.barcode', 'in', codes)
      .execute(),
  ]);
}

async function addUnities(db: Db | Tx, byId: Map<number, SheetProduct>): Promise<void> {
  const ids = [...byId.keys()];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const unities = await packageRows(db)
      .select([
        ...PACKAGE_LABEL_COLUMNS,
        'pu.id',
        'pu.product_id',
        'pu.status',
        'pu.barcode',
        'u.code',
        'u.fractional',
      ])
      .where('pu.product_id', 'in', ids.slice(start, start + CHUNK))
      .execute();
    for (const unity of unities) {
      byId.get(unity.product_id)?.unities.push({
        id: unity.id,
        label: packageLabel(unity),
        code: unity.code,
        quantity: toBigInt(unity.quantity),
        fractional: unity.fractional === 1,
        isDefault: unity.is_default === 1,
        status: unity.status,
        barcode: unity.barcode,
      });
    }
  }
}

/** Products by SKU, by their own barcode or by the barcode of one of their packages, each with all its packages. */
async function findProducts(db: Db | Tx, codes: string[]): Promise<Map<string, SheetProduct>> {
  const byCode = new Map<string, SheetProduct>();
  const byId = new Map<number, SheetProduct>();
  for (let start = 0; start < codes.length; start += CHUNK) {
    const [products, viaPackage, viaBarcode] = await productsNamed(db, codes.slice(start, start + CHUNK));
    const remember = (product: (typeof products)[number], key: string) => {
      const info: SheetProduct = byId.get(product.id) ?? {
        id: product.id,
        sku: product.sku,
        name: product.name,
        status: product.status,
        baseCode: product.code,
        baseFractional: product.fractional === 1,
        unities: [],
      };
      byId.set(product.id, info);
      byCode.set(key, info);
    };
    for (const product of products) remember(product, product.sku);
    for (const product of [...viaPackage, ...viaBarcode])
      if (product.barcode) remember(product, product.barcode);
  }
  await addUnities(db, byId);
  return byCode;
}

async function findSuppliers(db: Db | Tx, documents: string[]): Promise<Map<string, SheetSupplier>> {
  const map = new Map<string, SheetSupplier>();
  for (let start = 0; start < documents.length; start += CHUNK) {
    const found = await db
      .selectFrom('suppliers')
      .select(['id', 'document', 'status', 'name'])
      .where('document', 'in', documents.slice(start, start + CHUNK))
      .execute();
    for (const supplier of found) map.set(supplier.document, supplier);
  }
  return map;
}

/** The products (by SKU or barcode) and suppliers (by document) a sheet names. */
export async function findSheetCatalog(
  db: Db | Tx,
  names: { codes: string[]; documents: string[] },
): Promise<SheetCatalog> {
  const [products, suppliers] = await Promise.all([
    findProducts(db, names.codes),
    findSuppliers(db, names.documents),
  ]);
  return { products, suppliers };
}
