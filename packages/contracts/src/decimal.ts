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
 * DESIGN.md §4, the one rule for numbers typed by people (forms and sheet text cells): `,` is the decimal
 * separator and `.` groups thousands, so "1.500" is one thousand five hundred and "1.234,56" is what it looks
 * like. A single `.` not followed by exactly three digits ("12.5", "12.50") is a decimal point, and so is the
 * dot of "0.500" (no thousands group starts with zero). A lone dot after four or more digits ("1234.567") could
 * be either, so it is refused rather than guessed. An optional "R$" before the digits is ignored.
 * Returns the plain decimal the API carries ("1500", "1234.56", "-3.5"), or null when the text is not a number.
 */
export function parseTypedNumber(input: string): string | null {
  const match = /^([+-]?)\s*(?:R\$\s*)?([+-]?)([\d.,]+)$/i.exec(input.replace(/[\u00a0\u202f]/g, ' ').trim());
  if (!match) return null;
  const [, outerSign = '', innerSign = '', body = ''] = match;
  if (outerSign && innerSign) return null;
  const negative = (outerSign || innerSign) === '-';
  const parts = body.split(',');
  if (parts.length > 2) return null;
  const [integerText = '', fraction = ''] = parts;
  if (parts.length === 2 && !/^\d+$/.test(fraction)) return null;
  let integer: string;
  if (!integerText.includes('.')) {
    integer = integerText;
  } else if (parts.length === 1 && /^(?:\d+\.(?:\d{1,2}|\d{4,})|0\.\d{3})$/.test(integerText)) {
    // a decimal point: "12.5", "12.50", "1.2345", "0.500"
    const [whole = '', decimals = ''] = integerText.split('.');
    return plain(negative, whole, decimals);
  } else if (/^[1-9]\d{0,2}(?:\.\d{3})+$/.test(integerText)) {
    integer = integerText.replaceAll('.', '');
  } else {
    return null;
  }
  if (!/^\d+$/.test(integer)) return null;
  return plain(negative, integer, fraction);
}

function plain(negative: boolean, whole: string, fraction: string): string {
  const digits = whole.replace(/^0+(?=\d)/, '');
  const isZero = /^0*$/.test(digits + fraction);
  return `${negative && !isZero ? '-' : ''}${digits}${fraction ? `.${fraction}` : ''}`;
}

/** A number typed by a person, read by the Brazilian rule, as an integer scaled by 10^scale (never rounded). */
export function parseTypedScaled(input: string, scale: number): DecimalParseResult {
  const text = parseTypedNumber(input);
  return text === null ? { ok: false, reason: 'format' } : parseScaled(text, scale);
}

/**
 * Writes a scaled integer the Brazilian way: "1.234,56", "-3", "0,5". Keeps at least `minDecimals` decimals
 * and drops trailing zeros beyond them, so quantities read "1.500" and money "1.500,00". What it writes,
 * `parseTypedNumber` reads back to the same value.
 */
export function formatBrazilian(value: bigint, scale: number, minDecimals = 0): string {
  const [whole = '0', fraction = ''] = formatScaled(value, scale).split('.');
  const negative = whole.startsWith('-');
  const digits = negative ? whole.slice(1) : whole;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const kept = fraction.replace(/0+$/, '').padEnd(Math.min(minDecimals, scale), '0');
  return `${negative ? '-' : ''}${grouped}${kept ? `,${kept}` : ''}`;
}

/** A quantity for people: "1.500", "0,25", "-3". */
export const formatQuantityBR = (value: bigint): string => formatBrazilian(value, QUANTITY_SCALE);

/** Money for people: "R$ 1.500,00", "-R$ 0,005" (at least two decimals, up to four when they matter). */
export function formatMoneyBR(value: bigint): string {
  const text = formatBrazilian(value, MONEY_SCALE, 2);
  return text.startsWith('-') ? `-R$ ${text.slice(1)}` : `R$ ${text}`;
}
