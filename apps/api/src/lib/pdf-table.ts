import PDFDocument from 'pdfkit';
import { formatDocument } from '@armazem/contracts/documents';
import { winAnsiChar } from './win-ansi.ts';

// The table drawing the monthly report (domain/movements/report-pdf.ts) and the kardex (domain/stock/kardex-file-service.ts)
// share: columns whose text wraps and is never cut, a header repeated on every page, "Página X de Y" at the foot.
// Built for 10,000-line reports: each character's width and code are looked up once per font, and a table row goes
// to the page as one block of text operators instead of a pdfkit text() call per cell (docs/decisions/0026).

export type Doc = InstanceType<typeof PDFDocument>;
export interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/** The few pdfkit internals the fast path reads: the standard font's id, metrics and WinAnsi encoder. */
interface StandardFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string): [string[], unknown];
  widthOfString(text: string, size: number): number;
}

/** One of the standard 14 fonts (WinAnsi, one byte a glyph), embedded once, measured and encoded by character. */
export class FastFont {
  readonly name: string;
  readonly font: StandardFont;
  private readonly widths = new Map<string, number>();
  private readonly codes = new Map<string, string>();

  constructor(doc: Doc, name: 'Helvetica' | 'Helvetica-Bold') {
    this.name = name;
    doc.font(name);
    this.font = (doc as unknown as { _font: StandardFont })._font;
  }

  /** Width of `text` at `size` points. */
  width(text: string, size: number): number {
    let total = 0;
    for (const char of text) {
      let width = this.widths.get(char);
      if (width === undefined) {
        width = this.font.widthOfString(winAnsiChar(char), 1000);
        this.widths.set(char, width);
      }
      total += width;
    }
    return (total * size) / 1000;
  }

  /** The string as a PDF hex string, the same bytes pdfkit would write. */
  hex(text: string): string {
    let out = '';
    for (const char of text) {
      let code = this.codes.get(char);
      if (code === undefined) {
        code = this.font.encode(winAnsiChar(char))[0].join('');
        this.codes.set(char, code);
      }
      out += code;
    }
    return out;
  }
}

/**
 * Splits a value into lines that fit `room`: at spaces where it can, inside a word (a long code) where it must.
 * Nothing is dropped.
 */
export function wrap(font: FastFont, size: number, value: string, room: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/)) {
    if (!word) continue;
    const candidate = current ? `${current} ${word}` : word;
    if (font.width(candidate, size) <= room) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (font.width(rest, size) > room) {
      let take = rest.length - 1;
      while (take > 1 && font.width(rest.slice(0, take), size) > room) take -= 1;
      lines.push(rest.slice(0, take));
      rest = rest.slice(take);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

/** Text fragments drawn as one block: `[text, x, y]` from the page's top-left, in one font and size. */
export function drawTexts(doc: Doc, font: FastFont, size: number, texts: Array<[string, number, number]>) {
  const page = doc.page;
  if (page.fonts[font.font.id] == null) page.fonts[font.font.id] = font.font.ref();
  const rise = (font.font.ascender / 1000) * size;
  let ops = `q 1 0 0 -1 0 ${num(page.height)} cm BT /${font.font.id} ${num(size)} Tf`;
  for (const [text, x, y] of texts) {
    if (!text) continue;
    ops += ` 1 0 0 1 ${num(x)} ${num(page.height - y - rise)} Tm <${font.hex(text)}> Tj`;
  }
  doc.addContent(`${ops} ET Q`);
}

export interface TableStyle {
  left: number;
  /** y past which a row goes to the next page */
  bottom: (doc: Doc) => number;
  line: number;
  gap: number;
  size: number;
  regular: FastFont;
  bold: FastFont;
  /** draws the page's own header on a new page (the column header follows) */
  newPage: () => void;
}

/** A table: its columns, their header on each page, rows that wrap inside their column. */
export class PdfTable {
  readonly doc: Doc;
  readonly columns: readonly Column[];
  readonly style: TableStyle;

  constructor(doc: Doc, columns: readonly Column[], style: TableStyle) {
    this.doc = doc;
    this.columns = columns;
    this.style = style;
  }

  get width(): number {
    return this.columns.reduce((total, column) => total + column.width, 0);
  }

  /** The column titles and a rule under them. */
  header(): void {
    this.draw(
      this.columns.map((column) => column.title),
      this.style.bold,
      false,
    );
    const y = this.doc.y - this.style.gap;
    this.doc
      .moveTo(this.style.left, y)
      .lineTo(this.style.left + this.width, y)
      .lineWidth(0.3)
      .stroke();
  }

  /** Starts a new page (with the column header) when `height` more points do not fit. */
  ensureSpace(height: number, withHeader = true): void {
    if (this.doc.y + height <= this.style.bottom(this.doc)) return;
    this.doc.addPage();
    this.style.newPage();
    if (withHeader) this.header();
  }

  /** The height `cells` take as one row, wrapped in their columns (to keep rows together on a page). */
  heightOf(cells: readonly string[], bold = false): number {
    const font = bold ? this.style.bold : this.style.regular;
    const lines = this.columns.map(
      (column, index) => wrap(font, this.style.size, cells[index] ?? '', column.width - 4).length,
    );
    return Math.max(1, ...lines) * this.style.line + this.style.gap;
  }

  /** One row: each cell wrapped in its column; right-aligned columns align each line to the right edge. */
  row(cells: readonly string[], bold = false): void {
    this.draw(cells, bold ? this.style.bold : this.style.regular, true);
  }

  private draw(cells: readonly string[], font: FastFont, breakPage: boolean): void {
    const { size, line, gap, left } = this.style;
    const wrapped = this.columns.map((column, index) =>
      wrap(font, size, cells[index] ?? '', column.width - 4),
    );
    let lines = 1;
    for (const cell of wrapped) lines = Math.max(lines, cell.length);
    const height = lines * line + gap;
    if (breakPage) this.ensureSpace(height);
    const y = this.doc.y;
    const texts: Array<[string, number, number]> = [];
    let x = left;
    this.columns.forEach((column, index) => {
      const room = column.width - 4;
      (wrapped[index] ?? []).forEach((text, at) => {
        const start = column.align === 'right' ? x + room - font.width(text, size) : x;
        texts.push([text, start, y + at * line]);
      });
      x += column.width;
    });
    drawTexts(this.doc, font, size, texts);
    this.doc.y = y + height;
  }
}

/** Writes `left` and "Página X de Y" at the foot of every buffered page. */
export function pageFooters(doc: Doc, font: FastFont, size: number, margin: number, left: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = doc.page.height - margin + 8;
    const label = `Página ${index + 1} de ${range.count}`;
    drawTexts(doc, font, size, [
      [left, margin, y],
      [label, doc.page.width - margin - font.width(label, size), y],
    ]);
  }
}

/** "CNPJ 11.222.333/0001-81" or "CPF 123.456.789-09": the business's document in a report's header. */
export function documentLine(document: string): string {
  const plain = document.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return `${plain.length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(plain)}`;
}

/** "Gerado em 24/11/2026, 17:05:03 por Ana": a report's footer, at the business's time. */
export function generatedLine(timeZone: string, at: Date, user: string): string {
  const when = new Intl.DateTimeFormat('pt-BR', { timeZone, dateStyle: 'short', timeStyle: 'medium' }).format(
    at,
  );
  return `Gerado em ${when} por ${user}`;
}

/** Collects the PDF's bytes as pdfkit writes them. */
export function pdfBytes(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}

/** An A4 landscape document being drawn: its margin, both fonts (embedded once) and its bytes once it ends. */
export interface LandscapePdf {
  doc: Doc;
  margin: number;
  regular: FastFont;
  bold: FastFont;
  done: Promise<Buffer>;
}

/** Starts an A4 landscape document whose pages stay buffered, so that the footers can number them at the end. */
export function landscapePdf(margin: number, info?: { Title: string; Author: string }): LandscapePdf {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin, bufferPages: true, info });
  const done = pdfBytes(doc);
  return {
    doc,
    margin,
    regular: new FastFont(doc, 'Helvetica'),
    bold: new FastFont(doc, 'Helvetica-Bold'),
    done,
  };
}

/** The document's table, from its left margin down to 20 pt above the bottom one (where the footer goes). */
export function tableOf(
  pdf: LandscapePdf,
  columns: readonly Column[],
  style: Pick<TableStyle, 'line' | 'gap' | 'size' | 'newPage'>,
): PdfTable {
  const { doc, margin, regular, bold } = pdf;
  return new PdfTable(doc, columns, {
    left: margin,
    bottom: (page) => page.page.height - margin - 20,
    regular,
    bold,
    ...style,
  });
}
