import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { EXPORT_MAX_ROWS, type TExportFormat } from '@armazem/contracts/exports';
import { countLabel } from './numbers.ts';
import { badRequest } from './errors.ts';
import { contentDisposition } from './content-disposition.ts';
import {
  DEFAULT_WIDTHS,
  XLSX_FORMATS,
  csvField,
  csvLine,
  exportFileName,
  xlsxValue,
  type ExportColumn,
} from './export-cells.ts';

export type { ExportColumn } from './export-cells.ts';

/** What a list export is: its file name base, its columns and where its rows come from. */
export interface ExportSpec<Row> {
  /** File name base in Portuguese, e.g. `fornecedores` → `fornecedores-2026-11-24.xlsx`. */
  name: string;
  /** The worksheet's name (default: the name, capitalized). */
  sheetName?: string;
  columns: ReadonlyArray<ExportColumn<Row>>;
  rows: AsyncIterable<Row> | Iterable<Row>;
}

/** How many rows one page read for an export asks the list for. */
const EXPORT_PAGE_SIZE = 1000;

/**
 * Every row of a paged list, page after page, from the list's own service call (the same filters and order as the
 * screen). Refuses (400) before reading on when the list has more than 100,000 rows.
 */
export async function* pagedRows<Row>(
  fetchPage: (page: number, pageSize: number) => Promise<{ data: Row[]; total: number }>,
  maxRows: number = EXPORT_MAX_ROWS,
): AsyncGenerator<Row> {
  for (let page = 1, sent = 0; ; page++) {
    const { data, total } = await fetchPage(page, EXPORT_PAGE_SIZE);
    if (page === 1 && total > maxRows) {
      throw badRequest(
        `A lista tem ${countLabel(total)} linhas e a exportação aceita no máximo ${countLabel(maxRows)}: use os filtros para diminuí-la.`,
        'format',
      );
    }
    for (const row of data) {
      if (sent++ >= maxRows) return;
      yield row;
    }
    if (data.length < EXPORT_PAGE_SIZE) return;
  }
}

/** The file's bytes: a .csv (`;`, UTF-8 with BOM, CRLF) or an .xlsx written row by row (exceljs streaming writer). */
export async function exportBytes<Row>(
  format: TExportFormat,
  spec: ExportSpec<Row>,
  timeZone: string,
): Promise<Buffer> {
  return format === 'csv' ? csvBytes(spec, timeZone) : xlsxBytes(spec, timeZone);
}

async function csvBytes<Row>(spec: ExportSpec<Row>, timeZone: string): Promise<Buffer> {
  const lines = [csvLine(spec.columns.map((column) => csvField('text', column.title, timeZone)))];
  for await (const row of spec.rows) {
    lines.push(
      csvLine(spec.columns.map((column) => csvField(column.type ?? 'text', column.value(row), timeZone))),
    );
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function xlsxBytes<Row>(spec: ExportSpec<Row>, timeZone: string): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  // exceljs loads on the first file asked for, not at start-up
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const title = spec.sheetName ?? spec.name.charAt(0).toUpperCase() + spec.name.slice(1);
  const sheet = workbook.addWorksheet(title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((column) => {
    const numFmt = XLSX_FORMATS[column.type ?? 'text'];
    return {
      width: column.width ?? DEFAULT_WIDTHS[column.type ?? 'text'],
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.addRow(spec.columns.map((column) => column.title));
  header.font = { bold: true };
  header.commit();
  for await (const row of spec.rows) {
    sheet
      .addRow(spec.columns.map((column) => xlsxValue(column.type ?? 'text', column.value(row), timeZone)))
      .commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

const CONTENT_TYPES: Record<TExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/**
 * Answers a list request with its export file: one call from a route handler, e.g.
 * `if (query.format) return sendExport(reply, query.format, { name: 'fornecedores', columns, rows: pagedRows(…) })`.
 * The file is built whole before anything is sent, so a refusal is still a plain JSON error.
 */
export async function sendExport<Row>(reply: FastifyReply, format: TExportFormat, spec: ExportSpec<Row>) {
  const { clock, config } = reply.server;
  const bytes = await exportBytes(format, spec, config.timeZone);
  return (
    reply
      .type(CONTENT_TYPES[format])
      .header('Content-Disposition', contentDisposition(exportFileName(spec.name, clock.today(), format)))
      .header('Cache-Control', 'no-store')
      // a file, not the list's JSON shape: Fastify sends Buffers as they are, without the response serializer
      .send(bytes as never)
  );
}
