import type { TDeadStockRow } from '@armazem/contracts/reports';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/dates.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { type Place } from '../inventory/inventory-public-service.ts';
import { type PlaceValue } from '../inventory/inventory-public-service.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { type StockScope } from '../stock/stock-public-service.ts';
import { lastExits, productRefs } from './reports-repository.ts';
import { deadProducts } from './place-queries.ts';
import { addDays } from './reports-rules.ts';

interface Deps {
  db: Db;
  clock: Clock;
  inventory: Pick<InventoryService, 'placeOf' | 'valuesAt'>;
}

/**
 * Dead stock (DESIGN.md §6.6): the lines of today's inventory of the place (own stock with us, balance > 0) without
 * an exit in the last `days` days (today included); the largest value first, then by name. Only the lines:
 * `deadStockRows` writes out the rows asked for, with their last exit.
 */
export async function deadStock({ db, clock, inventory }: Deps, days: number, place: Place) {
  const to = clock.today();
  const from = addDays(to, 1 - days);
  const where = await inventory.placeOf(place);
  const candidates = await deadProducts(db, where, from, to);
  const today = await inventory.valuesAt(
    to,
    where,
    candidates.map((row) => row.id),
  );
  const dead = today.filter((line) => line.position === 'own');
  dead.sort((x, y) => {
    if (x.itemValue !== y.itemValue) return x.itemValue > y.itemValue ? -1 : 1;
    if (x.nameSort !== y.nameSort) return x.nameSort < y.nameSort ? -1 : 1;
    return x.productId - y.productId;
  });
  const totalValue = moneyOut(dead.reduce((sum, line) => sum + line.itemValue, 0n));
  return { lines: dead, scope: where.scope, to, days, from, totalValue };
}

/** The rows of `lines` as the report writes them: the product, its unit and its last exit (none: never left). */
export async function deadStockRows(
  db: Db,
  lines: readonly PlaceValue[],
  { scope, to }: { scope: StockScope; to: string },
): Promise<TDeadStockRow[]> {
  const ids = lines.map((line) => line.productId);
  // a page seeks its products' exits; the whole file reads every exit once
  const [refs, last] = await Promise.all([
    productRefs(db, ids),
    lastExits(db, scope, to, ids.length <= 1000 ? ids : undefined),
  ]);
  return lines.map((line) => {
    const ref = refs.get(line.productId);
    return {
      product: { id: line.productId, sku: ref?.sku ?? '', name: ref?.name ?? '' },
      unity: ref?.unity ?? '',
      quantity: quantityOut(line.quantity),
      lastExitOn: last.get(line.productId) ?? null,
      totalValue: moneyOut(line.itemValue),
    };
  });
}
