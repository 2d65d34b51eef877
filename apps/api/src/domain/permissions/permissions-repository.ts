import type { Db, Tx } from '../../db/database.ts';

/** The operators' permissions live in the settings table, under one key, as JSON (no migration of their own). */
const KEY = 'permissions';

export async function readStoredPermissions(db: Db | Tx): Promise<string | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return row?.value;
}

export async function writeStoredPermissions(tx: Tx, value: string): Promise<void> {
  await tx
    .insertInto('settings')
    .values({ key: KEY, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}
