import type { TCount, TCountDetail } from '@armazem/contracts/counts';
import { nowIso, type Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict, found, notFound } from '../../lib/errors.ts';
import { paged } from '../../lib/paging.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { post } from '../stock/posting-pipeline.ts';
import { periodClosed } from '../stock/posting-refusals.ts';
import { readClosedThrough } from '../closings/closings-repository.ts';
import { isClosed } from '../stock/stock-rules.ts';
import { lastEntryCosts, positionsAt } from '../inventory/inventory-repository.ts';
import * as repo from './counts-repository.ts';
import { countedQuantityProblem, needsFallbackCost } from './counts-rules.ts';
import * as lines from './count-lines-repository.ts';
import { detailItems, savedItems, type CountLookups } from './counts-view.ts';
import { postCount } from './counts-posting.ts';
import { barcodesOf, countSheet, readCountSheet } from './counts-sheet.ts';

type User = { id: number; name: string };
export type CountItemInput = { productId: number; countedQuantity: bigint | null };
type NewCount = { countedOn?: string; description?: string | null; categoryId?: number | null };
type ListQuery = Parameters<typeof repo.listCounts>[1];

/** Inventory counts: start, count (several people at once), post through the pipeline, discard or undo. */

const countNotFound = () => notFound('Balanço não encontrado.');

const mustFind = async ({ db }: ServiceDeps, id: number): Promise<TCount> =>
  found(await repo.findCount(db, id), countNotFound);

async function lockOpen({ dialect }: ServiceDeps, tx: Tx, id: number) {
  const count = found(await repo.lockCount(tx, dialect, id), countNotFound);
  if (count.status === 'posted') throw conflict('Este balanço já foi lançado no estoque.');
  if (count.status === 'discarded') throw conflict('Este balanço foi descartado.');
  return count;
}

async function assertOpenPeriod({ dialect }: ServiceDeps, tx: Tx, date: string) {
  if (isClosed(date, await readClosedThrough(tx, dialect, 'shared'))) throw periodClosed(date);
}

const scopeOf = (deps: ServiceDeps, count: TCount) =>
  positionsAt(deps.db, count.countedOn, {
    activeOnly: true,
    categoryId: count.category?.id ?? null,
    order: 'name',
  });

/** The count's lines with the units and counters they name. */
async function readLines(deps: ServiceDeps, count: TCount) {
  const scope = {
    id: count.id,
    countedOn: count.countedOn,
    categoryId: count.category?.id ?? null,
    posted: count.postedAt !== null,
  };
  const [rows, unities, counters] = await Promise.all([
    lines.countRows(deps.db, deps.dialect, scope),
    lines.unitiesById(deps.db),
    lines.countersOf(deps.db, count.id),
  ]);
  // open lines only: a posted line keeps the cost it was posted at
  const needFallback = rows
    .filter((row) => row.expected === null && needsFallbackCost(row, row.counted))
    .map((row) => row.productId);
  const fallbackCost =
    needFallback.length > 0
      ? await lastEntryCosts(deps.db, count.countedOn, needFallback)
      : new Map<number, bigint>();
  const lookups: CountLookups = { unities, counters, fallbackCost };
  return { rows, lookups };
}

async function createCount(deps: ServiceDeps, user: User, body: NewCount) {
  const today = deps.clock.today();
  const countedOn = body.countedOn ?? today;
  if (countedOn > today) throw badRequest('A data do balanço não pode ser futura.', 'countedOn');
  const id = await deps.db.transaction().execute(async (tx) => {
    await assertOpenPeriod(deps, tx, countedOn);
    if (body.categoryId && !(await repo.categoryExists(tx, body.categoryId)))
      throw badRequest('Categoria não encontrada.', 'categoryId');
    const newId = await repo.insertCount(tx, {
      countedOn,
      description: body.description ?? null,
      categoryId: body.categoryId ?? null,
      userId: user.id,
      now: nowIso(),
    });
    await audit(tx, {
      userId: user.id,
      action: 'create',
      entity: 'inventory_count',
      entityId: newId,
      after: { countedOn, categoryId: body.categoryId ?? null, description: body.description ?? null },
    });
    return newId;
  });
  return mustFind(deps, id);
}

/** Saves counted quantities of products in the count's scope; 400 names each product that cannot take it. */
async function save(
  deps: ServiceDeps,
  tx: Tx,
  user: User,
  countId: number,
  items: readonly CountItemInput[],
) {
  const count = await lockOpen(deps, tx, countId);
  const ids = [...new Set(items.map((item) => item.productId))];
  const filter = { activeOnly: true, categoryId: count.category_id, productIds: ids };
  const scope = new Map((await positionsAt(tx, count.counted_on, filter)).map((p) => [p.productId, p]));
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
  // the last write per product wins: within one request too
  const last = new Map(items.map((item) => [item.productId, item]));
  await repo.saveItems(tx, countId, [...last.values()], user.id, nowIso());
  await audit(tx, {
    userId: user.id,
    action: 'count',
    entity: 'inventory_count',
    entityId: countId,
    after: { items: [...last.values()].slice(0, 100), total: last.size },
  });
  return [...last.keys()];
}

async function saveItems(deps: ServiceDeps, user: User, id: number, input: readonly CountItemInput[]) {
  const ids = await deps.db.transaction().execute((tx) => save(deps, tx, user, id, input));
  const count = await mustFind(deps, id);
  const { rows, lookups } = await readLines(deps, count);
  return { ...count, ...savedItems(rows, lookups, ids) };
}

/** Merges an uploaded sheet: every row checked first (422 lists the bad ones, nothing merged). */
async function uploadSheet(deps: ServiceDeps, user: User, id: number, bytes: Uint8Array) {
  const count = await mustFind(deps, id);
  if (count.status !== 'open') throw conflict('Este balanço não está aberto para contagem.');
  const positions = await scopeOf(deps, count);
  const packages = await barcodesOf(deps.db, new Set(positions.map((p) => p.productId)));
  const items = await readCountSheet(bytes, positions, packages);
  await deps.db.transaction().execute((tx) => save(deps, tx, user, id, items));
  const saved = await mustFind(deps, id);
  const { rows, lookups } = await readLines(deps, saved);
  return { ...saved, ...detailItems(rows, lookups, false) };
}

/** Discards an open count, or undoes a posted one: its adjustments cancelled through the pipeline. */
async function removeCount(deps: ServiceDeps, user: User, id: number) {
  await deps.db.transaction().execute(async (tx) => {
    const count = found(await repo.lockCount(tx, deps.dialect, id), countNotFound);
    if (count.status === 'discarded') throw conflict('Este balanço já foi descartado.');
    const now = nowIso();
    if (count.status === 'open') {
      await repo.setStatus(tx, id, { status: 'discarded', userId: user.id, now, undo: false });
      await audit(tx, { userId: user.id, action: 'discard', entity: 'inventory_count', entityId: id });
      return;
    }
    await assertOpenPeriod(deps, tx, count.counted_on);
    const ids = await repo.countLedgerIds(tx, id);
    await post(tx, deps.dialect, {
      userId: user.id,
      today: deps.clock.today(),
      cancel: { ids, reason: `Balanço nº ${id} desfeito` },
      audit: { action: 'undo', entity: 'inventory_count', entityId: id, after: { cancelled: ids.length } },
    });
    await repo.setStatus(tx, id, { status: 'discarded', userId: user.id, now, undo: true });
  });
}

async function postOne(deps: ServiceDeps, user: User, id: number, uncountedAsZero: boolean) {
  await deps.db.transaction().execute(async (tx) => {
    const count = await lockOpen(deps, tx, id);
    await assertOpenPeriod(deps, tx, count.counted_on);
    await postCount(tx, deps.dialect, { user, count, uncountedAsZero, today: deps.clock.today() });
  });
  return mustFind(deps, id);
}

export function createCountsService(deps: ServiceDeps) {
  return {
    create: (user: User, body: NewCount) => createCount(deps, user, body),
    async list(query: ListQuery) {
      const { data, total } = await repo.listCounts(deps.db, query);
      return paged(data, total, query.page, query.pageSize);
    },
    async detail(id: number, differences = false): Promise<TCountDetail> {
      const count = await mustFind(deps, id);
      const { rows, lookups } = await readLines(deps, count);
      return { ...count, ...detailItems(rows, lookups, differences) };
    },
    saveItems: (user: User, id: number, items: readonly CountItemInput[]) => saveItems(deps, user, id, items),
    async sheet(id: number) {
      const count = await mustFind(deps, id);
      const bytes = await countSheet(await scopeOf(deps, count));
      return { fileName: `balanco-${id}-${count.countedOn}.xlsx`, bytes };
    },
    uploadSheet: (user: User, id: number, bytes: Uint8Array) => uploadSheet(deps, user, id, bytes),
    post: (user: User, id: number, uncountedAsZero: boolean) => postOne(deps, user, id, uncountedAsZero),
    remove: (user: User, id: number) => removeCount(deps, user, id),
  };
}

export type CountsService = ReturnType<typeof createCountsService>;
