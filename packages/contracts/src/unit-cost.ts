// Self-contained on purpose: importing decimal.ts's helpers here would move them into the chunk the /login page
// loads (decimal.ts is on it), +160 bytes it does not have (measured; decision 0076).

const SCALE = 4; // R$ 0,0001, the ledger's money scale
const WIDE = 10; // enough for any NF-e quantity (qCom has up to 4 decimals) and any total

/** "12.5" at scale 3 → 12500n (a plain decimal from the API, never negative here). */
function scaled(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

/** 33333n at scale 4 → "3.3333" */
function plain(value: bigint, scale: number): string {
  const digits = value.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** One unit's cost from an item's total and quantity, to R$ 0,0001: ("10.0000", "3") → "3.3333"; null without quantity. */
export function unitCostOf(totalCost: string, quantity: string): string | null {
  const units = scaled(quantity, WIDE);
  if (units === 0n) return null;
  const numerator = scaled(totalCost, WIDE) * 10n ** BigInt(SCALE);
  return plain((numerator * 2n + units) / (units * 2n), SCALE);
}

/**
 * A unit cost as a shop reads it on a note: in cents from R$ 1,00 up ("3.3333" → "3.33"); below it, to R$ 0,0001, so a
 * screw at R$ 0,0125 is not shown as R$ 0,01 (decision 0076).
 */
export function readableUnitCost(value: string): string {
  const cost = scaled(value, SCALE);
  if (cost < 10n ** BigInt(SCALE)) return plain(cost, SCALE);
  return plain((cost + 50n) / 100n, 2);
}
