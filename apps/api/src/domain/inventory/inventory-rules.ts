import { divRound } from '@armazem/contracts/decimal';
import { averageCost } from '../shared/stock-rules.ts';

/**
 * The inventory at a date as the Registro de Inventário (modelo 7) and SPED EFD Bloco H read it: pure rules, no
 * database. One valuation for the screen, the book and the file (docs/decisions/0028, revised in 0039): an item's
 * value is the balance's value at that date (the ledger's running value, what the kardex and the stock list show)
 * rounded half-up to the cent, so the book agrees with the stock account and its totals and VL_INV are the same sum of
 * the same item values. The unit value is that value ÷ quantity: R$ 0,0001 on the screen and in the book, as every
 * average cost, and R$ 0,000001 in H010's VL_UNIT, the finest the file takes.
 */

export interface InventoryPosition {
  productId: number;
  sku: string;
  name: string;
  barcode: string | null;
  ncm: string | null;
  cest: string | null;
  itemType: string;
  unityCode: string;
  unityName: string;
  /** base units, thousandths */
  quantity: bigint;
  /** R$, ten-thousandths */
  totalValue: bigint;
  /** own goods with us; ours with a third party; a third party's with us (decision 0065) */
  position: 'own' | 'sent' | 'held';
  /** who holds ours, or whose goods we hold */
  participant: Participant | null;
}

export interface Participant {
  id: number;
  document: string;
  name: string;
  stateRegistration: string | null;
  cityCode: string | null;
  street: string | null;
  number: string | null;
  district: string | null;
}

export interface InventoryItem extends InventoryPosition {
  /** average cost per base unit, R$ ten-thousandths */
  unitCost: bigint;
  /** the same per base unit in R$ millionths (H010's VL_UNIT) */
  unitValue: bigint;
  /** the balance's value rounded to the cent, in ten-thousandths (always a multiple of 100) */
  itemValue: bigint;
}

export interface NcmGroup {
  position: InventoryPosition['position'];
  ncm: string | null;
  items: InventoryItem[];
  totalValue: bigint;
}

export interface InventoryData {
  date: string;
  items: InventoryItem[];
  groups: NcmGroup[];
  /** own goods, with us or with third parties: ours (never the third parties' goods we hold) */
  totalValue: bigint;
  /** the third parties' goods we hold, at the value of their notes (modelo 7's separate list) */
  heldValue: bigint;
  warnings: string[];
}

/** Modelo 7 lists ours with third parties and theirs with us apart (Convênio SINIEF s/nº 1970 art. 76 §1). */
export const SECTION_TITLES = {
  own: null,
  sent: 'Mercadorias próprias em poder de terceiros',
  held: 'Mercadorias de terceiros em poder da empresa',
} as const;
export const HELD_TOTAL = 'Total de mercadorias de terceiros (não incluído no total geral)';

/** The section a group opens, when it is the first of its position (null: none, or the own goods' list). */
export const sectionOpenedBy = (groups: readonly NcmGroup[], index: number): string | null => {
  const group = groups[index];
  if (!group || (index > 0 && groups[index - 1]?.position === group.position)) return null;
  return SECTION_TITLES[group.position];
};

/** A value in R$ ten-thousandths → R$ cents, half-up, back in ten-thousandths. */
export const toCents = (value: bigint): bigint => divRound(value, 100n) * 100n;

/** Value (R$ ten-thousandths) ÷ quantity (thousandths) → R$ millionths per unit, half-up. */
export const unitValueOf = (quantity: bigint, totalValue: bigint): bigint =>
  divRound(totalValue * 100_000n, quantity);

/**
 * Every position with quantity > 0, valued; grouped by position and NCM in the order given (own, sent, held; each by
 * NCM, then name; no NCM last).
 */
/** An inventory line's value: its value in centavos, when it holds something (no line otherwise: null). */
export const itemValueOf = (quantity: bigint, totalValue: bigint): bigint | null =>
  quantity > 0n ? toCents(totalValue) : null;

export function buildInventory(date: string, positions: readonly InventoryPosition[]): InventoryData {
  const items: InventoryItem[] = [];
  for (const position of positions) {
    const itemValue = itemValueOf(position.quantity, position.totalValue);
    if (itemValue === null) continue;
    items.push({
      ...position,
      unitCost: averageCost({ quantity: position.quantity, totalValue: position.totalValue }),
      unitValue: unitValueOf(position.quantity, position.totalValue),
      itemValue,
    });
  }
  const groups: NcmGroup[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.ncm === item.ncm && last.position === item.position) {
      last.items.push(item);
      last.totalValue += item.itemValue;
    } else {
      groups.push({ position: item.position, ncm: item.ncm, items: [item], totalValue: item.itemValue });
    }
  }
  const sum = (list: readonly InventoryItem[]) => list.reduce((total, item) => total + item.itemValue, 0n);
  const held = items.filter((item) => item.position === 'held');
  const totalValue = sum(items) - sum(held);
  return { date, items, groups, totalValue, heldValue: sum(held), warnings: inventoryWarnings(items) };
}

function inventoryWarnings(items: readonly InventoryItem[]): string[] {
  const warnings: string[] = [];
  // 0150 needs the participant's municipality (an NF-e's cMun): one registered by hand has none
  const noCity = new Set(
    items.flatMap((item) => (item.participant && !item.participant.cityCode ? [item.participant.name] : [])),
  );
  if (noCity.size > 0) {
    warnings.push(
      `Sem o código do município no cadastro: ${[...noCity].join(', ')}. O registro 0150 do Bloco H sai com COD_MUN vazio; importar uma NF-e desse participante traz o código.`,
    );
  }
  const withoutNcm = items.filter((item) => !item.ncm);
  if (withoutNcm.length > 0) {
    const names = withoutNcm
      .slice(0, 5)
      .map((item) => `${item.sku} (${item.name})`)
      .join(', ');
    const more = withoutNcm.length > 5 ? ` e mais ${withoutNcm.length - 5}` : '';
    warnings.push(
      withoutNcm.length === 1
        ? `1 produto sem NCM: ${names}. Ele aparece em "Sem NCM" no livro e com o NCM vazio no Bloco H; informe o NCM no cadastro do produto.`
        : `${withoutNcm.length} produtos sem NCM: ${names}${more}. Eles aparecem em "Sem NCM" no livro e com o NCM vazio no Bloco H; informe o NCM no cadastro de cada produto.`,
    );
  }
  const zeroValue = items.filter((item) => item.itemValue === 0n).length;
  if (zeroValue > 0) {
    warnings.push(
      `${zeroValue === 1 ? '1 produto tem' : `${zeroValue} produtos têm`} saldo sem valor (custo zero): confira o custo das entradas.`,
    );
  }
  return warnings;
}
