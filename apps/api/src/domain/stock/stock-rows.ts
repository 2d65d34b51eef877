import type { TStockRow } from '@armazem/contracts/stock';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { averageCost } from '../shared/stock-rules.ts';
import { isBelowMinimum } from './below-minimum.ts';
import { positionQuantities } from './positions-repository.ts';
import { locationValueOf } from './stock-scope.ts';

/** A stock list's row as read from the database: the product, its category and unity, its figures. */
export type StockRowIn = Parameters<typeof toStockRow>[0];

/** The row the API answers (without goods apart and locations). */
export function toStockRow(row: {
  id: number;
  sku: string;
  name: string;
  status: 'active' | 'inactive';
  category_id: number;
  category_name: string;
  unity_id: number;
  unity_code: string;
  unity_name: string;
  quantity: string | number | bigint;
  min_stock: string | number | bigint;
  total_value: string | number | bigint;
  last_movement_at: string | null;
  last_occurred_on: string | null;
}): Omit<TStockRow, 'sentQuantity' | 'heldQuantity' | 'locations'> {
  return {
    product: { id: row.id, sku: row.sku, name: row.name },
    category: { id: row.category_id, name: row.category_name },
    unity: { id: row.unity_id, code: row.unity_code, name: row.unity_name },
    status: row.status,
    quantity: quantityOut(row.quantity),
    minStock: quantityOut(row.min_stock),
    // the balance's average, derived from its quantity and value (the same figure the balance row stores)
    averageCost: moneyOut(
      averageCost({ quantity: toBigInt(row.quantity), totalValue: toBigInt(row.total_value) }),
    ),
    totalValue: moneyOut(row.total_value),
    belowMinimum: isBelowMinimum({
      status: row.status,
      quantity: toBigInt(row.quantity),
      minStock: toBigInt(row.min_stock),
    }),
    lastMovementAt: row.last_movement_at,
    lastMovementOn: row.last_occurred_on,
  };
}

/** A location's row: its value made exact from its establishment's figures. */
export function exactLocationValue<R extends { quantity: unknown; total_value: unknown }>(row: R): R {
  const figures = row as R & { establishment_quantity?: unknown; establishment_value?: unknown };
  const value = locationValueOf(
    row.quantity,
    figures.establishment_value ?? 0,
    figures.establishment_quantity ?? 0,
  );
  return { ...row, total_value: value.toString() };
}

/** The rows with each product's goods apart from own stock: ours with third parties, theirs with us. */
export async function withGoodsApart(
  db: Db,
  rows: ReadonlyArray<Parameters<typeof toStockRow>[0]>,
  date: string | null,
): Promise<Array<Omit<TStockRow, 'locations'>>> {
  const apart = await positionQuantities(
    db,
    rows.map((row) => row.id),
    date,
  );
  return rows.map((row) => {
    const figures = apart.get(row.id);
    return {
      ...toStockRow(row),
      sentQuantity: quantityOut(figures?.sent ?? 0n),
      heldQuantity: quantityOut(figures?.held ?? 0n),
    };
  });
}
