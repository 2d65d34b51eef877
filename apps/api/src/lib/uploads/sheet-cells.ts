import { parseScaled, parseTypedScaled, type DecimalParseResult } from '@armazem/contracts/decimal';
import { isValidDate } from '@armazem/contracts/common';
import { normalizeDocument } from '@armazem/contracts/documents';
import { INVALID_NUMBER_MESSAGE } from '@armazem/contracts/numbers';
import { foldText } from '../text.ts';
import type { CellValue, RawRow } from './sheet-reader.ts';

// How one cell of the monthly sheet is read: pure, no database.

export const text = (value: CellValue | undefined): string | null => {
  if (value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return String(value).trim() || null;
};

/** What an answer may show of a cell: a wrong value is echoed only as a short excerpt. */
export function excerpt(value: string | null, max = 80): string | null {
  return value !== null && value.length > max ? `${value.slice(0, max)}…` : value;
}

export function parseDate(value: CellValue | undefined): string | null {
  if (value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    // a spreadsheet serial date (days since 1899-12-30) in a cell without date formatting
    if (value < 1 || value > 2958465) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(value) * 86_400_000).toISOString().slice(0, 10);
  }
  const raw = value.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const candidate = br ? `${br[3]}-${br[2]?.padStart(2, '0')}-${br[1]?.padStart(2, '0')}` : iso ? raw : null;
  return candidate && isValidDate(candidate) ? candidate : null;
}

export type NumberCell = { value: bigint } | { error: string } | null;

/**
 * A real number cell as it is (float noise from spreadsheets tolerated), or text read by the one Brazilian
 * rule of DESIGN.md §4 ("1.500" is one thousand five hundred, "1.234,56"), exact at `scale`.
 */
export function parseNumber(value: CellValue | undefined, scale: number): NumberCell {
  if (value === undefined) return null;
  if (value instanceof Date) return { error: 'Número inválido.' };
  const tooManyDecimals = { error: `Use no máximo ${scale} casas decimais.` };
  let parsed: DecimalParseResult;
  if (typeof value === 'number') {
    const fixed = value.toFixed(scale);
    if (Math.abs(Number(fixed) - value) > 1e-9) return tooManyDecimals;
    parsed = parseScaled(fixed, scale);
  } else {
    parsed = parseTypedScaled(value, scale);
  }
  if (parsed.ok) return { value: parsed.value };
  return parsed.reason === 'scale' ? tooManyDecimals : { error: INVALID_NUMBER_MESSAGE };
}

export function parseType(value: CellValue | undefined): 'in' | 'out' | null {
  const folded = foldText(text(value) ?? '');
  if (['entrada', 'e', 'ent'].includes(folded)) return 'in';
  if (['saida', 's', 'sai'].includes(folded)) return 'out';
  return null;
}

/** The product codes (SKU or barcode) a sheet names, once each, as the catalog stores them. */
export function sheetCodes(rows: RawRow[]): string[] {
  return [
    ...new Set(
      rows.map((row) => text(row.values.sku)?.toUpperCase()).filter((code): code is string => Boolean(code)),
    ),
  ];
}

/** The supplier documents (CNPJ/CPF) a sheet names, once each, digits and letters only. */
export function sheetDocuments(rows: RawRow[]): string[] {
  return [
    ...new Set(
      rows
        .map((row) => text(row.values.supplier))
        .filter((value): value is string => Boolean(value))
        .map(normalizeDocument),
    ),
  ];
}
