import type { TKardex } from '@armazem/contracts/stock-history';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { productNotFound } from '../products/products-rules.ts';
import { runningBefore } from './history-repository.ts';
import { ledgerOrderSql } from './ledger-repository.ts';
import { costPerBaseUnit, positionOf, type Balance } from './stock-rules.ts';

const position = (balance: Balance) => {
  const p = positionOf(balance);
  return {
    quantity: quantityOut(p.quantity),
    averageCost: moneyOut(p.averageCost),
    totalValue: moneyOut(p.totalValue),
  };
};

/**
 * A product's kardex for a date range: the position before it, each live row in ledger order with the
 * running figures the pipeline stored, and the position at its end. Quantities in base units.
 */
export async function kardex(
  db: Db,
  productId: number,
  range: { from: string; to: string },
): Promise<TKardex> {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
    .select(['p.id', 'p.sku', 'p.name', 'u.id as unity_id', 'u.code', 'u.name as unity_name'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!product) throw productNotFound();
  const [{ balance: opening }, rows] = await Promise.all([
    runningBefore(db, productId, range.from),
    db
      .selectFrom('stock_ledger as l')
      .innerJoin('users as us', 'us.id', 'l.created_by')
      .leftJoin('suppliers as s', 's.id', 'l.supplier_id')
      .select([
        'l.id',
        'l.occurred_on',
        'l.direction',
        'l.source',
        'l.reason',
        'l.document',
        'l.base_quantity',
        'l.total_cost',
        'l.balance_quantity',
        'l.balance_value',
        'l.created_at',
        's.id as supplier_id',
        's.name as supplier_name',
        'us.id as user_id',
        'us.name as user_name',
      ])
      .where('l.product_id', '=', productId)
      .where('l.position_id', 'is', null)
      .where('l.cancelled_at', 'is', null)
      .where('l.occurred_on', '>=', range.from)
      .where('l.occurred_on', '<=', range.to)
      .orderBy(ledgerOrderSql('l'))
      .execute(),
  ]);
  let closing = opening;
  const data = rows.map((row) => {
    const baseQuantity = toBigInt(row.base_quantity);
    const totalCost = toBigInt(row.total_cost);
    closing = { quantity: toBigInt(row.balance_quantity), totalValue: toBigInt(row.balance_value) };
    const running = position(closing);
    return {
      id: Number(row.id),
      occurredOn: row.occurred_on,
      direction: row.direction,
      source: row.source,
      reason: row.reason,
      document: row.document,
      supplier:
        row.supplier_id !== null && row.supplier_name !== null
          ? { id: row.supplier_id, name: row.supplier_name }
          : null,
      quantity: quantityOut(baseQuantity),
      unitCost: moneyOut(costPerBaseUnit(totalCost, baseQuantity)),
      totalCost: moneyOut(totalCost),
      balanceQuantity: running.quantity,
      averageCost: running.averageCost,
      balanceValue: running.totalValue,
      createdBy: { id: row.user_id, name: row.user_name },
      createdAt: row.created_at,
    };
  });
  return {
    product: { id: product.id, sku: product.sku, name: product.name },
    unity: { id: product.unity_id, code: product.code, name: product.unity_name },
    from: range.from,
    to: range.to,
    opening: position(opening),
    data,
    closing: position(closing),
  };
}
