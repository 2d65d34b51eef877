import { rescale } from '@armazem/contracts/decimal';
import { unprocessable } from '../../lib/uploads/xml-tree.ts';

/**
 * NF-e numbers are written with a dot and no thousands separator ("53.24", "12.0000", "4.4370000000"). They are
 * read digit by digit into scaled integers, never through a float.
 */
const DECIMAL = /^([0-9]{1,15})(?:\.([0-9]{1,10}))?$/;

export interface DecimalField {
  /** what the message calls the value, e.g. 'qCom do item 3' */
  label: string;
  scale: number;
  /** half-up when the file has more decimals than the scale; otherwise extra non-zero decimals are refused */
  round?: boolean;
}

export function readDecimal(text: string | null, field: DecimalField): bigint {
  if (text === null) return 0n;
  const match = DECIMAL.exec(text);
  if (!match) throw unprocessable(`O valor "${text.slice(0, 30)}" em ${field.label} não é um número válido.`);
  const whole = match[1] ?? '0';
  const decimals = match[2] ?? '';
  const kept = decimals.slice(0, field.scale).padEnd(field.scale, '0');
  const dropped = decimals.slice(field.scale);
  let value = BigInt(whole + kept);
  if (/[1-9]/.test(dropped)) {
    if (!field.round) {
      throw unprocessable(
        `O valor ${text} em ${field.label} tem mais de ${field.scale} casas decimais, o que o Armazém não guarda.`,
      );
    }
    if (Number(dropped[0]) >= 5) value += 1n;
  }
  return value;
}

/** Money of the file (R$ with 2 decimals, sometimes more) at R$ 0,0001. */
export const money = (text: string | null, label: string) =>
  readDecimal(text, { label, scale: 4, round: true });
/** Quantities at thousandths; more decimals than that must be zeros. */
export const quantity = (text: string | null, label: string) => readDecimal(text, { label, scale: 3 });

/** The scale a file's number is read at exactly (the regex above takes at most 10 decimals). */
export const FILE_SCALE = 10;

/**
 * qCom: the file may carry 4 decimals, the Armazém keeps 3 (docs/decisions/0039). The value at thousandths,
 * rounded half-up, and the file's own value (at FILE_SCALE) when the rounding changed it.
 */
export function roundedQuantity(text: string, label: string): { value: bigint; inFile: bigint | null } {
  // the NF-e layout gives qCom 4 decimals at most (TDec_1104v): a fifth is no SEFAZ-valid note, and a 422
  const exact = rescale(readDecimal(text, { label, scale: 4 }), 4, FILE_SCALE);
  const value = rescale(exact, FILE_SCALE, 3);
  return { value, inFile: rescale(value, 3, FILE_SCALE) === exact ? null : exact };
}

const DATE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;
const DATE_TIME = /^([0-9]{4}-[0-9]{2}-[0-9]{2})T[0-9]{2}:[0-9]{2}:[0-9]{2}(?:[+-][0-9]{2}:[0-9]{2}|Z)?$/;

export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** dhEmi: the date as the emitter wrote it (its own offset) and the instant in UTC. */
export function readDateTime(text: string | null, label: string): { date: string; instant: string } {
  const m = text ? DATE_TIME.exec(text) : null;
  const date = m?.[1];
  if (!text || !date || !isCalendarDate(date) || Number.isNaN(Date.parse(text))) {
    throw unprocessable(`A data ${label} da nota está ausente ou inválida.`);
  }
  return { date, instant: new Date(text).toISOString() };
}

/** dFab / dVal of a lot: AAAA-MM-DD or null. */
export function readDate(text: string | null, label: string): string | null {
  if (text === null) return null;
  if (!isCalendarDate(text)) throw unprocessable(`A data ${text.slice(0, 20)} em ${label} é inválida.`);
  return text;
}
