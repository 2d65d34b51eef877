import type { Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { baseQuantityOf } from '../stock/stock-rules.ts';
import {
  catalogRefs,
  createProductFromItem,
  createSupplierFromNote,
  rememberCityCode,
  recordCostPrices,
} from './nfe-catalog.ts';
import type { NoteContext } from './nfe-context.ts';
import type { NfeDocument } from './nfe-reader.ts';
import {
  insertReceipt,
  insertReceiptItems,
  itemTypes,
  linkSupplierProducts,
  rememberCodes,
  setReceiptTotal,
  takenBarcodes,
  unityInfos,
  violatesUnique,
  type NewReceipt,
  type UnityInfo,
} from './nfe-repository.ts';
import {
  alreadyImportedMessage,
  costItems,
  documentLabel,
  receiptDate,
  type CostedItem,
} from './nfe-rules.ts';
import type { TChosenEffect } from '@armazem/contracts/fiscal-effects';
import { entryCost, fiscalOf, otherItemsOf, stockItems } from './nfe-effects.ts';
import {
  checkNote,
  checkPackages,
  checkResolved,
  choicePaths,
  choicesByItem,
  decideEffects,
  type Choice,
  type ImportData,
} from './nfe-choices.ts';
import { costContextOf } from './nfe-preview.ts';
import { unprocessable } from './xml-tree.ts';
import { ownTotal, type StockLine } from './nfe-legs.ts';
import { postLines } from './nfe-post.ts';
import { saleReturnCosts } from './nfe-return-costs.ts';
import { complementAdjustments, postAdjustments } from './nfe-complement.ts';

export interface ImportRequest {
  userId: number;
  today: string;
  fileName: string;
  bytes: Uint8Array;
  doc: NfeDocument;
  data: ImportData;
  /** the document batch the note comes in (§6.4) */
  batchId?: number;
}

async function resolveTargets(
  tx: Tx,
  request: ImportRequest,
  byItem: Map<number, Choice>,
  paths: Map<number, string>,
) {
  const creates = request.doc.items.filter((item) => 'create' in (byItem.get(item.item) ?? {}));
  const chosen = [...byItem.values()].flatMap((choice) => ('productId' in choice ? [choice.productId] : []));
  const refs = await catalogRefs(
    tx,
    await takenBarcodes(
      tx,
      creates.flatMap((item) => [item.gtin, item.taxGtin].filter((gtin) => gtin !== null)),
    ),
  );
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
    if (!choice || !('create' in choice || 'productId' in choice)) continue;
    if ('productId' in choice && !existing.has(choice.productId))
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

interface LinesInput {
  doc: NfeDocument;
  paths: Map<number, string>;
  targets: Map<number, { productId: number; productUnityId: number }>;
  unities: Map<number, UnityInfo>;
  costs: Map<number, CostedItem>;
  effects: Map<number, TChosenEffect>;
  bonusValuation: 'zero' | 'invoice';
}

/** Each item that moves stock, in its chosen package (qCom), with what it costs when it enters own stock. */
function stockLines(input: LinesInput): StockLine[] {
  const { paths, targets, unities, costs, effects } = input;
  return stockItems(input).map((item) => {
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
    const effect = effects.get(item.item) ?? 'purchase';
    return {
      item: item.item,
      description: item.description,
      effect,
      productId: target.productId,
      productUnityId: target.productUnityId,
      quantity: item.quantity,
      baseQuantity: base.baseQuantity,
      entryCost:
        effect === 'held_in'
          ? item.values.product
          : entryCost(effect, costs.get(item.item)?.cost ?? 0n, input.bonusValuation),
    };
  });
}

/** The receipt's items (with their lots) and, for a third party's note, the learned codes and product links. */
async function storeItems(
  tx: Tx,
  input: LinesInput & { receiptId: number; supplierId: number; learn: boolean },
  lines: readonly StockLine[],
  costs: ReadonlyMap<number, bigint>,
) {
  const { receiptId, supplierId, effects } = input;
  const items = stockItems(input);
  await insertReceiptItems(
    tx,
    items.map((item, index) => ({
      receipt_id: receiptId,
      item: item.item,
      supplier_code: item.supplierCode,
      gtin: item.gtin,
      description: item.description,
      unit: item.unit,
      quantity: item.quantity.toString(),
      product_id: lines[index]?.productId ?? 0,
      product_unity_id: lines[index]?.productUnityId ?? 0,
      total_cost: (costs.get(item.item) ?? 0n).toString(),
      lots: JSON.stringify(item.lots.map((lot) => ({ ...lot, quantity: lot.quantity.toString() }))),
      effect: effects.get(item.item) ?? 'purchase',
      fiscal: JSON.stringify(fiscalOf(item, input.costs.get(item.item))),
    })),
  );
  if (!input.learn) return; // the business's own note names its own codes, not a supplier's
  const codes = items.map((item, index) => ({
    supplierCode: item.supplierCode,
    unit: item.unit,
    productId: lines[index]?.productId ?? 0,
    productUnityId: lines[index]?.productUnityId ?? 0,
  }));
  await rememberCodes(tx, supplierId, codes);
  await linkSupplierProducts(
    tx,
    supplierId,
    lines.map((line) => line.productId),
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

/** Each item's cost and credits, with the TIPO_ITEM of the product chosen for it (a new product is 00). */
async function costsOf(tx: Tx, doc: NfeDocument, context: NoteContext, byItem: Map<number, Choice>) {
  const productOf = new Map(
    [...byItem.values()].flatMap((choice) =>
      'productId' in choice ? [[choice.item, choice.productId]] : [],
    ),
  );
  const types = await itemTypes(tx, [...productOf.values()]);
  const byItemType = new Map(
    doc.items.map((item) => {
      const productId = productOf.get(item.item);
      return [item.item, productId === undefined ? '00' : (types.get(productId) ?? '00')];
    }),
  );
  return new Map(costItems(doc, costContextOf(context, byItemType)).map((c) => [c.item, c]));
}

/** Imports the note in the caller's transaction: catalog, receipt, ledger rows (by the pipeline), learned codes. */
export async function importNote(tx: Tx, dialect: Dialect, request: ImportRequest, context: NoteContext) {
  const { doc, userId } = request;
  const participant = checkNote(request, context);
  const occurredOn = receiptDate(request.data.occurredOn, doc.issuedOn, request.today);
  const byItem = choicesByItem(doc, request.data.items);
  const effects = decideEffects(doc, context, byItem);
  checkResolved(doc, byItem, effects);
  checkPackages(context, byItem, effects);
  const paths = choicePaths(request.data.items);
  const costs = await costsOf(tx, doc, context, byItem);
  const supplierId = context.supplier?.id ?? (await createSupplierFromNote(tx, userId, participant));
  await rememberCityCode(tx, supplierId, participant.address.cityCode);
  const adjustments = await complementAdjustments(tx, doc, costs, occurredOn);
  // first the receipt: the same note imported twice at once stops here, on its key, before any product
  const receiptId = await storeReceipt(tx, doc, {
    accessKey: doc.accessKey,
    number: doc.number,
    series: doc.series,
    issuedAt: doc.issuedAt,
    supplierId,
    fileName: request.fileName,
    xml: request.bytes,
    items: stockItems({ doc, effects }).length,
    totalCost: 0n, // set once the lines are posted (an exit's cost is the pipeline's)
    invoiceTotal: doc.totals.invoice,
    occurredOn,
    userId,
    otherItems: otherItemsOf(doc, effects, costs, adjustments),
    batchId: request.batchId ?? null,
  });
  const targets = await resolveTargets(tx, request, byItem, paths);
  const unities = await unityInfos(
    tx,
    [...targets.values()].map((t) => t.productUnityId),
  );
  const input = { doc, paths, targets, unities, costs, effects, bonusValuation: context.bonusValuation };
  const lines = stockLines(input);
  const returns = await saleReturnCosts(tx, lines, doc.references, occurredOn);
  for (const line of lines) line.entryCost = returns.costs.get(line.item) ?? line.entryCost;
  const document = documentLabel(doc.number, doc.series, doc.model);
  // the note's establishment's default location (DESIGN.md §6.3)
  const locationId = context.places?.ours.defaultLocationId ?? 0;
  const itemCosts = await postLines(tx, dialect, {
    userId,
    today: request.today,
    lines,
    context: { occurredOn, participantId: supplierId, receiptId, document, locationId },
    otherLocationId: context.places?.other?.defaultLocationId ?? null,
    audit: {
      action: 'import',
      entity: 'nfe_receipt',
      entityId: receiptId,
      after: { accessKey: doc.accessKey, supplierId, items: lines.length, occurredOn },
    },
  });
  const adjusted = await postAdjustments(tx, dialect, adjustments, {
    ...{ userId, today: request.today, occurredOn, supplierId, receiptId, document, locationId },
  });
  const totalCost = ownTotal(lines, itemCosts) + adjusted;
  await setReceiptTotal(tx, receiptId, totalCost);
  await storeItems(
    tx,
    { ...input, receiptId, supplierId, learn: context.side === 'received' },
    lines,
    itemCosts,
  );
  const created = lines.filter(
    (line) => line.effect === 'purchase' && 'create' in (byItem.get(line.item) ?? {}),
  );
  await recordCostPrices(
    tx,
    userId,
    created.map((line) => ({ ...line, totalCost: line.entryCost })),
    occurredOn,
  );
  return receiptId;
}
