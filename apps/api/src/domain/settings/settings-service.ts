import type { TSettings } from '@armazem/contracts/settings';
import type { Db } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { readSettings, writeSettings } from './settings-repository.ts';

/** Saves the business settings (already validated and normalised by the contract) and audits the change. */
export async function updateSettings(
  db: Db,
  userId: number,
  timeZone: string,
  values: Omit<TSettings, 'timeZone'>,
): Promise<TSettings> {
  return db.transaction().execute(async (tx) => {
    const before = await readSettings(tx, timeZone);
    await writeSettings(tx, values);
    await audit(tx, { userId, action: 'update', entity: 'settings', entityId: null, before, after: values });
    return readSettings(tx, timeZone);
  });
}
