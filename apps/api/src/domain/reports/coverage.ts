import type { TCoverageRow } from '@armazem/contracts/reports';
import { divRound, formatScaled } from '@armazem/contracts/decimal';
import { toBigInt, type Db } from '../../db/database.ts';
import type { Clock } from '../../lib/dates.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { type Place } from '../inventory/inventory-public-service.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { productRefs } from './reports-repository.ts';
import { coverageCount, coverageProducts } from './place-queries.ts';
import { type PlaceValue } from '../inventory/inventory-public-service.ts';
import { addDays } from './reports-rules.ts';

interface Deps {
  db: Db;
  clock: Clock;
  inventory: Pick<InventoryService, 'placeOf' | 'valuesAt'>;
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

/**
 * Coverage over the last `days` days (today included): the products with own stock or exits at the place, by name,
 * all of them or one page, chosen and ordered by the database (`coverageProducts`); their balance and values are the
 * inventory's lines of today and of the day before the period, read for those products only.
 */
export async function coverage(
  { db, clock, inventory }: Deps,
  days: number,
  place: Place,
  page?: { page: number; pageSize: number },
) {
  const to = clock.today();
  const from = addDays(to, 1 - days);
  const where = await inventory.placeOf(place);
  const products = coverageProducts(db, where, from, to);
  const [chosen, total] = await Promise.all([
    (page ? products.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : products).execute(),
    coverageCount(db, where, from, to),
  ]);
  const ids = chosen.map((row) => row.id);
  const [refs, now, opening] = await Promise.all([
    productRefs(db, ids),
    inventory.valuesAt(to, where, ids),
    inventory.valuesAt(addDays(from, -1), where, ids),
  ]);
  const own = (lines: readonly PlaceValue[]) =>
    new Map(lines.filter((line) => line.position === 'own').map((line) => [line.productId, line]));
  const [today, before] = [own(now), own(opening)];
  const rows = chosen.map((row) => {
    const ref = refs.get(row.id);
    return coverageRow(
      {
        product: { id: row.id, sku: ref?.sku ?? '', name: ref?.name ?? '' },
        unity: ref?.unity ?? '',
        quantity: today.get(row.id)?.quantity ?? 0n,
        exitsQuantity: toBigInt(row.exits_quantity),
        exitsValue: toBigInt(row.exits_value),
        openingValue: before.get(row.id)?.itemValue ?? 0n,
        closingValue: today.get(row.id)?.itemValue ?? 0n,
      },
      days,
    );
  });
  return { rows, total, days, from, to };
}
