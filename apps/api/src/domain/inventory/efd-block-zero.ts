import type { InventoryItem, Participant } from './inventory-rules.ts';
import { digits, efdLine, efdNumber, efdText, gtin } from './efd-format.ts';

/**
 * The block 0 records the inventory's lines refer to (brazil-stock-facts.md §3.4, fiscal-documents-facts.md §6):
 * 0150 per participant an H010 names, 0190 per unit used (the inventory's and the packages' of 0220), 0200 per item
 * with its 0220 conversion factors (decision 0074).
 */

/** A package of a product in another unit (0220): UNID_CONV, how many inventory units it holds, its GTIN. */
export interface Conversion {
  unitCode: string;
  unitName: string;
  /** base units per package, thousandths */
  factor: bigint;
  barcode: string | null;
}

/** The participant's code in 0150 and H010's COD_PART: its CNPJ or CPF (stable from one file to the next). */
export const participantCode = (item: InventoryItem) => item.participant?.document ?? '';

/** 0150 of each participant an H010 names (IND_PROP 1 or 2), once, in the order first named. */
export function participantLines(items: readonly InventoryItem[]): string[] {
  const seen = new Map<string, Participant>();
  for (const item of items) if (item.participant) seen.set(participantCode(item), item.participant);
  return [...seen].map(([code, p]) => {
    const cnpj = p.document.length === 14 ? p.document : '';
    const cpf = p.document.length === 11 ? p.document : '';
    // digits only ("ISENTO" and a non-taxpayer leave it empty)
    const address = [efdText(p.street, 60), efdText(p.number, 10), '', efdText(p.district, 60)];
    const name = efdText(p.name, 100);
    return efdLine([
      '0150',
      code,
      name,
      '01058',
      cnpj,
      cpf,
      digits(p.stateRegistration),
      p.cityCode ?? '',
      '',
      ...address,
    ]);
  });
}

/** DESCR_ITEM takes 3 to 255 characters: a shorter name (the catalog takes one of 1 or 2) is followed by its code. */
function itemDescription(item: InventoryItem): string {
  const name = efdText(item.name);
  return name.length >= 3 ? name : efdText(`${item.name} - ${item.sku}`);
}

const byCode = ([a]: [string, string], [b]: [string, string]) => (a < b ? -1 : a > b ? 1 : 0);

/** 0190 of every unit used (each item's and each of its packages'), by code; 0200 per item, each with its 0220s. */
export function itemLines(
  items: readonly InventoryItem[],
  conversions: ReadonlyMap<number, readonly Conversion[]> = new Map(),
): string[] {
  const products = [...new Map(items.map((item) => [item.productId, item])).values()];
  const units = new Map<string, string>();
  for (const item of products) {
    if (!units.has(item.unityCode)) units.set(item.unityCode, item.unityName);
    for (const c of conversions.get(item.productId) ?? [])
      if (!units.has(c.unitCode)) units.set(c.unitCode, c.unitName);
  }
  const lines = [...units]
    .sort(byCode)
    .map(([code, name]) => efdLine(['0190', efdText(code, 6), efdText(name) || efdText(code)]));
  for (const item of products) {
    const ncm = item.ncm ?? '';
    const unit = efdText(item.unityCode, 6);
    lines.push(
      efdLine([
        '0200',
        efdText(item.sku, 60),
        itemDescription(item),
        gtin(item.barcode),
        '',
        unit,
        item.itemType,
        ncm,
        '',
        '',
        '',
        '',
        item.cest ?? '',
      ]),
    );
    for (const c of conversions.get(item.productId) ?? []) {
      lines.push(efdLine(['0220', efdText(c.unitCode, 6), efdNumber(c.factor, 3, 6), gtin(c.barcode)]));
    }
  }
  return lines;
}
