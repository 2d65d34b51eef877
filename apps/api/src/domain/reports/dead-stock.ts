import type { TDeadStockRow } from '@armazem/contracts/reports';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/dates.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import type { Place } from '../inventory/inventory-place.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { lastExits } from './reports-repository.ts';
import { addDays } from './reports-rules.ts';

interface Deps {
  db: Db;
  clock: Clock;
  inventory: Pick<InventoryService, 'inventoryAt'>;
}

/**
 * Dead stock (DESIGN.md §6.6): the products of today's inventory of the place (own stock with us, balance > 0) whose
 * last exit is before the last `days` days (today included), or that never left; the largest value first.
 */
export async function deadStock({ db, clock, inventory }: Deps, days: number, place: Place) {
  const to = clock.today();
  const from = addDays(to, 1 - days);
  const today = await inventory.inventoryAt(to, place);
  const last = await lastExits(db, today.place.scope, to);
  const dead = today.items.filter((item) => {
    if (item.position !== 'own') return false;
    const exit = last.get(item.productId);
    return exit === undefined || exit < from;
  });
  dead.sort((x, y) =>
    x.itemValue === y.itemValue ? x.name.localeCompare(y.name, 'pt-BR') : x.itemValue > y.itemValue ? -1 : 1,
  );
  const rows: TDeadStockRow[] = dead.map((item) => ({
    product: { id: item.productId, sku: item.sku, name: item.name },
    unity: item.unityCode,
    quantity: quantityOut(item.quantity),
    lastExitOn: last.get(item.productId) ?? null,
    totalValue: moneyOut(item.itemValue),
  }));
  const totalValue = moneyOut(dead.reduce((sum, item) => sum + item.itemValue, 0n));
  return { rows, days, from, totalValue };
}
