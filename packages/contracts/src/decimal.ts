/**
 * Exact decimals as scaled integers. Quantities are kept in thousandths of the unit and money in
 * ten-thousandths of a real; on the wire they travel as decimal strings. No float ever holds them.
 */
export const QUANTITY_SCALE = 3;
export const MONEY_SCALE = 4;

const PLAIN_DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

export type DecimalParseResult = { ok: true; value: bigint } | { ok: false; reason: 'format' | 'scale' };

/** Parses a plain decimal ("12", "12.5", "-0.125") into an integer scaled by 10^scale, never rounding. */
export function parseScaled(input: string | number, scale: number): DecimalParseResult {
  const text = typeof input === 'number' ? numberToPlainString(input) : input.trim();
  const match = text === null ? null : PLAIN_DECIMAL.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const [, sign, whole = '0', fraction = ''] = match;
  const trimmedFraction = fraction.replace(/0+$/, '');
  if (trimmedFraction.length > scale) return { ok: false, reason: 'scale' };
  const digits = BigInt(whole + trimmedFraction.padEnd(scale, '0'));
  return { ok: true, value: sign === '-' ? -digits : digits };
}

function numberToPlainString(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  return /e/i.test(text) ? null : text;
}

/** Formats a scaled integer as a plain decimal string with exactly `scale` decimals ("12.5000"). */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
}

/** Integer division rounding half away from zero (the "arredondamento comercial" users expect). */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Divisão por zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
}

/** Moves a scaled integer from one scale to another, rounding half away from zero when it shrinks. */
export function rescale(value: bigint, fromScale: number, toScale: number): bigint {
  if (toScale >= fromScale) return value * 10n ** BigInt(toScale - fromScale);
  return divRound(value, 10n ** BigInt(fromScale - toScale));
}

/** Any wire value (number, string, or already bigint) to its scaled integer; throws on bad input. */
export function toScaled(value: string | number | bigint, scale: number): bigint {
  if (typeof value === 'bigint') return value;
  const parsed = parseScaled(value, scale);
  if (!parsed.ok) throw new RangeError(`Número decimal inválido: ${String(value)}`);
  return parsed.value;
}

/**
 * Reads a number written the Brazilian way ("1.234,56") or the plain way ("1234.56"). With both a dot and
 * a comma, the last one is the decimal separator; a lone comma is decimal; several dots are thousands. A lone
 * dot is decimal, except in `brazilian` text (a ';'-separated CSV) where "1.000" is one thousand.
 */
export function normalizeDecimalText(input: string, style: 'auto' | 'brazilian' = 'auto'): string | null {
  const text = input.trim().replace(/\s|\u00a0/g, '');
  if (!/^[+-]?[\d.,]+$/.test(text)) return null;
  const lastComma = text.lastIndexOf(',');
  const lastDot = text.lastIndexOf('.');
  let integerPart: string;
  let fraction = '';
  if (lastComma >= 0 && lastDot >= 0) {
    const decimalAt = Math.max(lastComma, lastDot);
    const groupSeparator = decimalAt === lastComma ? '.' : ',';
    integerPart = text.slice(0, decimalAt);
    fraction = text.slice(decimalAt + 1);
    if (!isGrouped(integerPart, groupSeparator)) return null;
    integerPart = integerPart.split(groupSeparator).join('');
  } else if (lastComma >= 0) {
    if (text.indexOf(',') !== lastComma) return null;
    integerPart = text.slice(0, lastComma);
    fraction = text.slice(lastComma + 1);
  } else if (
    lastDot >= 0 &&
    (text.indexOf('.') !== lastDot || (style === 'brazilian' && /^[+-]?\d{1,3}\.\d{3}$/.test(text)))
  ) {
    if (!isGrouped(text, '.')) return null;
    integerPart = text.split('.').join('');
  } else {
    integerPart = lastDot >= 0 ? text.slice(0, lastDot) : text;
    fraction = lastDot >= 0 ? text.slice(lastDot + 1) : '';
  }
  if (/[.,]/.test(fraction) || /[.,]/.test(integerPart.replace(/^[+-]/, ''))) return null;
  const sign = /^[+-]/.test(integerPart) ? integerPart[0] : '';
  const digits = integerPart.replace(/^[+-]/, '') || '0';
  if (!/^\d+$/.test(digits) || (fraction !== '' && !/^\d+$/.test(fraction))) return null;
  return `${sign === '-' ? '-' : ''}${digits}${fraction ? `.${fraction}` : ''}`;
}

function isGrouped(integerPart: string, separator: string): boolean {
  const groups = integerPart.replace(/^[+-]/, '').split(separator);
  return groups.every((group, index) => (index === 0 ? /^\d{1,3}$/.test(group) : /^\d{3}$/.test(group)));
}
