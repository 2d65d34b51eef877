import { z } from 'zod/mini';
import { MONEY_SCALE, QUANTITY_SCALE } from '@armazem/contracts/decimal';
import { MAX_MIN_STOCK, MAX_PACKAGE_QUANTITY, MAX_PRICE } from '@armazem/contracts/numbers';
import { foldText } from '../../lib/text.ts';
import { parseNumber, text } from '../../lib/uploads/sheet-cells.ts';
import type { CellValue } from '../../lib/uploads/sheet-reader.ts';

// How one cell of the catalog sheet is read: pure, no database. Numbers follow the monthly sheet's rule.

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(message: string): Read<T> => ({ ok: false, message });

/** A text cell checked by a contract schema; blank reads as null before the schema sees it. */
export function bySchema<T>(schema: z.ZodMiniType<T>, value: CellValue | undefined): Read<T> {
  const result = z.safeParse(schema, text(value) ?? null);
  return result.success ? ok(result.data) : fail(result.error.issues[0]?.message ?? 'Valor inválido.');
}

/**
 * A fiscal code typed as a number loses its leading zeros in a spreadsheet (NCM 01012100 becomes 1012100): a number
 * cell is padded back to the code's length; text is read as it is.
 */
export function fiscalText(value: CellValue | undefined, digits: number): CellValue | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? String(value).padStart(digits, '0')
    : value;
}

function scaled(
  value: CellValue | undefined,
  scale: number,
  bounds: { min: bigint; max: bigint; positive?: boolean },
): Read<bigint | null> {
  const cell = parseNumber(value, scale);
  if (cell === null) return ok(null);
  if ('error' in cell) return fail(cell.error);
  if (bounds.positive && cell.value <= 0n) return fail('Informe um número maior que zero.');
  if (cell.value < bounds.min) return fail('O valor não pode ser negativo.');
  if (cell.value > bounds.max) return fail('Valor acima do limite aceito.');
  return ok(cell.value);
}

export const readMinStock = (value: CellValue | undefined) =>
  scaled(value, QUANTITY_SCALE, { min: 0n, max: MAX_MIN_STOCK });
export const readPrice = (value: CellValue | undefined) =>
  scaled(value, MONEY_SCALE, { min: 0n, max: MAX_PRICE });

export interface PackageText {
  /** the packaging type as written ("Caixa"), folded for the lookup */
  batchKey: string;
  batchText: string;
  quantity: bigint;
  /** a unit code written after the quantity ("Caixa c/ 12 UN"), upper-case */
  unitCode: string | null;
}

const PACKAGE = /^(.+?)\s*(?:c\/|com|x)\s*(\d[\d.,]*)\s*([a-z]{1,6})?$/i;

/** "Caixa c/ 12", "Fardo com 6", "Caixa c/ 12 UN" (as the packaging label reads): the type and how many base units. */
export function readPackage(value: CellValue | undefined): Read<PackageText | null> {
  const raw = text(value);
  if (raw === null) return ok(null);
  const match = PACKAGE.exec(raw);
  const howMany = match ? parseNumber(match[2], QUANTITY_SCALE) : null;
  if (!match?.[1] || !howMany || 'error' in howMany)
    return fail('Escreva a embalagem como "Caixa c/ 12": o tipo e quantas unidades base ela tem.');
  if (howMany.value <= 0n || howMany.value > MAX_PACKAGE_QUANTITY)
    return fail('A quantidade da embalagem deve ser maior que zero e dentro do limite.');
  return ok({
    batchKey: foldText(match[1]).trim(),
    batchText: match[1].trim(),
    quantity: howMany.value,
    unitCode: match[3]?.toUpperCase() ?? null,
  });
}
