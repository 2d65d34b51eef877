import type { Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, found, notFound } from '../../lib/errors.ts';
import { reimportReceipt } from '../nfe/nfe-public-service.ts';
import { undoReceipts } from '../nfe/nfe-public-service.ts';

export const BATCH_NOT_FOUND = 'Lote de documentos não encontrado.';

/**
 * Undoes a batch in the caller's transaction (DESIGN.md §6.4, decision 0070): its notes' rows cancelled through the
 * pipeline, the cancellations it brought forgotten and the earlier notes they undid imported again, so that every
 * figure is what it was before the batch. All or nothing.
 */
export async function undoBatch(
  tx: Tx,
  dialect: Dialect,
  args: { userId: number; today: string; timeZone: string; id: number },
): Promise<void> {
  const { userId, today, id } = args;
  const query = tx.selectFrom('document_batches').select(['id', 'undone_at']).where('id', '=', id);
  const batch = found(await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst(), () =>
    notFound(BATCH_NOT_FOUND),
  );
  if (batch.undone_at) throw conflict('Este lote de documentos já foi desfeito.');
  const revived = await tx
    .selectFrom('nfe_cancellations')
    .select('receipt_id')
    .where('batch_id', '=', id)
    .where('receipt_id', 'is not', null)
    .execute();
  await tx.deleteFrom('nfe_cancellations').where('batch_id', '=', id).execute();
  const receipts = await tx
    .selectFrom('nfe_receipts')
    .select('id')
    .where('batch_id', '=', id)
    .where('undone_at', 'is', null)
    .execute();
  if (receipts.length > 0)
    await undoReceipts(tx, dialect, { userId, today, ids: receipts.map((r) => r.id), why: null });
  for (const { receipt_id } of revived)
    await reimportReceipt(tx, dialect, {
      userId,
      today,
      timeZone: args.timeZone,
      receiptId: receipt_id ?? 0,
    });
  await audit(tx, {
    userId,
    action: 'cancel',
    entity: 'document_batch',
    entityId: id,
    before: { receipts: receipts.length, revived: revived.length },
  });
  await tx
    .updateTable('document_batches')
    .set({ undone_at: nowIso(), undone_by: userId })
    .where('id', '=', id)
    .execute();
}
