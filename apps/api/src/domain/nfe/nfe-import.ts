import type { z } from 'zod/mini';
import type { ZNfeImportData } from '@armazem/contracts/nfe';
import type { Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { post, type NewLedgerRow } from '../stock/posting-pipeline.ts';
import { baseQuantityOf } from '../stock/stock-rules.ts';
import { unitCostOf } from './nfe-cost.ts';
import { catalogRefs, createProductFromItem, createSupplierFromNote } from './nfe-catalog.ts';
import type { NoteContext } from './nfe-preview.ts';
import type { NfeDocument } from './nfe-reader.ts';
import {
  insertReceipt,
  insertReceiptItems,
  linkSupplierProducts,
  rememberCodes,
  takenBarcodes,
  unityInfos,
  violatesUnique,
  type NewReceipt,
  type UnityInfo,
} from './nfe-repository.ts';
import {
  alreadyImportedMessage,
  costItems,
  destinationProblem,
  documentLabel,
  receiptDate,
  UNAUTHORIZED_REFUSAL,
} from './nfe-rules.ts';
import { unprocessable } from './xml-tree.ts';

type ImportData = z.output<typeof ZNfeImportData>;
type Choice = ImportData['items'][number];

export interface ImportRequest {
  userId: number;
  today: string;
  fileName: string;
  bytes: Uint8Array;
  doc: NfeDocument;
  data: ImportData;
}

/** The note's own refusals, before anything is written. */
function checkNote(request: ImportRequest, context: NoteContext) {
  const { doc, data } = request;
  const destination = destinationProblem(doc, context.businessDocument);
  if (destination) throw unprocessable(destination);
  if (!doc.authorized && !data.acceptUnauthorized) throw unprocessable(UNAUTHORIZED_REFUSAL);
  if (context.alreadyImported) throw conflict(alreadyImportedMessage(doc.number, doc.series));
}

/** Where a note's item is chosen in the request body (`items.3` is the fourth choice), for an issue's path. */
const choicePaths = (choices: readonly Choice[]) =>
  new Map(choices.map((choice, index) => [choice.item, `items.${index}`]));

/** Every item resolved by exactly one choice; the unresolved ones are named. */
function choicesByItem(doc: NfeDocument, choices: readonly Choice[]): Map<number, Choice> {
  const known = new Set(doc.items.map((item) => item.item));
  const byItem = new Map<number, Choice>();
  for (const choice of choices) {
    if (!known.has(choice.item)) throw badRequest(`A nota não tem o item ${choice.item}.`, 'items');
    if (byItem.has(choice.item))
      throw badRequest(`O item ${choice.item} foi informado mais de uma vez.`, 'items');
    byItem.set(choice.item, choice);
  }
  const missing = doc.items.filter((item) => !byItem.has(item.item)).map((item) => item.item);
  if (missing.length > 0) {
    const list =
      missing.length > 20
        ? `${missing.slice(0, 20).join(', ')} e outros ${missing.length - 20}`
        : missing.join(', ');
    throw new AppError(
      'UNPROCESSABLE',
      `Escolha o produto de cada item antes de importar. Sem produto: ${missing.length === 1 ? 'item' : 'itens'} ${list}.`,
      {
        details: { unresolved: missing },
      },
    );
  }
  return byItem;
}

async function resolveTargets(
  tx: Tx,
  request: ImportRequest,
  byItem: Map<number, Choice>,
  paths: Map<number, string>,
) {
  const creates = request.doc.items.filter((item) => 'create' in (byItem.get(item.item) ?? {}));
  const refs = await catalogRefs(
    tx,
    await takenBarcodes(
      tx,
      creates.flatMap((item) => [item.gtin, item.taxGtin].filter((gtin) => gtin !== null)),
    ),
  );
  const chosen = [...byItem.values()].flatMap((choice) => ('create' in choice ? [] : [choice.productId]));
  const existing = new Set(
    chosen.length > 0
      ? (
          await tx
            .selectFrom('products')
            .select('id')
            .where('id', 'in', [...new Set(chosen)])
            .execute()
        ).map((row) => row.id)
      : [],
  );
  const targets = new Map<number, { productId: number; productUnityId: number }>();
  for (const item of request.doc.items) {
    const choice = byItem.get(item.item);
    if (!choice) continue;
    if (!('create' in choice) && !existing.has(choice.productId))
      throw badRequest(
        `O produto escolhido para o item ${item.item} não foi encontrado.`,
        paths.get(item.item),
      );
    targets.set(
      item.item,
      'create' in choice
        ? await createProductFromItem(
            tx,
            request.userId,
            item,
            choice.create,
            refs,
            paths.get(item.item) ?? 'items',
          )
        : { productId: choice.productId, productUnityId: choice.productUnityId },
    );
  }
  return targets;
}

interface RowsInput {
  doc: NfeDocument;
  paths: Map<number, string>;
  targets: Map<number, { productId: number; productUnityId: number }>;
  unities: Map<number, UnityInfo>;
  costs: Map<number, bigint>;
  occurredOn: string;
  supplierId: number;
  receiptId: number;
}

/** One entry per item: qCom in the chosen product unity, the item cost kept exactly as the row's total. */
function ledgerRows({
  doc,
  paths,
  targets,
  unities,
  costs,
  occurredOn,
  supplierId,
  receiptId,
}: RowsInput): NewLedgerRow[] {
  const document = documentLabel(doc.number, doc.series);
  return doc.items.map((item) => {
    const target = targets.get(item.item);
    const unity = target ? unities.get(target.productUnityId) : undefined;
    const path = paths.get(item.item);
    if (!target || !unity || unity.productId !== target.productId) {
      throw badRequest(`A embalagem escolhida para o item ${item.item} não é deste produto.`, path);
    }
    if (!unity.active || !unity.productActive) {
      throw badRequest(`O produto ou a embalagem escolhida para o item ${item.item} está inativo.`, path);
    }
    const base = baseQuantityOf(unity, item.quantity);
    if (!base.ok) throw unprocessable(`Item ${item.item} (${item.description}): ${base.message}`);
    const cost = costs.get(item.item) ?? 0n;
    return {
      productId: target.productId,
      productUnityId: target.productUnityId,
      direction: 'in',
      quantity: item.quantity,
      baseQuantity: base.baseQuantity,
      unitCost: unitCostOf(cost, item.quantity),
      totalCost: cost,
      occurredOn,
      supplierId,
      reason: null,
      document,
      notes: null,
      source: 'nfe',
      stockMovementId: null,
      nfeId: receiptId,
    };
  });
}

/** The receipt's items (with their lots), the learned supplier codes and the supplier–product links. */
async function storeItems(tx: Tx, input: RowsInput, rows: readonly NewLedgerRow[]) {
  const { doc, receiptId, supplierId, costs } = input;
  await insertReceiptItems(
    tx,
    doc.items.map((item, index) => ({
      receipt_id: receiptId,
      item: item.item,
      supplier_code: item.supplierCode,
      gtin: item.gtin,
      description: item.description,
      unit: item.unit,
      quantity: item.quantity.toString(),
      product_id: rows[index]?.productId ?? 0,
      product_unity_id: rows[index]?.productUnityId ?? 0,
      total_cost: (costs.get(item.item) ?? 0n).toString(),
      lots: JSON.stringify(item.lots.map((lot) => ({ ...lot, quantity: lot.quantity.toString() }))),
    })),
  );
  const codes = doc.items.map((item, index) => ({
    supplierCode: item.supplierCode,
    unit: item.unit,
    productId: rows[index]?.productId ?? 0,
    productUnityId: rows[index]?.productUnityId ?? 0,
  }));
  await rememberCodes(tx, supplierId, codes);
  await linkSupplierProducts(
    tx,
    supplierId,
    rows.map((row) => row.productId),
  );
}

const RECEIPT_KEY_INDEX = { postgres: 'nfe_receipts_key_once', sqlite: 'nfe_receipts.access_key' };

/** The receipt row; on PostgreSQL another import of the same note may have committed it since the check. */
async function storeReceipt(tx: Tx, doc: NfeDocument, receipt: NewReceipt): Promise<number> {
  try {
    return await insertReceipt(tx, receipt);
  } catch (error) {
    if (violatesUnique(error, RECEIPT_KEY_INDEX))
      throw conflict(alreadyImportedMessage(doc.number, doc.series));
    throw error;
  }
}

/** Imports the note in the caller's transaction: catalog, receipt, ledger rows (by the pipeline), learned codes. */
export async function importNote(tx: Tx, dialect: Dialect, request: ImportRequest, context: NoteContext) {
  const { doc, userId } = request;
  checkNote(request, context);
  const occurredOn = receiptDate(request.data.occurredOn, doc.issuedOn, request.today);
  const byItem = choicesByItem(doc, request.data.items);
  const paths = choicePaths(request.data.items);
  const costs = new Map(costItems(doc, context.regime).map((c) => [c.item, c.cost]));
  const supplierId = context.supplier?.id ?? (await createSupplierFromNote(tx, userId, doc.emitter));
  const totalCost = [...costs.values()].reduce((sum, cost) => sum + cost, 0n);
  // first the receipt: the same note imported twice at once stops here, on its key, before any product
  const receiptId = await storeReceipt(tx, doc, {
    accessKey: doc.accessKey,
    number: doc.number,
    series: doc.series,
    issuedAt: doc.issuedAt,
    supplierId,
    fileName: request.fileName,
    xml: request.bytes,
    items: doc.items.length,
    totalCost,
    invoiceTotal: doc.totals.invoice,
    occurredOn,
    userId,
  });
  const targets = await resolveTargets(tx, request, byItem, paths);
  const unities = await unityInfos(
    tx,
    [...targets.values()].map((t) => t.productUnityId),
  );
  const input = { doc, paths, targets, unities, costs, occurredOn, supplierId, receiptId };
  const rows = ledgerRows(input);
  await post(tx, dialect, {
    userId,
    today: request.today,
    add: rows,
    audit: {
      action: 'import',
      entity: 'nfe_receipt',
      entityId: receiptId,
      after: { accessKey: doc.accessKey, supplierId, items: rows.length, totalCost, occurredOn },
    },
  });
  await storeItems(tx, input, rows);
  return receiptId;
}
