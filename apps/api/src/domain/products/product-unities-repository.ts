import { sql } from 'kysely';
import type { Updateable } from 'kysely';
import type { TProductUnity } from '@armazem/contracts/catalog';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Dialect, ProductUnityTable } from '../../db/types.ts';
import { quantityOut } from '../../lib/numbers.ts';
import { isFractional } from '../reference/reference-public-service.ts';
import { productUnityLabel } from './products-rules.ts';

/** A product's packages joined with the product, its base unit, the package's unit and its kind: every read of a package's label starts here. */
export function packageRows(db: Db | Tx) {
  return db
    .selectFrom('product_unities as pu')
    .innerJoin('products as p', 'p.id', 'pu.product_id')
    .innerJoin('unities as base', 'base.id', 'p.base_unity_id')
    .innerJoin('unities as u', 'u.id', 'pu.unity_id')
    .innerJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id');
}

/** The columns of `packageRows` that a package's label is made of (read them with `packageLabel`). */
export const PACKAGE_LABEL_COLUMNS = [
  'pu.quantity',
  'pu.is_default',
  'ub.name as batch_name',
  'base.code as base_code',
  'base.name as base_name',
] as const;

/** 'Caixa c/ 12 UN' or 'Unidade (UN)' for a row read with PACKAGE_LABEL_COLUMNS. */
export function packageLabel(row: {
  quantity: string | number | bigint;
  is_default: number;
  batch_name: string;
  base_code: string;
  base_name: string;
}): string {
  return productUnityLabel({
    isDefault: row.is_default === 1,
    batchName: row.batch_name,
    quantity: row.quantity,
    baseCode: row.base_code,
    baseName: row.base_name,
  });
}

export async function listProductUnities(
  db: Db | Tx,
  productId: number,
  onlyActive = false,
): Promise<TProductUnity[]> {
  let query = packageRows(db)
    .select([
      ...PACKAGE_LABEL_COLUMNS,
      'pu.id',
      'pu.product_id',
      'pu.barcode',
      'pu.status',
      'u.id as unity_id',
      'u.code as unity_code',
      'u.name as unity_name',
      'ub.id as batch_id',
      'ub.code as batch_code',
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
    label: packageLabel(row),
  }));
}

/**
 * The forms one GTIN can be written in: "7891000000014" and "07891000000014" are the same item (GTIN-13 padded to
 * 14 digits), so one must not be taken while the other is in use. A code that is not a GTIN is only itself.
 */
export function barcodeForms(barcode: string): string[] {
  if (!/^\d{8,14}$/.test(barcode)) return [barcode];
  const plain = barcode.replace(/^0+/, '');
  const forms = [8, 12, 13, 14]
    .filter((length) => length >= plain.length)
    .map((length) => plain.padStart(length, '0'));
  return [...new Set([barcode, ...forms])];
}

/**
 * Is the barcode (in any of its forms) on another product or package? On PostgreSQL the check holds a transaction
 * lock on the code first, so two writes racing to give it to two places (a product and another one's package, which
 * no single unique index sees) are checked one after the other.
 */
export async function isBarcodeTaken(
  tx: Tx,
  dialect: Dialect,
  barcode: string,
  except: { productId?: number; unityId?: number } = {},
) {
  const forms = barcodeForms(barcode);
  if (dialect === 'postgres') {
    await sql`select pg_advisory_xact_lock(hashtext(${`barcode:${forms.at(-1) ?? barcode}`}))`.execute(tx);
  }
  let products = tx.selectFrom('products').select('id').where('barcode', 'in', forms);
  if (except.productId) products = products.where('id', '<>', except.productId);
  let unities = tx.selectFrom('product_unities').select('id').where('barcode', 'in', forms);
  if (except.unityId) unities = unities.where('id', '<>', except.unityId);
  const [product, unity] = await Promise.all([products.executeTakeFirst(), unities.executeTakeFirst()]);
  return Boolean(product || unity);
}

/** Whether the product's price history names this package. */
export async function pricesOfPackage(db: Db | Tx, unityId: number): Promise<boolean> {
  const row = await db
    .selectFrom('prices')
    .select('id')
    .where('product_unity_id', '=', unityId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
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

/** The product's base unity: whether it takes fractions, and its code for messages. */
export async function productBaseUnity(db: Db | Tx, productId: number) {
  const row = await db
    .selectFrom('products as p')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(['u.fractional', 'u.code'])
    .where('p.id', '=', productId)
    .executeTakeFirstOrThrow();
  return { fractional: isFractional(row.fractional), code: row.code };
}

/** The stored package row of this product, as it is (the audit's "before"). */
export function findProductUnityRow(db: Db | Tx, productId: number, unityId: number) {
  return db
    .selectFrom('product_unities')
    .selectAll()
    .where('id', '=', unityId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** Whether the product already has this package (same kind, unity and quantity). */
export async function hasSamePackage(
  db: Db | Tx,
  productId: number,
  input: { unityId: number; unityBatchId: number; quantity: bigint },
): Promise<boolean> {
  const row = await db
    .selectFrom('product_unities')
    .select('id')
    .where('product_id', '=', productId)
    .where('unity_batch_id', '=', input.unityBatchId)
    .where('unity_id', '=', input.unityId)
    .where('quantity', '=', input.quantity.toString())
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertProductUnity(
  tx: Tx,
  productId: number,
  input: { unityId: number; unityBatchId: number; quantity: bigint; barcode?: string | null },
): Promise<number> {
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
  return row.id;
}

export async function updateProductUnityRow(
  tx: Tx,
  unityId: number,
  set: Omit<Updateable<ProductUnityTable>, 'updated_at'>,
): Promise<void> {
  await tx
    .updateTable('product_unities')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', unityId)
    .execute();
}

export async function deleteProductUnityRow(tx: Tx, unityId: number): Promise<void> {
  await tx.deleteFrom('product_unities').where('id', '=', unityId).execute();
}
