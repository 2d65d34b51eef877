import type { TBatch, TBatchDetail } from '@armazem/contracts/document-batches';
import type { Db, RowOf } from '../../db/database.ts';
import { moneyOut } from '../../lib/numbers.ts';
import { onePage, paged } from '../../lib/paging.ts';
import { documentLabel, modelOfKey } from '../nfe/nfe-public-service.ts';

/** The batches of documents uploaded (DESIGN.md §6.4): the list, one with its receipts and the documents skipped. */

function batchBase(db: Db) {
  return db
    .selectFrom('document_batches as b')
    .innerJoin('users as u', 'u.id', 'b.created_by')
    .select([
      'b.id',
      'b.file_name',
      'b.documents',
      'b.posted',
      'b.skipped',
      'b.cancelled',
      'b.occurred_on_rule',
      'b.report',
      'b.created_at',
      'b.undone_at',
      'u.id as user_id',
      'u.name as user_name',
    ]);
}

function toBatch(row: RowOf<typeof batchBase>): TBatch {
  return {
    id: row.id,
    fileName: row.file_name,
    documents: row.documents,
    posted: row.posted,
    skipped: row.skipped,
    cancelled: row.cancelled,
    occurredOn: row.occurred_on_rule,
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: new Date(row.created_at).toISOString(),
    undoneAt: row.undone_at ? new Date(row.undone_at).toISOString() : null,
  };
}

export async function listBatches(db: Db, query: { page: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    batchBase(db)
      .orderBy('b.created_at', 'desc')
      .orderBy('b.id', 'desc')
      .$call(onePage(query.page, query.pageSize))
      .execute(),
    db
      .selectFrom('document_batches')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return paged(rows.map(toBatch), Number(total.n), query.page, query.pageSize);
}

export async function findBatch(db: Db, id: number): Promise<TBatchDetail | null> {
  const row = await batchBase(db).where('b.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const receipts = await db
    .selectFrom('nfe_receipts as r')
    .innerJoin('suppliers as s', 's.id', 'r.supplier_id')
    .select(['r.id', 'r.access_key', 'r.number', 'r.series', 'r.issued_at', 'r.occurred_on'])
    .select(['r.total_cost', 'r.invoice_total', 's.id as supplier_id', 's.name as supplier_name'])
    .where('r.batch_id', '=', id)
    .orderBy('r.occurred_on')
    .orderBy('r.issued_at')
    .orderBy('r.id')
    .execute();
  return {
    ...toBatch(row),
    receipts: receipts.map((r) => ({
      id: r.id,
      accessKey: r.access_key,
      document: documentLabel(r.number, r.series, modelOfKey(r.access_key)),
      participant: { id: r.supplier_id, name: r.supplier_name },
      issuedAt: new Date(r.issued_at).toISOString(),
      occurredOn: String(r.occurred_on).slice(0, 10),
      totalCost: moneyOut(r.total_cost),
      invoiceTotal: moneyOut(r.invoice_total),
    })),
    skippedDocuments: JSON.parse(row.report) as TBatchDetail['skippedDocuments'],
  };
}
