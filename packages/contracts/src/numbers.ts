import { z } from 'zod/mini';
import {
  MONEY_SCALE,
  QUANTITY_SCALE,
  formatMoneyBR,
  formatQuantityBR,
  parseScaled,
  parseTypedNumber,
} from './decimal.ts';

/**
 * Limits that fit storage (docs/decisions/0008-number-limits.md). Quantities are stored in thousandths and
 * money in ten-thousandths, in signed 64-bit integers (max 9.223.372.036.854.775.807). Every product of two
 * limits and every balance stays far below it, so SQL sums of hundreds of rows at their maximum stay exact on
 * both databases. All values below are scaled integers.
 */
/** Quantity of one movement, in the package it was typed in: 1.000.000. */
export const MAX_QUANTITY = 1_000_000_000n;
/** Base units in one package (product unity quantity): 100.000. */
export const MAX_PACKAGE_QUANTITY = 100_000_000n;
/** Unit cost of one package in a movement: R$ 1.000.000,00. */
export const MAX_UNIT_COST = 10_000_000_000n;
/** Cost and sale price in the price history: R$ 1.000.000,00. */
export const MAX_PRICE = MAX_UNIT_COST;
/** A product's balance in base units: 1.000.000.000.000 (ten movements at the maximum of the largest package). */
export const MAX_BALANCE_QUANTITY = 1_000_000_000_000_000n;
/** A product's balance value: R$ 1.000.000.000.000,00 (one movement at the maximum quantity and cost). */
export const MAX_BALANCE_VALUE = 10_000_000_000_000_000n;
/** Minimum stock of a product, in base units: never more than the largest balance. */
export const MAX_MIN_STOCK = MAX_BALANCE_QUANTITY;

type Kind = 'quantity' | 'money';
const SCALE: Record<Kind, number> = { quantity: QUANTITY_SCALE, money: MONEY_SCALE };
const show = (kind: Kind, value: bigint) =>
  kind === 'money' ? formatMoneyBR(value) : formatQuantityBR(value);

/** The message for a number that is not a plain decimal; forms read "1.234,56" themselves before this check. */
export const INVALID_NUMBER_MESSAGE =
  'Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,50).';

/**
 * A decimal string on the JSON API: a plain decimal (`1234.56`, what the forms send), or one written the Brazilian
 * way with a comma (`1,50`, `1.234,56`), read by the one parser of DESIGN §4, since a comma can only mean that. Without
 * a comma the dot stays a decimal point, so the refusal's advice (write it with a comma) is always read as meant.
 */
function wireDecimal(input: string | number): string | number {
  if (typeof input !== 'string' || !input.includes(',')) return input;
  return parseTypedNumber(input) ?? input;
}

/** A decimal accepted as JSON number or string, checked exactly; the parsed value is the scaled bigint. */
function decimalSchema(kind: Kind, options: { min?: bigint; max: bigint; positive?: boolean }) {
  const scale = SCALE[kind];
  return z.pipe(
    z.union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'Campo obrigatório.' : 'Informe um número.',
    }),
    z.transform((input, ctx) => {
      const parsed = parseScaled(wireDecimal(input), scale);
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input });
        return z.NEVER;
      };
      if (!parsed.ok) {
        return fail(
          parsed.reason === 'scale' ? `Use no máximo ${scale} casas decimais.` : INVALID_NUMBER_MESSAGE,
        );
      }
      const value = parsed.value;
      if (options.positive && value <= 0n) return fail('O valor deve ser maior que zero.');
      if (options.min !== undefined && value < options.min) {
        return fail(`O valor deve ser no mínimo ${show(kind, options.min)}.`);
      }
      if (value > options.max) return fail(`O valor deve ser no máximo ${show(kind, options.max)}.`);
      return value;
    }),
  );
}

/** Quantity of a movement (entry, exit), in its package. */
export const ZQuantityInput = decimalSchema('quantity', { max: MAX_QUANTITY, positive: true });
/** Base units in one package of a product. */
export const ZPackageQuantityInput = decimalSchema('quantity', { max: MAX_PACKAGE_QUANTITY, positive: true });
/** Minimum stock, in base units. */
export const ZMinStockInput = decimalSchema('quantity', { min: 0n, max: MAX_MIN_STOCK });
/** Unit cost of a movement. */
export const ZMoneyInput = decimalSchema('money', { min: 0n, max: MAX_UNIT_COST });
/** Cost or sale price in the price history. */
export const ZPriceInput = decimalSchema('money', { min: 0n, max: MAX_PRICE });

/** Decimal strings on the wire, e.g. "12.5000" or "0.300". */
export const ZDecimalString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));

/** A counted quantity of an inventory count, in base units: zero is a count too. */
export const ZCountedQuantityInput = decimalSchema('quantity', { min: 0n, max: MAX_QUANTITY });
