import { createHash } from 'node:crypto';
import type { TSheetPreview, TStockMovement } from '@armazem/contracts/movements';
import type { Db, Tx } from '../../db/database.ts';
import { nowIso } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { evaluate, post, type NewLedgerRow } from '../stock/posting-pipeline.ts';
import { COLUMNS, readSheet } from './sheet-reader.ts';
import {
  checkRows,
  markShortages,
  parseDate,
  summarize,
  type CheckedRow,
  type ResolvedRow,
} from './sheet-rows.ts';

export interface UploadedSheet {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface Period {
  year: number;
  month: number;
  today: string;
}

function preview(fileName: string, checked: CheckedRow[]): Omit<TSheetPreview, 'duplicateOf'> {
  return { fileName, rows: checked.map((row) => row.view), summary: summarize(checked) };
}

const resolvedRows = (checked: CheckedRow[]) =>
  checked.map((row) => row.resolved).filter((row) => row !== null);

function toLedgerRows(rows: ResolvedRow[], stockMovementId: number | null): NewLedgerRow[] {
  return rows.map((row) => ({
    productId: row.productId,
    productUnityId: row.productUnityId,
    direction: row.direction,
    quantity: row.quantity,
    baseQuantity: row.baseQuantity,
    unitCost: row.unitCost,
    occurredOn: row.occurredOn,
    supplierId: row.supplierId,
    reason: row.reason,
    document: row.document,
    notes: row.notes,
    source: 'sheet',
    stockMovementId,
  }));
}

/** Asks the pipeline which rows would take a date below zero, and marks them. Writes nothing. */
async function judgeStock(tx: Tx, dialect: Dialect, checked: CheckedRow[], userId: number, today: string) {
  const resolved = resolvedRows(checked);
  const shortages = await evaluate(tx, dialect, {
    userId,
    today,
    add: toLedgerRows(resolved, null),
    audit: { action: 'preview', entity: 'stock_movement', entityId: null },
  });
  markShortages(checked, resolved, shortages);
}

/**
 * Reads and checks a sheet; stores nothing. Without a chosen month, the month of the first readable date is
 * used (else the current one), so rows from other months still show as errors.
 */
export async function previewSheet(
  db: Db,
  dialect: Dialect,
  userId: number,
  sheet: UploadedSheet,
  chosen: { year: number; month: number } | null,
  today: string,
): Promise<TSheetPreview> {
  const raw = await readSheet(sheet.bytes);
  const first = raw.rows.map((row) => parseDate(row.values.date)).find((date) => date !== null) ?? today;
  const period = {
    ...(chosen ?? { year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) }),
    today,
  };
  const sha256 = createHash('sha256').update(sheet.bytes).digest('hex');
  const [checked, duplicate] = await Promise.all([
    checkRows(db, raw, period),
    db
      .selectFrom('stock_movements')
      .select(['id', 'file_name', 'created_at'])
      .where('year', '=', period.year)
      .where('month', '=', period.month)
      .where('sha256', '=', sha256)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst(),
  ]);
  try {
    // A transaction that is always rolled back: the preview never stores anything.
    await db.transaction().execute(async (tx) => {
      await judgeStock(tx, dialect, checked, userId, today);
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) {
      if (!(error instanceof AppError) || error.code !== 'PERIOD_CLOSED') throw error;
      for (const row of checked) {
        row.view.errors.push({ column: COLUMNS.date.label, message: error.message });
        row.resolved = null;
      }
    }
  }
  const duplicateOf = duplicate
    ? { id: duplicate.id, fileName: duplicate.file_name, createdAt: duplicate.created_at }
    : null;
  return { ...preview(sheet.fileName, checked), duplicateOf };
}

const ROLLBACK = Symbol('rollback');

/**
 * Imports every row of the sheet in one transaction, or none: the sheet is parsed and checked again here,
 * and the posting pipeline places each row by its date, locks the products and refuses any date below zero.
 */
export async function importSheet(
  db: Db,
  dialect: Dialect,
  userId: number,
  sheet: UploadedSheet,
  period: Period,
  description: string | null,
): Promise<number> {
  const raw = await readSheet(sheet.bytes);
  if (raw.rows.length === 0) throw new AppError('UNPROCESSABLE', 'A planilha não tem linhas de movimento.');
  const sha256 = createHash('sha256').update(sheet.bytes).digest('hex');

  return db.transaction().execute(async (tx) => {
    const duplicate = await tx
      .selectFrom('stock_movements')
      .select(['id', 'file_name'])
      .where('year', '=', period.year)
      .where('month', '=', period.month)
      .where('sha256', '=', sha256)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (duplicate) {
      throw conflict(
        `Este arquivo já foi importado para ${String(period.month).padStart(2, '0')}/${period.year} (${duplicate.file_name}). Exclua a importação anterior se quiser importá-lo de novo.`,
      );
    }
    const checked = await checkRows(tx, raw, period);
    if (checked.every((row) => row.resolved !== null))
      await judgeStock(tx, dialect, checked, userId, period.today);
    const summary = summarize(checked);
    if (summary.invalid > 0) {
      throw new AppError(
        'UNPROCESSABLE',
        `A planilha tem ${summary.invalid} ${summary.invalid === 1 ? 'linha com erro' : 'linhas com erro'}; nada foi importado. Corrija e envie de novo.`,
        {
          details: {
            rows: checked.filter((row) => row.view.errors.length > 0).map((row) => row.view),
            summary,
          },
        },
      );
    }
    const movement = await tx
      .insertInto('stock_movements')
      .values({
        year: period.year,
        month: period.month,
        file_name: sheet.fileName,
        sha256,
        sheet: sheet.bytes,
        content_type: sheet.contentType,
        description,
        rows: summary.rows,
        entries: summary.entries,
        exits: summary.exits,
        created_by: userId,
        created_at: nowIso(),
        cancelled_at: null,
        cancelled_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await post(tx, dialect, {
      userId,
      today: period.today,
      add: toLedgerRows(resolvedRows(checked), movement.id),
      audit: {
        action: 'import',
        entity: 'stock_movement',
        entityId: movement.id,
        after: { year: period.year, month: period.month, fileName: sheet.fileName, sha256, ...summary },
      },
    });
    return movement.id;
  });
}

/** Undoes an import: its ledger rows are cancelled through the pipeline (dates, closed months), all or nothing. */
export async function cancelMovement(
  db: Db,
  dialect: Dialect,
  userId: number,
  movementId: number,
  today: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const movement = await tx
      .selectFrom('stock_movements')
      .select(['id', 'cancelled_at', 'file_name'])
      .where('id', '=', movementId)
      .executeTakeFirst();
    if (!movement || movement.cancelled_at) throw notFound('Movimentação não encontrada.');
    const rows = await tx
      .selectFrom('stock_ledger')
      .select('id')
      .where('stock_movement_id', '=', movementId)
      .where('cancelled_at', 'is', null)
      .execute();
    await post(tx, dialect, {
      userId,
      today,
      cancel: { ids: rows.map((row) => Number(row.id)), reason: `Importação ${movement.file_name} excluída` },
      audit: {
        action: 'cancel',
        entity: 'stock_movement',
        entityId: movementId,
        before: { fileName: movement.file_name, rows: rows.length },
      },
    });
    await tx
      .updateTable('stock_movements')
      .set({ cancelled_at: nowIso(), cancelled_by: userId })
      .where('id', '=', movementId)
      .execute();
  });
}

export async function listMovements(db: Db | Tx, year: number, month: number): Promise<TStockMovement[]> {
  const rows = await db
    .selectFrom('stock_movements as m')
    .innerJoin('users as u', 'u.id', 'm.created_by')
    .select([
      'm.id',
      'm.year',
      'm.month',
      'm.file_name',
      'm.description',
      'm.rows',
      'm.entries',
      'm.exits',
      'm.created_at',
      'u.id as user_id',
      'u.name as user_name',
    ])
    .where('m.year', '=', year)
    .where('m.month', '=', month)
    .where('m.cancelled_at', 'is', null)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    year: row.year,
    month: row.month,
    fileName: row.file_name,
    description: row.description,
    rows: row.rows,
    entries: row.entries,
    exits: row.exits,
    createdBy: { id: row.user_id, name: row.user_name },
    createdAt: row.created_at,
  }));
}

export async function findMovement(db: Db, id: number) {
  const movement = await db
    .selectFrom('stock_movements')
    .select(['id', 'year', 'month'])
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!movement) throw notFound('Movimentação não encontrada.');
  const listed = (await listMovements(db, movement.year, movement.month)).find((item) => item.id === id);
  if (!listed) throw notFound('Movimentação não encontrada.');
  return listed;
}

export async function originalSheet(db: Db, id: number) {
  const row = await db
    .selectFrom('stock_movements')
    .select(['file_name', 'content_type', 'sheet'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Movimentação não encontrada.');
  return { fileName: row.file_name, contentType: row.content_type, bytes: Buffer.from(row.sheet) };
}
