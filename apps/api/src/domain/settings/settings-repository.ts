import type { TSettings } from '@armazem/contracts/settings';
import type { Db, Tx } from '../../db/database.ts';

export async function readSettings(db: Db | Tx, timeZone: string): Promise<TSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const values = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return {
    businessName: values.businessName ?? 'Minha Empresa',
    businessDocument: values.businessDocument ?? '',
    businessAddress: values.businessAddress ?? '',
    timeZone,
  };
}
