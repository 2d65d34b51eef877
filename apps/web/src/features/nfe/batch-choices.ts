import type {
  TBatchDocument,
  TBatchImportData,
  TBatchItem,
  TBatchMapping,
  TBatchPreview,
  TBatchUnmatched,
  TDocumentStatus,
} from '@armazem/contracts/document-batches';
import type { TChosenEffect } from '@armazem/contracts/fiscal-effects';
import { cleanProductName } from '@armazem/contracts/product-names';

/** Each status as the screen names it (the preview's counts, the table's filter and column). */
export const STATUS_LABELS: Record<TDocumentStatus, string> = {
  new: 'Novos',
  'already-imported': 'Já importados',
  cancelled: 'Cancelados',
  'not-ours': 'De outra empresa',
  error: 'Com erro',
};

/**
 * The statuses in the order the screen shows them. Kept here, typed by the contract, rather than imported as a value:
 * a value would bring the contract's schemas into this chunk, and the screen validates nothing with them.
 */
export const STATUSES = Object.keys(STATUS_LABELS) as TDocumentStatus[];

/** The most bytes an upload may carry (the contract's BATCH_LIMITS.bytes, §6.4), checked before sending. */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** One document's status, in the singular (a row of the table). */
export const STATUS_LABEL_ONE: Record<TDocumentStatus, string> = {
  new: 'Novo',
  'already-imported': 'Já importado',
  cancelled: 'Cancelado',
  'not-ours': 'De outra empresa',
  error: 'Com erro',
};

/** What the person chose for one unmatched code: a product of the catalog, or a new product. */
export type UnmatchedChoice =
  | {
      kind: 'product';
      productId: number;
      productName: string;
      productUnityId: number | null;
      /** just picked: the package is proposed once the product's packages are known */
      picked?: { productUnityId: number | null };
    }
  | { kind: 'create'; sku: string; name: string; categoryId: number; baseUnityId: number };

/** A code is the same code only for the same issuer and unit (the API groups them so). */
export const unmatchedKey = (group: Pick<TBatchUnmatched, 'issuer' | 'code' | 'unit'>) =>
  `${group.issuer}\u0000${group.code}\u0000${group.unit}`;

/** One item of one document, for its `ask` decision. */
export const decisionKey = (accessKey: string, item: number) => `${accessKey}\u0000${item}`;

/** The items the person must decide (effect `ask`) of the documents that will be posted. */
export function askItems(preview: TBatchPreview): Array<{ document: TBatchDocument; item: TBatchItem }> {
  return preview.documents.flatMap((document) =>
    document.status === 'new' && document.accessKey
      ? document.items.filter((item) => item.effect === 'ask').map((item) => ({ document, item }))
      : [],
  );
}

/** A new product from an unmatched code: its proposed SKU, its description cleaned of the supplier's codes. */
export function createChoice(
  group: TBatchUnmatched,
  fields: { categoryId: number; baseUnityId: number },
): UnmatchedChoice {
  return {
    kind: 'create',
    sku: group.suggestedSku,
    name: cleanProductName(group.description),
    ...fields,
  };
}

export const isChosen = (choice: UnmatchedChoice | null | undefined): boolean =>
  choice?.kind === 'create'
    ? Boolean(choice.sku.trim() && choice.name.trim())
    : choice?.productUnityId !== null && choice?.productUnityId !== undefined;

/** How many unmatched codes and `ask` items still wait for a choice before the batch can be imported. */
export function pendingChoices(
  preview: TBatchPreview,
  mappings: ReadonlyMap<string, UnmatchedChoice>,
  decisions: ReadonlyMap<string, TChosenEffect>,
): { codes: number; effects: number } {
  return {
    codes: preview.unmatched.filter((group) => !isChosen(mappings.get(unmatchedKey(group)))).length,
    effects: askItems(preview).filter(
      ({ document, item }) => !decisions.get(decisionKey(document.accessKey ?? '', item.item)),
    ).length,
  };
}

/** The import's `data` field: the date rule, a mapping per unmatched code, the decided `ask` items. */
export function batchImportData(
  preview: TBatchPreview,
  mappings: ReadonlyMap<string, UnmatchedChoice>,
  decisions: ReadonlyMap<string, TChosenEffect>,
  occurredOn: 'issue' | 'today',
): TBatchImportData {
  return {
    occurredOn,
    mappings: preview.unmatched.flatMap((group): TBatchMapping[] => {
      const choice = mappings.get(unmatchedKey(group));
      const where = { issuer: group.issuer, code: group.code, unit: group.unit };
      if (choice?.kind === 'create') {
        const { sku, name, categoryId, baseUnityId } = choice;
        return [{ ...where, create: { sku: sku.trim(), name: name.trim(), categoryId, baseUnityId } }];
      }
      if (!choice?.productUnityId) return [];
      return [{ ...where, productId: choice.productId, productUnityId: choice.productUnityId }];
    }),
    decisions: askItems(preview).flatMap(({ document, item }) => {
      const accessKey = document.accessKey ?? '';
      const effect = decisions.get(decisionKey(accessKey, item.item));
      return effect ? [{ accessKey, item: item.item, effect }] : [];
    }),
  };
}

/** "NF-e" or "NFC-e" by the model; an event says what it is. */
export function modelLabel(document: Pick<TBatchDocument, 'kind' | 'model'>): string {
  const model = document.model === '65' ? 'NFC-e' : document.model === '55' ? 'NF-e' : '—';
  return document.kind === 'event' ? `Cancelamento (${model})` : model;
}

/** "123/1", or the file's name when the document could not be read. */
export function documentLabel(document: Pick<TBatchDocument, 'number' | 'series' | 'file'>): string {
  if (!document.number) return document.file;
  return document.series ? `${document.number}/${document.series}` : document.number;
}
