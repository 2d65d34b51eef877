import { divRound } from '@armazem/contracts/decimal';
import type { Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { runningBefore } from '../stock/stock-public-service.ts';
import { lastEntryCosts } from '../inventory/inventory-public-service.ts';
import type { StockLine } from './nfe-legs.ts';

/**
 * What a customer's return costs when it comes back into own stock (DESIGN.md §6.2): the cost at which the original
 * exit left, found through the note's `refNFe` when that note was imported; else the average at the date (the
 * running figures at the end of that day), or the last entry's cost when nothing is in stock (decision 0065).
 */

/** The own exits of live receipts of these access keys, per product: base quantity and cost. */
async function referencedExits(tx: Tx, keys: readonly string[]) {
  const out = new Map<number, { baseQuantity: bigint; totalCost: bigint }>();
  if (keys.length === 0) return out;
  const rows = await tx
    .selectFrom('stock_ledger as l')
    .innerJoin('nfe_receipts as r', 'r.id', 'l.nfe_id')
    .select(['l.product_id'])
    .select((eb) => [eb.fn.sum('l.base_quantity').as('base'), eb.fn.sum('l.total_cost').as('cost')])
    .where('r.access_key', 'in', [...keys])
    .where('r.undone_at', 'is', null)
    .where('l.cancelled_at', 'is', null)
    .where('l.position_id', 'is', null)
    .where('l.direction', '=', 'out')
    .groupBy('l.product_id')
    .execute();
  for (const row of rows) {
    out.set(row.product_id, {
      baseQuantity: toBigInt(row.base as string),
      totalCost: toBigInt(row.cost as string),
    });
  }
  return out;
}

export const dayAfter = (date: string) => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
};

/**
 * Each sale-return line's entry cost; `unreferenced` names the items that came back at the average because the
 * note they return was not imported.
 */
export async function saleReturnCosts(
  tx: Tx,
  lines: readonly StockLine[],
  references: readonly string[],
  occurredOn: string,
): Promise<{ costs: Map<number, bigint>; unreferenced: number[] }> {
  const returns = lines.filter((line) => line.effect === 'sale_return');
  const costs = new Map<number, bigint>();
  const unreferenced: number[] = [];
  if (returns.length === 0) return { costs, unreferenced };
  const exits = await referencedExits(tx, references);
  const fallback = await lastEntryCosts(
    tx,
    occurredOn,
    returns.map((line) => line.productId),
  );
  for (const line of returns) {
    const exit = exits.get(line.productId);
    if (exit && exit.baseQuantity > 0n) {
      costs.set(line.item, divRound(exit.totalCost * line.baseQuantity, exit.baseQuantity));
      continue;
    }
    unreferenced.push(line.item);
    const { balance } = await runningBefore(tx, line.productId, dayAfter(occurredOn));
    costs.set(
      line.item,
      balance.quantity > 0n
        ? divRound(balance.totalValue * line.baseQuantity, balance.quantity)
        : divRound((fallback.get(line.productId) ?? 0n) * line.baseQuantity, 1000n),
    );
  }
  return { costs, unreferenced };
}
