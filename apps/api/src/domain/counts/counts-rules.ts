import { MAX_QUANTITY } from '@armazem/contracts/numbers';
import { formatQuantityBR } from '@armazem/contracts/decimal';
import { applyExit, averageCost, lineTotal } from '../shared/stock-rules.ts';

/** Inventory counts (balanço): pure rules, no database. Quantities in base-unit thousandths, money in R$ 0,0001. */

/**
 * A product at the count's location at the end of the count's date: the location's quantity (what is expected there)
 * and its establishment's running figures (the average cost is kept per establishment: DESIGN.md §6.3).
 */
export interface CountPosition {
  productId: number;
  /** the location's quantity at the end of the count's date */
  quantity: bigint;
  /** the establishment's quantity and value at the end of the count's date */
  establishmentQuantity: bigint;
  establishmentValue: bigint;
}

const establishmentOf = (position: CountPosition) => ({
  quantity: position.establishmentQuantity,
  totalValue: position.establishmentValue,
});

export interface CountedItem {
  productId: number;
  countedQuantity: bigint;
}

export interface CountLine {
  productId: number;
  expected: bigint;
  counted: bigint | null;
  difference: bigint | null;
  averageCost: bigint;
  differenceValue: bigint | null;
}

/** A counted quantity the product's unit cannot hold, or null. */
export function countedQuantityProblem(
  fractional: boolean,
  quantity: bigint,
  unityCode: string,
): string | null {
  if (quantity < 0n) return 'A quantidade contada não pode ser negativa.';
  // the API's own limit (ZCountedQuantityInput), for the sheet too: what a count stores always fits
  if (quantity > MAX_QUANTITY)
    return `A quantidade contada deve ser no máximo ${formatQuantityBR(MAX_QUANTITY)}.`;
  if (!fractional && quantity % 1000n !== 0n) {
    return `A quantidade deve ser inteira em ${unityCode}: a unidade não aceita frações.`;
  }
  return null;
}

/**
 * A product whose surplus is valued at its last entry cost: nothing in stock in the establishment at the date, and
 * something counted.
 */
export const needsFallbackCost = (position: CountPosition, counted: bigint | null | undefined) =>
  position.establishmentQuantity <= 0n && (counted ?? 0n) > 0n;

/**
 * What one base unit of a product's difference is worth: the establishment's average cost at the date (whichever of
 * its locations is counted), or, with nothing in stock there, the last entry cost (`fallbackCost`, read only for the
 * products `needsFallbackCost` names). The count's screen and its posting both value with this.
 */
export function unitValue(position: CountPosition, fallbackCost: ReadonlyMap<number, bigint>): bigint {
  return position.establishmentQuantity > 0n
    ? averageCost(establishmentOf(position))
    : (fallbackCost.get(position.productId) ?? 0n);
}

/**
 * What a difference is worth at the date, as posting will write it: a surplus is an entry at `unitValue`, a shortage
 * an exit, which takes its share of the establishment's value (or the whole value when it takes the establishment's
 * whole balance), not quantity × the rounded average.
 */
function differenceValue(position: CountPosition, difference: bigint, unit: bigint): bigint {
  if (difference >= 0n) return lineTotal(difference, unit);
  const exit = applyExit(establishmentOf(position), -difference);
  return exit.ok ? -exit.totalCost : lineTotal(difference, unit);
}

/** Expected, counted, difference and its value at the date (`unitValue`). */
export function countLine(
  position: CountPosition,
  counted: bigint | null,
  fallbackCost: ReadonlyMap<number, bigint>,
): CountLine {
  const unit = unitValue(position, fallbackCost);
  const difference = counted === null ? null : counted - position.quantity;
  return {
    productId: position.productId,
    expected: position.quantity,
    counted,
    difference,
    averageCost: unit,
    differenceValue: difference === null ? null : differenceValue(position, difference, unit),
  };
}

/** A posted line: what posting found, the cost it used and the value its adjustment has in the ledger. */
export function postedLine(
  productId: number,
  found: { expected: bigint; counted: bigint; unitCost: bigint; value: bigint },
): CountLine {
  return {
    productId,
    expected: found.expected,
    counted: found.counted,
    difference: found.counted - found.expected,
    averageCost: found.unitCost,
    differenceValue: found.value,
  };
}

export interface Adjustment {
  productId: number;
  direction: 'in' | 'out';
  /** base units, > 0 */
  quantity: bigint;
  /** per base unit for an entry; null for an exit (valued at the average by the posting pipeline) */
  unitCost: bigint | null;
  expected: bigint;
  counted: bigint;
}

/**
 * What posting writes: a surplus is an `ajuste` entry valued at the establishment's average cost at the date, or at
 * the last entry cost when the establishment's balance is zero (`fallbackCost`); a shortage an `ajuste` exit (at the
 * location counted). Uncounted products are left alone, or counted as zero with `uncountedAsZero`.
 */
export function planAdjustments(
  positions: readonly CountPosition[],
  counted: ReadonlyMap<number, bigint>,
  uncountedAsZero: boolean,
  fallbackCost: ReadonlyMap<number, bigint>,
): Adjustment[] {
  const out: Adjustment[] = [];
  for (const position of positions) {
    const found = counted.get(position.productId);
    const quantity = found ?? (uncountedAsZero ? 0n : null);
    if (quantity === null || quantity === position.quantity) continue;
    const difference = quantity - position.quantity;
    const base = { productId: position.productId, expected: position.quantity, counted: quantity };
    if (difference > 0n) {
      out.push({
        ...base,
        direction: 'in',
        quantity: difference,
        unitCost: unitValue(position, fallbackCost),
      });
    } else {
      out.push({ ...base, direction: 'out', quantity: -difference, unitCost: null });
    }
  }
  return out;
}

export interface CountTotals {
  products: number;
  counted: number;
  uncounted: number;
  withDifference: number;
  surplusValue: bigint;
  shortageValue: bigint;
  differenceValue: bigint;
}

export function countTotals(lines: readonly CountLine[]): CountTotals {
  const totals: CountTotals = {
    products: lines.length,
    counted: 0,
    uncounted: 0,
    withDifference: 0,
    surplusValue: 0n,
    shortageValue: 0n,
    differenceValue: 0n,
  };
  for (const line of lines) {
    if (line.counted === null) {
      totals.uncounted += 1;
      continue;
    }
    totals.counted += 1;
    if (line.difference !== 0n) totals.withDifference += 1;
    const value = line.differenceValue ?? 0n;
    if (value > 0n) totals.surplusValue += value;
    else totals.shortageValue -= value;
    totals.differenceValue += value;
  }
  return totals;
}
