import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { productUnityLabel } from '../products/products-rules.ts';

// What a movement needs to know before it is posted. Ledger lists live in ledger-repository.ts, stock lists and
// balances in balances-repository.ts.

export async function findMovementContext(tx: Tx | Db, productId: number, productUnityId: number) {
  const [product, unity] = await Promise.all([
    tx
      .selectFrom('products as p')
      .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
      .select(['p.id', 'p.name', 'p.status', 'u.code as base_code', 'u.fractional as base_fractional'])
      .where('p.id', '=', productId)
      .executeTakeFirst(),
    tx
      .selectFrom('product_unities as pu')
      .innerJoin('products as p', 'p.id', 'pu.product_id')
      .innerJoin('unities as base', 'base.id', 'p.base_unity_id')
      .innerJoin('unities as u', 'u.id', 'pu.unity_id')
      .innerJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id')
      .select([
        'pu.id',
        'pu.product_id',
        'pu.status',
        'pu.quantity',
        'pu.is_default',
        'u.fractional',
        'ub.name as batch_name',
        'base.code as base_code',
        'base.name as base_name',
        'base.fractional as base_fractional',
      ])
      .where('pu.id', '=', productUnityId)
      .executeTakeFirst(),
  ]);
  return {
    product: product ?? null,
    unity: unity
      ? {
          productId: unity.product_id,
          status: unity.status,
          unitsPerPackage: toBigInt(unity.quantity),
          packageFractional: (unity.is_default === 1 ? unity.base_fractional : unity.fractional) === 1,
          baseFractional: unity.base_fractional === 1,
          baseCode: unity.base_code,
          label: productUnityLabel({
            isDefault: unity.is_default === 1,
            batchName: unity.batch_name,
            quantity: unity.quantity,
            baseCode: unity.base_code,
            baseName: unity.base_name,
          }),
        }
      : null,
  };
}

export async function findSupplierStatus(tx: Tx | Db, supplierId: number) {
  return tx
    .selectFrom('suppliers')
    .select(['name', 'status'])
    .where('id', '=', supplierId)
    .executeTakeFirst();
}
