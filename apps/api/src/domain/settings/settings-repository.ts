import { TAX_REGIMES, type TSettings, type TTaxRegime } from '@armazem/contracts/settings';
import { formatDocument } from '@armazem/contracts/documents';
import type { Db, Tx } from '../../db/database.ts';

const isTaxRegime = (value: string | undefined): value is TTaxRegime =>
  (TAX_REGIMES as readonly string[]).includes(value ?? '');

/** The business settings as shown: the document masked (12.ABC.345/01DE-35), defaults for what was never saved. */
export async function readSettings(db: Db | Tx, timeZone: string): Promise<TSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const values: Record<string, string | undefined> = Object.fromEntries(
    rows.map((row) => [row.key, row.value]),
  );
  return {
    businessName: values.businessName ?? 'Minha Empresa',
    businessDocument: formatDocument(values.businessDocument ?? ''),
    businessStateRegistration: values.businessStateRegistration ?? '',
    businessAddress: values.businessAddress ?? '',
    taxRegime: isTaxRegime(values.taxRegime) ? values.taxRegime : 'simples',
    timeZone,
  };
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
