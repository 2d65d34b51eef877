import { nowIso, type Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { type NewLedgerRow } from '../shared/stock-rules.ts';
import { post } from '../stock/stock-public-service.ts';
import { countPlace, fallbackCosts } from './count-place.ts';
import { countRows, defaultUnities, recordPosting } from './count-lines-repository.ts';
import { setStatus } from './counts-repository.ts';
import { needsFallbackCost, planAdjustments, unitValue } from './counts-rules.ts';

interface PostingInput {
  user: { id: number };
  count: { id: number; counted_on: string; category_id: number | null; location_id: number };
  uncountedAsZero: boolean;
  today: string;
}

/**
 * Posts a count in the caller's transaction: each difference becomes an `ajuste` row dated the count's date, source
 * `count`, at the count's location, through the one posting pipeline; what was found and the cost used are kept on the count's items.
 */
export async function postCount(
  tx: Tx,
  dialect: Dialect,
  { user, count, uncountedAsZero, today }: PostingInput,
) {
  const date = count.counted_on;
  const place = await countPlace(tx, count.location_id);
  const scope = { id: count.id, countedOn: date, categoryId: count.category_id, place, posted: false };
  const rows = await countRows(tx, dialect, scope);
  const counted = new Map<number, bigint>();
  for (const row of rows) if (row.counted !== null) counted.set(row.productId, row.counted);
  const needFallback = rows
    .filter((row) => needsFallbackCost(row, counted.get(row.productId)))
    .map((row) => row.productId);
  const fallback = await fallbackCosts(tx, place, date, needFallback);
  const adjustments = planAdjustments(rows, counted, uncountedAsZero, fallback);
  const unities = await defaultUnities(
    tx,
    adjustments.map((a) => a.productId),
  );
  const add: NewLedgerRow[] = adjustments.map((a) => ({
    productId: a.productId,
    productUnityId: unities.get(a.productId) ?? 0,
    direction: a.direction,
    quantity: a.quantity,
    baseQuantity: a.quantity,
    unitCost: a.unitCost,
    occurredOn: date,
    supplierId: null,
    // a surplus is an `ajuste` entry and a shortage an `ajuste` exit (DESIGN.md §3; decision 0030)
    reason: 'ajuste',
    document: `Balanço nº ${count.id}`,
    notes: null,
    source: 'count',
    stockMovementId: null,
    countId: count.id,
    // at the location counted: the pipeline refuses a shortage that would take it below zero on any date
    locationId: place.locationId,
  }));
  const lines = rows.flatMap((row) => {
    const quantity = counted.get(row.productId) ?? (uncountedAsZero ? 0n : null);
    if (quantity === null) return [];
    return [
      {
        productId: row.productId,
        expected: row.quantity,
        counted: quantity,
        unitCost: unitValue(row, fallback),
      },
    ];
  });
  await post(tx, dialect, {
    userId: user.id,
    today,
    add,
    // what it counted with no difference is fixed on its date as well: a count on or before another one is refused
    counted: lines.map((line) => ({
      productId: line.productId,
      occurredOn: date,
      locationId: place.locationId,
      countId: count.id,
    })),
    audit: {
      action: 'post',
      entity: 'inventory_count',
      entityId: count.id,
      after: {
        uncountedAsZero,
        entries: adjustments.filter((a) => a.direction === 'in').length,
        exits: adjustments.filter((a) => a.direction === 'out').length,
      },
    },
  });
  const now = nowIso();
  await recordPosting(tx, dialect, count.id, lines, user.id, now);
  await setStatus(tx, count.id, { status: 'posted', userId: user.id, now, productsInScope: rows.length });
}
