import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { Place } from '../inventory/inventory-place.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { stockValue } from './stock-value.ts';
import { abc } from './abc.ts';
import { coverage } from './coverage.ts';
import { deadStock } from './dead-stock.ts';
import { reorder } from './reorder.ts';
import { paged } from '../../lib/paging.ts';

/** What the owner wants to see (DESIGN.md §6.6, decision 0078): figures that agree with the ledger and the inventory. */
export function createReportsService(
  deps: ServiceDeps & { inventory: Pick<InventoryService, 'inventoryAt'> },
) {
  return {
    /** Reorder suggestions: every row (the purchase list) or one page (the screen). */
    reorderRows: (query: { days: number; supplierId?: number | undefined } & Place) => reorder(deps, query),
    async reorderPage(
      query: { days: number; supplierId?: number | undefined; page: number; pageSize: number } & Place,
    ) {
      const { rows, days } = await reorder(deps, query);
      const start = (query.page - 1) * query.pageSize;
      return {
        ...paged(rows.slice(start, start + query.pageSize), rows.length, query.page, query.pageSize),
        days,
      };
    },

    /** Dead stock: every row (the file) or one page with the total value (the screen). */
    deadStockRows: (days: number, place: Place) => deadStock(deps, days, place),
    async deadStockPage(query: { days: number; page: number; pageSize: number } & Place) {
      const { rows, ...summary } = await deadStock(deps, query.days, query);
      const start = (query.page - 1) * query.pageSize;
      return {
        ...paged(rows.slice(start, start + query.pageSize), rows.length, query.page, query.pageSize),
        ...summary,
      };
    },

    /** Coverage and turnover over the last `days` days: every row (the file) or one page (the screen). */
    coverageRows: (days: number, place: Place) => coverage(deps, days, place),
    async coveragePage(query: { days: number; page: number; pageSize: number } & Place) {
      const { rows, ...period } = await coverage(deps, query.days, query);
      const start = (query.page - 1) * query.pageSize;
      return {
        ...paged(rows.slice(start, start + query.pageSize), rows.length, query.page, query.pageSize),
        ...period,
      };
    },

    stockValue: (from: string, to: string, place: Place) => stockValue(deps, from, to, place),

    /** The ABC curve: every row (for the file) and one page with the period's totals (for the screen). */
    abcRows: (query: { from: string; to: string } & Place) => abc(deps.db, query),
    async abcPage(query: { from: string; to: string; page: number; pageSize: number } & Place) {
      const { rows, summary } = await abc(deps.db, query);
      const start = (query.page - 1) * query.pageSize;
      return {
        ...paged(rows.slice(start, start + query.pageSize), rows.length, query.page, query.pageSize),
        ...summary,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
