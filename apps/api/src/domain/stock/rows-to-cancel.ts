import type { TLedgerSource } from '@armazem/contracts/stock';
import type { Tx } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';

/** The rows a cancellation names, read for the posting pipeline (their account, place and date). */

const CHUNK = 500;

export interface RowToCancel {
  id: number;
  productId: number;
  positionId: number | null;
  establishmentStockId: number | null;
  locationId: number;
  direction: 'in' | 'out';
  occurredOn: string;
  source: TLedgerSource;
  stockMovementId: number | null;
  cancelledAt: string | null;
  /** the count whose adjustment the row is (undoing it cancels its rows) */
  countId: number | null;
}

export async function rowsToCancel(tx: Tx, ids: readonly number[]): Promise<RowToCancel[]> {
  const found: RowToCancel[] = [];
  for (const part of chunks(ids, CHUNK)) {
    const rows = await tx
      .selectFrom('stock_ledger')
      .select(['id', 'product_id', 'position_id', 'direction', 'occurred_on', 'source', 'stock_movement_id'])
      .select(['cancelled_at', 'establishment_stock_id', 'location_id', 'count_id'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) {
      found.push({
        id: Number(row.id),
        productId: row.product_id,
        positionId: row.position_id,
        establishmentStockId: row.establishment_stock_id,
        locationId: row.location_id,
        direction: row.direction,
        occurredOn: row.occurred_on,
        source: row.source,
        stockMovementId: row.stock_movement_id,
        cancelledAt: row.cancelled_at,
        countId: row.count_id,
      });
    }
  }
  return found;
}
