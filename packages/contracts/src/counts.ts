import { z } from 'zod/mini';
import { LIMITS, ZDate, ZId, ZPageQuery, ZRef, orRequired, zChoice, zOptionalText, zSort } from './common.ts';
import { ZCountedQuantityInput, ZDecimalString } from './numbers.ts';
import { ZExportFormat } from './exports.ts';

/** Inventory counts (balanço): start, count (screen, scanner or sheet), see the differences, post, undo. */

export const COUNT_STATUSES = ['open', 'posted', 'discarded'] as const;
export const ZCountStatus = z.enum(COUNT_STATUSES);
export type TCountStatus = z.infer<typeof ZCountStatus>;
export const COUNT_STATUS_LABELS: Record<TCountStatus, string> = {
  open: 'Em contagem',
  posted: 'Lançado',
  discarded: 'Descartado',
};

export const ZNewCount = z.strictObject({
  countedOn: z.optional(ZDate),
  description: z.optional(zOptionalText(LIMITS.description)),
  categoryId: z.optional(z.nullable(zChoice('Selecione a categoria.'))),
});
export type TNewCount = z.input<typeof ZNewCount>;

export const ZCountParams = z.object({ countId: ZId });

export const COUNT_SORTS = ['countedOn', 'createdAt', 'description', 'status'] as const;
export const ZCountListQuery = z.extend(ZPageQuery, {
  sort: zSort(COUNT_SORTS, 'countedOn'),
  status: z.optional(ZCountStatus),
  format: ZExportFormat,
});
export type TCountListQuery = z.input<typeof ZCountListQuery>;

export const ZCountDetailQuery = z.object({
  /** only the products whose counted quantity differs from the expected one */
  differences: z.optional(
    z.pipe(
      z.enum(['true', 'false', '1', '0']),
      z.transform((v) => v === 'true' || v === '1'),
    ),
  ),
});

export const ZCount = z.object({
  id: z.number(),
  countedOn: z.string(),
  description: z.nullable(z.string()),
  category: z.nullable(ZRef),
  status: ZCountStatus,
  itemsCounted: z.number(),
  createdBy: ZRef,
  createdAt: z.string(),
  postedBy: z.nullable(ZRef),
  postedAt: z.nullable(z.string()),
});
export type TCount = z.infer<typeof ZCount>;

export const ZCountList = z.object({
  data: z.array(ZCount),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type TCountList = z.infer<typeof ZCountList>;

export const ZCountItem = z.object({
  product: z.object({ id: z.number(), sku: z.string(), name: z.string(), barcode: z.nullable(z.string()) }),
  unity: z.object({ code: z.string(), fractional: z.boolean() }),
  expectedQuantity: ZDecimalString,
  countedQuantity: z.nullable(ZDecimalString),
  difference: z.nullable(ZDecimalString),
  averageCost: ZDecimalString,
  differenceValue: z.nullable(ZDecimalString),
  countedBy: z.nullable(ZRef),
  countedAt: z.nullable(z.string()),
});
export type TCountItem = z.infer<typeof ZCountItem>;

export const ZCountTotals = z.object({
  products: z.number(),
  counted: z.number(),
  uncounted: z.number(),
  withDifference: z.number(),
  surplusValue: ZDecimalString,
  shortageValue: ZDecimalString,
  differenceValue: ZDecimalString,
});

export const ZCountDetail = z.extend(ZCount, {
  items: z.array(ZCountItem),
  totals: ZCountTotals,
});
export type TCountDetail = z.infer<typeof ZCountDetail>;

export const ZCountItemsInput = z.strictObject({
  items: z
    .array(
      z.strictObject({
        productId: zChoice('Selecione o produto.'),
        countedQuantity: z.nullable(ZCountedQuantityInput),
      }),
    )
    .check(
      z.minLength(1, { error: 'Informe ao menos um produto.' }),
      z.maxLength(LIMITS.sheetRows, { error: `Envie no máximo ${LIMITS.sheetRows} produtos por vez.` }),
      // one value per product: two in one request would keep one of them silently
      z.refine((items) => new Set(items.map((item) => item.productId)).size === items.length, {
        error: 'Cada produto aparece uma vez só em cada envio.',
      }),
    ),
});
export type TCountItemsInput = z.input<typeof ZCountItemsInput>;

export const ZPostCount = z.strictObject({
  uncountedAsZero: z._default(z.boolean({ error: orRequired('Informe verdadeiro ou falso.') }), false),
});
export type TPostCount = z.input<typeof ZPostCount>;

/** A row of an uploaded count sheet that cannot be merged. */
export const ZCountSheetError = z.object({ line: z.number(), message: z.string() });
export type TCountSheetError = z.infer<typeof ZCountSheetError>;
