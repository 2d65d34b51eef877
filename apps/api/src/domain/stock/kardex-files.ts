import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { STOCK_REASON_LABELS } from '@armazem/contracts/stock';
import type { TKardex, TKardexRow } from '@armazem/contracts/stock-history';
import { brl } from '../movements/report-pdf.ts';
import { quantityLabel } from '../../lib/numbers.ts';
import { parseScaled } from '@armazem/contracts/decimal';
import { dateLabel } from './stock-rules.ts';

const SOURCE_LABELS = { manual: 'Manual', sheet: 'Planilha', nfe: 'NF-e', count: 'Balanço' } as const;

const money = (value: string) => {
  const parsed = parseScaled(value, 4);
  return parsed.ok ? parsed.value : 0n;
};
const qty = (value: string) => {
  const parsed = parseScaled(value, 3);
  return parsed.ok ? parsed.value : 0n;
};

function describe(row: TKardexRow) {
  const what =
    row.direction === 'in' ? 'Entrada' : `Saída${row.reason ? ` (${STOCK_REASON_LABELS[row.reason]})` : ''}`;
  return `${what} · ${SOURCE_LABELS[row.source]}${row.document ? ` · ${row.document}` : ''}`;
}

const fileBase = (kardex: TKardex) =>
  `kardex-${kardex.product.sku.replace(/[^\w.-]+/g, '_')}-${kardex.from}-a-${kardex.to}`;

/** The kardex as a file: an .xlsx with typed cells, or an A4 landscape PDF. */
export async function kardexFile(kardex: TKardex, format: 'xlsx' | 'pdf') {
  if (format === 'xlsx') {
    return {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      fileName: `${fileBase(kardex)}.xlsx`,
      bytes: await kardexXlsx(kardex),
    };
  }
  return {
    contentType: 'application/pdf',
    fileName: `${fileBase(kardex)}.pdf`,
    bytes: await kardexPdf(kardex),
  };
}

const asNumber = (value: string) => Number(value); // exact to the cell's scale: at most 15 significant digits

async function kardexXlsx(kardex: TKardex): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Kardex');
  sheet.addRow([`Kardex de ${kardex.product.sku} · ${kardex.product.name} (${kardex.unity.code})`]);
  sheet.addRow([`De ${dateLabel(kardex.from)} a ${dateLabel(kardex.to)}`]);
  sheet.addRow([]);
  const header = sheet.addRow([
    'Data',
    'Movimento',
    'Fornecedor',
    'Quantidade',
    'Custo unitário',
    'Custo total',
    'Saldo',
    'Custo médio',
    'Valor em estoque',
  ]);
  header.font = { bold: true };
  const position = (label: string, p: TKardex['opening']) =>
    sheet.addRow([
      label,
      '',
      '',
      '',
      '',
      '',
      asNumber(p.quantity),
      asNumber(p.averageCost),
      asNumber(p.totalValue),
    ]);
  position('Saldo anterior', kardex.opening);
  for (const row of kardex.data) {
    const [year, month, day] = row.occurredOn.split('-').map(Number) as [number, number, number];
    sheet.addRow([
      new Date(Date.UTC(year, month - 1, day)),
      describe(row),
      row.supplier?.name ?? '',
      asNumber(row.direction === 'in' ? row.quantity : `-${row.quantity}`),
      asNumber(row.unitCost),
      asNumber(row.totalCost),
      asNumber(row.balanceQuantity),
      asNumber(row.averageCost),
      asNumber(row.balanceValue),
    ]);
  }
  position('Saldo final', kardex.closing);
  sheet.getColumn(1).numFmt = 'dd/mm/yyyy';
  for (const col of [5, 6, 8, 9]) sheet.getColumn(col).numFmt = '#,##0.00##';
  for (const col of [4, 7]) sheet.getColumn(col).numFmt = '#,##0.###';
  sheet.columns.forEach((column, index) => (column.width = index === 1 ? 40 : 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const COLUMNS = [
  { title: 'Data', width: 58, align: 'left' },
  { title: 'Movimento', width: 220, align: 'left' },
  { title: 'Quantidade', width: 70, align: 'right' },
  { title: 'Custo unit.', width: 70, align: 'right' },
  { title: 'Custo total', width: 80, align: 'right' },
  { title: 'Saldo', width: 70, align: 'right' },
  { title: 'Custo médio', width: 80, align: 'right' },
  { title: 'Valor', width: 90, align: 'right' },
] as const;

function kardexPdf(kardex: TKardex): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 36, bufferPages: true });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const unit = kardex.unity.code;
  const bottom = () => doc.page.height - 36 - 20;

  const line = (cells: string[], bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell, { width: (COLUMNS[i]?.width ?? 60) - 4 })),
    );
    if (doc.y + height > bottom()) {
      doc.addPage();
      tableHeader();
    }
    const y = doc.y;
    let x = 36;
    cells.forEach((cell, i) => {
      const column = COLUMNS[i];
      if (!column) return;
      doc.text(cell, x + 2, y, { width: column.width - 4, align: column.align });
      x += column.width;
    });
    doc.y = y + height + 3;
  };
  const tableHeader = () =>
    line(
      COLUMNS.map((c) => c.title),
      true,
    );

  doc.font('Helvetica-Bold').fontSize(13).text(`Kardex · ${kardex.product.sku} · ${kardex.product.name}`);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Período: ${dateLabel(kardex.from)} a ${dateLabel(kardex.to)} · quantidades em ${unit}`);
  doc.moveDown(0.6);
  tableHeader();
  const position = (label: string, p: TKardex['opening']) =>
    line(
      [
        label,
        '',
        '',
        '',
        '',
        `${quantityLabel(qty(p.quantity))}`,
        brl(money(p.averageCost), true),
        brl(money(p.totalValue)),
      ],
      true,
    );
  position('Saldo anterior', kardex.opening);
  for (const row of kardex.data) {
    line([
      dateLabel(row.occurredOn),
      describe(row) + (row.supplier ? ` · ${row.supplier.name}` : ''),
      `${row.direction === 'in' ? '' : '−'}${quantityLabel(qty(row.quantity))}`,
      brl(money(row.unitCost), true),
      brl(money(row.totalCost)),
      quantityLabel(qty(row.balanceQuantity)),
      brl(money(row.averageCost), true),
      brl(money(row.balanceValue)),
    ]);
  }
  position('Saldo final', kardex.closing);
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(`Página ${i + 1} de ${range.count}`, 36, doc.page.height - 36 - 10, {
        width: doc.page.width - 72,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
