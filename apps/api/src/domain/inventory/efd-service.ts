import type { Db } from '../../db/database.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { readSettings } from '../settings/settings-public-service.ts';
import { findEstablishmentRow } from '../places/places-public-service.ts';
import type { InventoryItem } from './inventory-rules.ts';
import { placeSuffix, type PlacedInventory } from './inventory-place.ts';
import { fileItems, spedFileName, spedLines, takesH020, takesH030, type ItemTaxes } from './efd-block-h.ts';
import { efdFileLines, type EfdHeader } from './efd-file.ts';
import { conversionsOf, entryTaxes } from './efd-entries.ts';
import { latin1 } from './efd-format.ts';

/**
 * The Bloco H file (`layout=block`, the default) or the complete EFD ICMS/IPI file (`layout=efd`) of one
 * establishment (DESIGN.md §6.5, decisions 0073 and 0074).
 */

export interface SpedOptions {
  reason: string;
  layout?: 'block' | 'efd' | undefined;
  /** YYYY-MM; default the month of the inventory's date */
  period?: string | undefined;
}

/** The ICMS of each item's entries, read only when the reason's file takes H020 or H030. */
export async function taxesFor(
  db: Db,
  data: PlacedInventory,
  items: readonly InventoryItem[],
  reason: string,
) {
  if (!takesH020(reason) && !takesH030(reason)) return new Map<InventoryItem, ItemTaxes>();
  return entryTaxes(db, data.date, items, data.place.establishment.id);
}

const lastDay = (period: string) => {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return `${period}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`;
};

/** What the complete file needs that is not filled in, named where to fill it in (422), or the file's header. */
async function efdHeader(
  db: Db,
  timeZone: string,
  data: PlacedInventory,
  period: string,
): Promise<EfdHeader> {
  const start = `${period}-01`;
  const end = lastDay(period);
  if (data.date > end) {
    throw badRequest(
      `A data do inventário (${data.date}) deve ser do período do arquivo (${period}) ou anterior a ele.`,
      'period',
    );
  }
  const settings = await readSettings(db, timeZone);
  const row = await findEstablishmentRow(db, data.place.establishment.id);
  const ie = (row?.state_registration ?? '').replace(/\D/g, '');
  const establishment = {
    name: row?.name ?? '',
    document: row?.document ?? '',
    stateRegistration: ie,
    state: row?.state ?? '',
    cityCode: row?.city_code ?? '',
    zip: row?.zip ?? '',
    street: row?.street ?? '',
    number: row?.street_number ?? null,
    district: row?.district ?? '',
  };
  const missingPlace = (
    [
      ['CNPJ', establishment.document],
      ['inscrição estadual', ie],
      ['UF', establishment.state],
      ['código do município (IBGE)', establishment.cityCode],
      ['CEP', establishment.zip],
      ['endereço (logradouro)', establishment.street],
      ['bairro', establishment.district],
    ] as const
  ).flatMap(([label, value]) => (value ? [] : [label]));
  const a = settings.accountant;
  const missingAccountant = (
    [
      ['nome', a.name],
      ['CPF', a.cpf],
      ['CRC', a.crc],
      ['e-mail', a.email],
      ['código do município (IBGE)', a.cityCode],
    ] as const
  ).flatMap(([label, value]) => (value ? [] : [label]));
  const parts = [
    missingPlace.length > 0 &&
      `no estabelecimento "${establishment.name}" (Estabelecimentos): ${missingPlace.join(', ')}`,
    missingAccountant.length > 0 && `em Configurações, os dados do contador: ${missingAccountant.join(', ')}`,
  ].filter(Boolean);
  if (parts.length > 0) {
    throw new AppError('UNPROCESSABLE', `Para gerar o arquivo EFD completo, preencha ${parts.join('; e ')}.`);
  }
  return {
    start,
    end,
    businessName: settings.businessName,
    activity: settings.activity,
    profile: settings.efdProfile,
    establishment,
    accountant: a,
  };
}

export async function spedFile(db: Db, timeZone: string, data: PlacedInventory, options: SpedOptions) {
  const items = fileItems(data);
  const [taxes, conversions] = await Promise.all([
    taxesFor(db, data, items, options.reason),
    conversionsOf(db, items),
  ]);
  const extras = { taxes, conversions };
  const suffix = placeSuffix(data.place);
  let lines: string[];
  let fileName: string;
  if (options.layout === 'efd') {
    const period = options.period ?? data.date.slice(0, 7);
    lines = efdFileLines(await efdHeader(db, timeZone, data, period), data, options.reason, extras);
    fileName = `efd-icms-ipi-${suffix}${period.replace('-', '')}.txt`;
  } else {
    lines = spedLines(data, options.reason, extras);
    fileName = spedFileName(data.date, suffix);
  }
  return {
    fileName,
    contentType: 'text/plain; charset=iso-8859-1',
    bytes: latin1(`${lines.join('\r\n')}\r\n`),
  };
}
