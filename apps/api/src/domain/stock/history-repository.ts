import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import type { DerivedFigures, LedgerFact } from '../shared/stock-rules.ts';
import { chunks } from '../../lib/chunks.ts';
import { averageCost } from '../shared/stock-rules.ts';
import { ARRAY_ROWS } from '../../db/sqlite-driver.ts';
import { ledgerOrderSql } from './ledger-repository.ts';
import type { LockedBalance, SavedBalance } from './posting-repository.ts';
import { plainArray } from '../../db/pg-arrays.ts';
import { branchOf, positionOf, type Account } from './stock-accounts.ts';

/**
 * SQL of the pipeline's slow path: stored rows read back (a back-dated movement, a cancellation), and many
 * products' balance rows saved at once. The usual movement (today, nothing later) never reaches this file; the
 * rewrites of the ledger itself are in ledger-writes.ts.
 */

/** Products per set-based history read. */
const PRODUCTS_PER_READ = 2_000;

/** Running figures after the last live row dated before `date` (zero when there is none). */
export const runningBefore = (tx: Tx | Db, productId: number, date: string) =>
  runningBeforeOf(tx, productId, date);

/** The rows of one account: a product's own stock in the first establishment, a position, another's own stock. */
export function ofAccount<Q extends AccountQuery<Q>>(query: Q, account: Account): Q {
  const positionId = positionOf(account);
  const branchId = branchOf(account);
  if (positionId !== null) return query.where('position_id', '=', positionId);
  if (branchId !== null) return query.where('establishment_stock_id', '=', branchId);
  return query
    .where('product_id', '=', account)
    .where('position_id', 'is', null)
    .where('establishment_stock_id', 'is', null);
}
interface AccountQuery<Q> {
  where(
    column: 'position_id' | 'establishment_stock_id' | 'product_id',
    op: '=' | 'is',
    value: number | null,
  ): Q;
}

/** The same for any account: a product's own stock, or a position (stock-accounts.ts). */
export const accountHistoryBefore = (tx: Tx | Db, account: Account, date: string) =>
  runningBeforeOf(tx, account, date);

async function runningBeforeOf(tx: Tx | Db, account: Account, date: string): Promise<LockedBalance> {
  const row = await tx
    .selectFrom('stock_ledger')
    .select(['balance_quantity', 'balance_value', 'occurred_on'])
    .$call((q) => ofAccount(q, account))
    .where('cancelled_at', 'is', null)
    .where('occurred_on', '<', date)
    .orderBy(ledgerOrderSql(null, 'desc'))
    .limit(1)
    .executeTakeFirst();
  return row ? toStart(row) : { balance: { quantity: 0n, totalValue: 0n }, lastDate: null };
}

export interface StoredRow extends LedgerFact {
  id: number;
  derived: DerivedFigures;
}

/**
 * The columns a stored row is read with, for the pipeline and the integrity replay alike. Every one is NOT NULL and
 * holds no space: `liveRowsFrom` reads them on PostgreSQL joined by spaces in one text (a test checks the schema).
 */
export const STORED_ROW_COLUMNS = [
  'id',
  'direction',
  'occurred_on',
  'quantity',
  'base_quantity',
  'unit_cost',
  'total_cost',
  'balance_quantity',
  'balance_value',
  'location_id',
  'location_move',
] as const;

type Stored = string | number | bigint;

/** A stored ledger row as facts (what valuation reads) and the derived figures stored with it. */
export function toStoredRow(row: {
  id: Stored;
  direction: 'in' | 'out';
  occurred_on: string;
  quantity: Stored;
  base_quantity: Stored;
  unit_cost: Stored;
  total_cost: Stored;
  balance_quantity: Stored;
  balance_value: Stored;
  /** absent in migrations older than 024 */
  location_id?: Stored;
  location_move?: Stored;
}): StoredRow {
  const totalCost = toBigInt(row.total_cost);
  const unitCost = toBigInt(row.unit_cost);
  const move = Number(row.location_move ?? 0) === 1;
  // a move's value is derived, like an exit's cost: each replay computes it again
  const entry = row.direction === 'in' && !move;
  // one object shape for every row (a back-dated movement reads 100,000 of them): no spreads
  return {
    locationId: row.location_id === undefined ? undefined : Number(row.location_id),
    move,
    id: Number(row.id),
    direction: row.direction,
    occurredOn: row.occurred_on,
    quantity: toBigInt(row.quantity),
    baseQuantity: toBigInt(row.base_quantity),
    entryCost: entry ? totalCost : null,
    entryUnitCost: entry ? unitCost : null,
    derived: {
      totalCost,
      unitCost,
      balanceQuantity: toBigInt(row.balance_quantity),
      balanceValue: toBigInt(row.balance_value),
    },
  };
}

/** Live rows of a product from `date` on, in ledger order, with their stored derived figures. */
export async function liveRowsFrom(
  tx: Tx,
  dialect: Dialect,
  productId: number,
  date: string,
): Promise<StoredRow[]> {
  // A back-dated movement reads every later row of its product (100,000 in the bench). SQLite answers them as
  // arrays (4× faster than objects); PostgreSQL as one text per row, split here (every column is not null and
  // none holds a space): 2× faster than nine parsed fields per row (decisions 0036, 0046).
  const columns = sql.raw(STORED_ROW_COLUMNS.join(', '));
  if (dialect === 'sqlite') {
    const { rows } = await sql<StoredArray>`${sql.raw(ARRAY_ROWS)} select ${columns} from stock_ledger
      where product_id = ${productId} and position_id is null and establishment_stock_id is null
        and cancelled_at is null and occurred_on >= ${date}
      order by ${ledgerOrderSql(null)}`.execute(tx);
    return rows.map(fromArray);
  }
  const { rows } = await sql<{ r: string }>`select concat_ws(' ', ${columns}) as r from stock_ledger
    where product_id = ${productId} and position_id is null and establishment_stock_id is null
        and cancelled_at is null and occurred_on >= ${date}
    order by ${ledgerOrderSql(null)}`.execute(tx);
  return rows.map(({ r }) => fromArray(r.split(' ') as StoredArray));
}

type StoredArray = [
  Stored,
  'in' | 'out',
  string,
  Stored,
  Stored,
  Stored,
  Stored,
  Stored,
  Stored,
  Stored,
  Stored,
];
/** A row read as an array, in STORED_ROW_COLUMNS order. */
const fromArray = ([id, direction, occurred_on, ...figures]: StoredArray) => {
  const [quantity, base_quantity, unit_cost, total_cost, balance_quantity, balance_value] = figures;
  const [location_id, location_move] = figures.slice(6);
  return toStoredRow({
    location_id,
    location_move,
    id,
    direction,
    occurred_on,
    quantity,
    base_quantity,
    unit_cost,
    total_cost,
    balance_quantity,
    balance_value,
  });
};

/** Where a product's history is read from: the running figures before `date` and every live row from it on. */
export interface History {
  start: LockedBalance;
  rows: StoredRow[];
}

/**
 * The history of each account from its date: a position's read on its own (decision 0065); many products' in two
 * statements per few thousand products (the sheet import).
 */
export async function historiesFrom(
  tx: Tx,
  dialect: Dialect,
  from: ReadonlyMap<Account, string>,
): Promise<Map<Account, History>> {
  const own = new Map<number, string>();
  const out = new Map<Account, History>();
  for (const [account, date] of from) {
    if (positionOf(account) === null && branchOf(account) === null) own.set(account, date);
    else out.set(account, await accountHistory(tx, account, date));
  }
  for (const [productId, history] of await productHistories(tx, dialect, own)) out.set(productId, history);
  return out;
}

/**
 * The own-stock history of many products in two statements per few thousand products (the sheet import): one reads
 * the last live row before each product's date, the other every live row from it on, in ledger order.
 */
async function productHistories(
  tx: Tx,
  dialect: Dialect,
  from: ReadonlyMap<number, string>,
): Promise<Map<number, History>> {
  const out = new Map<number, History>();
  if (from.size === 0) return out;
  if (from.size === 1) {
    const [[productId, date]] = [...from] as [[number, string]];
    const [start, rows] = [
      await runningBefore(tx, productId, date),
      await liveRowsFrom(tx, dialect, productId, date),
    ];
    out.set(productId, { start, rows });
    return out;
  }
  const zero = (): History => ({
    start: { balance: { quantity: 0n, totalValue: 0n }, lastDate: null },
    rows: [],
  });
  for (const part of chunks([...from], PRODUCTS_PER_READ)) {
    for (const [productId] of part) out.set(productId, zero());
    const ids = part.map(([id]) => id);
    const dates = part.map(([, date]) => date);
    const json = JSON.stringify(part);
    const before =
      dialect === 'postgres'
        ? sql<BeforeRow>`select v.pid as product_id, b.balance_quantity, b.balance_value, b.occurred_on
            from unnest(${plainArray(ids)}::int[], ${plainArray(dates)}::date[]) as v(pid, d)
            cross join lateral (select balance_quantity, balance_value, occurred_on from stock_ledger
              where product_id = v.pid and position_id is null and establishment_stock_id is null
                and cancelled_at is null and occurred_on < v.d
              order by ${ledgerOrderSql(null, 'desc')} limit 1) as b`
        : sql<BeforeRow>`select l.product_id, l.balance_quantity, l.balance_value, l.occurred_on
            from jsonb_each(${json}) as v cross join stock_ledger as l
            on l.id = (select x.id from stock_ledger as x where x.product_id = v.value ->> 0
              and x.position_id is null and x.establishment_stock_id is null and x.cancelled_at is null
              and x.occurred_on < v.value ->> 1
              order by ${ledgerOrderSql('x', 'desc')} limit 1)`;
    for (const row of (await before.execute(tx)).rows) {
      const history = out.get(Number(row.product_id));
      if (history) history.start = toStart(row);
    }
    const columns = sql.join(STORED_ROW_COLUMNS.map((column) => sql.ref(`l.${column}`)));
    const later =
      dialect === 'postgres'
        ? sql<LaterRow>`select l.product_id, ${columns}
            from unnest(${plainArray(ids)}::int[], ${plainArray(dates)}::date[]) as v(pid, d)
            join stock_ledger as l on l.product_id = v.pid and l.occurred_on >= v.d
            where l.cancelled_at is null and l.position_id is null and l.establishment_stock_id is null
            order by l.product_id, ${ledgerOrderSql('l')}`
        : sql<LaterRow>`select l.product_id, ${columns}
            from jsonb_each(${json}) as v cross join stock_ledger as l
            on l.product_id = v.value ->> 0 and l.occurred_on >= v.value ->> 1
            where l.cancelled_at is null and l.position_id is null and l.establishment_stock_id is null
            order by l.product_id, ${ledgerOrderSql('l')}`;
    for (const row of (await later.execute(tx)).rows)
      out.get(Number(row.product_id))?.rows.push(toStoredRow(row));
  }
  return out;
}

/** An account's history from `date` on, read on its own: the running figures before it and every live row from it. */
export async function accountHistory(tx: Tx | Db, account: Account, date: string): Promise<History> {
  const rows = await tx
    .selectFrom('stock_ledger')
    .select([...STORED_ROW_COLUMNS])
    .$call((q) => ofAccount(q, account))
    .where('cancelled_at', 'is', null)
    .where('occurred_on', '>=', date)
    .orderBy(ledgerOrderSql(null))
    .execute();
  return { start: await runningBeforeOf(tx, account, date), rows: rows.map(toStoredRow) };
}

interface BeforeRow {
  product_id: number | string;
  balance_quantity: Stored;
  balance_value: Stored;
  occurred_on: string;
}
type LaterRow = Parameters<typeof toStoredRow>[0] & { product_id: number | string };

function toStart(row: Omit<BeforeRow, 'product_id'>): LockedBalance {
  return {
    balance: { quantity: toBigInt(row.balance_quantity), totalValue: toBigInt(row.balance_value) },
    lastDate: row.occurred_on,
  };
}

/** Many products' balance rows (a sheet, a count) in one set-based statement per chunk. */
export async function saveManyBalances(
  tx: Tx,
  dialect: Dialect,
  balances: readonly SavedBalance[],
  now: string,
): Promise<void> {
  const size = dialect === 'postgres' ? 10_000 : 5_000;
  for (const part of chunks(balances, size)) {
    const ids = part.map((b) => b.productId);
    const q = part.map((b) => b.balance.quantity.toString());
    const v = part.map((b) => b.balance.totalValue.toString());
    const a = part.map((b) => averageCost(b.balance).toString());
    const m = part.map((b) => b.movedAt);
    const d = part.map((b) => b.lastDate);
    if (dialect === 'postgres') {
      await sql`update stock_balances as b set quantity = v.q, total_value = v.v, average_cost = v.a,
          last_movement_at = coalesce(v.m, b.last_movement_at), last_occurred_on = v.d, updated_at = ${now}
        from unnest(${plainArray(ids)}::int[], ${plainArray(q)}::bigint[], ${plainArray(v)}::bigint[],
          ${plainArray(a)}::bigint[], ${m}::timestamptz[], ${plainArray(d)}::date[])
          as v(id, q, v, a, m, d)
        where b.product_id = v.id`.execute(tx);
    } else {
      const values = sql.join(
        part.map((b, i) => sql`(${ids[i]}, ${q[i]}, ${v[i]}, ${a[i]}, ${b.movedAt}, ${b.lastDate})`),
      );
      await sql`with v(id, q, v, a, m, d) as (values ${values})
        update stock_balances set quantity = v.q, total_value = v.v, average_cost = v.a,
          last_movement_at = coalesce(v.m, stock_balances.last_movement_at), last_occurred_on = v.d,
          updated_at = ${now}
        from v where stock_balances.product_id = v.id`.execute(tx);
    }
  }
}
