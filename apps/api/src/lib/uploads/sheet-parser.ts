import { LIMITS } from '@armazem/contracts/common';
import { AppError } from '../errors.ts';
import { foldText } from '../text.ts';
import { type CellValue, type RawRow, type RawSheet, type SheetColumns } from './sheet-reader.ts';
import { CsvRefused, splitCsv } from './csv-text.ts';
import { csvFieldText } from '../export-cells.ts';
import { XlsxRefused, xlsxRows } from './xlsx-rows.ts';

const normalizeHeader = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9/ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
type Mapping = Map<number, string>;

const aliasIndex = new WeakMap<SheetColumns, Map<string, string>>();
/** Each column set's aliases, folded once: the monthly sheet's, the catalog sheet's. */
function aliasesOf(columns: SheetColumns): Map<string, string> {
  let index = aliasIndex.get(columns);
  if (!index) {
    index = new Map(
      Object.entries(columns).flatMap(([key, column]) =>
        column.aliases.map((alias) => [alias, key] as const),
      ),
    );
    aliasIndex.set(columns, index);
  }
  return index;
}

export const unsupportedFile = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Arquivo não suportado: envie uma planilha .xlsx ou um arquivo .csv.',
  );

/** What one sheet may hold; past these the file is refused whole, before its rows are checked. */
export const SHEET_LIMITS = {
  /** The longest text any column accepts (Observação). */
  cellChars: LIMITS.notes,
  /** Columns the import does not read are never shown, but still bounded (Excel's own cell limit). */
  otherCellChars: 32_767,
  columns: 200,
  /** Row elements read in all, blank ones included: the data rows, the header and as many blank rows. */
  rowsRead: 2 * LIMITS.sheetRows + 1,
} as const;

const thousands = (value: number) => value.toLocaleString('pt-BR');
const tooManyRows = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A planilha passa do limite de ${thousands(LIMITS.sheetRows)} linhas. Divida-a em arquivos menores.`,
  );
const tooManyRowsRead = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A planilha tem mais de ${thousands(SHEET_LIMITS.rowsRead)} linhas, contando as vazias. Apague as linhas vazias do fim ou copie os dados para uma planilha nova.`,
  );
const tooManyColumns = (line: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A linha ${thousands(line)} da planilha tem mais de ${SHEET_LIMITS.columns} colunas. Deixe só as colunas do modelo.`,
  );
const cellTooLong = (line: number, column: number, max: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A célula ${columnLetters(column)}${line} tem mais de ${thousands(max)} caracteres. Encurte o texto e envie de novo.`,
  );

/** 0 → A, 25 → Z, 26 → AA: how a spreadsheet names a column. */
export function columnLetters(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** Refuses a row with too many columns or a cell too long, before anything is kept from it. */
function checkCells(line: number, cells: unknown[], mapping: Mapping | null): void {
  let last = cells.length - 1;
  while (last >= 0 && isBlank(cells[last])) last -= 1;
  if (last + 1 > SHEET_LIMITS.columns) throw tooManyColumns(line);
  for (let index = 0; index <= last; index += 1) {
    const cell = cells[index];
    if (typeof cell !== 'string') continue;
    const max = !mapping || mapping.has(index) ? SHEET_LIMITS.cellChars : SHEET_LIMITS.otherCellChars;
    if (cell.length > max) throw cellTooLong(line, index, max);
  }
}

/** Text documents that are not tables, by how they start (a PDF written without binary bytes, an RTF). */
const TEXT_DOCUMENTS = ['%PDF-', '{\\rtf'];

/** By content, never by name: a zip with a workbook inside, or text without binary bytes that is no other document. */
export function detectKind(bytes: Uint8Array): 'xlsx' | 'csv' | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return 'xlsx';
  if (bytes.length === 0) return null;
  const start = new TextDecoder('latin1').decode(bytes.subarray(0, 8));
  if (TEXT_DOCUMENTS.some((signature) => start.startsWith(signature))) return null;
  // a NUL anywhere (the whole file: a native search) is no text, and no database column may hold one
  if (bytes.indexOf(0) >= 0) return null;
  const sample = bytes.subarray(0, Math.min(bytes.length, 64 * 1024));
  for (const byte of sample) {
    if (byte === 0 || byte < 0x09 || (byte > 0x0d && byte < 0x20 && byte !== 0x1b)) return null;
  }
  return 'csv';
}

/** UTF-8 (with or without BOM) when it decodes cleanly, otherwise Windows-1252 (Excel's "CSV" in Brazil). */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function mapHeader(cells: unknown[], columns: SheetColumns): Mapping {
  const mapping: Mapping = new Map();
  const aliases = aliasesOf(columns);
  cells.forEach((cell, index) => {
    const key = aliases.get(normalizeHeader(String(cell ?? '')));
    if (key && ![...mapping.values()].includes(key)) mapping.set(index, key);
  });
  const missing = Object.entries(columns).filter(
    ([key, column]) => column.required && ![...mapping.values()].includes(key),
  );
  if (missing.length > 0) {
    const names = missing.map(([, column]) => column.label).join(', ');
    throw new AppError(
      'UNPROCESSABLE',
      `${missing.length > 1 ? 'Colunas obrigatórias ausentes' : 'Coluna obrigatória ausente'}: ${names}. A primeira linha da planilha deve ter os nomes das colunas (baixe o modelo).`,
    );
  }
  return mapping;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function toRow(line: number, cells: unknown[], mapping: Mapping): RawRow<string> | null {
  const values: Partial<Record<string, CellValue>> = {};
  for (const [index, key] of mapping) {
    const value = cells[index];
    if (!isBlank(value)) values[key] = value as CellValue;
  }
  return Object.keys(values).length === 0 ? null : { line, values };
}

function readCsv(bytes: Uint8Array, columns: SheetColumns): RawSheet<string> {
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: string[][] = [];
  let filled = 0;
  try {
    splitCsv(
      text,
      delimiter,
      { columns: SHEET_LIMITS.columns, cellChars: SHEET_LIMITS.otherCellChars },
      (record, index) => {
        if (index > SHEET_LIMITS.rowsRead) throw tooManyRowsRead();
        if (record.some((cell) => cell.trim() !== '')) filled += 1;
        if (filled > LIMITS.sheetRows + 1) throw tooManyRows(); // the header and one row too many: stop here
        records.push(record.map(csvFieldText));
      },
    );
  } catch (error) {
    if (!(error instanceof CsvRefused)) throw error;
    const { problem } = error;
    if (problem.kind === 'columns') throw tooManyColumns(problem.record);
    if (problem.kind === 'cell')
      throw cellTooLong(problem.record, problem.column, SHEET_LIMITS.otherCellChars);
    throw new AppError(
      'UNPROCESSABLE',
      `Não foi possível ler o CSV na linha ${thousands(problem.record)}: confira aspas e separadores (use ; ou ,).`,
    );
  }
  const [header, ...body] = records;
  if (!header) throw new AppError('UNPROCESSABLE', 'A planilha está vazia.');
  checkCells(1, header, null);
  const mapping = mapHeader(header, columns);
  const rows: RawRow<string>[] = [];
  body.forEach((cells, index) => {
    checkCells(index + 2, cells, mapping);
    const row = toRow(index + 2, cells, mapping);
    if (row) rows.push(row);
  });
  if (rows.length > LIMITS.sheetRows) throw tooManyRows();
  return {
    kind: 'csv',
    numberStyle: delimiter === ';' ? 'brazilian' : 'auto',
    columns: [...mapping.values()],
    rows,
  };
}

/** The monthly sheet's limits as the streaming reader applies them while it reads. */
const XLSX_LIMITS = {
  rows: SHEET_LIMITS.rowsRead,
  columns: SHEET_LIMITS.columns,
  cellChars: SHEET_LIMITS.otherCellChars,
} as const;

function refusal({ problem }: XlsxRefused): AppError {
  if (problem.kind === 'rows') return tooManyRowsRead();
  if (problem.kind === 'columns') return tooManyColumns(problem.line);
  return cellTooLong(problem.line, problem.column, SHEET_LIMITS.otherCellChars);
}

/**
 * Streams the first worksheet (lib/xlsx-rows.ts): the zip is checked from its headers and the sheet's XML is
 * inflated and parsed a chunk at a time, so a 50,000-row file never sits in memory unpacked, let alone as a model.
 */
async function readXlsx(bytes: Uint8Array, columns: SheetColumns): Promise<RawSheet<string>> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let mapping: Mapping | null = null;
  const rows: RawRow<string>[] = [];
  try {
    for await (const batch of xlsxRows(buffer, XLSX_LIMITS))
      for (const { line, cells } of batch) {
        checkCells(line, cells, mapping);
        if (!mapping) {
          if (cells.every(isBlank)) continue;
          mapping = mapHeader(cells, columns);
          continue;
        }
        const parsed = toRow(line, cells, mapping);
        if (parsed) rows.push(parsed);
        if (rows.length > LIMITS.sheetRows) throw tooManyRows();
      }
  } catch (error) {
    if (error instanceof XlsxRefused) throw refusal(error);
    if (error instanceof AppError) throw error;
    throw unsupportedFile();
  }
  if (!mapping) throw new AppError('UNPROCESSABLE', 'A planilha está vazia.');
  return { kind: 'xlsx', numberStyle: 'auto', columns: [...mapping.values()], rows };
}

/**
 * Reads the sheet on the calling thread: only sheet-worker.ts calls this, so the server's event loop stays free.
 * `columns` says which sheet it is (the monthly, catalog or count sheet's).
 */
export async function parseSheet(bytes: Uint8Array, columns: SheetColumns): Promise<RawSheet<string>> {
  const kind = detectKind(bytes);
  if (kind === 'xlsx') return readXlsx(bytes, columns);
  if (kind === 'csv') return readCsv(bytes, columns);
  throw unsupportedFile();
}
