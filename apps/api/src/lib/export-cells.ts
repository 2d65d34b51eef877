/**
 * The pure half of list exports (lib/exports.ts): how one value becomes a CSV field or an .xlsx cell, the formula
 * guard, file names. No I/O here, so it is unit-tested without a database.
 */

/** text · number (an exact decimal string or an integer) · money (decimal string) · date (YYYY-MM-DD) · datetime (ISO). */
export type ExportCellType = 'text' | 'number' | 'money' | 'date' | 'datetime';
export type ExportValue = string | number | boolean | null | undefined;

export interface ExportColumn<Row> {
  /** The column title, in Portuguese. */
  title: string;
  type?: ExportCellType;
  /** Width in characters in the .xlsx (default by type). */
  width?: number;
  value: (row: Row) => ExportValue;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A text a spreadsheet program would run as a formula (or as a command, with a leading tab/CR). */
export function isFormulaLike(text: string): boolean {
  return /^[=+\-@\t\r]/.test(text);
}

/** A CSV field as our export wrote it: the `'` it put before formula-looking text comes off again on import. */
export function csvFieldText(field: string): string {
  return field.startsWith("'") && isFormulaLike(field.slice(1)) ? field.slice(1) : field;
}

/** 'dd/mm/aaaa' for 'YYYY-MM-DD'; anything else as it came. */
export function dateBR(value: string): string {
  const match = ISO_DATE.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** A timestamp's date and time of day in the business time zone. */
export function localParts(iso: string, timeZone: string) {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** A decimal written the Brazilian way for a CSV: comma, no thousands separator, at least `minDecimals` places. */
export function decimalBR(value: string, minDecimals: number): string | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  let digits = fraction.replace(/0+$/, '');
  if (digits.length < minDecimals) digits = digits.padEnd(minDecimals, '0');
  return `${sign}${whole}${digits ? `,${digits}` : ''}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** One CSV field: typed values in the Brazilian way; formula-looking text prefixed with `'`; quoted as needed. */
export function csvField(type: ExportCellType, value: ExportValue, timeZone: string): string {
  if (value === null || value === undefined || value === '') return '';
  let text: string;
  if (type === 'number' || type === 'money') {
    text = decimalBR(String(value), type === 'money' ? 2 : 0) ?? String(value);
  } else if (type === 'date') {
    text = dateBR(String(value));
  } else if (type === 'datetime') {
    const at = localParts(String(value), timeZone);
    text = at
      ? `${pad(at.day)}/${pad(at.month)}/${at.year} ${pad(at.hour)}:${pad(at.minute)}`
      : String(value);
  } else {
    text = typeof value === 'boolean' ? (value ? 'Sim' : 'Não') : String(value);
  }
  if (isFormulaLike(text) && !(type !== 'text' && /^-\d/.test(text))) text = `'${text}`;
  return /[";\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line (without the line break). */
export function csvLine(fields: string[]): string {
  return fields.join(';');
}

/** The value of one .xlsx cell: numbers as numbers, dates as real dates, everything else as text (never a formula). */
export function xlsxValue(
  type: ExportCellType,
  value: ExportValue,
  timeZone: string,
): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'number' || type === 'money') {
    if (typeof value === 'number') return value;
    // exact to the cell's scale: quantities (3 places) and money (4) stay within a double's 15 significant digits
    return DECIMAL.test(String(value).trim()) ? Number(String(value).trim()) : String(value);
  }
  if (type === 'date') {
    const match = ISO_DATE.exec(String(value));
    return match
      ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
      : String(value);
  }
  if (type === 'datetime') {
    const at = localParts(String(value), timeZone);
    return at
      ? new Date(Date.UTC(at.year, at.month - 1, at.day, at.hour, at.minute, at.second))
      : String(value);
  }
  return typeof value === 'boolean' ? (value ? 'Sim' : 'Não') : String(value);
}

export const XLSX_FORMATS: Record<ExportCellType, string | undefined> = {
  text: undefined,
  number: 'General',
  money: '#,##0.00##',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

export const DEFAULT_WIDTHS: Record<ExportCellType, number> = {
  text: 30,
  number: 14,
  money: 16,
  date: 12,
  datetime: 17,
};

/** `fornecedores-2026-11-24.xlsx`. */
export function exportFileName(base: string, today: string, format: 'xlsx' | 'csv'): string {
  return `${base}-${today}.${format}`;
}
