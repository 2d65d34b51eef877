import { z } from 'zod/mini';
import {
  LIMITS,
  ZCodeRef,
  ZDate,
  ZId,
  zChoice,
  ZName,
  ZPageQuery,
  ZRef,
  ZStatus,
  zEdit,
  zOptionalText,
  zSort,
} from './common.ts';
import { ZDecimalString, ZMinStockInput, ZPackageQuantityInput, ZPriceInput } from './numbers.ts';
import { isValidGtin } from './documents.ts';
import { ZExportFormat } from './exports.ts';

// ---------- shared fields ----------

export const ZSku = z
  .pipe(
    z.string().check(z.trim(), z.minLength(1, { error: 'Campo obrigatório.' }), z.maxLength(LIMITS.document)),
    z.transform((sku) => sku.toUpperCase()),
  )
  .check(
    z.refine((sku) => /^[0-9A-Z._/-]+$/.test(sku), {
      error: 'Use apenas letras, números e . _ / - no código.',
    }),
  );

export const ZBarcodeInput = z
  .pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(14))),
    z.transform((value) => (value ? value : null)),
  )
  .check(
    z.refine((value) => value === null || isValidGtin(value), {
      error:
        'Código de barras inválido: informe um GTIN/EAN de 8, 12, 13 ou 14 dígitos com o dígito verificador correto.',
    }),
  );

/** Digits only, after dropping the dots and spaces people type ("2101.11.10"); empty means none. */
function zFiscalCode(digits: number, label: string) {
  return z
    .pipe(
      z.nullish(z.string().check(z.maxLength(20, { error: `${label} inválido.` }))),
      z.transform((value) => (value ? value.replace(/[.\s-]/g, '') : '') || null),
    )
    .check(
      z.refine((value) => value === null || new RegExp(`^\\d{${digits}}$`).test(value), {
        error: `${label} deve ter ${digits} dígitos.`,
      }),
    );
}

/** An NCM as it may be written: 8 digits, or with the dots of its table (`2101.11.10`); nothing else. */
const NCM_WRITTEN = /^(?:\d{8}|\d{4}\.\d{2}\.\d{2})$/;
export const NCM_MESSAGE = 'NCM deve ter 8 dígitos, escritos 21011110 ou 2101.11.10.';

/** The 8 digits of an NCM written `21011110` or `2101.11.10`, or null for anything else (`2024-02-30`, `0901210`). */
export function ncmDigits(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  return NCM_WRITTEN.test(trimmed) ? trimmed.replaceAll('.', '') : null;
}

/**
 * NCM (Nomenclatura Comum do Mercosul): 8 digits, optionally with their dots (DESIGN §6.1); the one reading of an NCM
 * (forms, the catalog sheet, the NF-e). Missing is allowed (a warning on screen, not a refusal).
 */
export const ZNcmInput = z.pipe(
  z
    .pipe(
      z.nullish(z.string().check(z.maxLength(20, { error: NCM_MESSAGE }))),
      z.transform((value) => value?.trim() || null),
    )
    .check(z.refine((value) => value === null || ncmDigits(value) !== null, { error: NCM_MESSAGE })),
  z.transform((value) => (value === null ? null : ncmDigits(value))),
);
/** CEST (Código Especificador da Substituição Tributária): 7 digits, optional. */
export const ZCestInput = zFiscalCode(7, 'CEST');

/** EFD ICMS/IPI TIPO_ITEM (registro 0200). */
export const ITEM_TYPES = ['00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '99'] as const;
export const ITEM_TYPE_LABELS: Record<(typeof ITEM_TYPES)[number], string> = {
  '00': 'Mercadoria para revenda',
  '01': 'Matéria-prima',
  '02': 'Embalagem',
  '03': 'Produto em processo',
  '04': 'Produto acabado',
  '05': 'Subproduto',
  '06': 'Produto intermediário',
  '07': 'Material de uso e consumo',
  '08': 'Ativo imobilizado',
  '09': 'Serviços',
  '10': 'Outros insumos',
  '99': 'Outras',
};
export const ZItemType = z.enum(ITEM_TYPES, { error: 'Tipo do item inválido.' });
export type TItemType = z.infer<typeof ZItemType>;

// ---------- products ----------

export const ZCurrentPrice = z.object({
  costPrice: ZDecimalString,
  salePrice: ZDecimalString,
  effectiveFrom: z.string(),
});

export const ZProduct = z.object({
  id: z.number(),
  sku: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  category: ZRef,
  baseUnity: z.extend(ZCodeRef, { fractional: z.boolean() }),
  status: ZStatus,
  minStock: ZDecimalString,
  barcode: z.nullable(z.string()),
  ncm: z.nullable(z.string()),
  cest: z.nullable(z.string()),
  itemType: ZItemType,
  currentPrice: z.nullable(ZCurrentPrice),
  stockQuantity: ZDecimalString,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZProductUnity = z.object({
  id: z.number(),
  productId: z.number(),
  unity: ZCodeRef,
  unityBatch: ZCodeRef,
  quantity: ZDecimalString,
  barcode: z.nullable(z.string()),
  status: ZStatus,
  label: z.string(),
  isDefault: z.boolean(),
});
export type TProductUnity = z.infer<typeof ZProductUnity>;

export const ZPrice = z.object({
  id: z.number(),
  productId: z.number(),
  productUnity: z.nullable(z.object({ id: z.number(), label: z.string() })),
  costPrice: ZDecimalString,
  salePrice: ZDecimalString,
  effectiveFrom: z.string(),
  createdBy: ZRef,
  createdAt: z.string(),
});
export type TPrice = z.infer<typeof ZPrice>;

export const ZLinkedSupplier = z.object({
  id: z.number(),
  name: z.string(),
  tradeName: z.nullable(z.string()),
  document: z.string(),
  status: ZStatus,
  linkedAt: z.string(),
});
export type TLinkedSupplier = z.infer<typeof ZLinkedSupplier>;

/** A product's own balance, shown on its detail page (the dashboard's summary is stock.ts's ZStockSummary). */
export const ZProductStock = z.object({
  quantity: ZDecimalString,
  averageCost: ZDecimalString,
  totalValue: ZDecimalString,
  lastMovementAt: z.nullable(z.string()),
});

export const ZProductDetail = z.extend(ZProduct, {
  unities: z.array(ZProductUnity),
  prices: z.array(ZPrice),
  suppliers: z.array(ZLinkedSupplier),
  stock: ZProductStock,
});
export type TProductDetail = z.infer<typeof ZProductDetail>;

export const PRODUCT_SORTS = ['name', 'sku', 'category', 'status', 'createdAt', 'stockQuantity'] as const;
export const ZProductListQuery = z.extend(ZPageQuery, {
  sort: zSort(PRODUCT_SORTS, 'name'),
  categoryId: z.optional(ZId),
  status: z.optional(ZStatus),
  /** the catalog sheet of every matching product (catalog-import/catalog-export.ts) */
  format: ZExportFormat,
});
export type TProductListQuery = z.input<typeof ZProductListQuery>;

export const ZProductSelectItem = z.object({ id: z.number(), sku: z.string(), name: z.string() });
export const ZProductSelect = z.array(ZProductSelectItem);
export type TProductSelectItem = z.infer<typeof ZProductSelectItem>;

/** A scanner or a person typed an exact code: the product's SKU or barcode, or one of its packages' barcodes. */
export const ZProductLookupQuery = z.object({
  code: z.string().check(
    z.trim(),
    z.minLength(1, { error: 'Informe o código ou o código de barras.' }),
    z.maxLength(LIMITS.document, { error: `Use no máximo ${LIMITS.document} caracteres.` }),
    z.refine((code) => ![...code].some((char) => char < ' '), {
      error: 'O código tem caracteres inválidos.',
    }),
  ),
});
/** The product found and the package the code names (the default one for a SKU or the product's barcode). */
export const ZProductLookup = z.object({
  match: z.nullable(z.object({ product: ZProductSelectItem, productUnityId: z.number() })),
});
export type TProductLookup = z.infer<typeof ZProductLookup>;

export const ZNewProduct = z
  .strictObject({
    sku: ZSku,
    name: ZName,
    description: zOptionalText(LIMITS.description),
    categoryId: zChoice('Selecione a categoria.'),
    baseUnityId: zChoice('Selecione a unidade base.'),
    minStock: z.optional(ZMinStockInput),
    barcode: z.optional(ZBarcodeInput),
    ncm: z.optional(ZNcmInput),
    cest: z.optional(ZCestInput),
    itemType: z.optional(ZItemType),
    /** the first price (of the base unit, from today), recorded with the product: both or neither */
    costPrice: z.optional(ZPriceInput),
    salePrice: z.optional(ZPriceInput),
  })
  .check(
    z.refine((body) => (body.costPrice === undefined) === (body.salePrice === undefined), {
      error: 'Informe o preço de custo e o de venda, ou deixe os dois em branco.',
      path: ['salePrice'],
    }),
  );
export type TNewProduct = z.input<typeof ZNewProduct>;

export const ZUpdateProduct = zEdit({
  status: z.optional(ZStatus),
  name: z.optional(ZName),
  description: z.optional(zOptionalText(LIMITS.description)),
  categoryId: z.optional(zChoice('Selecione a categoria.')),
  minStock: z.optional(ZMinStockInput),
  barcode: z.optional(ZBarcodeInput),
  ncm: z.optional(ZNcmInput),
  cest: z.optional(ZCestInput),
  itemType: z.optional(ZItemType),
});
export type TUpdateProduct = z.input<typeof ZUpdateProduct>;

export const ZProductParams = z.object({ productId: ZId });
export const ZProductUnityParams = z.object({ productId: ZId, unityId: ZId });

export const ZNewProductUnity = z.strictObject({
  unityId: zChoice('Selecione a unidade da embalagem.'),
  unityBatchId: zChoice('Selecione o tipo de embalagem.'),
  quantity: ZPackageQuantityInput,
  barcode: z.optional(ZBarcodeInput),
});
export type TNewProductUnity = z.input<typeof ZNewProductUnity>;

export const ZUpdateProductUnity = zEdit({
  quantity: z.optional(ZPackageQuantityInput),
  barcode: z.optional(ZBarcodeInput),
  status: z.optional(ZStatus),
});
export type TUpdateProductUnity = z.input<typeof ZUpdateProductUnity>;

export const ZProductUnitySelectItem = z.object({
  id: z.number(),
  label: z.string(),
  quantity: ZDecimalString,
  unity: ZCodeRef,
  unityBatch: ZCodeRef,
  isDefault: z.boolean(),
});
export const ZProductUnitySelect = z.array(ZProductUnitySelectItem);
export type TProductUnitySelectItem = z.infer<typeof ZProductUnitySelectItem>;

export const ZNewPrice = z.strictObject({
  costPrice: ZPriceInput,
  salePrice: ZPriceInput,
  productUnityId: z.optional(z.nullable(zChoice('Selecione a embalagem.'))),
  effectiveFrom: z.optional(ZDate),
});
export type TNewPrice = z.input<typeof ZNewPrice>;

// Supplier schemas live in suppliers.ts; re-exported so every `@armazem/contracts/catalog` import keeps working.
export {
  ZDocumentInput,
  ZPhoneInput,
  ZOptionalEmail,
  ZSupplier,
  SUPPLIER_SORTS,
  ZSupplierListQuery,
  ZSupplierSelectItem,
  ZSupplierSelect,
  ZNewSupplier,
  ZUpdateSupplier,
  ZSupplierParams,
  ZSupplierProductParams,
  ZSupplierProduct,
  ZSupplierProducts,
} from './suppliers.ts';
export type {
  TSupplier,
  TSupplierListQuery,
  TSupplierSelectItem,
  TNewSupplier,
  TUpdateSupplier,
  TSupplierProduct,
} from './suppliers.ts';
