import type { ServiceDeps } from '../../lib/service-deps.ts';
import { type Place } from '../inventory/inventory-public-service.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { stockValue } from './stock-value.ts';
import { abc, abcRows } from './abc.ts';
import { coverage } from './coverage.ts';
import { deadStock, deadStockRows } from './dead-stock.ts';
import { reorder, reorderRows } from './reorder.ts';
import { paged } from '../../lib/paging.ts';

/** One page of `all`, with the paging fields. */
const pageOf = <T>(all: readonly T[], page: number, pageSize: number) => {
  const start = (page - 1) * pageSize;
  return { slice: all.slice(start, start + pageSize), total: all.length };
};

/**
 * What the owner wants to see (DESIGN.md §6.6, decisions 0078 and 0079): figures that agree with the ledger and the
 * inventory. Each report computes its figures for the whole place and writes out (names, units, decimals) only the
 * rows asked for: one page for the screen, every row for the file.
 */
export function createReportsService(
  deps: ServiceDeps & { inventory: Pick<InventoryService, 'placeOf' | 'valuesAt' | 'categoryValuesAt'> },
) {
  const { db } = deps;
  return {
    /** Reorder suggestions: every row (the purchase list) or one page (the screen). */
    async reorderRows(query: { days: number; supplierId?: number | undefined } & Place) {
      const { suggestions, days } = await reorder(deps, query);
      return { rows: await reorderRows(db, suggestions, days), days };
    },
    async reorderPage(
      query: { days: number; supplierId?: number | undefined; page: number; pageSize: number } & Place,
    ) {
      const { suggestions, total, days } = await reorder(deps, query, query);
      return { ...paged(await reorderRows(db, suggestions, days), total, query.page, query.pageSize), days };
    },

    /** Dead stock: every row (the file) or one page with the total value (the screen). */
    async deadStockRows(days: number, place: Place) {
      const { lines, ...found } = await deadStock(deps, days, place);
      return { rows: await deadStockRows(db, lines, found) };
    },
    async deadStockPage(query: { days: number; page: number; pageSize: number } & Place) {
      const { lines, scope, to, ...summary } = await deadStock(deps, query.days, query);
      const { slice, total } = pageOf(lines, query.page, query.pageSize);
      const rows = await deadStockRows(db, slice, { scope, to });
      return { ...paged(rows, total, query.page, query.pageSize), ...summary };
    },

    /** Coverage and turnover over the last `days` days: every row (the file) or one page (the screen). */
    coverageRows: (days: number, place: Place) => coverage(deps, days, place),
    async coveragePage(query: { days: number; page: number; pageSize: number } & Place) {
      const { rows, total, ...period } = await coverage(deps, query.days, query, query);
      return { ...paged(rows, total, query.page, query.pageSize), ...period };
    },

    stockValue: (from: string, to: string, place: Place) => stockValue(deps, from, to, place),

    /** The ABC curve: every row (for the file) and one page with the period's totals (for the screen). */
    async abcRows(query: { from: string; to: string } & Place) {
      const { entries, total } = await abc(db, query);
      return { rows: await abcRows(db, entries, total) };
    },
    async abcPage(query: { from: string; to: string; page: number; pageSize: number } & Place) {
      const { entries, total: value, summary } = await abc(db, query);
      const { slice, total } = pageOf(entries, query.page, query.pageSize);
      return { ...paged(await abcRows(db, slice, value), total, query.page, query.pageSize), ...summary };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
