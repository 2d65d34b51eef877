import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { productUnityLabel } from '../products/products-rules.ts';

// What a movement needs to know before it is posted. Ledger lists live in ledger-repository.ts, stock lists and
// balances in balances-repository.ts.

/**
 * The product and the package a movement names, in one statement: the package is looked up by its own id, so
 * one that belongs to another product still shows (and is refused by the caller).
 */
export async function findMovementContext(tx: Tx | Db, productId: number, productUnityId: number) {
  const row = await tx
    .selectFrom('products as p')
    .innerJoin('unities as base', 'base.id', 'p.base_unity_id')
    .leftJoin('product_unities as pu', (join) => join.on('pu.id', '=', productUnityId))
    .leftJoin('unities as u', 'u.id', 'pu.unity_id')
    .leftJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id')
    .select([
      'p.id',
      'p.sku',
      'p.name',
      'p.status',
      'base.code as base_code',
      'base.name as base_name',
      'base.fractional as base_fractional',
      'pu.id as unity_id',
      'pu.product_id as unity_product_id',
      'pu.status as unity_status',
      'pu.quantity as unity_quantity',
      'pu.is_default',
      'u.fractional',
      'ub.name as batch_name',
    ])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!row) return { product: null, unity: null };
  const product = { id: row.id, sku: row.sku, name: row.name, status: row.status, baseCode: row.base_code };
  if (row.unity_id === null || row.unity_product_id === null || row.unity_quantity === null) {
    return { product, unity: null };
  }
  const isDefault = row.is_default === 1;
  return {
    product,
    unity: {
      id: row.unity_id,
      productId: row.unity_product_id,
      status: row.unity_status,
      unitsPerPackage: toBigInt(row.unity_quantity),
      packageFractional: (isDefault ? row.base_fractional : row.fractional) === 1,
      baseFractional: row.base_fractional === 1,
      baseCode: row.base_code,
      label: productUnityLabel({
        isDefault,
        batchName: row.batch_name ?? '',
        quantity: row.unity_quantity,
        baseCode: row.base_code,
        baseName: row.base_name,
      }),
    },
  };
}

export async function findSupplierStatus(tx: Tx | Db, supplierId: number) {
  return tx
    .selectFrom('suppliers')
    .select(['name', 'status'])
    .where('id', '=', supplierId)
    .executeTakeFirst();
}
