import type { Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import type { NoteContext } from './nfe-context.ts';
import {
  prepareNote,
  storeItems,
  type ImportRequest,
  type PreparedNote,
  type ReceiptSink,
} from './nfe-import.ts';
import { postAdjustments } from './nfe-complement.ts';
import { setReceiptTotal } from './nfe-repository.ts';
import { recordCostPrices } from './nfe-catalog.ts';
import { ownTotal } from './nfe-legs.ts';
import { postLines } from './nfe-post.ts';
import { saleReturnCosts } from './nfe-return-costs.ts';

/**
 * Posts a prepared note's lines through the pipeline on their own (the single import, and a batch's notes that move
 * more than their own stock): a customer's return first takes the cost at which the sale it undoes left.
 */
export async function postNote(tx: Tx, dialect: Dialect, note: PreparedNote): Promise<Map<number, bigint>> {
  const { request, lines, occurredOn, supplierId, receiptId, document, locationId } = note;
  const returns = await saleReturnCosts(tx, lines, request.doc.references, occurredOn);
  for (const line of lines) line.entryCost = returns.costs.get(line.item) ?? line.entryCost;
  return postLines(tx, dialect, {
    userId: request.userId,
    today: request.today,
    lines,
    context: { occurredOn, participantId: supplierId, receiptId, document, locationId },
    otherLocationId: note.context.places?.other?.defaultLocationId ?? null,
    audit: {
      action: 'import',
      entity: 'nfe_receipt',
      entityId: receiptId,
      after: { accessKey: request.doc.accessKey, supplierId, items: lines.length, occurredOn },
    },
  });
}

/** After posting: the price complement's adjustments, the receipt's total, its items, learned codes, cost prices. */
export async function finishNote(
  tx: Tx,
  dialect: Dialect,
  note: PreparedNote,
  itemCosts: ReadonlyMap<number, bigint>,
  sink?: ReceiptSink,
): Promise<void> {
  const { request, receiptId, supplierId, occurredOn, document, locationId, lines, byItem } = note;
  const { userId, today } = request;
  const adjusted = await postAdjustments(tx, dialect, note.adjustments, {
    ...{ userId, today, occurredOn, supplierId, receiptId, document, locationId },
  });
  const total = ownTotal(lines, itemCosts) + adjusted;
  if (sink) sink.totals.push({ id: receiptId, total });
  else await setReceiptTotal(tx, receiptId, total);
  await storeItems(
    tx,
    { ...note.input, receiptId, supplierId, learn: note.context.side === 'received' },
    lines,
    itemCosts,
    sink,
  );
  const created = lines.filter(
    (line) => line.effect === 'purchase' && 'create' in (byItem.get(line.item) ?? {}),
  );
  if (created.length > 0)
    await recordCostPrices(
      tx,
      userId,
      created.map((line) => ({ ...line, totalCost: line.entryCost })),
      occurredOn,
    );
}

/** Imports the note in the caller's transaction: catalog, receipt, ledger rows (by the pipeline), learned codes. */
export async function importNote(
  tx: Tx,
  dialect: Dialect,
  request: ImportRequest,
  context: NoteContext,
): Promise<number> {
  const note = await prepareNote(tx, request, context);
  await finishNote(tx, dialect, note, await postNote(tx, dialect, note));
  return note.receiptId;
}
