import { winAnsi } from '../../lib/win-ansi.ts';
import PDFDocument from 'pdfkit';
import type { TSettings } from '@armazem/contracts/settings';
import { documentLine, pdfBytes, type Doc } from '../../lib/pdf-table.ts';
import { dateLabel } from '../shared/stock-rules.ts';
import type { InventoryData } from './inventory-rules.ts';
import { fastText, type TextCell } from './pdf-fast-text.ts';
import {
  bookLines,
  bookSections,
  centsLabel,
  grandTotalLabel,
  quantityText,
  unitText,
  valueLabel,
  type BookSection,
} from './inventory-book-figures.ts';
import { drawTerm } from './inventory-book-terms.ts';

type FastText = ReturnType<typeof fastText>;

/**
 * Livro Registro de Inventário, modelo 7 (Convênio SINIEF s/nº 1970, art. 76; docs/decisions/0072): A4 landscape,
 * termo de abertura on the first folha and de encerramento on the last, folhas numbered across the book, one list
 * per position with its own total, "A transportar" at the foot of a folha a list goes on from and "Transportado" at
 * the top of the next, an Observações column, and item lines whose figures multiply.
 */

const MARGIN = 40;
const LINE = 9;
const GAP = 3;
const HEADER_HEIGHT = 82;
const SIZE = 7;

const COLUMNS = [
  { title: 'Classificação\nfiscal (NCM)', width: 52, align: 'left' },
  { title: 'Discriminação', width: 200, align: 'left' },
  { title: 'Quantidade', width: 60, align: 'right' },
  { title: 'Unid.', width: 28, align: 'left' },
  { title: 'Valor\nunitário', width: 66, align: 'right' },
  { title: 'Valor parcial', width: 70, align: 'right' },
  { title: 'Valor total', width: 70, align: 'right' },
  { title: 'Observações', width: 216, align: 'left', indent: 8 },
] as const;

/** Where a left-aligned column's text starts: Observações keeps clear of the figures on its left. */
const indentOf = (column: (typeof COLUMNS)[number]) => ('indent' in column ? column.indent : 0);

interface Book {
  doc: Doc;
  fast: FastText;
  settings: TSettings;
  date: string;
  /** the running total of the list being written (R$ cents), null between lists */
  running: bigint | null;
}

function header(book: Book) {
  const { doc, settings } = book;
  doc.font('Helvetica-Bold').fontSize(12).text('REGISTRO DE INVENTÁRIO — Modelo 7', MARGIN, MARGIN, {
    lineBreak: false,
  });
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(winAnsi(settings.businessName), MARGIN, MARGIN + 17, { lineBreak: false });
  doc.font('Helvetica').fontSize(8);
  const ids = [
    settings.businessDocument ? documentLine(settings.businessDocument) : 'CNPJ não informado',
    `Inscrição estadual ${settings.businessStateRegistration || 'não informada'}`,
  ].join(' · ');
  doc.text(ids, MARGIN, MARGIN + 31, { lineBreak: false });
  doc.text(`Estoques existentes em ${dateLabel(book.date)}`, MARGIN, MARGIN + 42, { lineBreak: false });
  let x = MARGIN;
  const y = MARGIN + 62;
  doc.font('Helvetica-Bold').fontSize(7);
  for (const column of COLUMNS) {
    // a long title in two lines, the last one on the rule, never over the next column
    const lines = column.title.split('\n');
    lines.forEach((line, index) => {
      const left =
        column.align === 'right' ? x + column.width - 4 - doc.widthOfString(line) : x + indentOf(column);
      doc.text(line, left, y - (lines.length - 1 - index) * 8, { lineBreak: false });
    });
    x += column.width;
  }
  doc
    .moveTo(MARGIN, y + LINE + 1)
    .lineTo(doc.page.width - MARGIN, y + LINE + 1)
    .lineWidth(0.4)
    .stroke();
  doc.y = MARGIN + HEADER_HEIGHT;
  doc.font('Helvetica').fontSize(7);
}

/** Words that fit `room`; a word longer than the room is cut where it must (nothing is dropped). */
function wrap(fast: FastText, font: string, value: string, room: number): string[] {
  const fits = (text: string) => fast.width(font, SIZE, text) <= room;
  if (fits(value)) return [value];
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    let rest = word;
    while (!fits(rest) && rest.length > 1) {
      let take = rest.length - 1;
      while (take > 1 && !fits(rest.slice(0, take))) take -= 1;
      lines.push(rest.slice(0, take));
      rest = rest.slice(take);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines.length > 0 ? lines : [''];
}

function draw(book: Book, wrapped: string[][], font: string, height: number) {
  const { doc, fast } = book;
  const out: TextCell[] = [];
  let x = MARGIN;
  const y = doc.y;
  COLUMNS.forEach((column, index) => {
    (wrapped[index] ?? []).forEach((text, k) => {
      const left =
        column.align === 'right' ? x + column.width - 4 - fast.width(font, SIZE, text) : x + indentOf(column);
      out.push({ x: left, y: y + k * LINE, text });
    });
    x += column.width;
  });
  fast.line(font, SIZE, out);
  doc.y = y + height;
}

/**
 * A line of the list's running total, the sum of its partial values so far (in their column, apart from the NCM
 * totals): "A transportar" at a folha's foot, "Transportado" at the next one's top.
 */
const transport = (label: string, cents: bigint) => ['', label, '', '', '', centsLabel(cents), '', ''];

function row(book: Book, cells: readonly string[], bold = false) {
  const { doc, fast } = book;
  const font = bold ? 'Helvetica-Bold' : 'Helvetica';
  const wrapped = COLUMNS.map((column, index) =>
    wrap(fast, font, cells[index] ?? '', column.width - 4 - indentOf(column)),
  );
  const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + GAP;
  // room is kept at every folha's foot for the "A transportar" line of a list that goes on
  const reserve = book.running === null ? 0 : LINE + GAP;
  if (doc.y + height + reserve > doc.page.height - MARGIN) {
    const carried = book.running;
    if (carried !== null)
      draw(
        book,
        transport('A transportar', carried).map((t) => [t]),
        'Helvetica-Bold',
        LINE,
      );
    doc.addPage();
    header(book);
    if (carried !== null) {
      draw(
        book,
        transport('Transportado', carried).map((t) => [t]),
        'Helvetica-Bold',
        LINE + GAP,
      );
    }
  }
  draw(book, wrapped, font, height);
}

function section(book: Book, list: BookSection) {
  // a list starts a little apart from what comes before it on the folha
  if (book.doc.y > MARGIN + HEADER_HEIGHT) book.doc.y += 2 * GAP;
  // never a title alone at a folha's foot: the title, a first line and the "A transportar" line go together
  if (book.doc.y + 3 * (LINE + GAP) > book.doc.page.height - MARGIN) {
    book.doc.addPage();
    header(book);
  }
  row(book, ['', list.title, '', '', '', '', '', ''], true);
  book.running = 0n;
  for (const group of list.groups) {
    const ncm = group.ncm ?? 'Sem NCM';
    for (const item of group.items) {
      for (const line of bookLines(item)) {
        row(book, [
          ncm,
          item.name,
          quantityText(line),
          item.unityCode,
          unitText(line),
          centsLabel(line.partialValue),
          '',
          line.note,
        ]);
        book.running += line.partialValue;
      }
    }
    row(book, ['', `Total da classificação ${ncm}`, '', '', '', '', valueLabel(group.totalValue), ''], true);
  }
  row(book, ['', list.totalTitle, '', '', '', '', valueLabel(list.total), ''], true);
  book.running = null;
}

function contents(book: Book, data: InventoryData) {
  if (data.items.length === 0)
    row(book, ['', 'Nenhum produto com saldo nesta data.', '', '', '', '', '', '']);
  const grandTotal = () =>
    row(book, ['', grandTotalLabel(data), '', '', '', '', valueLabel(data.totalValue), ''], true);
  let totalled = false;
  for (const list of bookSections(data)) {
    if (list.position === 'held' && !totalled) {
      grandTotal();
      totalled = true;
    }
    section(book, list);
  }
  if (!totalled) grandTotal();
}

/** "Folha X de Y" on every folha, the terms included, once all exist. */
function pageNumbers(doc: Doc) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    doc.font('Helvetica').fontSize(8);
    const label = `Folha ${index + 1} de ${range.count}`;
    doc.text(label, doc.page.width - MARGIN - doc.widthOfString(label), MARGIN + 2, { lineBreak: false });
  }
}

export function renderInventoryBook(
  data: InventoryData,
  settings: TSettings,
  issuedOn: string,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Registro de Inventário ${dateLabel(data.date)}`, Author: settings.businessName },
  });
  const done = pdfBytes(doc);
  const book: Book = { doc, fast: fastText(doc), settings, date: data.date, running: null };
  // the first folha is the termo de abertura, written once the book's folhas are counted
  doc.addPage();
  header(book);
  contents(book, data);
  doc.addPage();
  const pages = doc.bufferedPageRange().count;
  const facts = { settings, date: data.date, issuedOn, pages };
  drawTerm(doc, 'encerramento', facts);
  doc.switchToPage(0);
  drawTerm(doc, 'abertura', facts);
  pageNumbers(doc);
  doc.end();
  return done;
}
