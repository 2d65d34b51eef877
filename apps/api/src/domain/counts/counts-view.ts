import type { TCountDetail, TCountItem } from '@armazem/contracts/counts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import type { PositionRow } from '../inventory/inventory-repository.ts';
import type { StoredItem } from './counts-repository.ts';
import { countLine, countTotals, lineOf, type CountLine } from './counts-rules.ts';

/** How a count's lines are shown: expected (at the end of the date, or as found at posting), counted, difference. */

const optional = (value: bigint | null, out: (v: bigint) => string) => (value === null ? null : out(value));

export function lineFor(position: PositionRow, stored: StoredItem | undefined): CountLine {
  if (stored && stored.expected !== null) {
    return lineOf(position.productId, stored.expected, stored.counted, stored.unitCost ?? 0n);
  }
  return countLine(position, stored?.counted ?? null);
}

export function itemView(position: PositionRow, line: CountLine, stored: StoredItem | undefined): TCountItem {
  return {
    product: { id: position.productId, sku: position.sku, name: position.name, barcode: position.barcode },
    unity: { code: position.unityCode, fractional: position.fractional },
    expectedQuantity: quantityOut(line.expected),
    countedQuantity: optional(line.counted, quantityOut),
    difference: optional(line.difference, quantityOut),
    averageCost: moneyOut(line.averageCost),
    differenceValue: optional(line.differenceValue, moneyOut),
    countedBy: stored?.countedBy ?? null,
    countedAt: stored?.countedAt ?? null,
  };
}

/** Every product in scope, with the totals of all of them; `differences` keeps only counted lines that differ. */
export function detailItems(
  positions: readonly PositionRow[],
  stored: ReadonlyMap<number, StoredItem>,
  differences: boolean,
): Pick<TCountDetail, 'items' | 'totals'> {
  const lines = positions.map((position) => lineFor(position, stored.get(position.productId)));
  const totals = countTotals(lines);
  const items: TCountItem[] = [];
  positions.forEach((position, index) => {
    const line = lines[index];
    if (!line) return;
    if (differences && (line.difference === null || line.difference === 0n)) return;
    items.push(itemView(position, line, stored.get(position.productId)));
  });
  return {
    items,
    totals: {
      ...totals,
      surplusValue: moneyOut(totals.surplusValue),
      shortageValue: moneyOut(totals.shortageValue),
      differenceValue: moneyOut(totals.differenceValue),
    },
  };
}
