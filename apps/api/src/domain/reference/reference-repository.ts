import type { TCategory, TUnity, TUnityBatch } from '@armazem/contracts/reference';
import type { Db, Tx } from '../../db/database.ts';
import { isFractional, type ReferenceTable } from './reference-rules.ts';

export function listCategories(db: Db): Promise<TCategory[]> {
  return db.selectFrom('categories').select(['id', 'name']).orderBy('name').execute();
}

export async function listUnities(db: Db): Promise<TUnity[]> {
  const rows = await db
    .selectFrom('unities')
    .select(['id', 'code', 'name', 'fractional'])
    .orderBy('code')
    .execute();
  return rows.map((row) => ({ ...row, fractional: isFractional(row.fractional) }));
}

export function listUnityBatches(db: Db): Promise<TUnityBatch[]> {
  return db.selectFrom('unity_batches').select(['id', 'code', 'name']).orderBy('name').execute();
}

export async function referenceExists(db: Db | Tx, table: ReferenceTable, id: number): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return Boolean(row);
}

/** Whether a unity takes fractions; the unity must exist. */
export async function unityTakesFractions(db: Db | Tx, unityId: number): Promise<boolean> {
  const row = await db
    .selectFrom('unities')
    .select('fractional')
    .where('id', '=', unityId)
    .executeTakeFirstOrThrow();
  return isFractional(row.fractional);
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
