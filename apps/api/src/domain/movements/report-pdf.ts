import PDFDocument from 'pdfkit';
import { MONTH_NAMES } from '@armazem/contracts/movements';
import { formatDocument } from '@armazem/contracts/documents';
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
  // 515 pt: A4 width minus both margins
  { title: 'Código', width: 58, align: 'left' },
  { title: 'Produto', width: 124, align: 'left' },
  { title: 'Un.', width: 22, align: 'left' },
  { title: 'Saldo inicial', width: 52, align: 'right' },
  { title: 'Entradas', width: 46, align: 'right' },
  { title: 'Saídas', width: 46, align: 'right' },
  { title: 'Saldo final', width: 50, align: 'right' },
  { title: 'Custo médio', width: 52, align: 'right' },
  { title: 'Valor final', width: 65, align: 'right' },
] as const;

const MARGIN = 40;
const ROW = 13;

/** A4 report of a month: header with business and period, per-category lines with subtotals, totals, sheets, and page footers. */
export function renderReport(
  data: ReportData,
  settings: TSettings,
  user: string,
  generatedAt: Date,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
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
  const period = `${MONTH_NAMES[data.month - 1]} de ${data.year}`;
  const bottom = () => doc.page.height - MARGIN - 20;

  const header = () => {
    doc.font('Helvetica-Bold').fontSize(13).text(settings.businessName, MARGIN, MARGIN, { lineBreak: false });
    doc.font('Helvetica').fontSize(8);
    const details = [
      settings.businessDocument
        ? `CNPJ ${formatDocument(settings.businessDocument.replace(/[^0-9A-Za-z]/g, '').toUpperCase())}`
        : '',
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
  };

  /** Places one cell: measured and truncated with an ellipsis by hand (pdfkit's own wrapping clips right-aligned text). */
  const cell = (value: string, x: number, y: number, column: { width: number; align: 'left' | 'right' }) => {
    const room = column.width - 4;
    let shown = value;
    if (doc.widthOfString(shown) > room) {
      while (shown.length > 1 && doc.widthOfString(`${shown}…`) > room) shown = shown.slice(0, -1);
      shown = `${shown}…`;
    }
    const left = column.align === 'right' ? x + room - doc.widthOfString(shown) : x;
    doc.text(shown, left, y, { lineBreak: false });
  };

  const tableHeader = () => {
    let x = MARGIN;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(7);
    for (const column of COLUMNS) {
      cell(column.title, x, y, column);
      x += column.width;
    }
    doc.y = y;
    doc.y += ROW;
    doc.font('Helvetica').fontSize(7);
  };

  const ensureSpace = (rows: number, withTableHeader: boolean) => {
    if (doc.y + rows * ROW > bottom()) {
      doc.addPage();
      header();
      if (withTableHeader) tableHeader();
    }
  };

  const line = (cells: string[], bold = false) => {
    ensureSpace(1, true);
    let x = MARGIN;
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(7);
    cells.forEach((value, index) => {
      const column = COLUMNS[index];
      if (!column) return;
      cell(value, x, y, column);
      x += column.width;
    });
    doc.y = y + ROW;
  };

  header();
  if (data.categories.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text('Nenhum produto com saldo ou movimentação neste mês.', MARGIN, doc.y + 10);
  } else {
    tableHeader();
    for (const category of data.categories) {
      ensureSpace(2, true);
      doc
        .font('Helvetica-Bold')
        .fontSize(8)
        .text(category.name, MARGIN, doc.y + 2, { lineBreak: false });
      doc.y += ROW + 2;
      for (const item of category.lines) {
        line([
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
      line(['', `Subtotal ${category.name}`, '', '', '', '', '', '', brl(category.closingValue)], true);
    }
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(doc.page.width - MARGIN, doc.y)
      .lineWidth(0.5)
      .stroke();
    doc.y += 3;
    line(
      [
        '',
        `Total geral (${data.totals.products} produtos)`,
        '',
        '',
        '',
        '',
        '',
        '',
        brl(data.totals.closingValue),
      ],
      true,
    );
  }

  ensureSpace(4, false);
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
    ensureSpace(1, false);
    const when = new Intl.DateTimeFormat('pt-BR', {
      timeZone: settings.timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(movement.createdAt));
    cell(
      `${movement.fileName} — ${movement.rows} linhas (${movement.entries} entradas, ${movement.exits} saídas) — importada por ${movement.createdBy.name} em ${when}${movement.description ? ` — ${movement.description}` : ''}`,
      MARGIN,
      doc.y,
      { width: doc.page.width - 2 * MARGIN, align: 'left' },
    );
    doc.y += ROW;
  }

  const generated = new Intl.DateTimeFormat('pt-BR', {
    timeZone: settings.timeZone,
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
  doc.end();
  return done;
}
