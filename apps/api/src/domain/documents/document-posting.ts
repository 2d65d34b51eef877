import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { TChosenEffect } from '@armazem/contracts/fiscal-effects';
import type { Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { AppError } from '../../lib/errors.ts';
import { betweenChunks } from '../../lib/memory-release.ts';
import { timeSlicer } from '../../lib/time-slices.ts';
import { dateLabel } from '../shared/stock-rules.ts';
import { post } from '../stock/stock-public-service.ts';
import { type Choice } from '../nfe/nfe-public-service.ts';
import {
  prepareNote,
  type ImportRequest,
  type PreparedNote,
  type ReceiptSink,
} from '../nfe/nfe-public-service.ts';
import { insertReceiptItems } from '../nfe/nfe-public-service.ts';
import { setReceiptTotals } from '../nfe/nfe-public-service.ts';
import { EFFECT_LEGS, legRow, type LegContext } from '../nfe/nfe-public-service.ts';
import { finishNote, postNote } from '../nfe/nfe-public-service.ts';
import type { PlannedNote } from './document-plan.ts';
import { labelOf } from './document-views.ts';

/**
 * Posting a batch's notes (DESIGN.md §6.4, decision 0070), in date order, through the one pipeline: each note prepared
 * as the single import prepares it; the notes that only move their own stock in or out (a sale, a purchase, their
 * returns to the supplier, bonuses) posted together, a few thousand rows per pipeline call; the others (a customer's
 * return, goods of or with third parties, transfers, price complements) posted one by one after, as the single import
 * posts them. The work gives the event loop back between steps, so the server answers others meanwhile.
 */

export interface BatchNote {
  planned: PlannedNote;
  choices: Choice[];
  date: string;
  request: ImportRequest;
}

const TOGETHER: ReadonlySet<TChosenEffect> = new Set([
  'purchase',
  'bonus_in',
  'sale',
  'purchase_return',
  'bonus_out',
]);
/** Rows per pipeline call: on SQLite, whose driver holds the thread for the whole call, a group of ~150 ms. */
const ROWS_PER_CALL = { sqlite: 500, postgres: 2_000 } as const;
const COLLECT_EVERY_ROWS = 6_000;

/** A refusal inside a batch names the document (its label, key and file), the item when known, and the date. */
export function inDocument(error: AppError, note: BatchNote): AppError {
  const { planned, choices, date } = note;
  const productId = error.details?.productId;
  const item = choices.find((c) => 'productId' in c && c.productId === productId)?.item;
  const where = `${labelOf(planned)} (chave ${planned.doc.accessKey}, arquivo ${planned.read.file})${item ? `, item ${item}` : ''}, em ${dateLabel(date)}`;
  return new AppError(error.kind, `${where}: ${error.message}`, {
    ...(error.issues ? { issues: error.issues } : {}),
    details: {
      ...error.details,
      document: {
        accessKey: planned.doc.accessKey,
        file: planned.read.file,
        label: labelOf(planned),
        item: item ?? null,
      },
    },
  });
}

const named = async <T>(note: BatchNote, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw error instanceof AppError ? inDocument(error, note) : error;
  }
};

const postsTogether = (note: PreparedNote) =>
  note.adjustments.length === 0 &&
  !note.context.places?.other &&
  note.lines.every((line) => TOGETHER.has(line.effect));

/** The note whose row a pipeline refusal names: the first row of that product on that date, else the first. */
function refusedNote(
  error: AppError,
  rows: ReadonlyArray<{ note: BatchNote; productId: number; date: string }>,
) {
  const { productId, date } = error.details ?? {};
  return (rows.find((r) => r.productId === productId && r.date === date) ?? rows[0])?.note;
}

async function postTogether(
  tx: Tx,
  dialect: Dialect,
  group: ReadonlyArray<{ note: BatchNote; prepared: PreparedNote }>,
) {
  const rows = group.flatMap(({ note, prepared }) => {
    const context: LegContext = {
      ...{
        occurredOn: prepared.occurredOn,
        participantId: prepared.supplierId,
        receiptId: prepared.receiptId,
      },
      ...{ document: prepared.document, locationId: prepared.locationId },
      positionOf: () => {
        throw new Error('uma nota lançada em grupo não move posições de terceiros');
      },
    };
    return prepared.lines.map((line) => {
      const leg = EFFECT_LEGS[line.effect]?.[0];
      if (!leg) throw new Error(`efeito ${line.effect} sem lançamento`);
      return {
        note,
        prepared,
        line,
        productId: line.productId,
        date: prepared.occurredOn,
        row: legRow(line, leg, context, line.entryCost),
      };
    });
  });
  const { userId, today } = group[0]?.note.request ?? { userId: 0, today: '' };
  let posted;
  try {
    posted = await post(tx, dialect, { userId, today, add: rows.map((r) => r.row), audit: null });
  } catch (error) {
    const note = error instanceof AppError ? refusedNote(error, rows) : undefined;
    throw note && error instanceof AppError ? inDocument(error, note) : error;
  }
  const costs = new Map<PreparedNote, Map<number, bigint>>();
  rows.forEach(({ prepared, line }, i) => {
    const byItem = costs.get(prepared) ?? new Map<number, bigint>();
    byItem.set(line.item, posted[i]?.derived.totalCost ?? 0n);
    costs.set(prepared, byItem);
  });
  const sink: ReceiptSink = { items: [], totals: [] };
  for (const { prepared } of group)
    await finishNote(tx, dialect, prepared, costs.get(prepared) ?? new Map(), sink);
  await insertReceiptItems(tx, sink.items);
  await setReceiptTotals(tx, sink.totals);
}

/** Posts every note of the batch (already in posting order), all or nothing with the caller's transaction. */
export async function postBatchNotes(tx: Tx, dialect: Dialect, notes: readonly BatchNote[]): Promise<void> {
  const pause = timeSlicer();
  const together: Array<{ note: BatchNote; prepared: PreparedNote }> = [];
  const alone: Array<{ note: BatchNote; prepared: PreparedNote }> = [];
  for (const note of notes) {
    const context = note.planned.context;
    if (!context) throw new Error('nota sem contexto');
    const prepared = await named(note, () => prepareNote(tx, note.request, context));
    (postsTogether(prepared) ? together : alone).push({ note, prepared });
    if ((together.length + alone.length) % 1_000 === 0) await betweenChunks();
    else await pause();
  }
  let sinceCollected = 0;
  for (let from = 0; from < together.length;) {
    let rows = 0;
    let to = from;
    while (
      to < together.length &&
      (to === from || rows + (together[to]?.prepared.lines.length ?? 0) <= ROWS_PER_CALL[dialect])
    )
      rows += together[to++]?.prepared.lines.length ?? 0;
    await postTogether(tx, dialect, together.slice(from, to));
    from = to;
    // a turn of the event loop between two calls; every ~6,000 rows a full collection too, in a turn of its own (one
    // after a call held the thread for both: 50–270 ms each time at every 2,000 rows), so the heap does not grow
    // by the calls' garbage until the collector's own time (decision 0070)
    await yieldToOthers();
    sinceCollected += rows;
    if (sinceCollected >= COLLECT_EVERY_ROWS) {
      sinceCollected = 0;
      await betweenChunks();
    }
  }
  for (const { note, prepared } of alone) {
    await named(note, async () => finishNote(tx, dialect, prepared, await postNote(tx, dialect, prepared)));
    await pause();
  }
}
