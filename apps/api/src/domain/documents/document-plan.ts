import type { TDocumentStatus } from '@armazem/contracts/document-batches';
import type { Db, Tx } from '../../db/database.ts';
import { chunks } from '../../lib/chunks.ts';
import { timeSlicer } from '../../lib/time-slices.ts';
import {
  contextFrom,
  loadNoteLookups,
  type NoteContext,
  type NoteLookups,
} from '../nfe/nfe-public-service.ts';
import { type NfeDocument } from '../nfe/nfe-public-service.ts';
import { type NfeEvent } from '../nfe/nfe-public-service.ts';
import {
  alreadyImportedMessage,
  cancelledMessage,
  documentLabel,
  futureIssueMessage,
  modelOfKey,
  NO_PARTICIPANT,
  UNAUTHORIZED_REFUSAL,
} from '../nfe/nfe-public-service.ts';
import type { ReadDocument } from './document-read.ts';

/**
 * What an upload's documents are (DESIGN.md §6.4): each note's status (new, already imported, cancelled, not ours, an
 * error with its reason) and each cancellation event's target, decided from one read of the database.
 */

export interface PlannedNote {
  kind: 'note';
  read: ReadDocument & { kind: 'note' };
  doc: NfeDocument;
  context: NoteContext | null;
  status: TDocumentStatus;
  reason: string | null;
}

export interface PlannedEvent {
  kind: 'event';
  read: ReadDocument & { kind: 'event' };
  event: NfeEvent;
  status: TDocumentStatus;
  reason: string | null;
  /** the imported note it undoes */
  cancels: { receiptId: number; document: string } | null;
}

export interface PlannedError {
  kind: 'error';
  read: ReadDocument & { kind: 'error' };
  status: TDocumentStatus;
  reason: string;
}

export type Planned = PlannedNote | PlannedEvent | PlannedError;

export interface UploadPlan {
  documents: Planned[];
  lookups: NoteLookups | null;
}

async function standingReceipts(db: Db | Tx, keys: string[]) {
  const out = new Map<string, { id: number; document: string }>();
  for (const part of chunks([...new Set(keys)], 500)) {
    const rows = await db
      .selectFrom('nfe_receipts')
      .select(['id', 'access_key', 'number', 'series'])
      .where('access_key', 'in', part)
      .where('undone_at', 'is', null)
      .execute();
    for (const row of rows)
      out.set(row.access_key, {
        id: row.id,
        document: documentLabel(row.number, row.series, modelOfKey(row.access_key)),
      });
  }
  return out;
}

/** A note's status, and why when it will not be posted. */
function noteStatus(
  doc: NfeDocument,
  context: NoteContext,
  seen: Set<string>,
  cancelledHere: Map<string, NfeEvent>,
  today: string,
): { status: TDocumentStatus; reason: string | null } {
  const label = documentLabel(doc.number, doc.series, doc.model);
  if (typeof context.side !== 'string') return { status: 'not-ours', reason: context.side.problem };
  if (seen.has(doc.accessKey))
    return {
      status: 'already-imported',
      reason: `A ${label} aparece mais de uma vez neste envio: só a primeira conta.`,
    };
  if (context.alreadyImported)
    return { status: 'already-imported', reason: alreadyImportedMessage(doc.number, doc.series) };
  const event = cancelledHere.get(doc.accessKey);
  if (event)
    return {
      status: 'cancelled',
      reason: `A ${label} foi cancelada pelo evento ${event.type}${event.protocol ? ` (protocolo ${event.protocol})` : ''} deste envio: não movimenta o estoque.`,
    };
  if (context.cancelled) return { status: 'cancelled', reason: cancelledMessage(label) };
  if (!doc.authorized) return { status: 'error', reason: UNAUTHORIZED_REFUSAL };
  if (doc.issuedOn > today) return { status: 'error', reason: futureIssueMessage(doc.issuedOn) };
  if (!context.counterpart) return { status: 'error', reason: NO_PARTICIPANT };
  return { status: 'new', reason: null };
}

/** Classifies every document of an upload (in the order they came). */
export async function planUpload(
  db: Db | Tx,
  reads: readonly ReadDocument[],
  timeZone: string,
  today: string,
): Promise<UploadPlan> {
  const notes = reads.filter((read) => read.kind === 'note');
  const events = reads.filter((read) => read.kind === 'event');
  const lookups =
    notes.length > 0 || events.length > 0
      ? await loadNoteLookups(
          db,
          notes.map((n) => n.doc),
          timeZone,
        )
      : null;
  const eventKeys = events.map((read) => read.event.accessKey);
  const standing = await standingReceipts(db, eventKeys);
  const registered = new Set<string>();
  for (const part of chunks([...new Set(eventKeys)], 500))
    for (const row of await db
      .selectFrom('nfe_cancellations')
      .select('access_key')
      .where('access_key', 'in', part)
      .execute())
      registered.add(row.access_key);
  const cancelledHere = new Map<string, NfeEvent>();
  for (const read of events)
    if (!registered.has(read.event.accessKey) && !cancelledHere.has(read.event.accessKey))
      cancelledHere.set(read.event.accessKey, read.event);
  const seenNotes = new Set<string>();
  const seenEvents = new Set<string>();
  const planned = (read: ReadDocument): Planned => {
    if (read.kind === 'error')
      return { kind: 'error', read, status: read.cancelled ? 'cancelled' : 'error', reason: read.reason };
    if (read.kind === 'event') {
      const key = read.event.accessKey;
      const repeated = registered.has(key) || seenEvents.has(key);
      seenEvents.add(key);
      return {
        kind: 'event',
        read,
        event: read.event,
        status: repeated ? 'already-imported' : 'new',
        reason: repeated ? `O cancelamento da nota de chave ${key} já foi registrado.` : null,
        cancels: repeated
          ? null
          : (() => {
              const receipt = standing.get(key);
              return receipt ? { receiptId: receipt.id, document: receipt.document } : null;
            })(),
      };
    }
    const context = lookups ? contextFrom(read.doc, lookups) : null;
    const { status, reason } = context
      ? noteStatus(read.doc, context, seenNotes, cancelledHere, today)
      : { status: 'error' as const, reason: 'Sem contexto.' };
    seenNotes.add(read.doc.accessKey);
    return { kind: 'note', read, doc: read.doc, context, status, reason };
  };
  // in slices: a month's 5,000 documents are ~100 ms of checks
  const pause = timeSlicer();
  const documents: Planned[] = [];
  for (const read of reads) {
    documents.push(planned(read));
    await pause();
  }
  return { documents, lookups };
}
