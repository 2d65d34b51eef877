import type { TCoverageRow } from '@armazem/contracts/reports';
import { divRound, formatScaled } from '@armazem/contracts/decimal';
import { toBigInt, type Db } from '../../db/database.ts';
import type { Clock } from '../../lib/dates.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import type { Place } from '../inventory/inventory-place.ts';
import type { InventoryItem } from '../inventory/inventory-rules.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { exitFiguresByProduct } from './reports-repository.ts';
import { addDays } from './reports-rules.ts';

interface Deps {
  db: Db;
  clock: Clock;
  inventory: Pick<InventoryService, 'inventoryAt'>;
}

/** A product's figures over the period, before they are written out. */
interface Figures {
  product: TCoverageRow['product'];
  unity: string;
  quantity: bigint;
  exitsQuantity: bigint;
  exitsValue: bigint;
  openingValue: bigint;
  closingValue: bigint;
}

/** Coverage in days (one decimal) and turnover (two decimals) from a product's figures over `days` days. */
export function coverageRow(figures: Figures, days: number): TCoverageRow {
  const { quantity, exitsQuantity, exitsValue, openingValue, closingValue } = figures;
  const average2 = openingValue + closingValue;
  return {
    product: figures.product,
    unity: figures.unity,
    quantity: quantityOut(quantity),
    exitsQuantity: quantityOut(exitsQuantity),
    dailyRate: quantityOut(divRound(exitsQuantity, BigInt(days))),
    coverageDays:
      exitsQuantity > 0n ? formatScaled(divRound(quantity * BigInt(days) * 10n, exitsQuantity), 1) : null,
    exitsValue: moneyOut(exitsValue),
    openingValue: moneyOut(openingValue),
    closingValue: moneyOut(closingValue),
    turnover: average2 > 0n ? formatScaled(divRound(exitsValue * 200n, average2), 2) : null,
  };
}

const ownItems = (items: readonly InventoryItem[]) =>
  new Map(items.filter((item) => item.position === 'own').map((item) => [item.productId, item]));

/**
 * Every product with own stock or exits in the last `days` days (today included), by name: the balance and both
 * values are the inventory's (today and the day before the period), the exits one grouped query of the same place.
 */
export async function coverage({ db, clock, inventory }: Deps, days: number, place: Place) {
  const to = clock.today();
  const from = addDays(to, 1 - days);
  const [closing, opening] = await Promise.all([
    inventory.inventoryAt(to, place),
    inventory.inventoryAt(addDays(from, -1), place),
  ]);
  const exits = await exitFiguresByProduct(db, closing.place.scope, from, to);
  const now = ownItems(closing.items);
  const before = ownItems(opening.items);
  const figures = new Map<number, Figures>();
  for (const item of now.values()) {
    figures.set(item.productId, {
      product: { id: item.productId, sku: item.sku, name: item.name },
      unity: item.unityCode,
      quantity: item.quantity,
      exitsQuantity: 0n,
      exitsValue: 0n,
      openingValue: before.get(item.productId)?.itemValue ?? 0n,
      closingValue: item.itemValue,
    });
  }
  for (const exit of exits) {
    const known = figures.get(exit.id) ?? {
      product: { id: exit.id, sku: exit.sku, name: exit.name },
      unity: exit.unity_code,
      quantity: 0n,
      exitsQuantity: 0n,
      exitsValue: 0n,
      openingValue: before.get(exit.id)?.itemValue ?? 0n,
      closingValue: 0n,
    };
    figures.set(exit.id, {
      ...known,
      exitsQuantity: toBigInt(exit.exits_quantity),
      exitsValue: toBigInt(exit.exits_value),
    });
  }
  const rows = [...figures.values()]
    .sort((x, y) => x.product.name.localeCompare(y.product.name, 'pt-BR') || x.product.id - y.product.id)
    .map((row) => coverageRow(row, days));
  return { rows, days, from, to };
}
