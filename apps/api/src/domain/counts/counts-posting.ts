import { nowIso, type Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { post, type NewLedgerRow } from '../stock/posting-pipeline.ts';
import { averageCost } from '../stock/stock-rules.ts';
import { lastEntryCosts, positionsAt } from '../inventory/inventory-repository.ts';
import { countItems, recordPosting, setStatus } from './counts-repository.ts';
import { planAdjustments } from './counts-rules.ts';

interface PostingInput {
  user: { id: number };
  count: { id: number; counted_on: string; category_id: number | null };
  uncountedAsZero: boolean;
  today: string;
}

/**
 * Posts a count in the caller's transaction: each difference becomes an `ajuste` row dated the count's date, source
 * `count`, through the one posting pipeline; what was found and the cost used are kept on the count's items.
 */
export async function postCount(
  tx: Tx,
  dialect: Dialect,
  { user, count, uncountedAsZero, today }: PostingInput,
) {
  const date = count.counted_on;
  const positions = await positionsAt(tx, date, {
    activeOnly: true,
    categoryId: count.category_id,
    order: 'name',
  });
  const stored = await countItems(tx, count.id);
  const counted = new Map([...stored].map(([id, item]) => [id, item.counted]));
  const needFallback = positions
    .filter((p) => p.quantity === 0n && (counted.get(p.productId) ?? 0n) > 0n)
    .map((p) => p.productId);
  const fallback =
    needFallback.length > 0 ? await lastEntryCosts(tx, date, needFallback) : new Map<number, bigint>();
  const adjustments = planAdjustments(positions, counted, uncountedAsZero, fallback);
  const unities = new Map(positions.map((p) => [p.productId, p.defaultUnityId ?? 0]));
  const add: NewLedgerRow[] = adjustments.map((a) => ({
    productId: a.productId,
    productUnityId: unities.get(a.productId) ?? 0,
    direction: a.direction,
    quantity: a.quantity,
    baseQuantity: a.quantity,
    unitCost: a.unitCost,
    occurredOn: date,
    supplierId: null,
    // an entry carries no reason (the ledger's reason/direction check); its source and document say it is a count
    reason: a.direction === 'out' ? 'ajuste' : null,
    document: `Balanço nº ${count.id}`,
    notes: null,
    source: 'count',
    stockMovementId: null,
    countId: count.id,
  }));
  await post(tx, dialect, {
    userId: user.id,
    today,
    add,
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
  const surplusCost = new Map(adjustments.map((a) => [a.productId, a.unitCost]));
  const lines = positions.flatMap((p) => {
    const quantity = counted.get(p.productId) ?? (uncountedAsZero ? 0n : null);
    if (quantity === null) return [];
    const unitCost = surplusCost.get(p.productId) ?? averageCost(p);
    return [{ productId: p.productId, expected: p.quantity, counted: quantity, unitCost }];
  });
  const now = nowIso();
  await recordPosting(tx, count.id, lines, user.id, now);
  await setStatus(tx, count.id, { status: 'posted', userId: user.id, now });
}
