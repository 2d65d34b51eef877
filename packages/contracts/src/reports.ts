import { z } from 'zod/mini';
import { ZDate, ZId, ZPageQuery, ZPaged, zInt } from './common.ts';
import { ZExportFormat } from './exports.ts';
import { ZDecimalString } from './numbers.ts';

/** What the owner wants to see (DESIGN.md §6.6): calls under /api/reports/v1, each also as an xlsx or csv file. */

/** Whose figures: the whole business's first establishment (default), one establishment or one location. */
const place = { establishmentId: z.optional(ZId), locationId: z.optional(ZId) };

const ZMonth = (what: string) =>
  z
    .string({ error: `Informe o mês ${what} (AAAA-MM).` })
    .check(
      z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: `Mês ${what} inválido: use AAAA-MM (ex.: 2026-02).` }),
    );

/** The most month ends one stock-value call reads (five years). */
export const STOCK_VALUE_MAX_MONTHS = 60;

export const ZStockValueQuery = z.object({
  from: ZMonth('inicial'),
  to: ZMonth('final'),
  ...place,
  format: ZExportFormat,
});
export type TStockValueQuery = z.infer<typeof ZStockValueQuery>;

const ZCategoryRef = z.object({ id: z.number(), name: z.string() });

/** One category's own stock value at one month end (the current month: today). */
export const ZStockValueRow = z.object({
  month: z.string(),
  date: z.string(),
  category: ZCategoryRef,
  totalValue: ZDecimalString,
});
export type TStockValueRow = z.infer<typeof ZStockValueRow>;

/** One month end's total: the inventory's `totalValue` at that date (Σ of its per-line centavos). */
export const ZStockValueTotal = z.object({
  month: z.string(),
  date: z.string(),
  totalValue: ZDecimalString,
});

export const ZStockValue = z.object({
  from: z.string(),
  to: z.string(),
  establishment: z.object({ id: z.number(), name: z.string() }),
  location: z.nullable(z.object({ id: z.number(), name: z.string() })),
  data: z.array(ZStockValueRow),
  totals: z.array(ZStockValueTotal),
});
export type TStockValue = z.infer<typeof ZStockValue>;

/** The ABC curve's cut-offs, in percent of the exits' value: A while the share before an item is under 80, B under 95. */
export const ABC_CUTOFFS = { a: 80, b: 95 } as const;

export const ZAbcQuery = z.object({
  from: ZDate,
  to: ZDate,
  ...place,
  ...ZPageQuery.shape,
  format: ZExportFormat,
});

const ZProductRef = z.object({ id: z.number(), sku: z.string(), name: z.string() });
const ZAbcClass = z.enum(['A', 'B', 'C']);

/** A product's exits at cost over the period, its share and the cumulative share up to it (percent, 2 decimals). */
export const ZAbcRow = z.object({
  product: ZProductRef,
  exitsValue: ZDecimalString,
  share: ZDecimalString,
  cumulativeShare: ZDecimalString,
  class: ZAbcClass,
});
export type TAbcRow = z.infer<typeof ZAbcRow>;

export const ZAbc = z.object({
  ...ZPaged(ZAbcRow).shape,
  from: z.string(),
  to: z.string(),
  cutoffs: z.object({ a: z.number(), b: z.number() }),
  /** Σ of the exits' total cost over the period: the sum of every row's `exitsValue` */
  exitsValue: ZDecimalString,
  classes: z.array(z.object({ class: ZAbcClass, products: z.number(), exitsValue: ZDecimalString })),
});
export type TAbc = z.infer<typeof ZAbc>;

export const ZCoverageQuery = z.object({
  days: z._default(
    zInt(
      'Número de dias inválido.',
      1,
      365,
      'O número de dias deve ser no mínimo 1.',
      'O número de dias deve ser no máximo 365.',
    ),
    30,
  ),
  ...place,
  ...ZPageQuery.shape,
  format: ZExportFormat,
});

/**
 * A product's coverage and turnover over the last N days (DESIGN.md §6.6): coverage = balance ÷ (exits ÷ N), `null`
 * ("sem saída") without exits; turnover = exits at cost ÷ the average of the opening and closing stock value.
 */
export const ZCoverageRow = z.object({
  product: ZProductRef,
  unity: z.string(),
  quantity: ZDecimalString,
  exitsQuantity: ZDecimalString,
  dailyRate: ZDecimalString,
  coverageDays: z.nullable(ZDecimalString),
  exitsValue: ZDecimalString,
  openingValue: ZDecimalString,
  closingValue: ZDecimalString,
  turnover: z.nullable(ZDecimalString),
});
export type TCoverageRow = z.infer<typeof ZCoverageRow>;

export const ZCoverage = z.object({
  ...ZPaged(ZCoverageRow).shape,
  days: z.number(),
  from: z.string(),
  to: z.string(),
});

export const ZDeadStockQuery = z.object({
  days: z._default(
    zInt(
      'Número de dias inválido.',
      1,
      3650,
      'O número de dias deve ser no mínimo 1.',
      'O número de dias deve ser no máximo 3650.',
    ),
    90,
  ),
  ...place,
  ...ZPageQuery.shape,
  format: ZExportFormat,
});

/** A product with own stock and no exit in the last N days: its balance, last exit ever (or none) and value. */
export const ZDeadStockRow = z.object({
  product: ZProductRef,
  unity: z.string(),
  quantity: ZDecimalString,
  lastExitOn: z.nullable(z.string()),
  totalValue: ZDecimalString,
});
export type TDeadStockRow = z.infer<typeof ZDeadStockRow>;

export const ZDeadStock = z.object({
  ...ZPaged(ZDeadStockRow).shape,
  days: z.number(),
  /** the first day of the window without exits */
  from: z.string(),
  /** Σ of every row's value */
  totalValue: ZDecimalString,
});

export const ZReorderQuery = z.object({
  days: z._default(
    zInt(
      'Número de dias inválido.',
      1,
      365,
      'O número de dias deve ser no mínimo 1.',
      'O número de dias deve ser no máximo 365.',
    ),
    30,
  ),
  supplierId: z.optional(ZId),
  ...place,
  ...ZPageQuery.shape,
  format: ZExportFormat,
});

/**
 * What to buy of a product from its supplier (decision 0078): enough to stand at the minimum when an order placed
 * today arrives, at the exit rate of the last N days — minimum + rate × lead time − balance, rounded up to a whole
 * unit when the unit takes no fractions.
 */
export const ZReorderRow = z.object({
  supplier: z.object({ id: z.number(), name: z.string(), leadTimeDays: z.number() }),
  product: ZProductRef,
  unity: z.string(),
  quantity: ZDecimalString,
  minStock: ZDecimalString,
  dailyRate: ZDecimalString,
  suggestedQuantity: ZDecimalString,
});
export type TReorderRow = z.infer<typeof ZReorderRow>;

export const ZReorder = z.object({ ...ZPaged(ZReorderRow).shape, days: z.number() });
