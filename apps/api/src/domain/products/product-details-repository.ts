import type { TLinkedSupplier, TPrice, TProductUnity } from '@armazem/contracts/catalog';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';

/** What a product's detail page shows besides the product: prices, linked suppliers and its stock. */

export async function listPrices(
  db: Db | Tx,
  productId: number,
  unities: TProductUnity[],
): Promise<TPrice[]> {
  const labels = new Map(unities.map((unity) => [unity.id, unity.label]));
  const rows = await db
    .selectFrom('prices as pr')
    .innerJoin('users as us', 'us.id', 'pr.created_by')
    .select([
      'pr.id',
      'pr.product_id',
      'pr.product_unity_id',
      'pr.cost_price',
      'pr.sale_price',
      'pr.effective_from',
      'pr.created_at',
      'us.id as user_id',
      'us.name as user_name',
    ])
    .where('pr.product_id', '=', productId)
    .orderBy('pr.effective_from', 'desc')
    .orderBy('pr.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    productId: row.product_id,
    productUnity: row.product_unity_id
      ? { id: row.product_unity_id, label: labels.get(row.product_unity_id) ?? '' }
      : null,
    costPrice: moneyOut(row.cost_price),
    salePrice: moneyOut(row.sale_price),
    effectiveFrom: row.effective_from,
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
  }));
}

export async function insertPrice(
  tx: Tx,
  row: {
    productId: number;
    productUnityId: number | null;
    costPrice: bigint;
    salePrice: bigint;
    effectiveFrom: string;
    createdBy: number;
  },
): Promise<number> {
  const price = await tx
    .insertInto('prices')
    .values({
      product_id: row.productId,
      product_unity_id: row.productUnityId,
      cost_price: row.costPrice.toString(),
      sale_price: row.salePrice.toString(),
      effective_from: row.effectiveFrom,
      created_by: row.createdBy,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return price.id;
}

export async function listLinkedSuppliers(db: Db | Tx, productId: number): Promise<TLinkedSupplier[]> {
  const rows = await db
    .selectFrom('supplier_products as sp')
    .innerJoin('suppliers as s', 's.id', 'sp.supplier_id')
    .select(['s.id', 's.name', 's.trade_name', 's.document', 's.status', 'sp.created_at'])
    .where('sp.product_id', '=', productId)
    .orderBy('s.name_sort')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    tradeName: row.trade_name,
    document: row.document,
    status: row.status,
    linkedAt: row.created_at,
  }));
}

export async function stockSummary(db: Db | Tx, productId: number) {
  const row = await db
    .selectFrom('stock_balances')
    .select(['quantity', 'average_cost', 'total_value', 'last_movement_at'])
    .where('product_id', '=', productId)
    .executeTakeFirst();
  return {
    quantity: quantityOut(row?.quantity),
    averageCost: moneyOut(row?.average_cost),
    totalValue: moneyOut(row?.total_value),
    lastMovementAt: row?.last_movement_at ?? null,
  };
}
