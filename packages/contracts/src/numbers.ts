import { z } from 'zod/mini';
import { MONEY_SCALE, QUANTITY_SCALE, formatScaled, parseScaled } from './decimal.ts';

/** A decimal accepted as JSON number or string, checked exactly; the parsed value is the scaled bigint. */
function decimalSchema(scale: number, options: { min?: bigint; max: bigint; positive?: boolean }) {
  return z.pipe(
    z.union([z.string(), z.number()], {
      error: (issue) =>
        issue.input === undefined || issue.input === null ? 'Campo obrigatório.' : 'Informe um número.',
    }),
    z.transform((input, ctx) => {
      const parsed = parseScaled(input, scale);
      const fail = (message: string) => {
        ctx.issues.push({ code: 'custom', message, input });
        return z.NEVER;
      };
      if (!parsed.ok) {
        return fail(
          parsed.reason === 'scale'
            ? `Use no máximo ${scale} casas decimais.`
            : 'Número inválido: use dígitos e ponto decimal (ex.: 12.50).',
        );
      }
      const value = parsed.value;
      if (options.positive && value <= 0n) return fail('O valor deve ser maior que zero.');
      if (options.min !== undefined && value < options.min) {
        return fail(`O valor deve ser no mínimo ${formatScaled(options.min, scale)}.`);
      }
      if (value > options.max) return fail(`O valor deve ser no máximo ${formatScaled(options.max, scale)}.`);
      return value;
    }),
  );
}

/** Upper bounds keep every stored value and every product of two of them inside exact integer ranges. */
export const MAX_QUANTITY = 999_999_999_999n; // 999.999.999,999
export const MAX_MONEY = 9_999_999_999_999n; // R$ 999.999.999,9999

export const ZQuantityInput = decimalSchema(QUANTITY_SCALE, { max: MAX_QUANTITY, positive: true });
export const ZNonNegativeQuantityInput = decimalSchema(QUANTITY_SCALE, { min: 0n, max: MAX_QUANTITY });
export const ZMoneyInput = decimalSchema(MONEY_SCALE, { min: 0n, max: MAX_MONEY });

/** Decimal strings on the wire, e.g. "12.5000" or "0.300". */
export const ZDecimalString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/));
