import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { chunks } from '../../lib/chunks.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { betweenChunks } from '../../lib/memory-release.ts';

/**
 * Rows cancelled per pipeline call when a batch is undone. On SQLite, whose driver holds the thread for a whole call,
 * groups of 1,000 let others in between: cancelled latest first, a group re-derives only the rows after its own
 * earliest date, so smaller groups no longer re-derive the month again each (in date order, groups of 500 took 3.9 s
 * instead of 1.9 s); PostgreSQL's calls wait on the socket and answer others meanwhile, so one call does it all.
 */
const CANCEL_GROUP = { sqlite: 1_000, postgres: Number.MAX_SAFE_INTEGER } as const;
import { post } from '../stock/stock-public-service.ts';
import { liveRowsOfSources } from '../stock/stock-public-service.ts';
import type { NfeEvent } from './nfe-event.ts';
import { documentLabel, modelOfKey, RECEIPT_NOT_FOUND } from './nfe-rules.ts';

/**
 * Undoing imported notes, in the caller's transaction: their rows cancelled through the pipeline (dates below zero,
 * closed months refuse it, all or nothing). One note (the undo button, a cancellation event) or a batch's (§6.4).
 */
export async function undoReceipts(
  tx: Tx,
  dialect: Dialect,
  args: {
    userId: number;
    today: string;
    ids: readonly number[];
    /** what the cancelled rows say, from the note's label; null: the person's undo */
    why: ((label: string) => string) | null;
  },
): Promise<void> {
  const { userId, today, ids, why } = args;
  type Live = { id: number; on: string };
  const exits: Live[] = [];
  const entries: Live[] = [];
  let label = '';
  for (const part of chunks([...ids], 500)) {
    const query = tx
      .selectFrom('nfe_receipts')
      .select(['id', 'number', 'series', 'access_key', 'undone_at'])
      .where('id', 'in', part);
    const receipts = await (dialect === 'postgres' ? query.forUpdate() : query).execute();
    if (receipts.length < part.length) throw notFound(RECEIPT_NOT_FOUND);
    for (const receipt of receipts) {
      if (receipt.undone_at) throw conflict('A importação desta nota já foi desfeita.');
      label = documentLabel(receipt.number, receipt.series, modelOfKey(receipt.access_key));
    }
    for (const row of await liveRowsOfSources(tx, 'nfe_id', part))
      (row.direction === 'out' ? exits : entries).push({ id: row.id, on: row.on });
  }
  const single = ids.length === 1;
  const reason = why
    ? why(label)
    : single
      ? `Importação da ${label} desfeita`
      : `Lote de ${ids.length} documentos desfeito`;
  // Exits first: cancelling one only gives stock back, and once they are gone cancelling entries can only lower a
  // balance towards the final one, so every group below is as safe as the whole. Each kind latest first: a group
  // then re-derives only the rows after its own earliest date, not the whole month again (decision 0070).
  const latestFirst = (a: Live, b: Live) => (a.on === b.on ? b.id - a.id : a.on < b.on ? 1 : -1);
  const rows = [...exits.sort(latestFirst), ...entries.sort(latestFirst)].map((row) => row.id);
  // a batch's thousands of rows in groups, the server answering others between them (SQLite's driver is synchronous)
  const groups = rows.length > 0 ? chunks(rows, CANCEL_GROUP[dialect]) : [[]];
  for (const [index, group] of groups.entries()) {
    if (index > 0 && index % 4 === 0) await betweenChunks();
    else if (index > 0) await yieldToOthers();
    await post(tx, dialect, {
      userId,
      today,
      cancel: { ids: group, reason },
      audit:
        single && index === 0
          ? {
              action: 'cancel',
              entity: 'nfe_receipt',
              entityId: ids[0] ?? 0,
              before: { document: label, rows: rows.length },
            }
          : null,
    });
  }
  const now = nowIso();
  for (const part of chunks([...ids], 500))
    await tx
      .updateTable('nfe_receipts')
      .set({ undone_at: now, undone_by: userId })
      .where('id', 'in', part)
      .execute();
}

/** Remembers SEFAZ's cancellation of a note: it never enters the stock again (§6.4), whatever upload brings it. */
export async function recordCancellation(
  tx: Tx,
  event: NfeEvent,
  from: { batchId: number | null; receiptId: number | null },
) {
  await tx
    .insertInto('nfe_cancellations')
    .values({
      access_key: event.accessKey,
      event_type: event.type,
      protocol: event.protocol,
      registered_at: event.registeredAt,
      batch_id: from.batchId,
      receipt_id: from.receiptId,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('access_key').doNothing())
    .execute();
}

/** The cancellation's words on the undone note's rows. */
export const cancellationWhy = (event: NfeEvent) => (label: string) =>
  `${label} cancelada pela SEFAZ (evento ${event.type}${event.protocol ? `, protocolo ${event.protocol}` : ''})`;
