import { MONEY_SCALE, divRound, formatScaled, rescale, toScaled } from './decimal.ts';

// Enough for any NF-e quantity (qCom has up to 4 decimals) and any total.
const WIDE = 10;

/** One unit's cost from an item's total and quantity, to R$ 0,0001: ("10.0000", "3") → "3.3333"; null without quantity. */
export function unitCostOf(totalCost: string, quantity: string): string | null {
  const units = toScaled(quantity, WIDE);
  if (units === 0n) return null;
  return formatScaled(divRound(toScaled(totalCost, WIDE) * 10n ** BigInt(MONEY_SCALE), units), MONEY_SCALE);
}

/**
 * A unit cost as a shop reads it on a note: in cents from R$ 1,00 up ("3.3333" → "3.33"); below it, to R$ 0,0001, so a
 * screw at R$ 0,0125 is not shown as R$ 0,01 (decision 0076).
 */
export function readableUnitCost(value: string): string {
  const scaled = toScaled(value, MONEY_SCALE);
  const abs = scaled < 0n ? -scaled : scaled;
  return abs >= 10n ** BigInt(MONEY_SCALE)
    ? formatScaled(rescale(scaled, MONEY_SCALE, 2), 2)
    : formatScaled(scaled, MONEY_SCALE);
}
