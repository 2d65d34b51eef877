import type { Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { noteContext } from './nfe-context.ts';
import type { Choice } from './nfe-choices.ts';
import { importNote } from './nfe-note.ts';
import { readFiscalXml } from './nfe-reader.ts';

/**
 * Brings back a note a cancellation event undid, when the batch that brought the event is undone (§6.4, decision
 * 0070): the stored XML imported again, in the caller's transaction, with the products, packages, decided effects
 * and date the person chose the first time. Its figures are again what they were before the batch.
 */
export async function reimportReceipt(
  tx: Tx,
  dialect: Dialect,
  args: { userId: number; today: string; timeZone: string; receiptId: number },
): Promise<number> {
  const receipt = await tx
    .selectFrom('nfe_receipts')
    .select(['xml', 'file_name', 'occurred_on', 'batch_id'])
    .where('id', '=', args.receiptId)
    .executeTakeFirstOrThrow();
  const bytes = new Uint8Array(receipt.xml);
  const read = readFiscalXml(bytes);
  if (read.kind !== 'note') throw new Error(`o XML do recibo ${args.receiptId} não é uma nota`);
  const items = await tx
    .selectFrom('nfe_receipt_items')
    .select(['item', 'product_id', 'product_unity_id', 'effect'])
    .where('receipt_id', '=', args.receiptId)
    .execute();
  const context = await noteContext(tx, read.doc, args.timeZone);
  const choices: Choice[] = items.map((row) => ({
    item: row.item,
    productId: row.product_id,
    productUnityId: row.product_unity_id,
    confirmPackage: true,
    ...(context.effects.get(row.item) === 'ask'
      ? { effect: row.effect as NonNullable<Choice['effect']> }
      : {}),
  }));
  return importNote(
    tx,
    dialect,
    {
      userId: args.userId,
      today: args.today,
      fileName: receipt.file_name,
      bytes,
      doc: read.doc,
      data: { occurredOn: String(receipt.occurred_on).slice(0, 10), items: choices },
      ...(receipt.batch_id ? { batchId: receipt.batch_id } : {}),
    },
    context,
  );
}
