import type { TSettings } from '@armazem/contracts/settings';
import type { Db, Tx } from '../../db/database.ts';
import { settingsFromValues } from './settings-rules.ts';

/** The business settings as shown (see settingsFromValues). */
export async function readSettings(db: Db | Tx, timeZone: string): Promise<TSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return settingsFromValues(Object.fromEntries(rows.map((row) => [row.key, row.value])), timeZone);
}

/** Stores each value under its key (a key a newer release added may not have a row yet). */
export async function writeSettings(tx: Tx, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await tx
      .insertInto('settings')
      .values({ key, value })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
      .execute();
  }
}
