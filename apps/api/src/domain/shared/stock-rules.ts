import type { TStockReason as StockReason } from '@armazem/contracts/stock';
import type { TLedgerSource } from '@armazem/contracts/stock';
import { divRound, formatMoneyBR, formatQuantityBR } from '@armazem/contracts/decimal';
import { MAX_BALANCE_QUANTITY, MAX_BALANCE_VALUE } from '@armazem/contracts/numbers';
import { isMonthClosed } from '@armazem/contracts/stock-history';
import { AppError } from '../../lib/errors.ts';

/**
 * The stock rules with no database: how a product's ledger is ordered, valued and checked (weighted moving
 * average, never negative by date, the storage maxima, whole units). The posting
 * pipeline, the integrity check and the migration that introduced derived figures all call these, so the
 * valuation by date lives in exactly one place.
 */

const THOUSAND = 1000n;
/**
 * Weighted moving-average valuation (custo médio ponderado) on scaled integers: quantities in thousandths,
 * money in ten-thousandths of a real. The balance keeps its total value; the average is derived from it, so
 * rounding never accumulates: selling everything always leaves exactly zero value.
 */
export interface Balance {
  quantity: bigint; // base units, thousandths
  totalValue: bigint; // R$, ten-thousandths
}

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

export const EMPTY_BALANCE: Balance = { quantity: 0n, totalValue: 0n };

/** The facts of one ledger row that valuation needs. `id` is null for a row not yet written. */
export interface LedgerFact {
  id: number | null;
  direction: 'in' | 'out';
  occurredOn: string;
  /** in the product unity it was typed in, thousandths */
  quantity: bigint;
  /** base units, thousandths */
  baseQuantity: bigint;
  /** an entry's total cost (a fact); null for an exit, whose cost is derived */
  entryCost: bigint | null;
  /** an entry's cost per product unity as typed (a fact); null for an exit */
  entryUnitCost: bigint | null;
  /** where the row moved stock (migration 024); absent where only the establishment's figures matter */
  locationId?: number | undefined;
  /**
   * one side of a transfer between two locations of one establishment: it changes no figure of the establishment, and
   * its value (the quantity at the average where the row stands, derived like an exit's cost) is only shown
   */
  move?: boolean | undefined;
}

/** A new ledger row as a source hands it to the pipeline: its facts (the pipeline derives the rest). */
export interface NewLedgerRow {
  productId: number;
  /** an entry's cost per product unity (a fact); null for an exit, whose cost the pipeline derives */
  unitCost: bigint | null;
  productUnityId: number;
  direction: 'in' | 'out';
  quantity: bigint;
  baseQuantity: bigint;
  occurredOn: string;
  supplierId: number | null;
  reason: StockReason | null;
  document: string | null;
  notes: string | null;
  source: TLedgerSource;
  stockMovementId: number | null;
  /** the NF-e receipt the row came from (source `nfe`) */
  nfeId?: number | null;
  /**
   * an entry's total when it is not quantity × unitCost rounded (an NF-e item: its cost is exact, the unit cost
   * is that cost ÷ quantity rounded); otherwise the pipeline computes it
   */
  totalCost?: bigint | null;
  /** the inventory count being posted (source `count`) */
  countId?: number | null;
  /** the position moved (held or sent goods, per participant); none: the business's own stock */
  positionId?: number | null;
  /** where the row moves stock; none: the user's default location, else the first establishment's */
  locationId?: number | null;
  /** set by the pipeline: the own stock of an establishment other than the first (stock-accounts.ts) */
  establishmentStockId?: number | null;
  /** the transfer this row is one side of */
  transferId?: number | null;
  /** one side of a transfer inside one establishment (LedgerFact.move) */
  move?: boolean;
}

/** What valuation derives for a row: an exit's cost and the running figures after the row. */
export interface DerivedFigures {
  totalCost: bigint;
  /** per product unity of the row (R$ 0,0001) */
  unitCost: bigint;
  balanceQuantity: bigint;
  balanceValue: bigint;
}

/** Whether a stored row's figures already are what a replay derived (only changed rows are rewritten). */
export function sameDerived(a: DerivedFigures, b: DerivedFigures): boolean {
  return (
    a.balanceQuantity === b.balanceQuantity &&
    a.balanceValue === b.balanceValue &&
    a.totalCost === b.totalCost &&
    a.unitCost === b.unitCost
  );
}

/**
 * Ledger order: by date; within a date entries before exits (so the day's figures do not depend on the order people
 * typed them in: decision 0044), then by id; rows not yet written come after every stored row of their date and
 * direction. The SQL reads keep the same order through LEDGER_ORDER.
 */
export function compareLedgerOrder(
  a: { occurredOn: string; direction: 'in' | 'out'; id: number | null; seq?: number },
  b: { occurredOn: string; direction: 'in' | 'out'; id: number | null; seq?: number },
): number {
  if (a.occurredOn !== b.occurredOn) return a.occurredOn < b.occurredOn ? -1 : 1;
  if (a.direction !== b.direction) return a.direction === 'in' ? -1 : 1;
  const ka = a.id ?? Number.MAX_SAFE_INTEGER - 1_000_000_000 + (a.seq ?? 0);
  const kb = b.id ?? Number.MAX_SAFE_INTEGER - 1_000_000_000 + (b.seq ?? 0);
  return ka - kb;
}

/**
 * The ledger order as SQL columns: date, direction ('in' sorts before 'out' in every collation), id. Reads in this
 * order, or its reverse for "the last row up to a date", walk stock_ledger_live_idx (migration 017).
 */
export const LEDGER_ORDER = ['occurred_on', 'direction', 'id'] as const;

/** The quantity a row would take below zero: the first such row stops a write. */
export interface Shortage {
  index: number;
  occurredOn: string;
  available: bigint;
  requested: bigint;
  /** set when the row would take the balance beyond the storage maxima instead of below zero */
  limit?: LimitProblem;
}

export type ReplayResult =
  { ok: true; rows: DerivedFigures[]; balance: Balance } | { ok: false; shortage: Shortage };

/**
 * Walks rows in ledger order from `start` with the weighted moving average: an entry adds its quantity and
 * cost; an exit takes round_half_up(value × quantity ÷ balance) or, taking everything, the whole value.
 * `lenient` (only for legacy data) lets a shortage through instead of stopping at it.
 */
export function replayLedger(
  start: Balance,
  facts: readonly LedgerFact[],
  options: { lenient?: boolean } = {},
): ReplayResult {
  let balance = start;
  const rows: DerivedFigures[] = [];
  for (const [index, fact] of facts.entries()) {
    let totalCost: bigint;
    let unitCost: bigint;
    if (fact.move) {
      // a transfer inside the establishment: its figures stay; its value is the quantity at the average there
      totalCost = moveCost(balance, fact.baseQuantity);
      unitCost = exitUnitCost(totalCost, fact.quantity);
    } else if (fact.direction === 'in') {
      totalCost = fact.entryCost ?? 0n;
      unitCost = fact.entryUnitCost ?? exitUnitCost(totalCost, fact.quantity);
      const entry = tryEntry(balance, fact.baseQuantity, totalCost);
      if (!entry.ok && !options.lenient) {
        const limit = { limit: entry.limit, message: entry.message };
        const shortage = {
          index,
          occurredOn: fact.occurredOn,
          available: balance.quantity,
          requested: 0n,
          limit,
        };
        return { ok: false, shortage };
      }
      balance = entry.ok
        ? entry.balance
        : { quantity: balance.quantity + fact.baseQuantity, totalValue: balance.totalValue + totalCost };
    } else {
      const exit = applyExit(balance, fact.baseQuantity);
      if (!exit.ok) {
        if (!options.lenient) {
          return {
            ok: false,
            shortage: {
              index,
              occurredOn: fact.occurredOn,
              available: exit.available,
              requested: fact.baseQuantity,
            },
          };
        }
        totalCost = balance.totalValue;
        balance = { quantity: balance.quantity - fact.baseQuantity, totalValue: 0n };
      } else {
        totalCost = exit.totalCost;
        balance = exit.balance;
      }
      unitCost = exitUnitCost(totalCost, fact.quantity);
    }
    rows.push({ totalCost, unitCost, balanceQuantity: balance.quantity, balanceValue: balance.totalValue });
  }
  return { ok: true, rows, balance };
}

/** The value a transfer inside an establishment moves: the quantity at the running average (§2's exit rule). */
function moveCost(balance: Balance, baseQuantity: bigint): bigint {
  if (balance.quantity <= 0n) return 0n;
  if (baseQuantity >= balance.quantity) return balance.totalValue;
  return divRound(balance.totalValue * baseQuantity, balance.quantity);
}

/** What an exit cost per product unity it was typed in (R$ 0,0001, half-up). */
export function exitUnitCost(totalCost: bigint, quantity: bigint): bigint {
  return quantity === 0n ? 0n : divRound(totalCost * THOUSAND, quantity);
}

/** Cost per base unit of a row, as the kardex shows it. */
export function costPerBaseUnit(totalCost: bigint, baseQuantity: bigint): bigint {
  return baseQuantity === 0n ? 0n : divRound(totalCost * THOUSAND, baseQuantity);
}

export function positionOf(balance: Balance) {
  return { quantity: balance.quantity, averageCost: averageCost(balance), totalValue: balance.totalValue };
}

/** A product unity as the whole-units rule needs it. */
export interface UnityRule {
  /** base units per package, thousandths */
  unitsPerPackage: bigint;
  /** may the package be counted in fractions */
  packageFractional: boolean;
  /** may the base unit hold fractions */
  baseFractional: boolean;
  baseCode: string;
  label: string;
}

/** Quantity typed in a package → base units, or why it cannot be: the one home of the whole-units rule. */
export function baseQuantityOf(
  unity: UnityRule,
  quantity: bigint,
): { ok: true; baseQuantity: bigint } | { ok: false; message: string } {
  if (!unity.packageFractional && quantity % THOUSAND !== 0n) {
    return { ok: false, message: `A quantidade deve ser inteira em ${unity.label}.` };
  }
  const base = toBaseQuantity(quantity, unity.unitsPerPackage);
  if (base === null || (!unity.baseFractional && base % THOUSAND !== 0n)) {
    return { ok: false, message: `A quantidade não corresponde a um número exato de ${unity.baseCode}.` };
  }
  return { ok: true, baseQuantity: base };
}

/** "2026-03" of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** "03/2026" */
export const monthLabel = (yearMonth: string) => `${yearMonth.slice(5, 7)}/${yearMonth.slice(0, 4)}`;

/** "05/09/2026" */
export const dateLabel = (date: string) => date.split('-').reverse().join('/');

/** Is a date inside the closed period (closedThrough is "YYYY-MM" or null)? */
export function isClosed(date: string, closedThrough: string | null): boolean {
  return isMonthClosed(monthOf(date), closedThrough);
}

/** The month after "YYYY-MM" */
export function nextMonth(yearMonth: string): string {
  const year = Number(yearMonth.slice(0, 4));
  const month = Number(yearMonth.slice(5, 7));
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

export function previousMonth(yearMonth: string): string {
  const year = Number(yearMonth.slice(0, 4));
  const month = Number(yearMonth.slice(5, 7));
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

export const yearMonth = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;
