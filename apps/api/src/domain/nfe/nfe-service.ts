import type {
  TNfePreview,
  TNfeReceipt,
  TNfeReceiptDetail,
  ZNfeImportData,
  ZNfeListQuery,
} from '@armazem/contracts/nfe';
import type { z } from 'zod/mini';
import { allowLongStatements } from '../../db/timeouts.ts';
import type { Db } from '../../db/database.ts';
import { found, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { listLedgerOfNfe } from '../stock/stock-public-service.ts';
import { importNote } from './nfe-note.ts';
import { buildPreview } from './nfe-preview.ts';
import { noteContext } from './nfe-context.ts';
import { readFiscalFile, readNfeFile } from './nfe-file.ts';
import type { NfeEvent } from './nfe-event.ts';
import { standingReceiptByKey } from './nfe-repository.ts';
import { findReceipt, listReceipts, receiptItems, receiptXml } from './nfe-receipts-repository.ts';
import { RECEIPT_NOT_FOUND } from './nfe-rules.ts';
import { cancellationWhy, recordCancellation, undoReceipts } from './nfe-undo.ts';

type ImportData = z.output<typeof ZNfeImportData>;
type ListQuery = z.output<typeof ZNfeListQuery>;

export interface UploadedXml {
  fileName: string;
  bytes: Uint8Array;
}

export interface NfeServiceDeps extends ServiceDeps {
  timeZone: string;
}

const receiptNotFound = () => notFound(RECEIPT_NOT_FOUND);

const foundReceipt = async (db: Db, id: number): Promise<TNfeReceipt> =>
  found(await findReceipt(db, id), receiptNotFound);

export function createNfeService(deps: NfeServiceDeps) {
  const { db, dialect, clock, timeZone, events } = deps;
  return {
    /** Reads the note and says what an import would do; stores nothing. */
    preview: async (file: UploadedXml): Promise<TNfePreview> =>
      buildPreview(db, await readNfeFile(file.bytes), timeZone),

    /**
     * One transaction: supplier, products, receipt, entries through the posting pipeline, learned codes (201). A
     * cancellation event undoes the note it cancels, with the checks of any undo (200).
     */
    async import(
      userId: number,
      file: UploadedXml,
      data: () => ImportData,
    ): Promise<{ status: 200 | 201; receipt: TNfeReceipt }> {
      const read = await readFiscalFile(file.bytes);
      if (read.kind === 'event') return { status: 200, receipt: await cancelByEvent(userId, read.event) };
      const doc = read.doc;
      const choices = data();
      const id = await db.transaction().execute(async (tx) => {
        await allowLongStatements(tx, dialect);
        const context = await noteContext(tx, doc, timeZone);
        return importNote(
          tx,
          dialect,
          { userId, today: clock.today(), fileName: file.fileName, bytes: file.bytes, doc, data: choices },
          context,
        );
      });
      events.publish('stock');
      events.publish('products'); // a note may create products and its supplier
      events.publish('suppliers');
      return { status: 201, receipt: await foundReceipt(db, id) };
    },

    list: (query: ListQuery) => listReceipts(db, query),

    async find(id: number): Promise<TNfeReceiptDetail> {
      const receipt = await foundReceipt(db, id);
      const [items, ledger] = await Promise.all([receiptItems(db, id), listLedgerOfNfe(db, id)]);
      return { ...receipt, items, ledger };
    },

    async xml(id: number) {
      const row = found(await receiptXml(db, id), receiptNotFound);
      return { fileName: `NFe${row.access_key}.xml`, bytes: Buffer.from(row.xml) };
    },

    /** Undo: its entries are cancelled through the pipeline (dates below zero, closed months), all or nothing. */
    undo: (userId: number, id: number): Promise<void> => undoReceipt(userId, id, null),
  };

  async function cancelByEvent(userId: number, event: NfeEvent): Promise<TNfeReceipt> {
    const standing = await standingReceiptByKey(db, event.accessKey);
    if (!standing) {
      throw notFound(
        `A NF-e de chave ${event.accessKey} não foi importada (ou já foi desfeita): o cancelamento não tem o que desfazer.`,
      );
    }
    await db.transaction().execute(async (tx) => {
      await allowLongStatements(tx, dialect);
      const why = cancellationWhy(event);
      await undoReceipts(tx, dialect, { userId, today: clock.today(), ids: [standing.id], why });
      await recordCancellation(tx, event, { batchId: null, receiptId: standing.id });
    });
    events.publish('stock');
    return foundReceipt(db, standing.id);
  }

  async function undoReceipt(userId: number, id: number, why: null): Promise<void> {
    await db.transaction().execute(async (tx) => {
      await allowLongStatements(tx, dialect);
      await undoReceipts(tx, dialect, { userId, today: clock.today(), ids: [id], why });
    });
    events.publish('stock');
  }
}

export type NfeService = ReturnType<typeof createNfeService>;
