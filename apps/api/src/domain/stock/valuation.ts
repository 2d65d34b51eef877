import { divRound, formatMoneyBR, formatQuantityBR } from '@armazem/contracts/decimal';
import { MAX_BALANCE_QUANTITY, MAX_BALANCE_VALUE } from '@armazem/contracts/numbers';
import { AppError } from '../../lib/errors.ts';

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

export type LimitProblem = { limit: 'quantity' | 'value'; message: string };

/**
 * Why a balance is beyond what a product may hold (MAX_BALANCE_QUANTITY, MAX_BALANCE_VALUE), or null. The
 * maxima keep balances, running figures and SQL sums of them exact (docs/decisions/0008-number-limits.md).
 */
export function balanceLimitProblem(balance: Balance): LimitProblem | null {
  if (balance.quantity > MAX_BALANCE_QUANTITY) {
    return {
      limit: 'quantity',
      message: `O saldo do produto ficaria acima do máximo permitido de ${formatQuantityBR(MAX_BALANCE_QUANTITY)} na unidade base. Confira a quantidade digitada.`,
    };
  }
  if (balance.totalValue > MAX_BALANCE_VALUE) {
    return {
      limit: 'value',
      message: `O valor em estoque do produto ficaria acima do máximo permitido de ${formatMoneyBR(MAX_BALANCE_VALUE)}. Confira a quantidade e o custo unitário digitados.`,
    };
  }
  return null;
}

/** Refuses (409) a balance beyond the maxima; every write that raises a balance goes through it. */
export function assertWithinLimits(balance: Balance): Balance {
  const problem = balanceLimitProblem(balance);
  if (problem) throw new AppError('CONFLICT', problem.message, { details: { limit: problem.limit } });
  return balance;
}

export type EntryResult = { ok: true; balance: Balance } | ({ ok: false } & LimitProblem);

/** An entry adds its quantity and its cost, unless that takes the balance beyond the maxima. */
export function tryEntry(balance: Balance, baseQuantity: bigint, totalCost: bigint): EntryResult {
  const next = { quantity: balance.quantity + baseQuantity, totalValue: balance.totalValue + totalCost };
  const problem = balanceLimitProblem(next);
  return problem ? { ok: false, ...problem } : { ok: true, balance: next };
}

/** `tryEntry` for callers that stop at the first problem: beyond the maxima is a 409 in Portuguese. */
export function applyEntry(balance: Balance, baseQuantity: bigint, totalCost: bigint): Balance {
  return assertWithinLimits({
    quantity: balance.quantity + baseQuantity,
    totalValue: balance.totalValue + totalCost,
  });
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
    : assertWithinLimits({
        quantity: balance.quantity + row.baseQuantity,
        totalValue: balance.totalValue + row.totalCost,
      });
}
