import type { TCount, TCountDetail, TCountSheetPreview } from '@armazem/contracts/counts';
import { nowIso, type Tx } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, found } from '../../lib/errors.ts';
import { quantityOut } from '../../lib/numbers.ts';
import { paged } from '../../lib/paging.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { post } from '../stock/stock-public-service.ts';
import { periodClosed } from '../stock/stock-public-service.ts';
import { readClosedThrough } from '../closings/closings-public-service.ts';
import { isClosed } from '../shared/stock-rules.ts';
import { positionsAt } from '../inventory/inventory-public-service.ts';
import { scopeOf as stockScopeOf } from '../stock/stock-public-service.ts';
import { liveLedgerIds } from '../stock/stock-public-service.ts';
import * as repo from './counts-repository.ts';
import { needsFallbackCost } from './counts-rules.ts';
import * as lines from './count-lines-repository.ts';
import { partsOf } from './count-parts-repository.ts';
import { detailItems, hideExpected, savedItems, type CountLookups } from './counts-view.ts';
import { postCount } from './counts-posting.ts';
import { barcodesOf, countSheet, countSheetItems, resolveCountSheet } from './counts-sheet.ts';
import { countNotFound, lockOpen } from './count-guards.ts';
import type { PermissionsService } from '../permissions/permissions-service.ts';
import { save, type CountItemInput, type SaveMode } from './count-save.ts';
import { scan } from './count-scans.ts';
import { countPlace, fallbackCosts, newCountLocation } from './count-place.ts';

export type { CountItemInput } from './count-save.ts';
type User = { id: number; name: string; role: 'admin' | 'operator' };
type NewCount = {
  countedOn?: string;
  description?: string | null;
  categoryId?: number | null;
  blind?: boolean;
  locationId?: number | null;
};
type ListQuery = Parameters<typeof repo.listCounts>[1] & { establishmentId?: number; locationId?: number };

/** Inventory counts: start, count (several people at once), post through the pipeline, discard or undo. */

const mustFind = async ({ db }: ServiceDeps, id: number): Promise<TCount> =>
  found(await repo.findCount(db, id), countNotFound);

/** A blind count hides the expected figures from operators (admins see them). */
const hidden = (user: User, count: TCount) => count.blind && user.role !== 'admin';
const asSeenBy = <T extends Pick<TCountDetail, 'items' | 'totals'>>(user: User, count: TCount, view: T) =>
  hidden(user, count) ? hideExpected(view) : view;

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
    place: await countPlace(deps.db, count.location.id),
    posted: count.postedAt !== null,
  };
  const [rows, unities, parts] = await Promise.all([
    lines.countRows(deps.db, deps.dialect, scope),
    lines.unitiesById(deps.db),
    partsOf(deps.db, count.id),
  ]);
  // open lines only: a posted line keeps the cost it was posted at
  const needFallback = rows
    .filter((row) => row.expected === null && needsFallbackCost(row, row.counted))
    .map((row) => row.productId);
  const fallbackCost = await fallbackCosts(deps.db, scope.place, count.countedOn, needFallback);
  const lookups: CountLookups = { unities, parts, fallbackCost };
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
    const location = await newCountLocation(tx, user.id, body.locationId);
    const newId = await repo.insertCount(tx, {
      countedOn,
      description: body.description ?? null,
      categoryId: body.categoryId ?? null,
      locationId: location.id,
      blind: body.blind ?? false,
      userId: user.id,
      now: nowIso(),
    });
    await audit(tx, {
      userId: user.id,
      action: 'create',
      entity: 'inventory_count',
      entityId: newId,
      after: {
        countedOn,
        categoryId: body.categoryId ?? null,
        locationId: location.id,
        description: body.description ?? null,
        blind: body.blind ?? false,
      },
    });
    return newId;
  });
  deps.events.publish('count', [id]);
  return mustFind(deps, id);
}

async function saveItems(deps: ServiceDeps, user: User, id: number, input: readonly CountItemInput[]) {
  const ids = await deps.db.transaction().execute((tx) => save(deps, tx, user, id, input));
  deps.events.publish('count', [id]);
  const count = await mustFind(deps, id);
  const { rows, lookups } = await readLines(deps, count);
  return { ...count, ...asSeenBy(user, count, savedItems(rows, lookups, ids)) };
}

/** The rows of an uploaded sheet, resolved against the open count's scope. */
async function readSheet(deps: ServiceDeps, id: number, bytes: Uint8Array) {
  const count = await mustFind(deps, id);
  if (count.status !== 'open') throw conflict('Este balanço não está aberto para contagem.');
  const positions = await scopeOf(deps, count);
  const packages = await barcodesOf(deps.db, new Set(positions.map((p) => p.productId)));
  return resolveCountSheet(bytes, positions, packages);
}

/** Merges an uploaded sheet (replacing or adding to the counts): every row checked first (422, nothing merged). */
async function uploadSheet(deps: ServiceDeps, user: User, id: number, bytes: Uint8Array, mode: SaveMode) {
  const items = countSheetItems(await readSheet(deps, id, bytes));
  await deps.db.transaction().execute((tx) => save(deps, tx, user, id, items, mode));
  deps.events.publish('count', [id]);
  const saved = await mustFind(deps, id);
  const { rows, lookups } = await readLines(deps, saved);
  return { ...saved, ...asSeenBy(user, saved, detailItems(rows, lookups, false)) };
}

/** What an upload would do, row by row, in the mode chosen; nothing stored. */
async function previewSheet(
  deps: ServiceDeps,
  id: number,
  upload: { fileName: string; bytes: Uint8Array; mode: SaveMode },
): Promise<TCountSheetPreview> {
  const read = await readSheet(deps, id, upload.bytes);
  const current = await lines.countedQuantities(deps.db, id);
  const rows = read.map((row) => {
    if (!row.position) {
      const none = {
        product: null,
        unity: null,
        sheetQuantity: null,
        currentQuantity: null,
        newQuantity: null,
      };
      return { line: row.line, ...none, errors: [row.error] };
    }
    const { productId, sku, name, unityCode } = row.position;
    const before = current.get(productId) ?? null;
    const after = upload.mode === 'add' ? (before ?? 0n) + row.quantity : row.quantity;
    return {
      line: row.line,
      product: { id: productId, sku, name },
      unity: unityCode,
      sheetQuantity: quantityOut(row.quantity),
      currentQuantity: before === null ? null : quantityOut(before),
      newQuantity: quantityOut(after),
      errors: [],
    };
  });
  const invalid = rows.filter((row) => row.errors.length > 0).length;
  const summary = { rows: rows.length, valid: rows.length - invalid, invalid };
  return { fileName: upload.fileName, mode: upload.mode, rows, summary };
}

/** Discards an open count, or undoes a posted one: its adjustments cancelled through the pipeline. */
async function removeCount(deps: CountsDeps, user: User, id: number) {
  const undone = await deps.db.transaction().execute(async (tx) => {
    const count = found(await repo.lockCount(tx, deps.dialect, id), countNotFound);
    if (count.status === 'discarded') throw conflict('Este balanço já foi descartado.');
    // which of the two it is shows only here, with the count locked (DESIGN.md §6.7)
    const open = count.status === 'open';
    await deps.permissions.assert(
      user.role,
      open ? 'count.discard' : 'count.undo',
      open ? 'descartar balanços' : 'desfazer balanços efetivados',
      tx,
    );
    const now = nowIso();
    if (count.status === 'open') {
      await repo.setStatus(tx, id, { status: 'discarded', userId: user.id, now, undo: false });
      await audit(tx, { userId: user.id, action: 'discard', entity: 'inventory_count', entityId: id });
      return false;
    }
    await assertOpenPeriod(deps, tx, count.counted_on);
    const ids = await liveLedgerIds(tx, 'count_id', id);
    await post(tx, deps.dialect, {
      userId: user.id,
      today: deps.clock.today(),
      cancel: { ids, reason: `Balanço nº ${id} desfeito` },
      audit: { action: 'undo', entity: 'inventory_count', entityId: id, after: { cancelled: ids.length } },
    });
    await repo.setStatus(tx, id, { status: 'discarded', userId: user.id, now, undo: true });
    return true;
  });
  deps.events.publish('count', [id]);
  if (undone) deps.events.publish('stock'); // its adjustments were cancelled
}

async function postOne(deps: ServiceDeps, user: User, id: number, uncountedAsZero: boolean) {
  await deps.db.transaction().execute(async (tx) => {
    const count = await lockOpen(deps, tx, id);
    await assertOpenPeriod(deps, tx, count.counted_on);
    await postCount(tx, deps.dialect, { user, count, uncountedAsZero, today: deps.clock.today() });
  });
  deps.events.publish('count', [id]);
  deps.events.publish('stock');
  return mustFind(deps, id);
}

type CountsDeps = ServiceDeps & { permissions: Pick<PermissionsService, 'assert'> };

export function createCountsService(deps: CountsDeps) {
  return {
    create: (user: User, body: NewCount) => createCount(deps, user, body),
    async list(query: ListQuery) {
      const scope = await stockScopeOf(deps.db, query);
      const { data, total } = await repo.listCounts(deps.db, query, scope);
      return paged(data, total, query.page, query.pageSize);
    },
    async detail(user: User, id: number, differences = false): Promise<TCountDetail> {
      const count = await mustFind(deps, id);
      if (differences && hidden(user, count))
        throw forbidden('Balanço às cegas: as diferenças aparecem só para administradores.');
      const { rows, lookups } = await readLines(deps, count);
      const inScope = count.status === 'posted' ? await repo.productsInScope(deps.db, id) : null;
      return { ...count, ...asSeenBy(user, count, detailItems(rows, lookups, differences, inScope)) };
    },
    scan: (user: User, id: number, input: { code: string; quantity?: bigint }) => scan(deps, user, id, input),
    async uncounted(id: number) {
      const count = await mustFind(deps, id);
      const { rows, lookups } = await readLines(deps, count);
      return rows
        .filter((row) => row.counted === null)
        .map((row) => ({
          product: { id: row.productId, sku: row.sku, name: row.name, barcode: row.barcode },
          unity: lookups.unities.get(row.unityId) ?? { code: '', fractional: false },
        }));
    },
    saveItems: (user: User, id: number, items: readonly CountItemInput[]) => saveItems(deps, user, id, items),
    async sheet(id: number) {
      const count = await mustFind(deps, id);
      const bytes = await countSheet(await scopeOf(deps, count));
      return { fileName: `balanco-${id}-${count.countedOn}.xlsx`, bytes };
    },
    uploadSheet: (user: User, id: number, bytes: Uint8Array, mode: SaveMode = 'replace') =>
      uploadSheet(deps, user, id, bytes, mode),
    previewSheet: (id: number, upload: { fileName: string; bytes: Uint8Array; mode: SaveMode }) =>
      previewSheet(deps, id, upload),
    post: (user: User, id: number, uncountedAsZero: boolean) => postOne(deps, user, id, uncountedAsZero),
    remove: (user: User, id: number) => removeCount(deps, user, id),
  };
}

export type CountsService = ReturnType<typeof createCountsService>;
