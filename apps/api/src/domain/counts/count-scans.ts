import type { TCountScanResult } from '@armazem/contracts/counts';
import { formatQuantityBR } from '@armazem/contracts/decimal';
import { nowIso, type Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { quantityOut } from '../../lib/numbers.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { baseQuantityOf } from '../shared/stock-rules.ts';
import * as parts from './count-parts-repository.ts';
import { lockOpen } from './count-guards.ts';
import { countedQuantityProblem } from './counts-rules.ts';

type User = { id: number; name: string };

/** Counting together (DESIGN.md §6.1, decision 0050): scans add on the server; typed totals say what they saw. */

const unknownCode = (code: string) =>
  notFound(`Código ${code} não encontrado entre os produtos deste balanço.`);

/** One scan: what the code names × quantity (packages), added to the line and to the person's part, atomically. */
async function addScan(
  deps: ServiceDeps,
  tx: Tx,
  user: User,
  countId: number,
  code: string,
  quantity: bigint,
) {
  const count = await lockOpen(deps, tx, countId, 'share');
  const target = await parts.findScanTarget(tx, code);
  if (!target) throw unknownCode(code);
  const inScope = target.active && (count.category_id === null || count.category_id === target.categoryId);
  if (!inScope && (await parts.countedOf(tx, countId, target.productId)) === null) throw unknownCode(code);
  // a fraction of a unit that takes none is said as a typed total would say it
  const { unitsPerPackage, baseFractional, baseCode } = target.rule;
  if (unitsPerPackage === 1000n && !baseFractional && quantity % 1000n !== 0n)
    throw badRequest(`${target.name}: ${countedQuantityProblem(false, 1n, baseCode)}`, 'quantity');
  const base = baseQuantityOf(target.rule, quantity);
  if (!base.ok) throw badRequest(`${target.name}: ${base.message}`, 'quantity');
  const now = nowIso();
  const line = { countId, productId: target.productId, userId: user.id, quantity: base.baseQuantity, now };
  const total = await parts.addToLine(tx, line);
  if (total === null) {
    const counted = (await parts.countedOf(tx, countId, target.productId)) ?? 0n;
    throw badRequest(
      `${target.name}: a contagem está em ${formatQuantityBR(counted)} ${target.rule.baseCode}; não dá para tirar ${formatQuantityBR(-base.baseQuantity)}.`,
      'quantity',
    );
  }
  const problem = countedQuantityProblem(target.rule.baseFractional, total, target.rule.baseCode);
  if (problem) throw badRequest(`${target.name}: ${problem}`, 'quantity');
  await parts.addToParts(
    tx,
    countId,
    user.id,
    [{ productId: target.productId, quantity: base.baseQuantity }],
    now,
  );
  await audit(tx, {
    userId: user.id,
    action: 'scan',
    entity: 'inventory_count',
    entityId: countId,
    after: {
      productId: target.productId,
      code,
      packages: String(quantity),
      added: String(base.baseQuantity),
    },
  });
  return { target, total, added: base.baseQuantity };
}

export async function scan(
  deps: ServiceDeps,
  user: User,
  countId: number,
  input: { code: string; quantity?: bigint },
): Promise<TCountScanResult> {
  const packages = input.quantity ?? 1000n;
  const { target, total, added } = await deps.db
    .transaction()
    .execute((tx) => addScan(deps, tx, user, countId, input.code, packages));
  deps.events.publish('count', [countId]);
  const lineParts = await parts.partsOf(deps.db, countId, [target.productId]);
  return {
    product: { id: target.productId, sku: target.sku, name: target.name, barcode: target.barcode },
    unity: { code: target.rule.baseCode, fractional: target.rule.baseFractional },
    countedQuantity: quantityOut(total),
    countedBy: (lineParts.get(target.productId) ?? []).map(partOut),
    scanned: {
      productUnityId: target.productUnityId,
      label: target.rule.label,
      packages: quantityOut(packages),
      baseQuantity: quantityOut(added),
    },
  };
}

export const partOut = (part: { user: User; quantity: bigint; at: string }) => ({
  user: part.user,
  quantity: quantityOut(part.quantity),
  at: part.at,
});

/**
 * A typed total carries the figure the person saw: when a line changed since, 409 COUNT_CHANGED names who changed
 * it and the figure it has now, and nothing of the request is written (the caller's transaction rolls back).
 */
export async function assertSeen(
  tx: Tx,
  countId: number,
  items: ReadonlyArray<{ productId: number; seenQuantity?: bigint | null }>,
) {
  const seen = items.filter((item) => item.seenQuantity !== undefined);
  if (seen.length === 0) return;
  const current = await parts.currentLines(
    tx,
    countId,
    seen.map((item) => item.productId),
  );
  for (const item of seen) {
    const line = current.get(item.productId);
    if (!line || line.counted === (item.seenQuantity ?? null)) continue;
    const who = line.countedBy ?? 'Outra pessoa';
    const message =
      line.counted === null
        ? `A contagem de ${line.name} foi apagada por outra pessoa. Confira e digite de novo.`
        : `${who} alterou a contagem de ${line.name} para ${formatQuantityBR(line.counted)} ${line.unityCode}. Confira e digite de novo.`;
    throw new AppError('COUNT_CHANGED', message, {
      details: {
        productId: item.productId,
        countedQuantity: line.counted === null ? null : quantityOut(line.counted),
        countedBy: line.counted === null ? null : who,
      },
    });
  }
}
