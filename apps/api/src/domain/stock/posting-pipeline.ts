import type { Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { audit, type AuditEntry } from '../../lib/audit.ts';
import { conflict } from '../../lib/errors.ts';
import { collectIfLarge } from '../../lib/memory-release.ts';
import {
  isClosed,
  sameDerived,
  type DerivedFigures,
  type LimitProblem,
  type NewLedgerRow,
} from '../shared/stock-rules.ts';
import { checkDates, periodClosed, shortageError } from './posting-refusals.ts';
import { refuseCounted, type CountedCheck } from './counted-dates.ts';
import { lockBalances, rememberBalances, saveBalance } from './posting-repository.ts';
import { insertRows, markCancelled, updateDerived, writeTail } from './ledger-writes.ts';
import { accountOf, branchOf, isOwn, positionOf, type Account } from './stock-accounts.ts';
import { savePositions } from './positions-repository.ts';
import {
  blame,
  earliestOf,
  groupByAccount,
  isFast,
  locationFigures,
  planProduct,
  type ProductPlan,
} from './account-plan.ts';
import {
  locationQuantities,
  placeRows,
  rememberLocations,
  saveBranches,
  saveLocationQuantities,
} from './location-stock.ts';
import { historiesFrom, saveManyBalances, type History } from './history-repository.ts';
import { rowsToCancel } from './rows-to-cancel.ts';
import { establishmentAccounts, staleTransferEntries } from './transfer-costs.ts';

/**
 * The one posting pipeline. Every source of stock movements (manual entries and exits, monthly sheets and
 * their undo, cancellations, NF-e receipts, inventory counts) hands it a batch of dated facts and/or rows to
 * cancel; it checks the period and the posted counts' dates, locks the products' balances in a fixed order, places each row in
 * (occurredOn, direction, id) order, recomputes the derived figures of every later row, refuses any date going negative,
 * and writes rows, balances and the audit entry in the caller's transaction.
 */

export type { NewLedgerRow } from '../shared/stock-rules.ts';

/** Up to this many new rows of one product go out with their balance and audit entry in one statement. */
const TAIL_ROWS = 100;

export interface PostingRequest {
  userId: number;
  today: string;
  /** when the rows are written (created_at); defaults to the clock */
  now?: string;
  add?: readonly NewLedgerRow[];
  cancel?: { ids: readonly number[]; reason: string | null };
  /** null: the caller's other posting of the same operation in this transaction recorded it */
  audit: Omit<AuditEntry, 'userId'> | null;
  /**
   * accounts a later posting of the same transaction will move, locked now with these in the one fixed order (a note
   * that moves own stock and a position in two postings would otherwise lock them in two orders)
   */
  lockAlso?: readonly Account[];
  /** transfers' entries whose exit's cost changed: their cost becomes the exit's (transfer-costs.ts) */
  reprice?: ReadonlyArray<{ id: number; totalCost: bigint }>;
  /** what a count being posted counted without a row to post (no difference): a posted count's date fixes them too */
  counted?: readonly CountedCheck[];
}

/** A new row the batch cannot take, for sources that report problems per row (the sheet preview). */
export interface RowShortage {
  /** index in `add`, or null when the shortage falls on a stored row (a cancellation) */
  addIndex: number | null;
  productId: number;
  occurredOn: string;
  available: bigint;
  requested: bigint;
  /** beyond the storage maxima rather than below zero */
  limit?: LimitProblem;
  /** the location that would go below zero (own stock is kept per location) */
  locationId?: number;
}

/** Cancellations: each row once, and only what the caller means to cancel. */
async function loadCancellations(tx: Tx, ids: readonly number[]) {
  const rows = await rowsToCancel(tx, ids);
  if (rows.length !== new Set(ids).size) throw conflict('Movimento não encontrado.');
  return rows;
}

/**
 * Plans the whole batch. With `collect`, a shortage drops the blamed new row and the product is planned
 * again, so every offending row is reported; otherwise the first shortage stops everything.
 */
async function plan(tx: Tx, dialect: Dialect, request: PostingRequest, collect: boolean, now: string) {
  const { rows: add, places } = await placeRows(tx, request.add ?? [], request.userId, now);
  const cancelIds = request.cancel?.ids ?? [];
  const cancelled = cancelIds.length > 0 ? await loadCancellations(tx, cancelIds) : [];
  const repriced = request.reprice?.length
    ? await rowsToCancel(
        tx,
        request.reprice.map((r) => r.id),
      )
    : [];
  const touched = [...add, ...cancelled, ...repriced];
  const accounts = [...new Set(touched.map(accountOf))];
  // a product some other establishment held: all its own accounts, for a transfer's entry repriced after writing
  const others = await establishmentAccounts(
    tx,
    touched.filter((row) => !row.positionId).map((row) => row.productId),
  );
  const locked = [...new Set([...accounts, ...(request.lockAlso ?? []), ...others])];
  const { tails, closedThrough } = await lockBalances(tx, dialect, locked, now);
  checkDates(
    add.map((row) => row.occurredOn),
    request.today,
    closedThrough,
  );
  for (const row of cancelled)
    if (isClosed(row.occurredOn, closedThrough)) throw periodClosed(row.occurredOn);
  // new rows and cancelled ones alike change the balance a posted count found (repricing changes no quantity)
  await refuseCounted(tx, dialect, [...add, ...cancelled, ...(request.counted ?? [])]);
  if (cancelled.length > 0) {
    // Locked now: a racing cancellation of the same row shows here.
    const fresh = await rowsToCancel(tx, cancelIds);
    if (fresh.some((row) => row.cancelledAt !== null)) throw conflict('Este movimento já foi cancelado.');
  }
  const cancelSet = new Set(cancelIds);
  const inputs = groupByAccount(add, [...cancelled, ...repriced], tails);
  const prices = new Map((request.reprice ?? []).map((r) => [r.id, r.totalCost]));
  // Every product off the fast path reads its history in one set-based pass, once: dropping a row in
  // `collect` mode never moves the earliest date back, so the same history serves every retry.
  const from = new Map<number, string>();
  for (const input of inputs) {
    const earliest = earliestOf(input);
    if (earliest && !isFast(input)) from.set(input.account, earliest);
  }
  const histories = from.size > 0 ? await historiesFrom(tx, dialect, from) : new Map<number, History>();
  const ownProducts = new Set(inputs.filter((i) => isOwn(i.account)).map((i) => i.productId));
  const atLocations = await locationQuantities(tx, [...ownProducts]);
  const plans: ProductPlan[] = [];
  const shortages: RowShortage[] = [];
  for (const input of inputs) {
    const history = histories.get(input.account) ?? null;
    for (;;) {
      const outcome = planProduct(input, history, cancelSet, atLocations, prices);
      if ('plan' in outcome) {
        plans.push(outcome.plan);
        break;
      }
      const addIndex = blame(outcome.rows, outcome.shortage);
      const shortage = { ...outcome.shortage, addIndex, productId: input.productId };
      if (!collect || addIndex === null) throw await shortageError(tx, input.account, shortage);
      shortages.push(shortage);
      input.adds = input.adds.filter((item) => item.index !== addIndex);
    }
  }
  return { add, places, plans, shortages, cancelled, branchy: others.length > 0 };
}

/** A written row: its id and the figures valuation derived for it (an exit's cost), for the caller's answer. */
export interface PostedRow {
  id: number;
  derived: DerivedFigures;
  /** where the row went */
  location: { id: number; name: string };
}

/**
 * Posts a batch; the first problem is thrown in Portuguese and nothing is written. Returns the new rows in
 * `add` order.
 */
export async function post(tx: Tx, dialect: Dialect, request: PostingRequest): Promise<PostedRow[]> {
  const now = request.now ?? nowIso();
  const { add, places, plans, cancelled, branchy } = await plan(tx, dialect, request, false, now);
  const posted = await write(tx, dialect, { ...request, add }, plans, cancelled, now);
  if (branchy && !request.reprice) await settleTransfers(tx, dialect, request, plans, now);
  return posted.map((row, i) => {
    const place = places.get(add[i]?.locationId ?? 0);
    return { ...row, location: { id: place?.id ?? 0, name: place?.name ?? '' } };
  });
}

/**
 * Posts a batch unless a row would take a date below zero; then nothing is written and every such row is answered
 * (the sheet import: one planning pass, where checking first and posting after planned a 50,000-row batch twice).
 * Answers no shortages once the batch is written.
 */
export async function postUnlessShort(
  tx: Tx,
  dialect: Dialect,
  request: PostingRequest,
): Promise<RowShortage[]> {
  const now = request.now ?? nowIso();
  const { add, plans, shortages, cancelled, branchy } = await plan(tx, dialect, request, true, now);
  if (shortages.length === 0) {
    await write(tx, dialect, { ...request, add }, plans, cancelled, now);
    if (branchy) await settleTransfers(tx, dialect, request, plans, now);
  }
  return shortages;
}

/**
 * Checks a batch without writing anything and reports every row that would take a date below zero (the
 * sheet preview and the sheet import's row errors). Period and date problems are still thrown.
 */
export async function evaluate(tx: Tx, dialect: Dialect, request: PostingRequest): Promise<RowShortage[]> {
  const { shortages } = await plan(tx, dialect, request, true, nowIso());
  return shortages;
}

/** The new rows to insert (in the batch's order) and the stored rows whose derived figures changed. */
function rowsToWrite(
  plans: readonly ProductPlan[],
  add: readonly NewLedgerRow[],
  reprice: ReadonlyArray<{ id: number }>,
) {
  const inserts: Array<{ row: NewLedgerRow; derived: DerivedFigures; addIndex: number }> = [];
  const reprices = new Set(reprice.map((r) => r.id));
  const updates: Array<{ id: number; direction: 'in' | 'out'; derived: DerivedFigures }> = [];
  for (const productPlan of plans) {
    for (const [i, planned] of productPlan.rows.entries()) {
      const derived = productPlan.derived[i];
      if (!derived) continue;
      if (planned.addIndex !== null) {
        const row = add[planned.addIndex];
        if (row) inserts.push({ row, derived, addIndex: planned.addIndex });
      } else if (planned.stored && !sameDerived(planned.stored.derived, derived)) {
        // a move's value and a repriced transfer entry's cost are derived: rewritten like an exit's cost
        const derivedCost = planned.move || reprices.has(planned.stored.id);
        updates.push({ id: planned.stored.id, direction: derivedCost ? 'out' : planned.direction, derived });
      }
    }
  }
  // Ids follow insertion order; insert in ledger order per the batch so equal dates keep the batch's order.
  inserts.sort((a, b) => a.addIndex - b.addIndex);
  return { inserts, updates };
}

async function write(
  tx: Tx,
  dialect: Dialect,
  request: PostingRequest,
  plans: ProductPlan[],
  cancelled: ReadonlyArray<{ id: number }>,
  now: string,
): Promise<Array<Omit<PostedRow, 'location'>>> {
  const add = request.add ?? [];
  // a sheet's batch: what planning left behind is collected before writing, and again after the rows are in
  collectIfLarge(add.length);
  if (cancelled.length > 0) {
    await markCancelled(
      tx,
      cancelled.map((row) => row.id),
      { userId: request.userId, reason: request.cancel?.reason ?? null, now },
    );
  }
  const { inserts, updates } = rowsToWrite(plans, add, request.reprice ?? []);
  const moved = new Set(add.map(accountOf));
  // a saved balance's `productId` is its account: a product's own stock, or a position (negative)
  const all = plans.map((p) => ({
    productId: p.account,
    balance: p.balance,
    lastDate: p.lastDate,
    movedAt: moved.has(p.account) ? now : null,
  }));
  const balances = all.filter((b) => positionOf(b.productId) === null && branchOf(b.productId) === null);
  const others = all.filter((b) => positionOf(b.productId) !== null || branchOf(b.productId) !== null);
  const locations = plans.flatMap(locationFigures);
  const entry = request.audit && { userId: request.userId, ...request.audit };
  let ids: number[];
  const [only] = balances;
  if (
    dialect === 'postgres' &&
    entry &&
    only &&
    balances.length === 1 &&
    others.length === 0 &&
    updates.length === 0 &&
    inserts.length > 0 &&
    inserts.length <= TAIL_ROWS
  ) {
    // The usual movement: one round trip while the balance row is locked, then the commit.
    ids = await writeTail(tx, inserts, request.userId, only, entry, locations, now);
  } else {
    ids = await insertRows(tx, dialect, inserts, request.userId, now);
    collectIfLarge(add.length);
    await updateDerived(tx, dialect, updates);
    if (only && balances.length === 1) await saveBalance(tx, only, now);
    else if (balances.length > 0) await saveManyBalances(tx, dialect, balances, now);
    await savePositions(tx, others, now);
    await saveBranches(tx, others, now);
    await saveLocationQuantities(tx, dialect, locations, now);
    // a single new row without an id of its own to record (a manual entry or exit) is recorded under the row's id
    if (entry) {
      await audit(
        tx,
        entry.entityId === null && ids.length === 1 ? { ...entry, entityId: ids[0] ?? null } : entry,
      );
    }
  }
  rememberBalances(tx, all);
  rememberLocations(tx, locations);
  const posted: Array<Omit<PostedRow, 'location'>> = [];
  for (const [i, item] of inserts.entries())
    posted[item.addIndex] = { id: ids[i] ?? 0, derived: item.derived };
  return posted;
}

/** Rounds of repricing before giving up on a cycle of transfers that keeps moving by a rounding (never seen). */
const SETTLE_ROUNDS = 20;

/**
 * After a write: the entries of transfers between establishments whose exit's cost the write changed take that cost,
 * and what the destination moved after them is replayed (again, should that move another transfer's exit).
 */
async function settleTransfers(
  tx: Tx,
  dialect: Dialect,
  request: PostingRequest,
  plans: readonly ProductPlan[],
  now: string,
) {
  const products = [...new Set(plans.filter((p) => isOwn(p.account)).map((p) => p.productId))];
  for (let round = 0; round < SETTLE_ROUNDS; round++) {
    const stale = await staleTransferEntries(tx, products);
    if (stale.length === 0) return;
    const { userId, today } = request;
    await post(tx, dialect, { userId, today, now, reprice: stale, audit: null });
  }
}
