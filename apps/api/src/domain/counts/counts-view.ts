import type { TCountDetail, TCountItem } from '@armazem/contracts/counts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import type { CountRow } from './count-lines-repository.ts';
import { countLine, countTotals, postedLine, type CountLine } from './counts-rules.ts';

/** How a count's lines are shown: expected (at the end of the date, or as found at posting), counted, difference. */

type Part = { user: { id: number; name: string }; quantity: bigint; at: string };

/** Units by id and each line's parts by product (read once per answer, not once per line). */
export interface CountLookups {
  unities: ReadonlyMap<number, { code: string; fractional: boolean }>;
  parts: ReadonlyMap<number, readonly Part[]>;
  /** last entry costs of the open lines that `needsFallbackCost` */
  fallbackCost: ReadonlyMap<number, bigint>;
}

const optional = (value: bigint | null, out: (v: bigint) => string) => (value === null ? null : out(value));

/**
 * A line as shown: a posted count's as it was found, with the value its adjustment has in the ledger; an open one's
 * valued at the date as posting would value it.
 */
function lineFor(row: CountRow, fallbackCost: ReadonlyMap<number, bigint>): CountLine {
  if (row.counted !== null && row.expected !== null) {
    return postedLine(row.productId, {
      expected: row.expected,
      counted: row.counted,
      unitCost: row.unitCost ?? 0n,
      value: row.postedValue ?? 0n,
    });
  }
  return countLine(row, row.counted, fallbackCost);
}

function itemView(row: CountRow, line: CountLine, lookups: CountLookups): TCountItem {
  const unity = lookups.unities.get(row.unityId);
  return {
    product: { id: row.productId, sku: row.sku, name: row.name, barcode: row.barcode },
    unity: { code: unity?.code ?? '', fractional: unity?.fractional ?? false },
    expectedQuantity: quantityOut(line.expected),
    countedQuantity: optional(line.counted, quantityOut),
    difference: optional(line.difference, quantityOut),
    averageCost: moneyOut(line.averageCost),
    differenceValue: optional(line.differenceValue, moneyOut),
    countedBy: (lookups.parts.get(row.productId) ?? []).map((part) => ({
      user: part.user,
      quantity: quantityOut(part.quantity),
      at: part.at,
    })),
    countedAt: row.countedAt,
  };
}

/**
 * The whole count's totals as answered, from its lines. A posted count keeps only the lines it posted: the products
 * its scope had then (`inScope`) keep "41 de 50" from turning into "41 de 41".
 */
function totalsView(lines: readonly CountLine[], inScope: number | null = null): TCountDetail['totals'] {
  const totals = countTotals(lines);
  const products = Math.max(totals.products, inScope ?? 0);
  return {
    ...totals,
    products,
    uncounted: products - totals.counted,
    surplusValue: moneyOut(totals.surplusValue),
    shortageValue: moneyOut(totals.shortageValue),
    differenceValue: moneyOut(totals.differenceValue),
  };
}

/** Every product in scope, with the totals of all of them; `differences` keeps only counted lines that differ. */
export function detailItems(
  rows: readonly CountRow[],
  lookups: CountLookups,
  differences: boolean,
  inScope: number | null = null,
): Pick<TCountDetail, 'items' | 'totals'> {
  const lines = rows.map((row) => lineFor(row, lookups.fallbackCost));
  const items: TCountItem[] = [];
  rows.forEach((row, index) => {
    const line = lines[index];
    if (!line) return;
    if (differences && (line.difference === null || line.difference === 0n)) return;
    items.push(itemView(row, line, lookups));
  });
  return { items, totals: totalsView(lines, inScope) };
}

/** Only the lines of `productIds` (what was just saved), with the whole count's totals. */
export function savedItems(
  rows: readonly CountRow[],
  lookups: CountLookups,
  productIds: readonly number[],
): Pick<TCountDetail, 'items' | 'totals'> {
  const lines = rows.map((row) => lineFor(row, lookups.fallbackCost));
  const index = new Map(rows.map((row, i) => [row.productId, i]));
  const items = productIds.flatMap((id) => {
    const at = index.get(id);
    const row = at === undefined ? undefined : rows[at];
    const line = at === undefined ? undefined : lines[at];
    return row && line ? [itemView(row, line, lookups)] : [];
  });
  return { items, totals: totalsView(lines) };
}

/**
 * A blind count as an operator sees it: nothing that reveals the expected quantity (expected, difference, its value
 * and their totals are null); what was counted, by whom, stays.
 */
export function hideExpected<T extends Pick<TCountDetail, 'items' | 'totals'>>(view: T): T {
  return {
    ...view,
    items: view.items.map((item) => ({
      ...item,
      expectedQuantity: null,
      difference: null,
      differenceValue: null,
    })),
    totals: {
      ...view.totals,
      withDifference: null,
      surplusValue: null,
      shortageValue: null,
      differenceValue: null,
    },
  };
}
