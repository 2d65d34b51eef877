import { z } from 'zod/mini';
import { ZId, ZPageQuery, ZRef, zText } from './common.ts';
import { ZDecimalString } from './numbers.ts';
import { ZChosenEffect, ZDocumentEffect } from './fiscal-effects.ts';
import { ZNfeCreateProduct } from './nfe.ts';

/** A month of documents in one go (DESIGN.md §6.4): many NF-e, NFC-e and cancellation events, or one .zip of them. */

/** Up to this many documents and bytes per upload (§6.4). */
export const BATCH_LIMITS = { documents: 20_000, bytes: 100 * 1024 * 1024 } as const;

export const DOCUMENT_STATUSES = ['new', 'already-imported', 'cancelled', 'not-ours', 'error'] as const;
export type TDocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const ZBatchItem = z.object({
  item: z.number(),
  code: z.string(),
  gtin: z.nullable(z.string()),
  description: z.string(),
  cfop: z.nullable(z.string()),
  unit: z.string(),
  quantity: ZDecimalString,
  effect: ZDocumentEffect,
  /** the product it goes to, when the catalog already knows the code (SKU, GTIN or a learned code) */
  product: z.nullable(z.object({ id: z.number(), sku: z.string(), name: z.string() })),
  productUnityId: z.nullable(z.number()),
  /** the stock value it would move: an entry's cost; an exit's at today's average of its establishment */
  value: ZDecimalString,
});
export type TBatchItem = z.infer<typeof ZBatchItem>;

export const ZBatchDocument = z.object({
  file: z.string(),
  kind: z.enum(['note', 'event']),
  accessKey: z.nullable(z.string()),
  /** 55 (NF-e) or 65 (NFC-e); an event: the model of the note it cancels */
  model: z.nullable(z.string()),
  number: z.nullable(z.string()),
  series: z.nullable(z.string()),
  /** received: a third party's note to us; issued: ours (an NFC-e always) */
  direction: z.nullable(z.enum(['received', 'issued'])),
  status: z.enum(DOCUMENT_STATUSES),
  /** why it is not posted (error, not-ours, already-imported, cancelled), in Portuguese */
  reason: z.nullable(z.string()),
  participant: z.nullable(z.object({ document: z.string(), name: z.string() })),
  establishment: z.nullable(ZRef),
  issuedAt: z.nullable(z.string()),
  issuedOn: z.nullable(z.string()),
  invoiceTotal: z.nullable(ZDecimalString),
  items: z.array(ZBatchItem),
  /** a cancellation event: the imported note it undoes (null: the note is not in the stock) */
  cancels: z.nullable(z.object({ receiptId: z.number(), document: z.string() })),
  warnings: z.array(z.string()),
});
export type TBatchDocument = z.infer<typeof ZBatchDocument>;

export const ZBatchUnmatched = z.object({
  /** the CNPJ or CPF whose code it is (ours, for the notes the business issued) */
  issuer: z.string(),
  issuerName: z.string(),
  code: z.string(),
  unit: z.string(),
  description: z.string(),
  gtin: z.nullable(z.string()),
  occurrences: z.number(),
  quantity: ZDecimalString,
  suggestedSku: z.string(),
});
export type TBatchUnmatched = z.infer<typeof ZBatchUnmatched>;

export const ZBatchTotal = z.object({
  effect: ZDocumentEffect,
  quantity: ZDecimalString,
  value: ZDecimalString,
});

export const ZBatchPreview = z.object({
  documents: z.array(ZBatchDocument),
  unmatched: z.array(ZBatchUnmatched),
  totals: z.array(ZBatchTotal),
  /** how many documents of each status */
  counts: z.record(z.string(), z.number()),
});
export type TBatchPreview = z.infer<typeof ZBatchPreview>;

const ZIssuer = z.string().check(z.regex(/^[0-9A-Z]{11,14}$/, { error: 'Emitente (issuer) inválido.' }));
const ZCode = zText(60).check(z.minLength(1, { error: 'Informe o código do item.' }));
const ZUnit = zText(6);

export const ZBatchMapping = z.union(
  [
    z.strictObject({ issuer: ZIssuer, code: ZCode, unit: ZUnit, productId: ZId, productUnityId: ZId }),
    z.strictObject({ issuer: ZIssuer, code: ZCode, unit: ZUnit, create: ZNfeCreateProduct }),
  ],
  {
    error: () =>
      'Para cada código sem produto, informe o produto e a embalagem (productId e productUnityId) ou o produto a criar (create).',
  },
);
export type TBatchMapping = z.input<typeof ZBatchMapping>;

export const ZBatchImportData = z.strictObject({
  occurredOn: z._default(
    z.enum(['issue', 'today'], { error: 'occurredOn deve ser "issue" ou "today".' }),
    'issue',
  ),
  mappings: z._default(z.array(ZBatchMapping).check(z.maxLength(20_000)), []),
  decisions: z._default(
    z
      .array(z.strictObject({ accessKey: z.string(), item: ZId, effect: ZChosenEffect }))
      .check(z.maxLength(100_000)),
    [],
  ),
});
export type TBatchImportData = z.input<typeof ZBatchImportData>;

export const ZBatchResult = z.object({
  /** the batch (null when nothing was new: nothing stored) */
  id: z.nullable(z.number()),
  documents: z.array(ZBatchDocument),
  posted: z.number(),
  skipped: z.number(),
  /** earlier notes undone by cancellation events of this upload */
  undone: z.number(),
});
export type TBatchResult = z.infer<typeof ZBatchResult>;

export const ZBatch = z.object({
  id: z.number(),
  fileName: z.string(),
  documents: z.number(),
  posted: z.number(),
  skipped: z.number(),
  cancelled: z.number(),
  occurredOn: z.enum(['issue', 'today']),
  createdBy: ZRef,
  createdAt: z.string(),
  undoneAt: z.nullable(z.string()),
});
export type TBatch = z.infer<typeof ZBatch>;

export const ZBatchReceipt = z.object({
  id: z.number(),
  accessKey: z.string(),
  document: z.string(),
  participant: ZRef,
  issuedAt: z.string(),
  occurredOn: z.string(),
  totalCost: ZDecimalString,
  invoiceTotal: ZDecimalString,
});

export const ZBatchDetail = z.extend(ZBatch, {
  receipts: z.array(ZBatchReceipt),
  /** the documents not posted, with why */
  skippedDocuments: z.array(
    z.object({
      file: z.string(),
      accessKey: z.nullable(z.string()),
      status: z.string(),
      reason: z.nullable(z.string()),
    }),
  ),
});
export type TBatchDetail = z.infer<typeof ZBatchDetail>;

export const ZBatchListQuery = ZPageQuery;
export const ZBatchParams = z.object({ id: ZId });
