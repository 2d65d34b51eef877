import { createHash } from 'node:crypto';
import type { TSheetPreview } from '@armazem/contracts/movements';
import { quantityLabel } from '../../lib/numbers.ts';
import { type NewLedgerRow } from '../shared/stock-rules.ts';
import { parseDate } from '../../lib/uploads/sheet-cells.ts';
import { COLUMNS, type MovementRow as RawRow } from './sheet-columns.ts';
import type { CheckedRow, ResolvedRow } from './sheet-row-rules.ts';

// The rules of the monthly sheet (movements) that need no database.

export interface Month {
  year: number;
  month: number;
}

export interface Period extends Month {
  today: string;
}

const monthText = ({ year, month }: Month) => `${String(month).padStart(2, '0')}/${year}`;

const MONTH_NAMES =
  'janeiro fevereiro março abril maio junho julho agosto setembro outubro novembro dezembro';
/** "2026-10" → "outubro/2026" */
const monthName = (yearMonth: string) =>
  `${MONTH_NAMES.split(' ')[Number(yearMonth.slice(5, 7)) - 1]}/${yearMonth.slice(0, 4)}`;

/**
 * One message for the rows dated outside the chosen month, naming both months (issue 33): a sheet sent with the
 * wrong month chosen would otherwise show the same message on every row. Null when every readable date fits.
 */
export function monthNotice(checked: CheckedRow[], period: Month): string | null {
  const chosen = `${period.year}-${String(period.month).padStart(2, '0')}`;
  const dated = checked
    .map((row) => row.view.occurredOn)
    .filter((date): date is string => date !== null && /^\d{4}-\d{2}-\d{2}$/.test(date));
  const outside = dated.filter((date) => !date.startsWith(`${chosen}-`));
  if (outside.length === 0) return null;
  const months = [...new Set(outside.map((date) => date.slice(0, 7)))].sort().map(monthName);
  const listed = months.length === 1 ? months[0] : `${months.slice(0, -1).join(', ')} e ${months.at(-1)}`;
  const chosenName = monthName(chosen);
  if (outside.length < dated.length)
    return `${outside.length} ${outside.length === 1 ? 'linha tem data' : 'linhas têm datas'} de ${listed}, mas o mês escolhido é ${chosenName}. Corrija essas datas ou envie essas linhas em outra planilha, no mês delas.`;
  const fit = months.length === 1 ? `Escolha ${listed} ou corrija as datas.` : 'Corrija as datas.';
  return `As datas da planilha são de ${listed}, mas o mês escolhido é ${chosenName}. ${fit}`;
}

/**
 * The month a preview checks against: the one chosen, else the month of the first readable date, else the current
 * one, so rows from other months still show as errors.
 */
export function previewPeriod(chosen: Month | null, rows: RawRow[], today: string): Period {
  const first = rows.map((row) => parseDate(row.values.date)).find((date) => date !== null) ?? today;
  return { ...(chosen ?? { year: Number(first.slice(0, 4)), month: Number(first.slice(5, 7)) }), today };
}

/** A sheet is the same file as another when its bytes are: the SHA-256 of what was uploaded. */
export function sheetFingerprint(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The same file may be imported once per month while that import stands. */
export function duplicateImportMessage(period: Month, fileName: string): string {
  return `Este arquivo já foi importado para ${monthText(period)} (${fileName}). Exclua a importação anterior se quiser importá-lo de novo.`;
}

export const EMPTY_SHEET_MESSAGE = 'A planilha não tem linhas de movimento.';

/** All or nothing: one wrong row and nothing is imported. */
export function invalidRowsMessage(invalid: number): string {
  return `A planilha tem ${invalid} ${invalid === 1 ? 'linha com erro' : 'linhas com erro'}; nada foi importado. Corrija e envie de novo.`;
}

export function summarize(rows: CheckedRow[]) {
  const valid = rows.filter((row) => row.resolved !== null);
  return {
    rows: rows.length,
    valid: valid.length,
    invalid: rows.length - valid.length,
    entries: rows.filter((row) => row.view.type === 'Entrada').length,
    exits: rows.filter((row) => row.view.type === 'Saída').length,
  };
}

export function preview(
  fileName: string,
  checked: CheckedRow[],
  period: Month,
): Omit<TSheetPreview, 'duplicateOf'> {
  const rows = checked.map((row) => row.view);
  return { fileName, rows, summary: summarize(checked), monthNotice: monthNotice(checked, period) };
}

export const resolvedRows = (checked: CheckedRow[]) =>
  checked.map((row) => row.resolved).filter((row) => row !== null);

export function toLedgerRows(rows: ResolvedRow[], stockMovementId: number | null): NewLedgerRow[] {
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

/** A closed month refuses every row of the sheet: the message shows on each, under the date. */
export function markPeriodClosed(checked: CheckedRow[], message: string): void {
  for (const row of checked) {
    row.view.errors.push({ column: COLUMNS.date.label, message });
    row.resolved = null;
  }
}

/**
 * A posted count refuses the rows of the product it counted dated on or before it (decision 0071): the preview shows
 * its message on each, under the date. Answers how many rows it marked.
 */
export function markCountPosted(
  checked: CheckedRow[],
  message: string,
  details: Record<string, unknown>,
): number {
  const count = details.count as { countedOn: string } | undefined;
  let marked = 0;
  for (const row of checked) {
    const resolved = row.resolved;
    if (
      !count ||
      !resolved ||
      resolved.productId !== details.productId ||
      resolved.occurredOn > count.countedOn
    )
      continue;
    row.view.errors.push({ column: COLUMNS.date.label, message });
    row.resolved = null;
    marked++;
  }
  return marked;
}

/** Adds the pipeline's verdict to the rows it would take below zero on their date. */
export function markShortages(
  checked: CheckedRow[],
  resolved: ResolvedRow[],
  shortages: ReadonlyArray<{
    addIndex: number | null;
    occurredOn: string;
    available: bigint;
    requested: bigint;
    limit?: { limit: 'quantity' | 'value'; message: string };
  }>,
): void {
  const byLine = new Map(checked.map((row) => [row.view.line, row]));
  for (const shortage of shortages) {
    const row = shortage.addIndex === null ? undefined : resolved[shortage.addIndex];
    const target = row ? byLine.get(row.line) : undefined;
    if (!row || !target) continue;
    target.resolved = null;
    if (shortage.limit) {
      const column = shortage.limit.limit === 'quantity' ? COLUMNS.quantity : COLUMNS.unitCost;
      target.view.errors.push({ column: column.label, message: shortage.limit.message });
      continue;
    }
    const unit = row.baseUnit;
    const when =
      shortage.occurredOn === row.occurredOn
        ? ''
        : ` em ${shortage.occurredOn.split('-').reverse().join('/')}`;
    target.view.errors.push({
      column: COLUMNS.quantity.label,
      message: `Estoque insuficiente${when}: disponível ${quantityLabel(shortage.available)} ${unit}, solicitado ${quantityLabel(shortage.requested)} ${unit}.`,
    });
  }
}

/** Only real .xlsx (a zip) or .csv are ever accepted: a stored sheet is served as what its bytes are. */
export function sheetContentType(bytes: Uint8Array): string {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  return isZip ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv';
}

export const reportFileName = ({ year, month }: Month) =>
  `relatorio-estoque-${year}-${String(month).padStart(2, '0')}.pdf`;
