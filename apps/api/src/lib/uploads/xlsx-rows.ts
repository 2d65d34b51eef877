import { findWorkbook, readDateStyles, readPart, readSharedStrings, type XmlHandlers } from './xlsx-parts.ts';
import { openZip } from './zip-guard.ts';

// The rows of an .xlsx's first worksheet, read in a stream: the zip checked from its headers, the sheet inflated and
// parsed a chunk at a time, rows handed on in batches as they are found. What a row may cost is bounded here, as it
// is read: the caller turns a refusal into its own words (see domain/movements/sheet-parser.ts).

export type XlsxCell = string | number | Date;
export interface XlsxRow {
  /** the row number the spreadsheet shows */
  line: number;
  /** by column (A = 0), up to the last one with a value; null where a cell is empty */
  cells: Array<XlsxCell | null>;
}

export interface XlsxLimits {
  /** `<row>` elements read in all, empty ones included */
  rows: number;
  /** a value at or past this column refuses the file (empty cells past it are skipped) */
  columns: number;
  /** the most characters one cell may hold */
  cellChars: number;
}

export type XlsxProblem =
  { kind: 'rows' } | { kind: 'columns'; line: number } | { kind: 'cell'; line: number; column: number };

/** What the reader refuses on its own, for the caller to word. */
export class XlsxRefused extends Error {
  readonly problem: XlsxProblem;
  constructor(problem: XlsxProblem) {
    super(`planilha recusada: ${problem.kind}`);
    this.problem = problem;
  }
}

/** Excel's own column count: more cells than this in one row is no spreadsheet. */
const MAX_CELLS_IN_ROW = 16_384;
const DAY_MS = 86_400_000;

/** "AB12" → 27: the column of a cell reference; -1 when it names none. */
function columnOf(reference: string): number {
  let column = 0;
  let at = 0;
  for (; at < reference.length && at < 4; at += 1) {
    const code = reference.charCodeAt(at) & ~0x20; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  return at === 0 ? -1 : column - 1;
}

interface SheetContext {
  strings: string[];
  dateStyles: boolean[];
  date1904: boolean;
}

/** A cell's value by its type: shared or inline text, a number, a date (a number in a date format), or nothing. */
function cellValue(context: SheetContext, type: string, style: number, text: string): XlsxCell | null {
  if (text === '') return type === 'inlineStr' || type === 'str' ? '' : null;
  switch (type) {
    case 's':
      return context.strings[Number(text)] ?? null;
    case 'inlineStr':
    case 'str':
      return text;
    case 'b':
      return text === '1' || text === 'true' ? 'VERDADEIRO' : 'FALSO';
    case 'e':
      return null;
    case 'd': {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date;
    }
    default: {
      const number = Number(text);
      if (Number.isNaN(number)) return text;
      if (!context.dateStyles[style]) return number;
      const date = new Date(Math.round((number - 25_569 + (context.date1904 ? 1_462 : 0)) * DAY_MS));
      // a serial no calendar holds (1e20 in a date-formatted cell) stays the number it is: the column's own check
      // answers it (a date column: "Data inválida"), where an invalid Date would break whoever formats it
      return Number.isNaN(date.getTime()) ? number : date;
    }
  }
}

const isBlank = (value: XlsxCell | null) =>
  value === null || (typeof value === 'string' && value.trim() === '');

function sheetHandlers(context: SheetContext, limits: XlsxLimits, batch: XlsxRow[]): XmlHandlers {
  let rowsRead = 0;
  let line = 0;
  let cells: Array<XlsxCell | null> = [];
  let cellsInRow = 0;
  let column = -1;
  let type = '';
  let style = 0;
  let text = '';
  let capture = false;
  let phonetic = 0;
  let finished = false;
  return {
    open(name, attributes) {
      if (name === 'c') {
        cellsInRow += 1;
        if (cellsInRow > MAX_CELLS_IN_ROW) throw new XlsxRefused({ kind: 'columns', line });
        const at = attributes.r ? columnOf(attributes.r) : -1;
        column = at < 0 ? column + 1 : at;
        type = attributes.t ?? 'n';
        style = attributes.s ? Number(attributes.s) : 0;
        text = '';
      } else if (name === 'v') capture = true;
      else if (name === 't') capture = phonetic === 0;
      else if (name === 'rPh') phonetic += 1;
      else if (name === 'row') {
        rowsRead += 1;
        if (rowsRead > limits.rows) throw new XlsxRefused({ kind: 'rows' });
        const numbered = Number(attributes.r);
        line = Number.isInteger(numbered) && numbered > 0 ? numbered : line + 1;
        cells = [];
        cellsInRow = 0;
        column = -1;
      }
    },
    text(chunk) {
      if (!capture) return;
      if (text.length + chunk.length > limits.cellChars)
        throw new XlsxRefused({ kind: 'cell', line, column: Math.max(column, 0) });
      text += chunk;
    },
    close(name) {
      if (name === 'v' || name === 't') capture = false;
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 'c') {
        const value = cellValue(context, type, style, text);
        if (isBlank(value)) return;
        if (column >= limits.columns) throw new XlsxRefused({ kind: 'columns', line });
        if (typeof value === 'string' && value.length > limits.cellChars)
          throw new XlsxRefused({ kind: 'cell', line, column });
        cells[column] = value;
      } else if (name === 'row') {
        if (cells.length === 0) return;
        for (let index = 0; index < cells.length; index += 1) cells[index] ??= null;
        batch.push({ line, cells });
      } else if (name === 'sheetData') finished = true;
    },
    done: () => finished,
  };
}

/**
 * The first worksheet's rows that hold a value, in batches (one per chunk of XML). Refuses, as it reads, a file
 * that is no workbook (415), a damaged one or one whose parts lie about their size (422), one too large unpacked
 * (413, from the headers or as it inflates), and throws XlsxRefused past `limits`.
 */
export async function* xlsxRows(bytes: Buffer, limits: XlsxLimits): AsyncGenerator<XlsxRow[]> {
  const entries = openZip(bytes);
  const book = await findWorkbook(bytes, entries);
  const context: SheetContext = {
    strings: book.sharedStrings ? await readSharedStrings(bytes, book.sharedStrings, limits.cellChars) : [],
    dateStyles: book.styles ? await readDateStyles(bytes, book.styles) : [],
    date1904: book.date1904,
  };
  const batch: XlsxRow[] = [];
  const handlers = sheetHandlers(context, limits, batch);
  for await (const _ of readPart(bytes, book.sheet, handlers)) {
    if (batch.length === 0) continue;
    yield batch.splice(0);
  }
  if (batch.length > 0) yield batch;
}
