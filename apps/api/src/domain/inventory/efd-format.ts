import { divRound, formatScaled } from '@armazem/contracts/decimal';

/**
 * How an EFD ICMS/IPI file writes its fields (brazil-stock-facts.md §3.2): `|REG|f2|…|`, decimal comma with a fixed
 * number of decimals, dates as DDMMAAAA, ISO-8859-1 text. Shared by the Bloco H file and the complete file.
 */

/** EFD number: decimal comma, no thousands separator, a fixed number of decimals. */
export function efdNumber(value: bigint, scale: number, decimals: number): string {
  const scaled =
    decimals >= scale
      ? value * 10n ** BigInt(decimals - scale)
      : divRound(value, 10n ** BigInt(scale - decimals));
  return formatScaled(scaled, decimals).replace('.', ',');
}

/** YYYY-MM-DD → DDMMAAAA */
export const efdDate = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}`;

/** A text field: no pipes, no line breaks, no surrounding spaces (the field separator must stay unambiguous). */
export function efdText(value: string | null | undefined, max = 255): string {
  return (value ?? '')
    .replace(/[|\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

/** `|REG|f2|…|` */
export const efdLine = (fields: readonly string[]) => `|${fields.join('|')}|`;

/** COD_BARRA: the GTIN when it is one (8, 12, 13 or 14 digits), else empty. */
export const gtin = (barcode: string | null) =>
  barcode && /^(\d{8}|\d{12,14})$/.test(barcode) ? barcode : '';

/** Digits only (CEP, IE, phone): "ISENTO" and punctuation leave nothing but the digits. */
export const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** ISO-8859-1 bytes; a character outside it loses its accent, or becomes '?' when it has no Latin-1 form. */
export function latin1(text: string): Buffer {
  const bytes = Buffer.alloc(text.length * 2);
  let length = 0;
  for (const char of text) {
    let code = char.codePointAt(0) ?? 63;
    if (code > 0xff) {
      const plain = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      code = plain.length === 1 && (plain.codePointAt(0) ?? 256) <= 0xff ? (plain.codePointAt(0) ?? 63) : 63;
    }
    bytes[length++] = code;
  }
  return bytes.subarray(0, length);
}
