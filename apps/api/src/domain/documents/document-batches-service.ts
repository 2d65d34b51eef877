import type {
  TBatchDetail,
  TBatchPreview,
  TBatchResult,
  ZBatchImportData,
} from '@armazem/contracts/document-batches';
import type { z } from 'zod/mini';
import { allowLongStatements } from '../../db/timeouts.ts';
import { found, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { BATCH_NOT_FOUND, undoBatch } from './document-undo.ts';
import { documentFiles, type DocumentFile } from './document-archive.ts';
import { readDocuments } from './document-read.ts';
import { planUpload } from './document-plan.ts';
import { previewOf } from './document-views.ts';
import { balancesFor } from './document-balances.ts';
import { importBatch } from './document-import.ts';
import { findBatch, listBatches } from './document-batches-repository.ts';

type ImportData = z.output<typeof ZBatchImportData>;

/** A month of documents in one go (DESIGN.md §6.4): preview, import, list, detail, undo. */
export function createDocumentBatchService(deps: ServiceDeps & { timeZone: string }) {
  const { db, dialect, clock, timeZone, events } = deps;
  const read = async (parts: readonly DocumentFile[], keepBytes: boolean) =>
    readDocuments(await documentFiles(parts), { keepBytes });
  return {
    /** What the upload holds and what an import would do; stores nothing. */
    async preview(parts: readonly DocumentFile[]): Promise<TBatchPreview> {
      const reads = await read(parts, false);
      const plan = await planUpload(db, reads, timeZone, clock.today());
      const first = plan.lookups?.establishments[0]?.id ?? 0;
      return previewOf(plan.documents, await balancesFor(db, plan.documents, first));
    },

    /** Every new document posted in one transaction (201), or the report when nothing was new (200). */
    async import(
      userId: number,
      fileName: string,
      parts: readonly DocumentFile[],
      data: () => ImportData,
    ): Promise<{ status: 200 | 201; result: TBatchResult }> {
      const reads = await read(parts, true);
      const choices = data();
      const answer = await db.transaction().execute(async (tx) => {
        await allowLongStatements(tx, dialect);
        return importBatch(tx, dialect, {
          userId,
          today: clock.today(),
          timeZone,
          fileName,
          reads,
          data: choices,
        });
      });
      if (answer.status === 201) {
        events.publish('stock');
        events.publish('products');
        events.publish('suppliers');
      }
      return answer;
    },

    list: (query: { page: number; pageSize: number }) => listBatches(db, query),

    find: async (id: number): Promise<TBatchDetail> =>
      found(await findBatch(db, id), () => notFound(BATCH_NOT_FOUND)),

    /** The whole batch undone: its notes' rows cancelled through the pipeline, all or nothing (§6.4). */
    async undo(userId: number, id: number): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await allowLongStatements(tx, dialect);
        await undoBatch(tx, dialect, { userId, today: clock.today(), timeZone, id });
      });
      events.publish('stock');
    },
  };
}

export type DocumentBatchService = ReturnType<typeof createDocumentBatchService>;
