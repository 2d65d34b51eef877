import { sql, type RawBuilder } from 'kysely';
import type { TCategory, TUnity, TUnityBatch } from '@armazem/contracts/reference';
import type { Db, Tx } from '../../db/database.ts';
import type { Status } from '../../db/types.ts';
import { isFractional, type ReferenceTable } from './reference-rules.ts';

const count = (value: unknown) => Number(value ?? 0);

/** How many products use each row: a category's products, a unit as base or packaging unit, a packaging type. */
function productsCountSql(table: ReferenceTable) {
  if (table === 'categories') {
    return sql<number>`(select count(*) from products p where p.category_id = categories.id)`;
  }
  if (table === 'unities') {
    return sql<number>`(select count(*) from products p where p.base_unity_id = unities.id or exists (
      select 1 from product_unities pu where pu.product_id = p.id and pu.unity_id = unities.id))`;
  }
  return sql<number>`(select count(distinct pu.product_id) from product_unities pu
    where pu.unity_batch_id = unity_batches.id)`;
}

/** The rows a list asks for: those of `status` when given; only row `id` when given (read back after a change). */
function listFilters(status?: Status, id?: number): RawBuilder<boolean>[] {
  const filters: RawBuilder<boolean>[] = [];
  if (status) filters.push(sql<boolean>`${sql.ref('status')} = ${status}`);
  if (id) filters.push(sql<boolean>`${sql.ref('id')} = ${id}`);
  return filters;
}

const counted = <R extends { productsCount: unknown }>(rows: R[]) =>
  rows.map((row) => ({ ...row, productsCount: count(row.productsCount) }));

export async function listCategories(db: Db | Tx, status?: Status, id?: number): Promise<TCategory[]> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'name', 'status', productsCountSql('categories').as('productsCount')])
    .where(({ and }) => and(listFilters(status, id)))
    .orderBy('name_sort')
    .orderBy('id')
    .execute();
  return counted(rows);
}

export async function listUnities(db: Db | Tx, status?: Status, id?: number): Promise<TUnity[]> {
  const rows = await db
    .selectFrom('unities')
    .select(['id', 'code', 'name', 'fractional', 'status', productsCountSql('unities').as('productsCount')])
    .where(({ and }) => and(listFilters(status, id)))
    .orderBy('code')
    .execute();
  return counted(rows).map((row) => ({ ...row, fractional: isFractional(row.fractional) }));
}

export async function listUnityBatches(db: Db | Tx, status?: Status, id?: number): Promise<TUnityBatch[]> {
  const rows = await db
    .selectFrom('unity_batches')
    .select(['id', 'code', 'name', 'status', productsCountSql('unity_batches').as('productsCount')])
    .where(({ and }) => and(listFilters(status, id)))
    .orderBy('name_sort')
    .orderBy('id')
    .execute();
  return counted(rows);
}

/** Whether another row of the table has this name (by sort key) or this code. */
export async function referenceTaken(
  db: Db | Tx,
  table: ReferenceTable,
  column: 'name_sort' | 'code',
  value: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where(column, '=', value);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export async function insertReference(
  tx: Tx,
  table: ReferenceTable,
  values: { name: string; name_sort: string; code?: string; fractional?: number },
): Promise<number> {
  const row = await tx
    .insertInto(table)
    .values(values as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReference(
  tx: Tx,
  table: ReferenceTable,
  id: number,
  values: { name?: string; name_sort?: string; status?: Status; fractional?: number },
): Promise<void> {
  await tx
    .updateTable(table)
    .set(values as never)
    .where('id', '=', id)
    .execute();
}

export async function deleteReference(tx: Tx, table: ReferenceTable, id: number): Promise<void> {
  await tx.deleteFrom(table).where('id', '=', id).execute();
}

/** A category's or package kind's name, a unity's code, with its status; undefined when there is none. */
export async function referenceState(
  db: Db | Tx,
  table: ReferenceTable,
  id: number,
): Promise<{ id: number; label: string; status: Status } | undefined> {
  const row = await db
    .selectFrom(table)
    .select(['id', table === 'unities' ? 'code as label' : 'name as label', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, label: String(row.label), status: row.status } : undefined;
}

/** Whether a unity takes fractions; the unity must exist. */
/**
 * Whether a unit takes fractions. `lock` (PostgreSQL) holds the unit's row until the transaction ends, so a change of
 * `fractional` racing this write waits for it and then sees the product that now uses the unit.
 */
export async function unityTakesFractions(db: Db | Tx, unityId: number, lock = false): Promise<boolean> {
  const query = db.selectFrom('unities').select('fractional').where('id', '=', unityId);
  const row = await (lock ? query.forShare() : query).executeTakeFirstOrThrow();
  return isFractional(row.fractional);
}

/** PostgreSQL: the unit's row locked for a change, before what uses it is counted (see unityTakesFractions). */
export async function lockUnity(tx: Tx, unityId: number): Promise<void> {
  await tx.selectFrom('unities').select('id').where('id', '=', unityId).forUpdate().execute();
}

/** The id of the package kind with this code (seeded, so it exists). */
export async function unityBatchId(db: Db | Tx, code: string): Promise<number> {
  const row = await db
    .selectFrom('unity_batches')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return row.id;
}
