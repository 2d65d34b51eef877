import { divRound } from '@armazem/contracts/decimal';

/**
 * Weighted moving-average valuation (custo médio ponderado) on scaled integers: quantities in thousandths,
 * money in ten-thousandths of a real. The balance keeps its total value; the average is derived from it, so
 * rounding never accumulates: selling everything always leaves exactly zero value.
 */
export interface Balance {
  quantity: bigint; // base units, thousandths
  totalValue: bigint; // R$, ten-thousandths
}

const THOUSAND = 1000n;

/** Quantity typed in a package (thousandths of packages) → base units (thousandths), or null when not exact. */
export function toBaseQuantity(quantity: bigint, unitsPerPackage: bigint): bigint | null {
  const product = quantity * unitsPerPackage;
  return product % THOUSAND === 0n ? product / THOUSAND : null;
}

/** Cost of `quantity` packages at `unitCost` per package, rounded half-up to R$ 0,0001. */
export function lineTotal(quantity: bigint, unitCost: bigint): bigint {
  return divRound(quantity * unitCost, THOUSAND);
}

/** Average cost per base unit (R$ 0,0001) of a balance; zero when empty. */
export function averageCost(balance: Balance): bigint {
  return balance.quantity === 0n ? 0n : divRound(balance.totalValue * THOUSAND, balance.quantity);
}

export function applyEntry(balance: Balance, baseQuantity: bigint, totalCost: bigint): Balance {
  return { quantity: balance.quantity + baseQuantity, totalValue: balance.totalValue + totalCost };
}

export type ExitResult = { ok: true; balance: Balance; totalCost: bigint } | { ok: false; available: bigint };

/** An exit leaves at the current average; taking the whole balance takes exactly its whole value. */
export function applyExit(balance: Balance, baseQuantity: bigint): ExitResult {
  if (baseQuantity > balance.quantity) return { ok: false, available: balance.quantity };
  const totalCost =
    baseQuantity === balance.quantity
      ? balance.totalValue
      : divRound(balance.totalValue * baseQuantity, balance.quantity);
  return {
    ok: true,
    totalCost,
    balance: { quantity: balance.quantity - baseQuantity, totalValue: balance.totalValue - totalCost },
  };
}

/** Undoing a row (a cancelled movement): the reverse of what the row did to quantity and value. */
export function reverse(
  balance: Balance,
  row: { direction: 'in' | 'out'; baseQuantity: bigint; totalCost: bigint },
): Balance {
  return row.direction === 'in'
    ? { quantity: balance.quantity - row.baseQuantity, totalValue: balance.totalValue - row.totalCost }
    : { quantity: balance.quantity + row.baseQuantity, totalValue: balance.totalValue + row.totalCost };
}
