import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { moneyOut } from '../../lib/numbers.ts';
import { latestMovements } from './ledger-repository.ts';

/**
 * The maintained figures (table `stock_figures`, kept by the triggers of migration 013; docs/decisions/0026):
 * per category, status and below-minimum flag, how many products, how many with a balance row, and their stock
 * value. A list's exact total and the dashboard's figures are a sum over a few dozen rows at any catalog size.
 */
export interface FiguresFilter {
  categoryId?: number | undefined;
  status?: 'active' | 'inactive' | undefined;
  below?: boolean | undefined;
}

export interface Figures {
  products: number;
  balances: number;
  totalValue: bigint;
  /** products with a balance that are below their minimum */
  below: number;
}

export async function readFigures(db: Db, filter: FiguresFilter = {}): Promise<Figures> {
  let query = db.selectFrom('stock_figures').select(['below', 'products', 'balances', 'total_value']);
  if (filter.categoryId !== undefined) query = query.where('category_id', '=', filter.categoryId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.below !== undefined) query = query.where('below', '=', filter.below ? 1 : 0);
  const figures: Figures = { products: 0, balances: 0, totalValue: 0n, below: 0 };
  for (const row of await query.execute()) {
    figures.products += Number(row.products);
    figures.balances += Number(row.balances);
    figures.totalValue += toBigInt(row.total_value);
    if (Number(row.below) === 1) figures.below += Number(row.balances);
  }
  return figures;
}

/** A list's totals from the maintained figures: the same at 1,000 or 100,000 products. */
export async function maintainedTotals(db: Db, categoryId?: number, below?: boolean) {
  const figures = await readFigures(db, { categoryId, below });
  return {
    products: figures.balances,
    totalValue: moneyOut(figures.totalValue),
    belowMinimum: figures.below,
  };
}

/** The dashboard's figures, from the maintained figures: the same at 1,000 or 100,000 products. */
export async function stockSummary(db: Db) {
  const [active, all, latest] = await Promise.all([
    readFigures(db, { status: 'active' }),
    readFigures(db),
    latestMovements(db, 10),
  ]);
  return {
    activeProducts: active.balances,
    stockValue: moneyOut(all.totalValue),
    belowMinimum: all.below,
    latestMovements: latest,
  };
}
