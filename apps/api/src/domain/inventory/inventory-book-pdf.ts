import { winAnsi } from '../../lib/win-ansi.ts';
import PDFDocument from 'pdfkit';
import type { TSettings } from '@armazem/contracts/settings';
import { formatBrazilian } from '@armazem/contracts/decimal';
import { quantityLabel } from '../../lib/numbers.ts';
import { documentLine, pdfBytes, type Doc } from '../../lib/pdf-table.ts';
import { dateLabel } from '../stock/stock-rules.ts';
import { bookItemName, HELD_TOTAL, sectionOpenedBy, type InventoryData } from './inventory-rules.ts';
import { fastText, type TextCell } from './pdf-fast-text.ts';

type FastText = ReturnType<typeof fastText>;

/** Livro Registro de Inventário, modelo 7 (Convênio SINIEF s/nº 1970, art. 76): A4 portrait, by NCM. */

const MARGIN = 40;
const LINE = 9;
const GAP = 3;
const HEADER_HEIGHT = 82;
const SIZE = 7;

const COLUMNS = [
  { title: 'Classificação\nfiscal (NCM)', width: 62, align: 'left' },
  { title: 'Discriminação', width: 183, align: 'left' },
  { title: 'Quantidade', width: 56, align: 'right' },
  { title: 'Unid.', width: 28, align: 'left' },
  { title: 'Valor\nunitário', width: 62, align: 'right' },
  { title: 'Valor parcial', width: 62, align: 'right' },
  { title: 'Valor total', width: 62, align: 'right' },
] as const;

/** 1.234,56 from ten-thousandths (cents); unit values keep 4 places. */
const money = (value: bigint, decimals: 2 | 4 = 2) =>
  formatBrazilian(decimals === 2 ? value / 100n : value, decimals, decimals);

function header(doc: Doc, settings: TSettings, date: string) {
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
  doc.text(`Estoques existentes em ${dateLabel(date)}`, MARGIN, MARGIN + 42, { lineBreak: false });
  let x = MARGIN;
  const y = MARGIN + 62;
  doc.font('Helvetica-Bold').fontSize(7);
  for (const column of COLUMNS) {
    // a long title in two lines, the last one on the rule, never over the next column
    const lines = column.title.split('\n');
    lines.forEach((line, index) => {
      const left = column.align === 'right' ? x + column.width - 4 - doc.widthOfString(line) : x;
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

interface Page {
  doc: Doc;
  fast: FastText;
  settings: TSettings;
  date: string;
}

function row(page: Page, cells: readonly string[], bold = false) {
  const { doc, fast } = page;
  const font = bold ? 'Helvetica-Bold' : 'Helvetica';
  const wrapped = COLUMNS.map((column, index) => wrap(fast, font, cells[index] ?? '', column.width - 4));
  const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + GAP;
  if (doc.y + height > doc.page.height - MARGIN - 16) {
    doc.addPage();
    header(doc, page.settings, page.date);
  }
  const out: TextCell[] = [];
  let x = MARGIN;
  const y = doc.y;
  COLUMNS.forEach((column, index) => {
    (wrapped[index] ?? []).forEach((text, k) => {
      const left = column.align === 'right' ? x + column.width - 4 - fast.width(font, SIZE, text) : x;
      out.push({ x: left, y: y + k * LINE, text });
    });
    x += column.width;
  });
  fast.line(font, SIZE, out);
  doc.y = y + height;
}

/** "Folha X de Y" on every page, once all pages exist. */
function pageNumbers(doc: Doc) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    doc.font('Helvetica').fontSize(8);
    const label = `Folha ${index + 1} de ${range.count}`;
    doc.text(label, doc.page.width - MARGIN - doc.widthOfString(label), MARGIN + 2, { lineBreak: false });
  }
}

export function renderInventoryBook(data: InventoryData, settings: TSettings): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `Registro de Inventário ${dateLabel(data.date)}`, Author: settings.businessName },
  });
  const done = pdfBytes(doc);
  const page: Page = { doc, fast: fastText(doc), settings, date: data.date };
  header(doc, settings, data.date);
  if (data.items.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .text('Nenhum produto com saldo nesta data.', MARGIN, doc.y + 8);
  }
  for (const [index, group] of data.groups.entries()) {
    const ncm = group.ncm ?? 'Sem NCM';
    const section = sectionOpenedBy(data.groups, index);
    if (section) row(page, ['', section, '', '', '', '', ''], true);
    for (const item of group.items) {
      row(page, [
        ncm,
        bookItemName(item),
        quantityLabel(item.quantity),
        item.unityCode,
        money(item.unitCost, 4),
        money(item.itemValue),
        '',
      ]);
    }
    row(page, ['', `Total da classificação ${ncm}`, '', '', '', '', money(group.totalValue)], true);
  }
  row(
    page,
    [
      '',
      `Total geral (${formatBrazilian(BigInt(data.items.length), 0)} itens)`,
      '',
      '',
      '',
      '',
      money(data.totalValue),
    ],
    true,
  );
  if (data.heldValue > 0n) row(page, ['', HELD_TOTAL, '', '', '', '', money(data.heldValue)], true);
  pageNumbers(doc);
  doc.end();
  return done;
}
