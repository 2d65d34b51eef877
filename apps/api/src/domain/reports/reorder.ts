import type { TReorderRow } from '@armazem/contracts/reports';
import { divRound } from '@armazem/contracts/decimal';
import { toBigInt, type Db } from '../../db/database.ts';
import type { Clock } from '../../lib/dates.ts';
import { quantityOut } from '../../lib/numbers.ts';
import type { Place } from '../inventory/inventory-place.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { exitFiguresByProduct, supplyLinks } from './reports-repository.ts';
import { addDays } from './reports-rules.ts';

interface Deps {
  db: Db;
  clock: Clock;
  inventory: Pick<InventoryService, 'inventoryAt'>;
}

const WHOLE = 1000n;

/**
 * The quantity to order, in thousandths of the base unit: minimum + exits ÷ N × lead time − balance (never below
 * zero), rounded up to a whole unit when the unit takes no fractions.
 */
export function suggestedQuantity(
  figures: { minStock: bigint; balance: bigint; exits: bigint; days: number; leadTimeDays: number },
  fractional: boolean,
): bigint {
  const need =
    figures.minStock + divRound(figures.exits * BigInt(figures.leadTimeDays), BigInt(figures.days));
  const missing = need - figures.balance;
  if (missing <= 0n) return 0n;
  return fractional ? missing : ((missing + WHOLE - 1n) / WHOLE) * WHOLE;
}

/** Reorder suggestions of the place: every product with something to buy, by supplier and name (the purchase list). */
export async function reorder(
  { db, clock, inventory }: Deps,
  query: { days: number; supplierId?: number | undefined } & Place,
) {
  const to = clock.today();
  const today = await inventory.inventoryAt(to, query);
  const [links, exits] = await Promise.all([
    supplyLinks(db, query.supplierId),
    exitFiguresByProduct(db, today.place.scope, addDays(to, 1 - query.days), to),
  ]);
  const balances = new Map(
    today.items.filter((item) => item.position === 'own').map((item) => [item.productId, item.quantity]),
  );
  const exited = new Map(exits.map((exit) => [exit.id, toBigInt(exit.exits_quantity)]));
  const rows: TReorderRow[] = [];
  for (const link of links) {
    const figures = {
      minStock: toBigInt(link.min_stock),
      balance: balances.get(link.id) ?? 0n,
      exits: exited.get(link.id) ?? 0n,
      days: query.days,
      leadTimeDays: Number(link.lead_time_days),
    };
    const suggested = suggestedQuantity(figures, Boolean(link.fractional));
    if (suggested <= 0n) continue;
    rows.push({
      supplier: { id: link.supplier_id, name: link.supplier_name, leadTimeDays: figures.leadTimeDays },
      product: { id: link.id, sku: link.sku, name: link.name },
      unity: link.unity_code,
      quantity: quantityOut(figures.balance),
      minStock: quantityOut(figures.minStock),
      dailyRate: quantityOut(divRound(figures.exits, BigInt(query.days))),
      suggestedQuantity: quantityOut(suggested),
    });
  }
  rows.sort(
    (x, y) =>
      x.supplier.name.localeCompare(y.supplier.name, 'pt-BR') ||
      x.supplier.id - y.supplier.id ||
      x.product.name.localeCompare(y.product.name, 'pt-BR'),
  );
  return { rows, days: query.days };
}
