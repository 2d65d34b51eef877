import PDFDocument from 'pdfkit';
import { MONTH_NAMES } from '@armazem/contracts/movements';
import { formatDocument } from '@armazem/contracts/documents';
import { countLabel } from '@armazem/contracts/plural';
import type { TSettings } from '@armazem/contracts/settings';
import { quantityLabel } from '../../lib/numbers.ts';
import type { ReportData } from './report-data.ts';

/** R$ 1.234,56 from ten-thousandths, rounded half away from zero to cents (minimum) or 4 places (`precise`). */
export function brl(value: bigint, precise = false): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const cents = precise ? abs : (abs + 50n) / 100n;
  const scale = precise ? 4 : 2;
  const digits = cents.toString().padStart(scale + 1, '0');
  let fraction = digits.slice(-scale);
  if (precise) fraction = fraction.replace(/0{1,2}$/, '').padEnd(2, '0');
  const whole = digits.slice(0, -scale).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}R$ ${whole},${fraction}`;
}

const COLUMNS = [
  // 762 pt: A4 landscape width minus both margins. Codes and names wrap inside their column, never cut.
  { title: 'Código', width: 140, align: 'left' },
  { title: 'Produto', width: 232, align: 'left' },
  { title: 'Un.', width: 26, align: 'left' },
  { title: 'Saldo inicial', width: 58, align: 'right' },
  { title: 'Entradas', width: 54, align: 'right' },
  { title: 'Saídas', width: 54, align: 'right' },
  { title: 'Saldo final', width: 58, align: 'right' },
  { title: 'Custo médio', width: 64, align: 'right' },
  { title: 'Valor final', width: 76, align: 'right' },
] as const;

type Column = { width: number; align: 'left' | 'right' };

const MARGIN = 40;
/** Height of one printed line of the table (7 pt type plus leading). */
const LINE = 9;
const ROW_GAP = 3;

type Doc = InstanceType<typeof PDFDocument>;

/** The document being drawn and what every page's header shows. */
interface Page {
  doc: Doc;
  settings: TSettings;
  period: string;
}

const bottom = (doc: Doc) => doc.page.height - MARGIN - 20;
const fullWidth = (doc: Doc) => doc.page.width - 2 * MARGIN;

/** "CNPJ 11.222.333/0001-81" or "CPF 123.456.789-09" */
function documentLine(document: string) {
  const plain = document.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return `${plain.length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(plain)}`;
}

function header({ doc, settings, period }: Page) {
  doc.font('Helvetica-Bold').fontSize(13).text(settings.businessName, MARGIN, MARGIN, { lineBreak: false });
  doc.font('Helvetica').fontSize(8);
  const details = [
    settings.businessDocument ? documentLine(settings.businessDocument) : '',
    settings.businessAddress,
  ]
    .filter(Boolean)
    .join(' · ');
  if (details) doc.text(details, MARGIN, MARGIN + 16, { lineBreak: false });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(`Relatório de movimentação de estoque — ${period}`, MARGIN, MARGIN + 30, { lineBreak: false });
  doc
    .moveTo(MARGIN, MARGIN + 46)
    .lineTo(doc.page.width - MARGIN, MARGIN + 46)
    .lineWidth(0.5)
    .stroke();
  doc.y = MARGIN + 52;
}

/**
 * Splits a value into lines that fit `room` in the current font: at spaces where it can, and inside a word
 * (a long code) where it must. Nothing is dropped.
 */
function wrap(doc: Doc, value: string, room: number): string[] {
  const lines: string[] = [];
  let current = '';
  const push = () => {
    if (current) lines.push(current);
    current = '';
  };
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (doc.widthOfString(candidate) <= room) {
      current = candidate;
      continue;
    }
    push();
    let rest = word;
    while (doc.widthOfString(rest) > room) {
      let take = rest.length - 1;
      while (take > 1 && doc.widthOfString(rest.slice(0, take)) > room) take -= 1;
      lines.push(rest.slice(0, take));
      rest = rest.slice(take);
    }
    current = rest;
  }
  push();
  return lines.length > 0 ? lines : [''];
}

/** Places one cell's lines from `y` down; right-aligned columns align each line to the right edge. */
function cell(doc: Doc, lines: string[], x: number, y: number, column: Column) {
  const room = column.width - 4;
  lines.forEach((text, index) => {
    const left = column.align === 'right' ? x + room - doc.widthOfString(text) : x;
    doc.text(text, left, y + index * LINE, { lineBreak: false });
  });
}

function tableHeader({ doc }: Page) {
  let x = MARGIN;
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(7);
  for (const column of COLUMNS) {
    cell(doc, [column.title], x, y, column);
    x += column.width;
  }
  doc
    .moveTo(MARGIN, y + LINE)
    .lineTo(MARGIN + fullWidth(doc), y + LINE)
    .lineWidth(0.3)
    .stroke();
  doc.y = y + LINE + ROW_GAP;
  doc.font('Helvetica').fontSize(7);
}

function ensureSpace(page: Page, height: number, withTableHeader: boolean) {
  if (page.doc.y + height > bottom(page.doc)) {
    page.doc.addPage();
    header(page);
    if (withTableHeader) tableHeader(page);
  }
}

function line(page: Page, cells: string[], bold = false) {
  const { doc } = page;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7);
  const wrapped = COLUMNS.map((column, index) => wrap(doc, cells[index] ?? '', column.width - 4));
  const height = Math.max(...wrapped.map((lines) => lines.length)) * LINE + ROW_GAP;
  ensureSpace(page, height, true);
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7);
  let x = MARGIN;
  const y = doc.y;
  COLUMNS.forEach((column, index) => {
    cell(doc, wrapped[index] ?? [''], x, y, column);
    x += column.width;
  });
  doc.y = y + height;
}

/** Per-category lines with subtotals, then the grand total. */
function stockTable(page: Page, data: ReportData) {
  const { doc } = page;
  tableHeader(page);
  for (const category of data.categories) {
    ensureSpace(page, 2 * LINE + 2 * ROW_GAP + 2, true);
    doc.font('Helvetica-Bold').fontSize(8);
    cell(doc, wrap(doc, category.name, fullWidth(doc)), MARGIN, doc.y + 2, {
      width: fullWidth(doc),
      align: 'left',
    });
    doc.y += LINE + ROW_GAP + 2;
    for (const item of category.lines) {
      line(page, [
        item.sku,
        item.name,
        item.unit,
        quantityLabel(item.opening),
        quantityLabel(item.entries),
        quantityLabel(item.exits),
        quantityLabel(item.closing),
        brl(item.averageCost, true),
        brl(item.closingValue),
      ]);
    }
    line(page, ['', `Subtotal ${category.name}`, '', '', '', '', '', '', brl(category.closingValue)], true);
  }
  ensureSpace(page, LINE + ROW_GAP + 3, true);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .lineWidth(0.5)
    .stroke();
  doc.y += 3;
  const total = `Total geral (${countLabel(data.totals.products, 'produto', 'produtos')})`;
  line(page, ['', total, '', '', '', '', '', '', brl(data.totals.closingValue)], true);
}

/** The sheets imported for the month, one wrapped paragraph each. */
function sheetList(page: Page, data: ReportData) {
  const { doc, settings } = page;
  ensureSpace(page, 4 * LINE, false);
  doc.y += 12;
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('Planilhas importadas no mês', MARGIN, doc.y, { lineBreak: false });
  doc.y += 16;
  doc.font('Helvetica').fontSize(8);
  if (data.movements.length === 0) {
    doc.text('Nenhuma planilha importada para este mês.', MARGIN, doc.y, { lineBreak: false });
  }
  for (const movement of data.movements) {
    const when = new Intl.DateTimeFormat('pt-BR', {
      timeZone: settings.timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(movement.createdAt));
    doc.font('Helvetica').fontSize(8);
    const lines = wrap(
      doc,
      `${movement.fileName} — ${countLabel(movement.rows, 'linha', 'linhas')} (${countLabel(movement.entries, 'entrada', 'entradas')}, ${countLabel(movement.exits, 'saída', 'saídas')}) — importada por ${movement.createdBy.name} em ${when}${movement.description ? ` — ${movement.description}` : ''}`,
      fullWidth(doc) - 4,
    );
    ensureSpace(page, lines.length * (LINE + 1) + ROW_GAP, false);
    doc.font('Helvetica').fontSize(8);
    lines.forEach((text, index) => doc.text(text, MARGIN, doc.y + index * (LINE + 1), { lineBreak: false }));
    doc.y += lines.length * (LINE + 1) + ROW_GAP;
  }
}

/** "Gerado em … por …" and "Página X de Y" at the foot of every page. */
function footers(doc: Doc, timeZone: string, user: string, generatedAt: Date) {
  const generated = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(generatedAt);
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const y = doc.page.height - MARGIN + 8;
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7);
    doc.text(`Gerado em ${generated} por ${user}`, MARGIN, y, { lineBreak: false });
    const pageLabel = `Página ${index + 1} de ${range.count}`;
    doc.text(pageLabel, doc.page.width - MARGIN - doc.widthOfString(pageLabel), y, { lineBreak: false });
    doc.page.margins.bottom = saved;
  }
}

/**
 * A4 landscape report of a month: header with business and period, per-category lines with subtotals, totals,
 * sheets, and page footers. The column header repeats on every page; long codes and names wrap.
 */
export function renderReport(
  data: ReportData,
  settings: TSettings,
  user: string,
  generatedAt: Date,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: `Relatório de estoque ${String(data.month).padStart(2, '0')}/${data.year}`,
      Author: settings.businessName,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const closed = data.closed
    ? ` · Mês fechado em ${data.closed.on.split('-').reverse().join('/')} por ${data.closed.by}`
    : '';
  const page: Page = { doc, settings, period: `${MONTH_NAMES[data.month - 1]} de ${data.year}${closed}` };

  header(page);
  if (data.categories.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text('Nenhum produto com saldo ou movimentação neste mês.', MARGIN, doc.y + 10);
  } else {
    stockTable(page, data);
  }
  sheetList(page, data);
  footers(doc, settings.timeZone, user, generatedAt);
  doc.end();
  return done;
}
