import { z } from 'zod/mini';
import {
  LIMITS,
  ZDate,
  ZId,
  ZPageQuery,
  ZRef,
  dateRangeInOrder,
  orRequired,
  zChoice,
  zSort,
  zText,
} from './common.ts';
import { ZSku } from './catalog.ts';
import { ZDecimalString, ZPackageQuantityInput } from './numbers.ts';
import { ZLedgerEntry } from './stock.ts';
import { ZExportFormat } from './exports.ts';
import { ZChosenEffect, ZDocumentEffect } from './fiscal-effects.ts';

/** NF-e receipts: a supplier's invoice XML turned into stock entries (DESIGN.md §3 "NF-e receipts"). */

export const ZNfeLot = z.object({
  number: z.string(),
  quantity: ZDecimalString,
  manufacturedOn: z.nullable(z.string()),
  expiresOn: z.nullable(z.string()),
});
export type TNfeLot = z.infer<typeof ZNfeLot>;

const ZUnityRef = z.object({ id: z.number(), label: z.string(), quantity: ZDecimalString });

export const ZNfeMatch = z.object({
  productId: z.number(),
  productUnityId: z.number(),
  via: z.enum(['supplier-code', 'gtin']),
  product: z.object({ id: z.number(), sku: z.string(), name: z.string(), baseUnity: z.string() }),
  productUnity: ZUnityRef,
});
export type TNfeMatch = z.infer<typeof ZNfeMatch>;

/** The CSTs of an item's ICMS, PIS and COFINS groups, as the note wrote them. */
const ZItemCst = z.object({
  icms: z.nullable(z.string()),
  pis: z.nullable(z.string()),
  cofins: z.nullable(z.string()),
});
/** The credits the business takes on an item, each rounded on its own (R$ at 0,0001). */
const ZItemCredits = z.object({
  icms: ZDecimalString,
  pis: ZDecimalString,
  cofins: ZDecimalString,
  ipi: ZDecimalString,
});

export const ZNfePreviewItem = z.object({
  item: z.number(),
  supplierCode: z.string(),
  gtin: z.nullable(z.string()),
  description: z.string(),
  ncm: z.nullable(z.string()),
  cest: z.nullable(z.string()),
  cfop: z.nullable(z.string()),
  unit: z.string(),
  quantity: ZDecimalString,
  unitPrice: ZDecimalString,
  /** the item's cost by the business's tax regime (CPC 16), less its credits */
  totalCost: ZDecimalString,
  /** what the item does to the stock (DESIGN.md §6.2), and which stock it moves */
  effect: ZDocumentEffect,
  position: z.nullable(z.enum(['own', 'held', 'sent'])),
  cst: ZItemCst,
  /** the credits the business takes on the item, each rounded on its own */
  credits: ZItemCredits,
  /** uTrib / qTrib, and qTrib ÷ qCom when uTrib differs from uCom: a proposal of units per package */
  taxUnit: z.nullable(z.string()),
  taxQuantity: z.nullable(ZDecimalString),
  suggestedUnitsPerPackage: z.nullable(ZDecimalString),
  /** a proposal for creating the product: SKU from cProd, unique in the catalog */
  suggestedSku: z.string(),
  /** the packaging type a product created with units per package gets: the one named like uCom, else Caixa */
  newPackageKind: z.string(),
  lots: z.array(ZNfeLot),
  match: z.nullable(ZNfeMatch),
  /**
   * the note's units per package (qTrib ÷ qCom, or its cEAN's package) against the matched package's, when they
   * differ: the import needs `confirmPackage` or another package (docs/decisions/0062)
   */
  packageConflict: z.nullable(
    z.object({ noteUnitsPerPackage: ZDecimalString, matchedUnitsPerPackage: ZDecimalString }),
  ),
  /** what the user should know about this item, e.g. a qCom rounded to 3 decimals */
  warnings: z.array(z.string()),
});
export type TNfePreviewItem = z.infer<typeof ZNfePreviewItem>;

export const ZNfeTotals = z.object({
  products: ZDecimalString,
  discount: ZDecimalString,
  freight: ZDecimalString,
  insurance: ZDecimalString,
  other: ZDecimalString,
  ipi: ZDecimalString,
  icmsSt: ZDecimalString,
  fcpSt: ZDecimalString,
  invoice: ZDecimalString,
  /** Σ of the items' vProd − vDesc + vFrete + vSeg + vOutro + vIPI + vICMSST + vFCPST, to compare with vNF */
  itemsInvoice: ZDecimalString,
  /** vNF − itemsInvoice (zero when the note adds up) */
  difference: ZDecimalString,
  /** Σ of the items' cost by the tax regime: what enters the stock */
  totalCost: ZDecimalString,
});

export const ZNfePreview = z.object({
  accessKey: z.string(),
  number: z.string(),
  series: z.string(),
  issuedAt: z.string(),
  issuedOn: z.string(),
  authorized: z.boolean(),
  taxRegime: z.enum(['simples', 'presumido', 'real']),
  /** received: addressed to the business; issued: the business is the emitter; null: not this business's */
  side: z.nullable(z.enum(['received', 'issued'])),
  /** the establishment the note is for (received) or from (issued) */
  establishment: z.nullable(z.object({ id: z.number(), name: z.string() })),
  /** a note between two of the business's establishments: the one the goods go to */
  transferTo: z.nullable(z.object({ id: z.number(), name: z.string() })),
  operation: z.object({ model: z.string(), tpNF: z.string(), finNFe: z.string(), natOp: z.string() }),
  supplier: z.object({
    document: z.string(),
    name: z.string(),
    tradeName: z.nullable(z.string()),
    id: z.nullable(z.number()),
  }),
  destination: z.object({ document: z.nullable(z.string()), name: z.nullable(z.string()) }),
  items: z.array(ZNfePreviewItem),
  totals: ZNfeTotals,
  alreadyImported: z.boolean(),
  /** the XML signature, verified (a note whose signature does not verify is refused before any preview) */
  signature: z.object({
    verified: z.boolean(),
    signer: z.object({ name: z.string(), document: z.nullable(z.string()) }),
    issuer: z.string(),
    validFrom: z.string(),
    validTo: z.string(),
  }),
  warnings: z.array(z.string()),
  errors: z.array(z.string()),
});
export type TNfePreview = z.infer<typeof ZNfePreview>;

export const ZNfeCreateProduct = z.strictObject({
  sku: ZSku,
  name: zText(LIMITS.name).check(z.minLength(1, { error: 'Informe o nome do produto.' })),
  categoryId: zChoice('Selecione a categoria.'),
  baseUnityId: zChoice('Selecione a unidade base.'),
  unitsPerPackage: z.optional(ZPackageQuantityInput),
});

/** What a refused choice says: the first problem of the branch it meant (a product, or one to create). */
function choiceError(issue: {
  input?: unknown;
  errors?: Array<Array<{ message: string; path?: PropertyKey[] }>>;
}) {
  const input = issue.input;
  const meant = input && typeof input === 'object' && 'create' in input ? 1 : 0;
  const mentions = input && typeof input === 'object' && ('create' in input || 'productId' in input);
  if (!mentions && input && typeof input === 'object' && 'effect' in input) {
    const first = issue.errors?.[2]?.[0];
    if (first) return `${first.path?.length ? `${first.path.join('.')}: ` : ''}${first.message}`;
  }
  const first = mentions ? issue.errors?.[meant]?.[0] : undefined;
  if (first) return `${first.path?.length ? `${first.path.join('.')}: ` : ''}${first.message}`;
  return 'Para cada item, informe o produto e a embalagem (productId e productUnityId) ou o produto a criar (create).';
}

export const ZNfeItemChoice = z.union(
  [
    z.strictObject({
      item: ZId,
      productId: ZId,
      productUnityId: ZId,
      effect: z.optional(ZChosenEffect),
      /** the person checked the package although the note's figure differs (packageConflict) */
      confirmPackage: z.optional(z.boolean()),
    }),
    z.strictObject({ item: ZId, create: ZNfeCreateProduct, effect: z.optional(ZChosenEffect) }),
    // an item that moves no stock needs no product: only its effect, when the table asks for one
    z.strictObject({ item: ZId, effect: ZChosenEffect }),
  ],
  { error: (issue) => choiceError(issue as Parameters<typeof choiceError>[0]) },
);
export type TNfeItemChoice = z.input<typeof ZNfeItemChoice>;

export const ZNfeImportData = z.strictObject({
  occurredOn: z.optional(ZDate),
  acceptUnauthorized: z.optional(z.boolean()),
  items: z.array(ZNfeItemChoice).check(
    z.maxLength(990),
    // one new SKU, one new product: two items creating the same SKU is a slip of the person choosing
    z.superRefine((items, ctx) => {
      const first = new Map<string, number>();
      items.forEach((choice, index) => {
        if (!('create' in choice)) return;
        const earlier = first.get(choice.create.sku);
        if (earlier === undefined) first.set(choice.create.sku, choice.item);
        else
          ctx.addIssue({
            code: 'custom',
            path: [index, 'create', 'sku'],
            input: choice.create.sku,
            message: `O código (SKU) ${choice.create.sku} foi escolhido para dois produtos novos (itens ${earlier} e ${choice.item}).`,
          });
      });
    }),
  ),
});
export type TNfeImportData = z.input<typeof ZNfeImportData>;

export const ZNfeReceipt = z.object({
  id: z.number(),
  accessKey: z.string(),
  number: z.string(),
  series: z.string(),
  issuedAt: z.string(),
  supplier: ZRef,
  occurredOn: z.string(),
  entries: z.number(),
  totalCost: ZDecimalString,
  invoiceTotal: ZDecimalString,
  createdBy: ZRef,
  createdAt: z.string(),
  undoneAt: z.nullable(z.string()),
});
export type TNfeReceipt = z.infer<typeof ZNfeReceipt>;

export const ZNfeReceiptItem = z.object({
  item: z.number(),
  supplierCode: z.string(),
  gtin: z.nullable(z.string()),
  description: z.string(),
  unit: z.string(),
  quantity: ZDecimalString,
  totalCost: ZDecimalString,
  product: z.object({ id: z.number(), sku: z.string(), name: z.string() }),
  productUnity: z.object({ id: z.number(), label: z.string() }),
  lots: z.array(ZNfeLot),
  effect: ZDocumentEffect,
  fiscal: z.nullable(
    z.object({
      cfop: z.nullable(z.string()),
      cst: ZItemCst,
      credits: ZItemCredits,
    }),
  ),
});

export const ZNfeReceiptDetail = z.extend(ZNfeReceipt, {
  items: z.array(ZNfeReceiptItem),
  ledger: z.array(ZLedgerEntry),
});
export type TNfeReceiptDetail = z.infer<typeof ZNfeReceiptDetail>;

/** Receipts are listed by when they came in (newest first by default): the one sort, named so others are refused. */
export const NFE_SORTS = ['createdAt'] as const;
export const ZNfeListQuery = z
  .extend(ZPageQuery, {
    order: z._default(z.enum(['asc', 'desc'], { error: orRequired('Ordem inválida.') }), 'desc'),
    sort: zSort(NFE_SORTS, 'createdAt'),
    from: z.optional(ZDate),
    to: z.optional(ZDate),
    supplierId: z.optional(ZId),
    /** imported notes by default; the undone ones are kept and can be listed too (issue 33) */
    situation: z._default(
      z.enum(['imported', 'undone', 'all'], { error: orRequired('Situação inválida.') }),
      'imported',
    ),
    format: ZExportFormat,
  })
  .check(dateRangeInOrder());
export type TNfeListQuery = z.input<typeof ZNfeListQuery>;

export const ZNfeParams = z.object({ id: ZId });
