import type { Tx } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { baseQuantityOf } from '../shared/stock-rules.ts';
import {
  catalogRefs,
  createProductFromItem,
  createSupplierFromNote,
  rememberCityCode,
} from './nfe-catalog.ts';
import { productsRead, type NoteContext } from './nfe-context.ts';
import { rememberOwnCodes } from './nfe-own-codes.ts';
import type { NfeDocument } from './nfe-reader.ts';
import {
  insertReceipt,
  insertReceiptItems,
  itemTypes,
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
import { unprocessable } from '../../lib/uploads/xml-tree.ts';
import type { StockLine } from './nfe-legs.ts';
import { complementAdjustments } from './nfe-complement.ts';

export interface ImportRequest {
  userId: number;
  today: string;
  fileName: string;
  /** the XML stored with the note; a batch's, read again from its archive only when stored */
  bytes: Uint8Array | (() => Uint8Array);
  doc: NfeDocument;
  data: ImportData;
  /** the document batch the note comes in (§6.4) */
  batchId?: number;
}

async function resolveTargets(
  tx: Tx,
  request: ImportRequest,
  choices: { byItem: Map<number, Choice>; paths: Map<number, string>; context: NoteContext },
) {
  const { byItem, paths } = choices;
  const creates = request.doc.items.filter((item) => 'create' in (byItem.get(item.item) ?? {}));
  const known = productsRead(choices.context);
  const chosen = [...byItem.values()].flatMap((choice) =>
    'productId' in choice && !known.has(choice.productId) ? [choice.productId] : [],
  );
  const refs =
    creates.length === 0
      ? null
      : await catalogRefs(
          tx,
          await takenBarcodes(
            tx,
            creates.flatMap((item) => [item.gtin, item.taxGtin].filter((gtin) => gtin !== null)),
          ),
        );
  const existing = new Set<number>();
  if (chosen.length > 0)
    for (const row of await tx
      .selectFrom('products')
      .select('id')
      .where('id', 'in', [...new Set(chosen)])
      .execute())
      existing.add(row.id);
  const targets = new Map<number, { productId: number; productUnityId: number }>();
  for (const item of request.doc.items) {
    const choice = byItem.get(item.item);
    if (!choice || !('create' in choice || 'productId' in choice)) continue;
    if ('productId' in choice && !known.has(choice.productId) && !existing.has(choice.productId))
      throw badRequest(
        `O produto escolhido para o item ${item.item} não foi encontrado.`,
        paths.get(item.item),
      );
    targets.set(
      item.item,
      'productId' in choice
        ? { productId: choice.productId, productUnityId: choice.productUnityId }
        : await createProductFromItem(
            tx,
            request.userId,
            item,
            choice.create,
            refs ?? (await catalogRefs(tx, new Set())),
            paths.get(item.item) ?? 'items',
          ),
    );
  }
  return targets;
}

export interface LinesInput {
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
export async function storeItems(
  tx: Tx,
  input: LinesInput & { receiptId: number; supplierId: number; learn: boolean },
  lines: readonly StockLine[],
  costs: ReadonlyMap<number, bigint>,
  /** a batch gathers the rows of many notes and writes them at once */
  sink?: ReceiptSink,
) {
  const { receiptId, supplierId, effects } = input;
  const items = stockItems(input);
  const rows = items.map((item, index) => ({
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
  }));
  if (sink) sink.items.push(...rows);
  else await insertReceiptItems(tx, rows);
  if (!input.learn) {
    // the business's own note: its codes that are not the product's SKU are remembered as its own
    const own = items.flatMap((item, index) => {
      const line = lines[index];
      const sku = line ? input.unities.get(line.productUnityId)?.product.sku : undefined;
      return line && sku !== item.supplierCode
        ? [
            {
              code: item.supplierCode,
              unit: item.unit,
              productId: line.productId,
              productUnityId: line.productUnityId,
            },
          ]
        : [];
    });
    if (own.length > 0) await rememberOwnCodes(tx, own);
    return;
  }
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
  const read = productsRead(context);
  const unknown = [...productOf.values()].filter((id) => !read.has(id));
  const types = unknown.length > 0 ? await itemTypes(tx, unknown) : new Map<number, string>();
  const byItemType = new Map(
    doc.items.map((item) => {
      const productId = productOf.get(item.item);
      const type = productId === undefined ? null : (read.get(productId) ?? types.get(productId));
      return [item.item, type ?? '00'];
    }),
  );
  return new Map(costItems(doc, costContextOf(context, byItemType)).map((c) => [c.item, c]));
}

/** Where a batch gathers its notes' receipt items and totals, to write them in a few statements. */
export interface ReceiptSink {
  items: Array<Parameters<typeof insertReceiptItems>[1][number]>;
  totals: Array<{ id: number; total: bigint }>;
}

/** A note made ready to post: its receipt stored, its lines built; what posting and finishing it need. */
export interface PreparedNote {
  request: ImportRequest;
  context: NoteContext;
  receiptId: number;
  supplierId: number;
  occurredOn: string;
  document: string;
  /** the note's establishment's default location (DESIGN.md §6.3) */
  locationId: number;
  lines: StockLine[];
  input: LinesInput;
  byItem: Map<number, Choice>;
  adjustments: Awaited<ReturnType<typeof complementAdjustments>>;
}

/** The note's checks, catalog, receipt and lines, in the caller's transaction; nothing posted yet. */
export async function prepareNote(
  tx: Tx,
  request: ImportRequest,
  context: NoteContext,
): Promise<PreparedNote> {
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
  if (participant.address.cityCode) await rememberCityCode(tx, supplierId, participant.address.cityCode);
  const adjustments = await complementAdjustments(tx, doc, costs, occurredOn);
  // first the receipt: the same note imported twice at once stops here, on its key, before any product
  const receiptId = await storeReceipt(tx, doc, {
    accessKey: doc.accessKey,
    number: doc.number,
    series: doc.series,
    issuedAt: doc.issuedAt,
    supplierId,
    fileName: request.fileName,
    xml: typeof request.bytes === 'function' ? request.bytes() : request.bytes,
    items: stockItems({ doc, effects }).length,
    totalCost: 0n, // set once the lines are posted (an exit's cost is the pipeline's)
    invoiceTotal: doc.totals.invoice,
    occurredOn,
    userId,
    otherItems: otherItemsOf(doc, effects, costs, adjustments),
    batchId: request.batchId ?? null,
  });
  const targets = await resolveTargets(tx, request, { byItem, paths, context });
  const wanted = [...targets.values()].map((t) => t.productUnityId);
  // the note's own packages (the context's are the whole upload's)
  const own = wanted.map((id) => [id, context.unities.get(id)] as const);
  const unities = new Map(own.flatMap(([id, u]) => (u ? [[id, u] as const] : [])));
  const missing = wanted.filter((id) => !unities.has(id));
  if (missing.length > 0) for (const [id, info] of await unityInfos(tx, missing)) unities.set(id, info);
  const input = { doc, paths, targets, unities, costs, effects, bonusValuation: context.bonusValuation };
  return {
    ...{ request, context, receiptId, supplierId, occurredOn, byItem, adjustments, input },
    document: documentLabel(doc.number, doc.series, doc.model),
    locationId: context.places?.ours.defaultLocationId ?? 0,
    lines: stockLines(input),
  };
}
