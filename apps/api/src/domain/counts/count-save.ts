import { nowIso, type Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { positionsAt } from '../inventory/inventory-public-service.ts';
import * as repo from './counts-repository.ts';
import * as parts from './count-parts-repository.ts';
import { countedQuantityProblem } from './counts-rules.ts';
import { lockOpen } from './count-guards.ts';
import { assertSeen } from './count-scans.ts';

type User = { id: number; name: string };
export type CountItemInput = {
  productId: number;
  countedQuantity: bigint | null;
  seenQuantity?: bigint | null;
};
/** Typed totals and sheets replace what was counted; a sheet may instead add to it. */
export type SaveMode = 'replace' | 'add';

/** Each item in the count's scope and a quantity its unit can hold; 400 names every product that cannot take it. */
function checkItems(
  items: readonly CountItemInput[],
  scope: ReadonlyMap<number, { name: string; fractional: boolean; unityCode: string }>,
) {
  const issues: Array<{ path: string; message: string }> = [];
  items.forEach((item, index) => {
    const position = scope.get(item.productId);
    if (!position) {
      issues.push({
        path: `items.${index}.productId`,
        message: 'Produto fora deste balanço (inativo, de outra categoria ou inexistente).',
      });
    } else if (item.countedQuantity !== null) {
      const problem = countedQuantityProblem(position.fractional, item.countedQuantity, position.unityCode);
      if (problem)
        issues.push({ path: `items.${index}.countedQuantity`, message: `${position.name}: ${problem}` });
    }
  });
  if (issues.length > 0)
    throw new AppError('VALIDATION_ERROR', issues[0]?.message ?? 'Dados inválidos.', { issues });
}

/** `add`: each quantity becomes the line's total after adding it (the count is locked, no scan runs meanwhile). */
async function addedTotals(tx: Tx, countId: number, items: readonly CountItemInput[]) {
  const current = await parts.currentLines(
    tx,
    countId,
    items.map((item) => item.productId),
  );
  return items.map((item) => ({
    productId: item.productId,
    countedQuantity: (current.get(item.productId)?.counted ?? 0n) + (item.countedQuantity ?? 0n),
  }));
}

/**
 * Saves counted quantities of products in the count's scope, in the caller's transaction: the figures each person
 * saw checked first (409 COUNT_CHANGED, nothing written), then the totals and each person's part. Answers the ids.
 */
export async function save(
  deps: ServiceDeps,
  tx: Tx,
  user: User,
  countId: number,
  items: readonly CountItemInput[],
  mode: SaveMode = 'replace',
) {
  const count = await lockOpen(deps, tx, countId);
  const ids = [...new Set(items.map((item) => item.productId))];
  const filter = { activeOnly: true, categoryId: count.category_id, productIds: ids };
  const scope = new Map((await positionsAt(tx, count.counted_on, filter)).map((p) => [p.productId, p]));
  checkItems(items, scope);
  await assertSeen(tx, countId, items);
  // the last write per product wins: within one request too
  const last = [...new Map(items.map((item) => [item.productId, item])).values()];
  const totals = mode === 'add' ? await addedTotals(tx, countId, last) : last;
  checkItems(totals, scope);
  const now = nowIso();
  await repo.saveItems(tx, countId, totals, user.id, now);
  if (mode === 'add') {
    const added = last.map((item) => ({ productId: item.productId, quantity: item.countedQuantity ?? 0n }));
    await parts.addToParts(tx, countId, user.id, added, now);
  } else {
    await parts.setTypedParts(tx, deps.dialect, {
      countId,
      userId: user.id,
      typed: totals.filter((item) => item.countedQuantity !== null).map((item) => item.productId),
      forgotten: totals.filter((item) => item.countedQuantity === null).map((item) => item.productId),
      now,
    });
  }
  await audit(tx, {
    userId: user.id,
    action: 'count',
    entity: 'inventory_count',
    entityId: countId,
    after: { mode, items: totals.slice(0, 100), total: totals.length },
  });
  return totals.map((item) => item.productId);
}
