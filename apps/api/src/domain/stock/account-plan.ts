import type { DerivedFigures, LedgerFact, NewLedgerRow, Shortage, Balance } from '../shared/stock-rules.ts';
import { compareLedgerOrder, exitUnitCost, lineTotal, replayLedger } from '../shared/stock-rules.ts';
import type { LockedBalance } from './posting-repository.ts';
import type { History, StoredRow } from './history-repository.ts';
import { accountOf, isOwn, type Account } from './stock-accounts.ts';
import { locationKey, type LocationQuantity } from './location-stock.ts';
import { quantitiesBefore, walkLocations } from './location-rules.ts';

/**
 * The posting pipeline's plan of one account (posting-pipeline.ts): its stored rows from the batch's earliest date,
 * minus the cancelled ones, plus the new ones, in ledger order; each location walked never negative, then the
 * establishment's figures replayed. Pure but for the inputs the pipeline reads under its locks.
 */

export interface PlannedRow extends LedgerFact {
  seq: number;
  addIndex: number | null;
  stored: StoredRow | null;
}

export interface ProductPlan {
  /** the stock the rows move: a product's own, or a position (stock-accounts.ts) */
  account: Account;
  productId: number;
  rows: PlannedRow[];
  derived: DerivedFigures[];
  balance: Balance;
  /** the date of the product's latest live row once the batch is written */
  lastDate: string | null;
  /** own stock: the quantity of each location its rows touch, once the batch is written */
  locations: Map<number, bigint> | null;
}

export interface ProductInput {
  account: Account;
  productId: number;
  tail: LockedBalance;
  adds: Array<{ row: NewLedgerRow; index: number }>;
  cancelDates: string[];
}

/** The earliest date a product's batch touches. */
export const earliestOf = (input: ProductInput) =>
  [...input.adds.map((a) => a.row.occurredOn), ...input.cancelDates].sort()[0] ?? null;

/**
 * Fast path (the usual case: today, nothing later): start from the locked balance row, read no history. An entry
 * dated on the last date is not on it: it goes before that date's exits (decision 0044).
 */
export function isFast(input: ProductInput) {
  const last = input.tail.lastDate;
  if (input.cancelDates.length > 0) return false;
  if (last === null) return true;
  return input.adds.every(
    ({ row }) => row.occurredOn > last || (row.occurredOn === last && row.direction === 'out'),
  );
}

export function planProduct(
  input: ProductInput,
  history: History | null,
  cancelIds: ReadonlySet<number>,
  atLocations: ReadonlyMap<string, bigint>,
  prices: ReadonlyMap<number, bigint> = new Map(),
): { plan: ProductPlan } | { shortage: Shortage & { locationId?: number }; rows: PlannedRow[] } {
  const { account, tail } = input;
  const newRows: PlannedRow[] = input.adds.map(({ row, index }, seq) => ({
    id: null,
    seq,
    addIndex: index,
    stored: null,
    direction: row.direction,
    occurredOn: row.occurredOn,
    quantity: row.quantity,
    baseQuantity: row.baseQuantity,
    locationId: row.locationId ?? undefined,
    move: row.move === true,
    entryCost:
      row.direction === 'in' && !row.move
        ? (row.totalCost ?? lineTotal(row.quantity, row.unitCost ?? 0n))
        : null,
    entryUnitCost: row.direction === 'in' && !row.move ? (row.unitCost ?? 0n) : null,
  }));
  let start = tail;
  let rows = newRows;
  if (history) {
    start = history.start;
    const stored = history.rows
      .filter((row) => !cancelIds.has(row.id))
      .map((row): PlannedRow => {
        const price = prices.get(row.id);
        // a transfer's entry repriced at its exit's cost (transfer-costs.ts)
        const fact =
          price === undefined
            ? row
            : { ...row, entryCost: price, entryUnitCost: exitUnitCost(price, row.quantity) };
        return { ...fact, seq: 0, addIndex: null, stored: row };
      });
    rows = [...stored, ...newRows];
  }
  rows.sort(compareLedgerOrder);
  let locations: Map<number, bigint> | null = null;
  if (isOwn(account)) {
    // each location never negative on any date, walked over the same rows before the establishment's figures
    const now = (locationId: number) => atLocations.get(locationKey(input.productId, locationId)) ?? 0n;
    const touched = newRows.flatMap((row) => (row.locationId ? [row.locationId] : []));
    const before = quantitiesBefore(now, history?.rows ?? [], touched);
    const walk = walkLocations(before, rows);
    if (!walk.ok) return { shortage: walk.shortage, rows };
    locations = walk.quantities;
  }
  const result = replayLedger(start.balance, rows);
  if (!result.ok) return { shortage: result.shortage, rows };
  const last = rows[rows.length - 1]?.occurredOn ?? start.lastDate;
  const lastDate = !history && tail.lastDate && last && tail.lastDate > last ? tail.lastDate : last;
  const { productId } = input;
  return {
    plan: { account, productId, rows, derived: result.rows, balance: result.balance, lastDate, locations },
  };
}

/** Which new row to blame for a shortage: the row itself, or the latest new row before it. */
export function blame(rows: PlannedRow[], shortage: Shortage): number | null {
  for (let i = shortage.index; i >= 0; i--) {
    const row = rows[i];
    if (row && row.addIndex !== null) return row.addIndex;
  }
  return null;
}

/** One pass over the batch: each account's new rows and cancelled dates, in account order. */
export function groupByAccount(
  add: readonly NewLedgerRow[],
  cancelled: ReadonlyArray<{
    productId: number;
    positionId: number | null;
    establishmentStockId: number | null;
    occurredOn: string;
  }>,
  tails: ReadonlyMap<Account, LockedBalance>,
): ProductInput[] {
  const empty: LockedBalance = { balance: { quantity: 0n, totalValue: 0n }, lastDate: null };
  const byAccount = new Map<Account, ProductInput>();
  const input = (row: Parameters<typeof accountOf>[0]) => {
    const account = accountOf(row);
    let found = byAccount.get(account);
    if (!found) {
      found = {
        account,
        productId: row.productId,
        tail: tails.get(account) ?? empty,
        adds: [],
        cancelDates: [],
      };
      byAccount.set(account, found);
    }
    return found;
  };
  for (const [index, row] of add.entries()) input(row).adds.push({ row, index });
  for (const row of cancelled) input(row).cancelDates.push(row.occurredOn);
  return [...byAccount.values()].sort((a, b) => a.account - b.account);
}

export function locationFigures(plan: ProductPlan): LocationQuantity[] {
  if (!plan.locations) return [];
  const { productId } = plan;
  return [...plan.locations].map(([locationId, quantity]) => ({ productId, locationId, quantity }));
}
