import { lastLiveRow } from '../stock/stock-public-service.ts';
import { sql } from 'kysely';
import type { TStockMovement } from '@armazem/contracts/movements';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { averageCost } from '../shared/stock-rules.ts';
import { listMovements } from './movements-repository.ts';
import { placeMonthSums, type MonthSumRow } from './place-report.ts';
import { type StockScope } from '../stock/stock-public-service.ts';

export interface ReportLine {
  sku: string;
  name: string;
  unit: string;
  opening: bigint;
  entries: bigint;
  exits: bigint;
  closing: bigint;
  averageCost: bigint;
  closingValue: bigint;
}

export interface ReportData {
  year: number;
  month: number;
  categories: Array<{ name: string; lines: ReportLine[]; closingValue: bigint }>;
  totals: { opening: bigint; entries: bigint; exits: bigint; closingValue: bigint; products: number };
  movements: TStockMovement[];
  /**
   * The period's state for the header: who closed the month and on which date (business time zone), while it is
   * closed, and its latest reopening with the reason
   */
  period?: {
    closed: { on: string; by: string } | null;
    reopened: { on: string; by: string; reason: string | null } | null;
  };
}

export function monthBounds(year: number, month: number) {
  const start = `${year}-${String(month).padStart(2, '0')}-01`;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start, end: `${year}-${String(month).padStart(2, '0')}-${String(last).padStart(2, '0')}` };
}

/**
 * Each product's month from the derived figures the ledger stores (balance_quantity/balance_value after every row),
 * by the date each movement happened (not when it was typed), cancelled rows counting nowhere: opening = the
 * running figures after the last live row before the month, closing = after the last live row up to its end (one
 * index seek each on stock_ledger_live_idx), entries and exits = the month's own rows. The cost follows the
 * products and the month's rows, not the whole history.
 */
function monthSums(db: Db, start: string, end: string) {
  const last = (column: 'balance_quantity' | 'balance_value', op: '<' | '<=', date: string) =>
    lastLiveRow('b.product_id', date, column, { before: op === '<' });
  const month = db
    .selectFrom('stock_ledger')
    .select((eb) => [
      'product_id',
      eb.fn.sum<string | number>(sql`case when direction = 'in' then base_quantity else 0 end`).as('entries'),
      eb.fn.sum<string | number>(sql`case when direction = 'out' then base_quantity else 0 end`).as('exits'),
    ])
    .where('cancelled_at', 'is', null)
    .where('position_id', 'is', null)
    .where('establishment_stock_id', 'is', null)
    .where('occurred_on', '>=', start)
    .where('occurred_on', '<=', end)
    .groupBy('product_id');
  return db
    .selectFrom('stock_balances as b')
    .leftJoin(month.as('m'), 'm.product_id', 'b.product_id')
    .select([
      'b.product_id',
      last('balance_quantity', '<', start).as('opening'),
      'm.entries',
      'm.exits',
      last('balance_value', '<=', end).as('closing_value'),
    ])
    .execute();
}

type MonthSum = MonthSumRow;
type ProductInfo = { sku: string; name: string; unit: string; category: string };

async function productsById(db: Db, ids: number[]): Promise<Map<number, ProductInfo>> {
  const info = new Map<number, ProductInfo>();
  for (let offset = 0; offset < ids.length; offset += 1000) {
    const products = await db
      .selectFrom('products as p')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
      .select(['p.id', 'p.sku', 'p.name', 'u.code', 'c.name as category'])
      .where('p.id', 'in', ids.slice(offset, offset + 1000))
      .execute();
    for (const product of products)
      info.set(product.id, {
        sku: product.sku,
        name: product.name,
        unit: product.code,
        category: product.category,
      });
  }
  return info;
}

/** A product's line of the month, or null when it had no stock and no movement. */
function reportLine(row: MonthSum, product: ProductInfo): ReportLine | null {
  const opening = toBigInt(row.opening);
  const entries = toBigInt(row.entries);
  const exits = toBigInt(row.exits);
  if (opening === 0n && entries === 0n && exits === 0n) return null;
  const closing = opening + entries - exits;
  const closingValue = toBigInt(row.closing_value);
  return {
    sku: product.sku,
    name: product.name,
    unit: product.unit,
    opening,
    entries,
    exits,
    closing,
    closingValue,
    averageCost: averageCost({ quantity: closing, totalValue: closingValue }),
  };
}

const collator = new Intl.Collator('pt-BR');

/** Lines grouped by category, both in Portuguese alphabetical order, with subtotals and totals. */
function byCategory(sums: MonthSum[], info: Map<number, ProductInfo>) {
  const groups = new Map<string, ReportLine[]>();
  for (const row of sums) {
    const product = info.get(row.product_id);
    const line = product ? reportLine(row, product) : null;
    if (!product || !line) continue;
    const group = groups.get(product.category);
    if (group) group.push(line);
    else groups.set(product.category, [line]);
  }
  const categories = [...groups.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([name, lines]) => ({
      name,
      lines: lines.sort((a, b) => collator.compare(a.name, b.name) || a.sku.localeCompare(b.sku)),
      closingValue: lines.reduce((total, line) => total + line.closingValue, 0n),
    }));
  const all = categories.flatMap((category) => category.lines);
  const totals = {
    opening: all.reduce((t, l) => t + l.opening, 0n),
    entries: all.reduce((t, l) => t + l.entries, 0n),
    exits: all.reduce((t, l) => t + l.exits, 0n),
    closingValue: all.reduce((t, l) => t + l.closingValue, 0n),
    products: all.length,
  };
  return { categories, totals };
}

/**
 * The month's report: of the first establishment (the default, and the whole business until another one holds
 * stock), of another establishment, or of one location (DESIGN.md §6.3).
 */
export async function monthReport(
  db: Db,
  year: number,
  month: number,
  scope: StockScope = { kind: 'all' },
): Promise<ReportData> {
  const { start, end } = monthBounds(year, month);
  const first = scope.kind === 'all' || (scope.kind === 'establishment' && scope.first);
  const sums: MonthSumRow[] = first
    ? await monthSums(db, start, end)
    : await placeMonthSums(db, start, end, scope);
  const info = await productsById(
    db,
    sums.map((row) => row.product_id),
  );
  return { year, month, ...byCategory(sums, info), movements: await listMovements(db, year, month) };
}
