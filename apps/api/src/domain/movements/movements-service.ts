import type { TSheetPreview, TStockMovement } from '@armazem/contracts/movements';
import type { Db, Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import type { EventBus } from '../../lib/events.ts';
import type { Clock } from '../../lib/dates.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { readSettings } from '../settings/settings-public-service.ts';
import { evaluate, post, postUnlessShort } from '../stock/stock-public-service.ts';
import { liveLedgerIds } from '../stock/stock-public-service.ts';
import {
  findMovementStatus,
  findOriginalSheet,
  findSheetCatalog,
  findStandingDuplicate,
  findStandingMonth,
  insertMovement,
  listMovements,
  markMovementCancelled,
} from './movements-repository.ts';
import {
  EMPTY_SHEET_MESSAGE,
  duplicateImportMessage,
  invalidRowsMessage,
  markCountPosted,
  markPeriodClosed,
  markShortages,
  monthNotice,
  preview,
  previewPeriod,
  reportFileName,
  resolvedRows,
  sheetContentType,
  sheetFingerprint,
  summarize,
  toLedgerRows,
  type Month,
  type Period,
} from './movements-rules.ts';
import { monthReport } from './report-data.ts';
import { headerOf, placeOf, placeSuffix, type Place } from '../inventory/inventory-public-service.ts';
import { allowLongStatements, withLongStatements } from '../../db/timeouts.ts';
import { closingOf } from '../closings/closings-public-service.ts';
import { yearMonth } from '../shared/stock-rules.ts';
import { todayIn } from '../../lib/dates.ts';
import { collectIfLarge } from '../../lib/memory-release.ts';
import { sheetCodes, sheetDocuments } from '../../lib/uploads/sheet-cells.ts';
import { readSheetOf } from '../../lib/uploads/sheet-reader.ts';
import { COLUMNS, type MovementRow as RawRow } from './sheet-columns.ts';
import { checkRows, type CheckedRow } from './sheet-row-rules.ts';

export interface UploadedSheet {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface MovementsServiceDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  events: EventBus;
  /** the business time zone, as the report's settings show it */
  timeZone: string;
}

const ROLLBACK = Symbol('rollback');
const NOT_FOUND = 'Movimentação não encontrada.';

// exceljs and pdfkit weigh ~30 MB each: loaded on the first report or template call, not at start-up
const pdf = () => import('./report-pdf.ts');
const templates = () => import('./template.ts');

type Deps = MovementsServiceDeps;

async function check(tx: Db | Tx, rows: RawRow[], period: Period): Promise<CheckedRow[]> {
  const catalog = await findSheetCatalog(tx, { codes: sheetCodes(rows), documents: sheetDocuments(rows) });
  return checkRows(rows, catalog, period);
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

/** Products fixed by posted counts that one preview marks before it stops judging the rest (decision 0071). */
const COUNTED_ROUNDS = 5;

/**
 * The pipeline's verdict in a transaction that is always rolled back: the preview never stores anything. A posted
 * count names one product at a time: its rows are marked and the rest judged again, a few products at most.
 */
async function judgeWithoutWriting(
  { db, dialect }: Deps,
  checked: CheckedRow[],
  userId: number,
  today: string,
) {
  for (let round = 0; round < COUNTED_ROUNDS; round++) {
    try {
      await db.transaction().execute(async (tx) => {
        await judgeStock(tx, dialect, checked, userId, today);
        throw ROLLBACK;
      });
    } catch (error) {
      if (error === ROLLBACK) return;
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'PERIOD_CLOSED') return markPeriodClosed(checked, error.message);
      if (error.code !== 'COUNT_POSTED') throw error;
      if (markCountPosted(checked, error.message, error.details ?? {}) === 0) return;
    }
  }
}

async function findMovement(db: Db, id: number): Promise<TStockMovement> {
  const movement = await findStandingMonth(db, id);
  if (!movement) throw notFound(NOT_FOUND);
  const listed = (await listMovements(db, movement.year, movement.month)).find((item) => item.id === id);
  if (!listed) throw notFound(NOT_FOUND);
  return listed;
}

/** The refusal of a sheet with rows in error: every such row, and the counts. Nothing is written. */
function invalidRows(checked: CheckedRow[], period: Month) {
  const summary = summarize(checked);
  const rows = checked.filter((row) => row.view.errors.length > 0).map((row) => row.view);
  const notice = monthNotice(checked, period);
  const message = notice ? `${notice} Nada foi importado.` : invalidRowsMessage(summary.invalid);
  return new AppError('UNPROCESSABLE', message, { details: { rows, summary, monthNotice: notice } });
}

/** Reads and checks a sheet; stores nothing. */
async function previewSheet(
  deps: Deps,
  userId: number,
  sheet: UploadedSheet,
  chosen: Month | null,
): Promise<TSheetPreview> {
  const today = deps.clock.today();
  const read: { rows: RawRow[] } = { rows: (await readSheetOf(sheet.bytes, COLUMNS)).rows };
  const period = previewPeriod(chosen, read.rows, today);
  const [checked, duplicate] = await Promise.all([
    check(deps.db, read.rows, period),
    findStandingDuplicate(deps.db, period, sheetFingerprint(sheet.bytes)),
  ]);
  read.rows = []; // as in the import: the checked rows are all the stock judgement needs
  collectIfLarge(checked.length);
  await judgeWithoutWriting(deps, checked, userId, today);
  collectIfLarge(checked.length); // the judgement's plans, before the answer of 50,000 rows is built
  const duplicateOf = duplicate
    ? { id: duplicate.id, fileName: duplicate.file_name, createdAt: duplicate.created_at }
    : null;
  return { ...preview(sheet.fileName, checked, period), duplicateOf };
}

/**
 * Imports every row of the sheet in one transaction, or none: the sheet is parsed and checked again here,
 * and the posting pipeline places each row by its date, locks the products and refuses any date below zero.
 */
async function importSheet(
  { db, dialect, clock, events }: Deps,
  userId: number,
  sheet: UploadedSheet,
  month: Month,
  description: string | null,
): Promise<TStockMovement> {
  const period: Period = { ...month, today: clock.today() };
  // held here only until checked: the checked rows carry what posting needs, and 50,000 rows read are ~16 MB
  const read: { rows: RawRow[] } = { rows: (await readSheetOf(sheet.bytes, COLUMNS)).rows };
  if (read.rows.length === 0) throw new AppError('UNPROCESSABLE', EMPTY_SHEET_MESSAGE);
  const sha256 = sheetFingerprint(sheet.bytes);
  const id = await db.transaction().execute(async (tx) => {
    await allowLongStatements(tx, dialect);
    const duplicate = await findStandingDuplicate(tx, period, sha256);
    if (duplicate) throw conflict(duplicateImportMessage(period, duplicate.file_name));
    const checked = await check(tx, read.rows, period);
    read.rows = [];
    const summary = summarize(checked);
    if (summary.invalid > 0) throw invalidRows(checked, period);
    collectIfLarge(checked.length);
    const { fileName, contentType, bytes } = sheet;
    const movementId = await insertMovement(tx, {
      ...month,
      fileName,
      contentType,
      bytes,
      sha256,
      description,
      summary,
      userId,
    });
    const resolved = resolvedRows(checked);
    const shortages = await postUnlessShort(tx, dialect, {
      userId,
      today: period.today,
      add: toLedgerRows(resolved, movementId),
      audit: {
        action: 'import',
        entity: 'stock_movement',
        entityId: movementId,
        after: { year: period.year, month: period.month, fileName, sha256, ...summary },
      },
    });
    // rows that would take a date below zero: the whole sheet is refused with them (the movement row rolls back)
    if (shortages.length > 0) {
      markShortages(checked, resolved, shortages);
      throw invalidRows(checked, period);
    }
    return movementId;
  });
  events.publish('stock');
  return findMovement(db, id);
}

/** Undoes an import: its ledger rows are cancelled through the pipeline (dates, closed months), all or nothing. */
async function undoImport({ db, dialect, clock, events }: Deps, userId: number, movementId: number) {
  await db.transaction().execute(async (tx) => {
    await allowLongStatements(tx, dialect);
    const movement = await findMovementStatus(tx, movementId);
    if (!movement || movement.cancelled_at) throw notFound(NOT_FOUND);
    const ids = await liveLedgerIds(tx, 'stock_movement_id', movementId);
    await post(tx, dialect, {
      userId,
      today: clock.today(),
      cancel: { ids, reason: `Importação ${movement.file_name} excluída` },
      audit: {
        action: 'cancel',
        entity: 'stock_movement',
        entityId: movementId,
        before: { fileName: movement.file_name, rows: ids.length },
      },
    });
    await markMovementCancelled(tx, movementId, userId);
  });
  events.publish('stock');
}

/** The file as uploaded, served as what its bytes are. */
async function originalSheet(db: Db, id: number) {
  const row = await findOriginalSheet(db, id);
  if (!row) throw notFound(NOT_FOUND);
  const bytes = Buffer.from(row.sheet);
  return { fileName: row.file_name, contentType: sheetContentType(bytes), bytes };
}

/** The month's PDF report, signed by who asked for it. */
async function report({ db, dialect, timeZone }: Deps, userName: string, month: Month & Place) {
  const { renderReport } = await pdf();
  const where = await placeOf(db, month);
  const [data, business, closing] = await Promise.all([
    withLongStatements(db, dialect, (reader) => monthReport(reader, month.year, month.month, where.scope)),
    readSettings(db, timeZone),
    closingOf(db, yearMonth(month.year, month.month)),
  ]);
  // another establishment's or a location's month names it in the header, with that establishment's CNPJ
  const settings = headerOf(business, where);
  // "Mês fechado em dd/mm/aaaa por Nome": the date as the business saw it
  const on = (at: string) => todayIn(timeZone, new Date(at));
  const period = {
    closed: closing.closed ? { on: on(closing.closed.at), by: closing.closed.by.name } : null,
    reopened: closing.reopened
      ? { on: on(closing.reopened.at), by: closing.reopened.by.name, reason: closing.reopened.reason }
      : null,
  };
  return {
    // relatorio-estoque-2026-10.pdf; another establishment's: relatorio-estoque-2026-10-<CNPJ>.pdf
    fileName: reportFileName(month).replace(/\.pdf$/, `${placeSuffix(where).replace(/^(.+)-$/, '-$1')}.pdf`),
    pdf: await renderReport({ ...data, period }, settings, userName, new Date()),
  };
}

export function createMovementsService(deps: Deps) {
  const { db } = deps;
  return {
    preview: (userId: number, sheet: UploadedSheet, chosen: Month | null) =>
      previewSheet(deps, userId, sheet, chosen),
    import: (userId: number, sheet: UploadedSheet, month: Month, description: string | null) =>
      importSheet(deps, userId, sheet, month, description),
    undo: (userId: number, movementId: number) => undoImport(deps, userId, movementId),
    list: ({ year, month }: Month) => listMovements(db, year, month),
    find: (id: number) => findMovement(db, id),
    originalSheet: (id: number) => originalSheet(db, id),
    report: (userName: string, month: Month & Place) => report(deps, userName, month),
    /** The monthly sheet's model (.xlsx). */
    template: async () => (await templates()).buildTemplate(),
  };
}

export type MovementsService = ReturnType<typeof createMovementsService>;
