import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { Place } from '../inventory/inventory-place.ts';
import type { InventoryService } from '../inventory/inventory-service.ts';
import { stockValue } from './stock-value.ts';

/** What the owner wants to see (DESIGN.md §6.6, decision 0078): figures that agree with the ledger and the inventory. */
export function createReportsService(
  deps: ServiceDeps & { inventory: Pick<InventoryService, 'inventoryAt'> },
) {
  return {
    stockValue: (from: string, to: string, place: Place) => stockValue(deps, from, to, place),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
