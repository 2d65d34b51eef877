import type { InventoryData, InventoryItem } from './inventory-rules.ts';
import { efdDate, efdLine, efdNumber, efdText } from './efd-format.ts';
import { itemLines, participantCode, participantLines, type Conversion } from './efd-block-zero.ts';

/**
 * Bloco H (brazil-stock-facts.md §3.3, decisions 0028, 0065 and 0074): H001, H005, one H010 per item with quantity
 * > 0, under it H020 for MOT_INV 02–05 and H030 for MOT_INV 06, H990 with the block's line count.
 */

/** H010's IND_PROP: 0 own goods with us, 1 ours with a third party, 2 a third party's with us. */
const IND_PROP = { own: '0', sent: '1', held: '2' } as const;

/** What the entries that make up an item's value say of its ICMS (efd-icms.ts). */
export interface ItemTaxes {
  /** CST_ICMS: origin + CST (3 digits) */
  cst: string;
  /** H020's BC_ICMS and VL_ICMS for the item's quantity, R$ ten-thousandths (rounded to the cent when written) */
  base: bigint;
  icms: bigint;
  /** H030's per-unit averages, R$ millionths */
  unitIcmsOp: bigint;
  unitStBase: bigint;
  unitSt: bigint;
  unitFcp: bigint;
  /** false: no NF-e entry of the product, figures zero (the screen lists it for review) */
  withEntry: boolean;
}

export interface BlockExtras {
  taxes?: ReadonlyMap<InventoryItem, ItemTaxes>;
  conversions?: ReadonlyMap<number, readonly Conversion[]>;
}

/** MOT_INV 02–05 take H020 under each H010; 06 takes H030. */
export const takesH020 = (reason: string) => ['02', '03', '04', '05'].includes(reason);
export const takesH030 = (reason: string) => reason === '06';

const NO_TAXES: ItemTaxes = {
  cst: '090',
  base: 0n,
  icms: 0n,
  unitIcmsOp: 0n,
  unitStBase: 0n,
  unitSt: 0n,
  unitFcp: 0n,
  withEntry: false,
};

function childLines(item: InventoryItem, reason: string, extras: BlockExtras): string[] {
  const taxes = extras.taxes?.get(item) ?? NO_TAXES;
  if (takesH020(reason)) {
    return [efdLine(['H020', taxes.cst, efdNumber(taxes.base, 4, 2), efdNumber(taxes.icms, 4, 2)])];
  }
  if (takesH030(reason)) {
    // VL_ICMS_ST with 2 decimals, the other three with 6: sped-efd's H030 layout (fiscal facts 284–285, decision 0074)
    const six = (value: bigint) => efdNumber(value, 6, 6);
    const st = efdNumber(taxes.unitSt, 6, 2);
    return [efdLine(['H030', six(taxes.unitIcmsOp), six(taxes.unitStBase), st, six(taxes.unitFcp)])];
  }
  return [];
}

/** The items the file lists: none when the inventory is worth nothing (VL_INV 0,00 takes no H010). */
export const fileItems = (data: InventoryData) => (data.totalValue + data.heldValue === 0n ? [] : data.items);

/** H001 … H990. VL_INV is the sum of the H010 values, the third parties' goods included (decision 0065). */
export function blockH(data: InventoryData, reason: string, extras: BlockExtras = {}): string[] {
  const fileValue = data.totalValue + data.heldValue;
  const block = [
    efdLine(['H001', '0']),
    efdLine(['H005', efdDate(data.date), efdNumber(fileValue, 4, 2), reason]),
  ];
  for (const item of fileItems(data)) {
    const value = efdNumber(item.itemValue, 4, 2);
    const quantity = efdNumber(item.quantity, 3, 3);
    const unit = efdText(item.unityCode, 6);
    const prop = IND_PROP[item.position];
    block.push(
      efdLine([
        'H010',
        efdText(item.sku, 60),
        unit,
        quantity,
        efdNumber(item.unitValue, 6, 6),
        value,
        prop,
        participantCode(item),
        '',
        '',
        value,
      ]),
      ...childLines(item, reason, extras),
    );
  }
  block.push(efdLine(['H990', String(block.length + 1)]));
  return block;
}

/**
 * The Bloco H file (`layout=block`): 0150 per participant an item names, 0190 per unit used, 0200 per item with its
 * 0220s, then block H. An inventory worth nothing takes no H010, and so no 0150, 0190 or 0200 either.
 */
export function spedLines(data: InventoryData, reason: string, extras: BlockExtras = {}): string[] {
  const items = fileItems(data);
  return [
    ...participantLines(items),
    ...itemLines(items, extras.conversions),
    ...blockH(data, reason, extras),
  ];
}

/** The Bloco H file's name; `whose` names the establishment (or location) when there is more than one. */
export const spedFileName = (date: string, whose = '') =>
  `inventario-bloco-h-${whose}${date.replaceAll('-', '')}.txt`;
