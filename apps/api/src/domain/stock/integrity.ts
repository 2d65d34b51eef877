import type { TIntegrityReport } from '@armazem/contracts/stock-history';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { moneyOut, quantityOut } from '../../lib/numbers.ts';
import { STORED_ROW_COLUMNS, toStoredRow, type StoredRow } from './history-repository.ts';
import { ledgerOrderSql } from './ledger-repository.ts';
import { averageCost, EMPTY_BALANCE, replayLedger, type LedgerFact } from '../shared/stock-rules.ts';
import { walkLocations } from './location-rules.ts';

const PRODUCTS_PER_PASS = 200;
const MAX_REPORTED = 1000;
type Stored = string | number | bigint;

/** How each compared figure is written in a mismatch: as on the wire, a quantity or an amount of money. */
const FIELD_OUT = {
  balanceQuantity: quantityOut,
  balanceValue: moneyOut,
  totalCost: moneyOut,
  unitCost: moneyOut,
  negative: quantityOut,
  quantity: quantityOut,
  totalValue: moneyOut,
  averageCost: moneyOut,
} as const;

/** Records a figure whose stored value differs from the replay (up to MAX_REPORTED), written as on the wire. */
const reporter =
  (mismatches: TIntegrityReport['mismatches']) =>
  (productId: number, [prefix, name]: [string, keyof typeof FIELD_OUT], stored: bigint, replayed: bigint) => {
    if (stored !== replayed && mismatches.length < MAX_REPORTED) {
      const out = FIELD_OUT[name];
      mismatches.push({
        productId,
        field: `${prefix}.${name}`,
        stored: out(stored),
        replayed: out(replayed),
      });
    }
  };

type Report = ReturnType<typeof reporter>;
type Mismatches = TIntegrityReport['mismatches'];

/** One account's stored rows and running figures against a replay of its facts from zero. */
function compareAccount(
  report: Report,
  mismatches: Mismatches,
  account: { productId: number; prefix: string; rows: StoredRow[] },
  balance: { quantity: Stored; total_value: Stored; last_occurred_on: string | null; average_cost?: Stored },
) {
  const { productId, prefix, rows: stored } = account;
  const facts: LedgerFact[] = stored;
  const replay = replayLedger(EMPTY_BALANCE, facts, { lenient: true });
  if (!replay.ok) return;
  for (const [i, row] of stored.entries()) {
    const derived = replay.rows[i];
    if (!derived) continue;
    for (const field of ['balanceQuantity', 'balanceValue', 'totalCost', 'unitCost'] as const) {
      report(productId, [`ledger[${row.id}]`, field], row.derived[field], derived[field]);
    }
    if (derived.balanceQuantity < 0n)
      report(productId, [`ledger[${row.id}]`, 'negative'], 0n, derived.balanceQuantity);
  }
  const final = replay.balance;
  const lastDate = facts[facts.length - 1]?.occurredOn ?? null;
  if ((balance.last_occurred_on ?? null) !== lastDate && mismatches.length < MAX_REPORTED) {
    mismatches.push({
      productId,
      field: `${prefix}.lastOccurredOn`,
      stored: String(balance.last_occurred_on),
      replayed: String(lastDate),
    });
  }
  report(productId, [prefix, 'quantity'], toBigInt(balance.quantity), final.quantity);
  report(productId, [prefix, 'totalValue'], toBigInt(balance.total_value), final.totalValue);
  if (balance.average_cost !== undefined)
    report(productId, [prefix, 'averageCost'], toBigInt(balance.average_cost), averageCost(final));
}

/** Groups rows by a key, keeping their order. */
function groupBy<R>(rows: readonly R[], key: (row: R) => number): Map<number, R[]> {
  const out = new Map<number, R[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

/**
 * Replays every product's own stock and every position (held and sent goods, decision 0065) from zero with the same
 * rules the pipeline uses and compares each stored derived figure (an exit's cost, the running quantity and value)
 * and the running figures kept beside them with the replay.
 */
export async function checkIntegrity(db: Db): Promise<TIntegrityReport> {
  const mismatches: Mismatches = [];
  const report = reporter(mismatches);
  const productIds = (
    await db.selectFrom('stock_balances').select('product_id').orderBy('product_id').execute()
  ).map((row) => row.product_id);
  for (let start = 0; start < productIds.length; start += PRODUCTS_PER_PASS) {
    const ids = productIds.slice(start, start + PRODUCTS_PER_PASS);
    const [rows, balances] = await Promise.all([
      db
        .selectFrom('stock_ledger')
        .select([...STORED_ROW_COLUMNS, 'product_id', 'establishment_stock_id'])
        .where('product_id', 'in', ids)
        .where('position_id', 'is', null)
        .where('cancelled_at', 'is', null)
        .orderBy('product_id')
        .orderBy(ledgerOrderSql(null))
        .execute(),
      db
        .selectFrom('stock_balances')
        .select(['product_id', 'quantity', 'total_value', 'average_cost', 'last_occurred_on'])
        .where('product_id', 'in', ids)
        .execute(),
    ]);
    const first = groupBy(
      rows.filter((row) => row.establishment_stock_id === null),
      (row) => row.product_id,
    );
    for (const balance of balances) {
      const productId = balance.product_id;
      const stored = (first.get(productId) ?? []).map(toStoredRow);
      compareAccount(report, mismatches, { productId, prefix: 'balance', rows: stored }, balance);
    }
    await checkLocations(db, report, ids, rows);
  }
  await checkPositions(db, report, mismatches);
  await checkBranches(db, report, mismatches);
  return { ok: mismatches.length === 0, products: productIds.length, mismatches };
}

/**
 * Each product's quantity per location (own stock, decision 0068): the stored one against the sum of its rows, and no
 * location below zero on any date (walked in each establishment's ledger order).
 */
async function checkLocations(
  db: Db,
  report: Report,
  ids: readonly number[],
  rows: ReadonlyArray<
    Parameters<typeof toStoredRow>[0] & { product_id: number; establishment_stock_id: number | null }
  >,
) {
  const stored = await db
    .selectFrom('location_balances')
    .select(['product_id', 'location_id', 'quantity'])
    .where('product_id', 'in', [...ids])
    .execute();
  const kept = new Map(stored.map((row) => [`${row.product_id}:${row.location_id}`, toBigInt(row.quantity)]));
  const byAccount = new Map<string, StoredRow[]>();
  for (const row of rows) {
    const key = `${row.product_id}:${row.establishment_stock_id ?? 0}`;
    const list = byAccount.get(key) ?? [];
    list.push(toStoredRow(row));
    byAccount.set(key, list);
  }
  const replayed = new Map<string, bigint>();
  for (const [key, list] of byAccount) {
    const productId = Number(key.split(':')[0]);
    let walk = walkLocations(new Map(), list);
    while (!walk.ok) {
      const { shortage } = walk;
      report(productId, [`location[${shortage.locationId}]@${shortage.occurredOn}`, 'negative'], 0n, -1n);
      // lenient from there on, as the replay is: count the rest as they are
      const rest = list.slice(shortage.index + 1);
      const start = new Map([[shortage.locationId, 0n]]);
      walk = walkLocations(start, rest);
    }
    for (const [locationId, quantity] of walk.quantities)
      replayed.set(
        `${productId}:${locationId}`,
        (replayed.get(`${productId}:${locationId}`) ?? 0n) + quantity,
      );
  }
  for (const key of new Set([...kept.keys(), ...replayed.keys()])) {
    const [productId, locationId] = key.split(':').map(Number) as [number, number];
    report(productId, [`location[${locationId}]`, 'quantity'], kept.get(key) ?? 0n, replayed.get(key) ?? 0n);
  }
}

/** Other establishments' own stock against their rows (decision 0068). */
async function checkBranches(db: Db, report: Report, mismatches: Mismatches) {
  const [branches, rows] = await Promise.all([
    db
      .selectFrom('establishment_stock')
      .select(['id', 'product_id', 'quantity', 'total_value', 'last_occurred_on'])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('stock_ledger')
      .select([...STORED_ROW_COLUMNS, 'establishment_stock_id'])
      .where('establishment_stock_id', 'is not', null)
      .where('cancelled_at', 'is', null)
      .orderBy('establishment_stock_id')
      .orderBy(ledgerOrderSql(null))
      .execute(),
  ]);
  const byBranch = groupBy(rows, (row) => row.establishment_stock_id ?? 0);
  for (const branch of branches) {
    const stored = (byBranch.get(branch.id) ?? []).map(toStoredRow);
    const account = {
      productId: branch.product_id,
      prefix: `establishmentStock[${branch.id}]`,
      rows: stored,
    };
    compareAccount(report, mismatches, account, branch);
  }
}

/** Every position's rows against its running figures (few: read at once). */
async function checkPositions(db: Db, report: Report, mismatches: Mismatches) {
  const [positions, rows] = await Promise.all([
    db
      .selectFrom('stock_positions')
      .select(['id', 'product_id', 'quantity', 'total_value', 'last_occurred_on'])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('stock_ledger')
      .select([...STORED_ROW_COLUMNS, 'position_id'])
      .where('position_id', 'is not', null)
      .where('cancelled_at', 'is', null)
      .orderBy('position_id')
      .orderBy(ledgerOrderSql(null))
      .execute(),
  ]);
  const byPosition = groupBy(rows, (row) => row.position_id ?? 0);
  for (const position of positions) {
    const stored = (byPosition.get(position.id) ?? []).map(toStoredRow);
    const account = { productId: position.product_id, prefix: `position[${position.id}]`, rows: stored };
    compareAccount(report, mismatches, account, position);
  }
}
