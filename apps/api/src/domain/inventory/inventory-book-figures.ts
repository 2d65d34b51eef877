import { formatBrazilian } from '@armazem/contracts/decimal';
import { formatDocument } from '@armazem/contracts/documents';
import { quantityLabel } from '../../lib/numbers.ts';
import {
  HELD_TOTAL,
  SECTION_TITLES,
  type InventoryData,
  type InventoryItem,
  type NcmGroup,
} from './inventory-rules.ts';

/**
 * The figures the Registro de Inventário prints (docs/decisions/0072): every item line multiplies on paper,
 * quantity × unit value = partial value exactly, and an item's partial values add up to its value in Bloco H
 * (VL_ITEM, the balance to the cent), so the lists' totals are the file's VL_INV.
 */

/** The finest unit value the book prints: R$ 0,000001, H010's VL_UNIT. */
const MAX_DECIMALS = 6;

export interface BookLine {
  item: InventoryItem;
  /** thousandths */
  quantity: bigint;
  /** R$ at `decimals` places */
  unitValue: bigint;
  decimals: number;
  /** R$ cents */
  partialValue: bigint;
  /** what the Observações column says of this line */
  note: string;
}

/** 1.234,56 from R$ cents. */
export const centsLabel = (cents: bigint) => formatBrazilian(cents, 2, 2);

/** 1.234,56 from R$ ten-thousandths that are whole cents (an item's or a list's value). */
export const valueLabel = (value: bigint) => centsLabel(value / 100n);

export const quantityText = (line: BookLine) => quantityLabel(line.quantity);
export const unitText = (line: BookLine) => formatBrazilian(line.unitValue, line.decimals, 2);

/** Observações: whose goods, or who holds ours. */
function ownerNote(item: InventoryItem): string {
  const p = item.participant;
  if (!p) return '';
  const who = `${p.name}, ${formatDocument(p.document)}`;
  return item.position === 'sent' ? `Em poder de ${who}` : `Pertence a ${who}`;
}

const joinNotes = (...notes: string[]) => notes.filter(Boolean).join('; ');

/**
 * The item's line or lines. One line when some unit value of at most 6 places makes quantity × unit = the item's
 * value (the fewest places that do). Otherwise, for a quantity that ends in whole units, two lines at unit values one
 * step apart (3 UN for 10,00: 2 × 3,33 = 6,66 and 1 × 3,34 = 3,34), the way a list by cost lots reads; the last
 * resort, a fraction of a unit that no finite price divides, keeps one line at VL_UNIT and says it is rounded.
 */
export function bookLines(item: InventoryItem): BookLine[] {
  const quantity = item.quantity;
  const cents = item.itemValue / 100n;
  const owner = ownerNote(item);
  const line = (q: bigint, unit: bigint, decimals: number, partial: bigint, note = owner): BookLine => ({
    item,
    quantity: q,
    unitValue: unit,
    decimals,
    partialValue: partial,
    note,
  });
  // quantity/1000 × unit/10^d = cents/100  ⇔  unit = cents × 10^(d+1) / quantity
  for (let decimals = 2; decimals <= MAX_DECIMALS; decimals += 1) {
    const numerator = cents * 10n ** BigInt(decimals + 1);
    if (numerator % quantity === 0n) return [line(quantity, numerator / quantity, decimals, cents)];
  }
  if (quantity % 1000n === 0n) {
    // lots of 10^k units (the largest that divides the quantity, k ≤ 4) priced at whole cents per lot
    let lot = 1000n;
    let decimals = 2;
    while (decimals < MAX_DECIMALS && quantity % (lot * 10n) === 0n) {
      lot *= 10n;
      decimals += 1;
    }
    const lots = quantity / lot;
    const low = cents / lots;
    const high = cents - low * lots; // lots at one cent more, 0 < high < lots
    const split = `${centsLabel(cents)} ÷ ${quantityLabel(quantity)} repartido ao centavo`;
    return [
      line((lots - high) * lot, low, decimals, low * (lots - high), joinNotes(owner, split)),
      line(high * lot, low + 1n, decimals, (low + 1n) * high),
    ];
  }
  return [
    line(
      quantity,
      item.unitValue,
      MAX_DECIMALS,
      cents,
      joinNotes(owner, 'valor parcial arredondado ao centavo'),
    ),
  ];
}

export interface BookSection {
  position: InventoryItem['position'];
  title: string;
  totalTitle: string;
  groups: NcmGroup[];
  /** R$ ten-thousandths, whole cents: the sum of its partial values */
  total: bigint;
}

const TOTAL_TITLES = {
  own: 'Total das mercadorias próprias em poder da empresa',
  sent: 'Total das mercadorias próprias em poder de terceiros',
  held: HELD_TOTAL,
} as const;

/** Modelo 7's lists, each with its own total: own goods with us, ours with third parties, theirs with us. */
export function bookSections(data: InventoryData): BookSection[] {
  const sections: BookSection[] = [];
  for (const group of data.groups) {
    let section = sections.at(-1);
    if (section?.position !== group.position) {
      section = {
        position: group.position,
        title: SECTION_TITLES[group.position] ?? 'Mercadorias próprias em poder da empresa',
        totalTitle: TOTAL_TITLES[group.position],
        groups: [],
        total: 0n,
      };
      sections.push(section);
    }
    section.groups.push(group);
    section.total += group.totalValue;
  }
  return sections;
}

/** The grand total's label: own goods only (the third parties' list stays out, HELD_TOTAL). */
export const grandTotalLabel = (data: InventoryData) =>
  `Total geral das mercadorias próprias (${formatBrazilian(
    BigInt(data.items.filter((item) => item.position !== 'held').length),
    0,
  )} itens)`;
