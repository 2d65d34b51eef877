import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { LIMITS } from '@armazem/contracts/common';
import { AppError } from '../../lib/errors.ts';
import { foldText } from '../../lib/text.ts';

/** The sheet's columns, in the business's words; matched by name, in any order, without case or accents. */
export const COLUMNS = {
  date: { label: 'Data', required: true, aliases: ['data', 'data do movimento', 'dia'] },
  sku: {
    label: 'Código',
    required: true,
    aliases: ['codigo', 'sku', 'codigo sku', 'codigo do produto', 'produto codigo', 'cod'],
  },
  type: { label: 'Tipo', required: true, aliases: ['tipo', 'tipo de movimento', 'movimento', 'e/s'] },
  quantity: { label: 'Quantidade', required: true, aliases: ['quantidade', 'qtd', 'qtde', 'quant'] },
  unity: { label: 'Unidade', required: false, aliases: ['unidade', 'embalagem', 'un'] },
  unitCost: {
    label: 'Custo Unitário',
    required: false,
    aliases: ['custo unitario', 'custo', 'valor unitario', 'preco de custo'],
  },
  supplier: {
    label: 'Fornecedor',
    required: false,
    aliases: ['fornecedor', 'cnpj', 'cnpj do fornecedor', 'cpf/cnpj', 'cnpj/cpf'],
  },
  document: {
    label: 'Documento',
    required: false,
    aliases: ['documento', 'nf', 'nota fiscal', 'nota', 'doc'],
  },
  notes: {
    label: 'Observação',
    required: false,
    aliases: ['observacao', 'observacoes', 'obs', 'observacao/nota'],
  },
  reason: { label: 'Motivo', required: false, aliases: ['motivo', 'motivo da saida'] },
} as const;
export type ColumnKey = keyof typeof COLUMNS;

export type CellValue = string | number | Date;
export interface RawRow {
  line: number;
  values: Partial<Record<ColumnKey, CellValue>>;
}
export interface RawSheet {
  kind: 'xlsx' | 'csv';
  /** How numbers typed as text are written: a ';'-separated CSV comes from a Brazilian-locale program. */
  numberStyle: 'auto' | 'brazilian';
  columns: ColumnKey[];
  rows: RawRow[];
}

const normalizeHeader = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9/ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const ALIAS_TO_KEY = new Map<string, ColumnKey>(
  (Object.keys(COLUMNS) as ColumnKey[]).flatMap((key) =>
    COLUMNS[key].aliases.map((alias) => [alias, key] as const),
  ),
);

export const unsupportedFile = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Arquivo não suportado: envie uma planilha .xlsx ou um arquivo .csv.',
  );
const tooManyRows = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A planilha passa do limite de ${LIMITS.sheetRows.toLocaleString('pt-BR')} linhas. Divida-a em arquivos menores.`,
  );

/** By content, never by name: a zip with a workbook inside, or text without binary bytes. */
export function detectKind(bytes: Uint8Array): 'xlsx' | 'csv' | null {
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04)
    return 'xlsx';
  if (bytes.length === 0) return null;
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

function mapHeader(cells: unknown[]): Map<number, ColumnKey> {
  const mapping = new Map<number, ColumnKey>();
  cells.forEach((cell, index) => {
    const key = ALIAS_TO_KEY.get(normalizeHeader(String(cell ?? '')));
    if (key && ![...mapping.values()].includes(key)) mapping.set(index, key);
  });
  const missing = (Object.keys(COLUMNS) as ColumnKey[]).filter(
    (key) => COLUMNS[key].required && ![...mapping.values()].includes(key),
  );
  if (missing.length > 0) {
    const names = missing.map((key) => COLUMNS[key].label).join(', ');
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

function toRow(line: number, cells: unknown[], mapping: Map<number, ColumnKey>): RawRow | null {
  const values: Partial<Record<ColumnKey, CellValue>> = {};
  for (const [index, key] of mapping) {
    const value = cells[index];
    if (!isBlank(value)) values[key] = value as CellValue;
  }
  return Object.keys(values).length === 0 ? null : { line, values };
}

function readCsv(bytes: Uint8Array): RawSheet {
  const text = decodeText(bytes).replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      trim: false,
    });
  } catch {
    throw new AppError(
      'UNPROCESSABLE',
      'Não foi possível ler o CSV: confira aspas e separadores (use ; ou ,).',
    );
  }
  const [header, ...body] = records;
  if (!header) throw new AppError('UNPROCESSABLE', 'A planilha está vazia.');
  const mapping = mapHeader(header);
  const rows: RawRow[] = [];
  body.forEach((cells, index) => {
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

function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'VERDADEIRO' : 'FALSO';
  if (typeof value === 'object') {
    if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value) return cellValue(value.text as ExcelJS.CellValue);
    if ('error' in value) return null;
  }
  return String(value);
}

/** Streams the first worksheet, so a 50,000-row file never sits in memory as a whole workbook model. */
async function readXlsx(bytes: Uint8Array): Promise<RawSheet> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    entries: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
  });
  let mapping: Map<number, ColumnKey> | null = null;
  const rows: RawRow[] = [];
  let sawWorksheet = false;
  try {
    for await (const worksheet of reader) {
      sawWorksheet = true;
      for await (const row of worksheet) {
        const cells = (row.values as ExcelJS.CellValue[]).slice(1).map(cellValue);
        if (!mapping) {
          if (cells.every(isBlank)) continue;
          mapping = mapHeader(cells);
          continue;
        }
        const parsed = toRow(row.number, cells, mapping);
        if (parsed) rows.push(parsed);
        if (rows.length > LIMITS.sheetRows) throw tooManyRows();
      }
      break; // only the first worksheet holds movements; the template's second one is instructions
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unsupportedFile();
  }
  if (!sawWorksheet) throw unsupportedFile();
  if (!mapping) throw new AppError('UNPROCESSABLE', 'A planilha está vazia.');
  return { kind: 'xlsx', numberStyle: 'auto', columns: [...mapping.values()], rows };
}

export async function readSheet(bytes: Uint8Array): Promise<RawSheet> {
  const kind = detectKind(bytes);
  if (kind === 'xlsx') return readXlsx(bytes);
  if (kind === 'csv') return readCsv(bytes);
  throw unsupportedFile();
}
