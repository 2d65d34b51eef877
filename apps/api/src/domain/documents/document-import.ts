import type { TBatchDocument, TBatchResult, ZBatchImportData } from '@armazem/contracts/document-batches';
import type { z } from 'zod/mini';
import type { Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { audit } from '../../lib/audit.ts';
import { betweenChunks } from '../../lib/memory-release.ts';
import { catalogRefs, createProductFromItem, createSupplierFromNote } from '../nfe/nfe-public-service.ts';
import { type Choice } from '../nfe/nfe-public-service.ts';
import { postBatchNotes, type BatchNote } from './document-posting.ts';
import { takenBarcodes } from '../nfe/nfe-public-service.ts';
import { cancellationWhy, recordCancellation, undoReceipts } from '../nfe/nfe-public-service.ts';
import type { ReadDocument } from './document-read.ts';
import { planUpload, type Planned, type PlannedEvent, type PlannedNote } from './document-plan.ts';
import { codeKey, previewOf } from './document-views.ts';
import { balancesFor } from './document-balances.ts';

type ImportData = z.output<typeof ZBatchImportData>;
type Target = { productId: number; productUnityId: number };

export interface BatchRequest {
  userId: number;
  today: string;
  timeZone: string;
  fileName: string;
  reads: readonly ReadDocument[];
  data: ImportData;
}

const isNew = (p: Planned): p is PlannedNote => p.kind === 'note' && p.status === 'new';
const isNewEvent = (p: Planned): p is PlannedEvent => p.kind === 'event' && p.status === 'new';

/** Each mapping's product: chosen, or created once from the first item that names its code. */
async function mappedTargets(tx: Tx, request: BatchRequest, notes: readonly PlannedNote[]) {
  const targets = new Map<string, Target>();
  /** the products created here, by SKU: the business's own notes of the upload name them so (§6.4) */
  const created = new Map<string, Target>();
  const creates = request.data.mappings.flatMap((m, index) => ('create' in m ? [{ m, index }] : []));
  const firstItem = new Map<string, PlannedNote['doc']['items'][number]>();
  for (const note of notes)
    for (const item of note.doc.items) {
      const key = codeKey(note.doc.emitter.document, item.supplierCode, item.unit);
      if (!firstItem.has(key)) firstItem.set(key, item);
    }
  const refs = await catalogRefs(
    tx,
    await takenBarcodes(
      tx,
      creates.flatMap(({ m }) => firstItem.get(codeKey(m.issuer, m.code, m.unit))?.gtin ?? []),
    ),
  );
  for (const [index, mapping] of request.data.mappings.entries()) {
    const key = codeKey(mapping.issuer, mapping.code, mapping.unit);
    if ('productId' in mapping) {
      targets.set(key, { productId: mapping.productId, productUnityId: mapping.productUnityId });
      continue;
    }
    const item = firstItem.get(key);
    if (!item) continue; // a code no new note names: nothing to create
    const target = await createProductFromItem(
      tx,
      request.userId,
      item,
      mapping.create,
      refs,
      `mappings.${index}`,
    );
    targets.set(key, target);
    created.set(mapping.create.sku, target);
  }
  return { targets, created };
}

/** The participants no earlier note brought: created once each, before the notes that name them. */
async function ensureParticipants(tx: Tx, userId: number, notes: readonly PlannedNote[]) {
  const created = new Map<string, { id: number; name: string; status: string }>();
  for (const { context } of notes) {
    if (!context?.counterpart || context.supplier) continue;
    const party = context.counterpart;
    let supplier = created.get(party.document);
    if (!supplier) {
      supplier = { id: await createSupplierFromNote(tx, userId, party), name: party.name, status: 'active' };
      created.set(party.document, supplier);
    }
    context.supplier = supplier;
  }
}

/** A note's choices: each item's product (a mapping, or the code the catalog knows) and decided effect. */
function choicesOf(
  note: PlannedNote,
  mapped: { targets: Map<string, Target>; created: Map<string, Target> },
  decisions: ImportData['decisions'],
): Choice[] {
  const { doc, context } = note;
  const ours = context?.side === 'issued';
  const decided = new Map(
    decisions.filter((d) => d.accessKey === doc.accessKey).map((d) => [d.item, d.effect]),
  );
  return doc.items.flatMap((item): Choice[] => {
    const effect = decided.get(item.item);
    const target =
      mapped.targets.get(codeKey(doc.emitter.document, item.supplierCode, item.unit)) ??
      context?.matches.get(item.item) ??
      (ours ? mapped.created.get(item.supplierCode) : undefined) ??
      null;
    if (target)
      return [
        {
          item: item.item,
          productId: target.productId,
          productUnityId: target.productUnityId,
          // the batch has no per-item confirmation: a package that disagrees is shown in the preview's warnings
          confirmPackage: true,
          ...(effect ? { effect } : {}),
        },
      ];
    return effect ? [{ item: item.item, effect }] : [];
  });
}

const byPostingOrder = (date: (n: PlannedNote) => string) => (a: PlannedNote, b: PlannedNote) =>
  date(a).localeCompare(date(b)) ||
  a.doc.issuedAt.localeCompare(b.doc.issuedAt) ||
  a.doc.accessKey.localeCompare(b.doc.accessKey);

/** The batch's notes not posted, as its detail lists them. */
const skippedReport = (views: readonly TBatchDocument[]) =>
  views
    .filter((v) => v.status !== 'new')
    .map((v) => ({ file: v.file, accessKey: v.accessKey, status: v.status, reason: v.reason }));

/**
 * Imports an upload in the caller's transaction (DESIGN.md §6.4): every new note posted in date order through the one
 * pipeline (as the single import posts one), earlier notes undone by the upload's cancellation events, all or nothing.
 */
export async function importBatch(
  tx: Tx,
  dialect: Dialect,
  request: BatchRequest,
): Promise<{ status: 200 | 201; result: TBatchResult }> {
  const { userId, today } = request;
  const plan = await planUpload(tx, request.reads, request.timeZone, today);
  const first = plan.lookups?.establishments[0]?.id ?? 0;
  const balances = await balancesFor(tx, plan.documents, first);
  // the answer's views are built after the posting: held through it, a month's views were ~40 MB more at the peak
  const viewsOf = async (documents: readonly Planned[]) => (await previewOf(documents, balances)).documents;
  const notes = plan.documents.filter(isNew);
  const events = plan.documents.filter(isNewEvent);
  const skipped = plan.documents.length - notes.length - events.length;
  if (notes.length === 0 && events.length === 0)
    return {
      status: 200,
      result: { id: null, documents: await viewsOf(plan.documents), posted: 0, skipped, undone: 0 },
    };
  const notNew = plan.documents.filter((d) => !isNew(d) && !isNewEvent(d));
  const { id: batchId } = await tx
    .insertInto('document_batches')
    .values({
      ...{ file_name: request.fileName, documents: plan.documents.length, posted: notes.length, skipped },
      ...{ cancelled: events.length, occurred_on_rule: request.data.occurredOn },
      ...{
        report: JSON.stringify(skippedReport(await viewsOf(notNew))),
        created_by: userId,
        created_at: nowIso(),
      },
      ...{ undone_at: null, undone_by: null },
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(tx, {
    userId,
    action: 'import',
    entity: 'document_batch',
    entityId: batchId,
    after: { file: request.fileName, documents: plan.documents.length, posted: notes.length, skipped },
  });
  let undone = 0;
  for (const event of events) {
    if (event.cancels) {
      const ids = [event.cancels.receiptId];
      await undoReceipts(tx, dialect, { userId, today, ids, why: cancellationWhy(event.event) });
      undone += 1;
    }
    await recordCancellation(tx, event.event, { batchId, receiptId: event.cancels?.receiptId ?? null });
  }
  await ensureParticipants(tx, userId, notes);
  const mapped = await mappedTargets(tx, request, notes);
  const dateOf = (note: PlannedNote) => (request.data.occurredOn === 'today' ? today : note.doc.issuedOn);
  const ordered = [...notes].sort(byPostingOrder(dateOf)).map((planned): BatchNote => {
    const choices = choicesOf(planned, mapped, request.data.decisions);
    const date = dateOf(planned);
    const { file, xml } = planned.read;
    return {
      planned,
      choices,
      date,
      request: {
        userId,
        today,
        fileName: file,
        bytes: xml,
        doc: planned.doc,
        batchId,
        data: { occurredOn: date, items: choices },
      },
    };
  });
  await postBatchNotes(tx, dialect, ordered);
  // the prepared notes are garbage now: collected before the answer is built, the heap need not grow for it
  await betweenChunks();
  const views = await viewsOf(plan.documents);
  return { status: 201, result: { id: batchId, documents: views, posted: notes.length, skipped, undone } };
}
