import { z } from 'zod/mini';
import { LIMITS, ZDate, ZId, ZPageQuery, ZRef, orRequired, zChoice, zOptionalText, zSort } from './common.ts';
import { MAX_QUANTITY, ZCountedQuantityInput, ZDecimalString } from './numbers.ts';
import { formatQuantityBR, parseScaled, parseTypedScaled, QUANTITY_SCALE } from './decimal.ts';
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
  /** a blind count hides from operators every figure that reveals the expected quantity (DESIGN.md §6.1) */
  blind: z.optional(z.boolean({ error: 'Informe verdadeiro ou falso.' })),
  /** the location counted (DESIGN.md §6.3); absent: the user's default location, else the matriz's */
  locationId: z.optional(z.nullable(zChoice('Selecione o depósito.'))),
});
export type TNewCount = z.input<typeof ZNewCount>;

export const ZCountParams = z.object({ countId: ZId });

export const COUNT_SORTS = ['countedOn', 'createdAt', 'description', 'status'] as const;
export const ZCountListQuery = z.extend(ZPageQuery, {
  sort: zSort(COUNT_SORTS, 'countedOn'),
  status: z.optional(ZCountStatus),
  establishmentId: z.optional(ZId),
  locationId: z.optional(ZId),
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
  /** the location counted: its quantities are the expected ones, and its adjustments go there */
  location: ZRef,
  status: ZCountStatus,
  blind: z.boolean(),
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

/** One person's part of a counted line: what their scans and typed totals added up to, and when they last counted. */
export const ZCountPart = z.object({ user: ZRef, quantity: ZDecimalString, at: z.string() });
export type TCountPart = z.infer<typeof ZCountPart>;

const ZCountProduct = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  barcode: z.nullable(z.string()),
});
const ZCountUnity = z.object({ code: z.string(), fractional: z.boolean() });

/** A line of a count. In a blind count an operator gets null for every figure that reveals the expected quantity. */
export const ZCountItem = z.object({
  product: ZCountProduct,
  unity: ZCountUnity,
  expectedQuantity: z.nullable(ZDecimalString),
  countedQuantity: z.nullable(ZDecimalString),
  difference: z.nullable(ZDecimalString),
  averageCost: ZDecimalString,
  differenceValue: z.nullable(ZDecimalString),
  /** each person's part; the parts add up to countedQuantity */
  countedBy: z.array(ZCountPart),
  countedAt: z.nullable(z.string()),
});
export type TCountItem = z.infer<typeof ZCountItem>;

export const ZCountTotals = z.object({
  products: z.number(),
  counted: z.number(),
  uncounted: z.number(),
  withDifference: z.nullable(z.number()),
  surplusValue: z.nullable(ZDecimalString),
  shortageValue: z.nullable(ZDecimalString),
  differenceValue: z.nullable(ZDecimalString),
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
        /** the figure the person saw before typing (null: not counted yet); another one answers 409 COUNT_CHANGED */
        seenQuantity: z.optional(z.nullable(ZCountedQuantityInput)),
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

/**
 * How many of what a scanned code names: a JSON number, or text read by the Brazilian rule ("1.500" is one thousand
 * five hundred). Negative takes back a scan made twice; zero changes nothing and is refused.
 */
export const ZScanQuantityInput = z.pipe(
  z.union([z.string(), z.number()], { error: 'Informe um número.' }),
  z.transform((input, ctx) => {
    const parsed =
      typeof input === 'number'
        ? parseScaled(input, QUANTITY_SCALE)
        : parseTypedScaled(input, QUANTITY_SCALE);
    const fail = (message: string) => {
      ctx.issues.push({ code: 'custom', message, input });
      return z.NEVER;
    };
    if (!parsed.ok) return fail('Quantidade inválida: use vírgula para decimais (ex.: 2,5).');
    if (parsed.value === 0n)
      return fail(
        'Quantidade zero não muda a contagem: informe quanto somar (ou tirar, com sinal de menos).',
      );
    const size = parsed.value < 0n ? -parsed.value : parsed.value;
    if (size > MAX_QUANTITY)
      return fail(`A quantidade deve ser no máximo ${formatQuantityBR(MAX_QUANTITY)}.`);
    return parsed.value;
  }),
);

export const ZCountScanInput = z.strictObject({
  /** a SKU, a product barcode or a package barcode */
  code: z
    .string({ error: 'Informe o código.' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'Informe o código.' }),
      z.maxLength(60, { error: 'Código longo demais.' }),
    ),
  quantity: z.optional(ZScanQuantityInput),
});
export type TCountScanInput = z.input<typeof ZCountScanInput>;

/** The line after a scan, and how the scan was read: `packages` of the package the code names, `baseQuantity` added. */
export const ZCountScanResult = z.object({
  product: ZCountProduct,
  unity: ZCountUnity,
  countedQuantity: ZDecimalString,
  countedBy: z.array(ZCountPart),
  scanned: z.object({
    productUnityId: z.number(),
    /** 'Pacote c/ 100 UN', or 'Unidade (UN)' for a SKU or the product's own barcode */
    label: z.string(),
    packages: ZDecimalString,
    baseQuantity: ZDecimalString,
  }),
});
export type TCountScanResult = z.infer<typeof ZCountScanResult>;

/** The products of the count's scope not counted yet, ordered by name (a plain array, like the count's lines). */
export const ZUncountedItems = z.array(z.object({ product: ZCountProduct, unity: ZCountUnity }));
export type TUncountedItems = z.infer<typeof ZUncountedItems>;

/** What an uploaded count sheet does: add its quantities to what was counted, or replace it (the default). */
export const COUNT_SHEET_MODES = ['replace', 'add'] as const;
export const ZCountSheetMode = z._default(
  z.enum(COUNT_SHEET_MODES, { error: 'Modo inválido: use somar (add) ou substituir (replace).' }),
  'replace',
);
export type TCountSheetMode = (typeof COUNT_SHEET_MODES)[number];

/** The preview of an uploaded count sheet: every row read and what it would do; nothing stored. */
export const ZCountSheetPreview = z.object({
  fileName: z.string(),
  mode: z.enum(COUNT_SHEET_MODES),
  rows: z.array(
    z.object({
      line: z.number(),
      product: z.nullable(z.object({ id: z.number(), sku: z.string(), name: z.string() })),
      unity: z.nullable(z.string()),
      sheetQuantity: z.nullable(ZDecimalString),
      currentQuantity: z.nullable(ZDecimalString),
      newQuantity: z.nullable(ZDecimalString),
      errors: z.array(z.string()),
    }),
  ),
  summary: z.object({ rows: z.number(), valid: z.number(), invalid: z.number() }),
});
export type TCountSheetPreview = z.infer<typeof ZCountSheetPreview>;
