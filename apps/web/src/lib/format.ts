import { formatBrazilian, parseTypedNumber } from '@armazem/contracts/decimal';
import { formatMoney as writeMoney } from '@armazem/contracts/money';
import { featureMessages } from '../config/feature-messages.ts';

/** After "R$" on screens: the non-breaking space Intl writes, so a value never wraps away from its sign. */
const NBSP = '\u00a0';
const quantity = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

type DecimalText = `${number}`;

/** "1234.5600" → "R$ 1.234,56", rounded to cents (the contracts' one writing of money). */
export function formatMoney(value: string | null | undefined): string {
  return value === null || value === undefined ? '—' : writeMoney(value, { cents: true, space: NBSP });
}

/**
 * A cost per unit, as the files show it and the ledger keeps it (R$ 0,0001): a screw at "0.0125" is "R$ 0,0125", not
 * R$ 0,01; "10.5000" → "R$ 10,50".
 */
export function formatUnitMoney(value: string | null | undefined): string {
  return value === null || value === undefined ? '—' : writeMoney(value, { space: NBSP });
}

/** "12.500" → "12,5" */
export function formatQuantity(value: string | null | undefined): string {
  return value === null || value === undefined ? '—' : quantity.format(value as DecimalText);
}

/** "2026-11-21" → "21/11/2026" */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  return new Date(value).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
}

/** Typed text the Brazilian rule cannot read: not a plain decimal either, so the schema refuses it with its message. */
const UNREADABLE = 'ilegível';

/**
 * What the person typed, read by the one Brazilian rule (DESIGN.md §4: "1.500" is one thousand five hundred,
 * "1.234,56"), as the API's plain decimal ("1500", "1234.56"); undefined when empty.
 */
export function decimalInput(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  return parseTypedNumber(text) ?? UNREADABLE;
}

/** A plain decimal ("1500.500", "-3") written the Brazilian way, exactly, without trailing zeros: "1.500,5". */
export function brazilianDecimal(plain: string, minDecimals = 0): string {
  const [whole = '0', fraction = ''] = plain.split('.');
  const scale = Math.max(fraction.length, minDecimals);
  return formatBrazilian(BigInt(`${whole}${fraction.padEnd(scale, '0')}`), scale, minDecimals);
}

/** A wire decimal ("1500.000") as text for a field people edit ("1.500"), read back the same by decimalInput. */
export const decimalText = (wire: string | null | undefined): string =>
  wire === null || wire === undefined ? '' : brazilianDecimal(wire);

/** Masks a CNPJ (also alphanumeric) or CPF while it is typed. */
export function maskDocument(text: string): string {
  const raw = text
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '')
    .slice(0, 14);
  if (raw.length <= 11 && /^\d*$/.test(raw)) {
    return raw
      .replace(/^(\d{3})(\d)/, '$1.$2')
      .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
      .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
  }
  return raw
    .replace(/^(\w{2})(\w)/, '$1.$2')
    .replace(/^(\w{2})\.(\w{3})(\w)/, '$1.$2.$3')
    .replace(/^(\w{2})\.(\w{3})\.(\w{3})(\w)/, '$1.$2.$3/$4')
    .replace(/\/(\w{4})(\w{1,2})$/, '/$1-$2');
}

export function maskPhone(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 11);
  if (digits.length <= 2) return digits;
  if (digits.length <= 6) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`;
  if (digits.length <= 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

/**
 * A ledger row's quantity as people say it: "5 UN" in the base unit, "2 Caixa c/ 12 UN (24 UN)" in a package, never
 * "5 Unidade (UN)".
 */
export function entryQuantity(entry: {
  quantity: string;
  baseQuantity: string;
  baseUnity: string;
  productUnity: { label: string };
}): string {
  const base = `${formatQuantity(entry.baseQuantity)} ${entry.baseUnity}`;
  if (Number(entry.quantity) === Number(entry.baseQuantity)) return base;
  return `${formatQuantity(entry.quantity)} ${entry.productUnity.label} (${base})`;
}

/** An NCM as people read it: `2101.11.10` for 21011110 (on every screen alike). */
export const formatNcm = (ncm: string | null) =>
  ncm && ncm.length === 8 ? `${ncm.slice(0, 4)}.${ncm.slice(4, 6)}.${ncm.slice(6)}` : (ncm ?? '');

export type NumberKind = 'quantity' | 'money';

interface ReadingOptions {
  kind: NumberKind;
  /** unit code after a quantity ("UN", "KG") */
  unit?: string | undefined;
  /** replaces the default reading, given the plain decimal that was read ("1500") */
  describe?: ((plain: string) => string) | undefined;
}

/**
 * How a number typed the Brazilian way was read (DESIGN.md §4), as the line under its field says it before anything
 * is saved: "= 1.500 UN", "= R$ 1.500,00", or that it was not understood; null while the field is empty.
 */
export function numberReading(value: string, { kind, unit, describe }: ReadingOptions): string | null {
  const plain = parseTypedNumber(value);
  if (plain === null) return value.trim() === '' ? null : featureMessages.numberField.unreadable;
  if (describe) return `= ${describe(plain)}`;
  if (kind === 'money') return `= R$ ${brazilianDecimal(plain, 2)}`;
  return `= ${brazilianDecimal(plain)}${unit ? ` ${unit}` : ''}`;
}
