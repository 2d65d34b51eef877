import type {
  TCategory,
  TNewCategory,
  TNewUnity,
  TNewUnityBatch,
  TUnity,
  TUnityBatch,
  TUpdateCategory,
  TUpdateUnity,
  TUpdateUnityBatch,
} from '@armazem/contracts/reference';
import type { Db, Tx } from '../../db/database.ts';
import type { Status } from '../../db/types.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { sortKey } from '../../lib/text.ts';
import {
  deleteReference,
  insertReference,
  listCategories,
  listUnities,
  listUnityBatches,
  lockUnity,
  referenceTaken,
  updateReference,
} from './reference-repository.ts';
import {
  REFERENCE_KINDS,
  defaultPackageKindMessage,
  duplicateCodeMessage,
  duplicateNameMessage,
  fractionalChangeRefused,
  fractionalLockedMessage,
  inUseMessage,
  isDefaultPackageKind,
  referenceNotFound,
  type ReferenceTable,
} from './reference-rules.ts';

type Row = TCategory | TUnity | TUnityBatch;
type NewRow = TNewCategory | TNewUnity | TNewUnityBatch;
type Change = TUpdateCategory & TUpdateUnity & TUpdateUnityBatch;

const LISTS: Record<ReferenceTable, (db: Db | Tx, status?: Status, id?: number) => Promise<Row[]>> = {
  categories: listCategories,
  unities: listUnities,
  unity_batches: listUnityBatches,
};

async function findRow(db: Db | Tx, table: ReferenceTable, id: number): Promise<Row> {
  const [row] = await LISTS[table](db, undefined, id);
  if (!row) throw notFound(referenceNotFound(table));
  return row;
}

async function assertNameFree(tx: Tx, table: ReferenceTable, name: string, exceptId?: number) {
  if (await referenceTaken(tx, table, 'name_sort', sortKey(name), exceptId)) {
    throw conflict(duplicateNameMessage(table, name));
  }
}

/** How a row is named in a message: a unit by its code, the others by name. */
const labelOf = (row: Row) => ('fractional' in row ? row.code : row.name);

/**
 * Categories, unities and package kinds: the lists every catalog form chooses from, and the business's own changes
 * to them (admins; the route checks the role). Every write is audited in its transaction.
 */
export function createReferenceService({
  db,
  dialect,
  events,
}: Pick<ServiceDeps, 'db' | 'dialect' | 'events'>) {
  async function create(userId: number, table: ReferenceTable, input: NewRow): Promise<Row> {
    const id = await db.transaction().execute(async (tx) => {
      await assertNameFree(tx, table, input.name);
      if ('code' in input && (await referenceTaken(tx, table, 'code', input.code))) {
        throw conflict(duplicateCodeMessage(table, input.code));
      }
      const values = {
        name: input.name,
        name_sort: sortKey(input.name),
        ...('code' in input ? { code: input.code } : {}),
        ...('fractional' in input ? { fractional: input.fractional ? 1 : 0 } : {}),
      };
      const newId = await insertReference(tx, table, values);
      const { entity } = REFERENCE_KINDS[table];
      await audit(tx, { userId, action: 'create', entity, entityId: newId, after: input });
      return newId;
    });
    events.publish('reference');
    return findRow(db, table, id);
  }

  async function update(userId: number, table: ReferenceTable, id: number, change: Change): Promise<Row> {
    await db.transaction().execute(async (tx) => {
      // a unit's fractional rule changes only while no product uses it: the row is held before they are counted
      if (table === 'unities' && change.fractional !== undefined && dialect === 'postgres')
        await lockUnity(tx, id);
      const before = await findRow(tx, table, id);
      if (change.name !== undefined) await assertNameFree(tx, table, change.name, id);
      if (change.status === 'inactive' && 'code' in before && isDefaultPackageKind(table, before.code))
        throw conflict(defaultPackageKindMessage(before.name));
      if (
        'fractional' in before &&
        fractionalChangeRefused(before.fractional, change.fractional, before.productsCount)
      ) {
        throw conflict(fractionalLockedMessage(before.code, before.productsCount));
      }
      await updateReference(tx, table, id, {
        ...(change.name !== undefined ? { name: change.name, name_sort: sortKey(change.name) } : {}),
        ...(change.status !== undefined ? { status: change.status } : {}),
        ...(change.fractional !== undefined ? { fractional: change.fractional ? 1 : 0 } : {}),
      });
      const { entity } = REFERENCE_KINDS[table];
      await audit(tx, { userId, action: 'update', entity, entityId: id, before, after: change });
    });
    events.publish('reference');
    return findRow(db, table, id);
  }

  async function remove(userId: number, table: ReferenceTable, id: number): Promise<void> {
    await db.transaction().execute(async (tx) => {
      const before = await findRow(tx, table, id);
      if (before.productsCount > 0)
        throw conflict(inUseMessage(table, labelOf(before), before.productsCount));
      await deleteReference(tx, table, id);
      const { entity } = REFERENCE_KINDS[table];
      await audit(tx, { userId, action: 'delete', entity, entityId: id, before });
    });
    events.publish('reference');
  }

  return {
    categories: (status?: Status) => listCategories(db, status),
    unities: (status?: Status) => listUnities(db, status),
    unityBatches: (status?: Status) => listUnityBatches(db, status),
    create,
    update,
    remove,
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
