import ExcelJS from 'exceljs';
import { movementLabel } from '@armazem/contracts/stock';
import type { TKardex, TKardexRow } from '@armazem/contracts/stock-history';
import type { TSettings } from '@armazem/contracts/settings';
import { quantityLabel } from '../../lib/numbers.ts';
import {
  documentLine,
  drawTexts,
  generatedLine,
  landscapePdf,
  pageFooters,
  tableOf,
  wrap,
  type Column,
} from '../../lib/pdf-table.ts';
import { parseScaled } from '@armazem/contracts/decimal';
import { dateLabel } from '../shared/stock-rules.ts';
import { formatMoney } from '@armazem/contracts/money';

const money = (value: string) => {
  const parsed = parseScaled(value, 4);
  return parsed.ok ? parsed.value : 0n;
};
const qty = (value: string) => {
  const parsed = parseScaled(value, 3);
  return parsed.ok ? parsed.value : 0n;
};

/** "Saída (Venda) · Manual", and its document after it unless the file gives the document a column of its own. */
function describe(row: TKardexRow, withDocument = true) {
  return `${movementLabel(row)}${withDocument && row.document ? ` · ${row.document}` : ''}`;
}

const fileBase = (kardex: TKardex) =>
  `kardex-${kardex.product.sku.replace(/[^\w.-]+/g, '_')}-${kardex.from}-a-${kardex.to}`;

/** Who the printed kardex belongs to and who printed it, when: its header and its footer. */
export interface KardexSignature {
  settings: TSettings;
  user: string;
  at: Date;
}

/** The kardex as a file: an .xlsx with typed cells, or an A4 landscape PDF. */
export async function kardexFile(kardex: TKardex, format: 'xlsx' | 'pdf', signature: KardexSignature) {
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
    bytes: await kardexPdf(kardex, signature),
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
    'Documento',
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
      describe(row, false),
      row.document ?? '',
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
  // the same columns as the screen: Data, Movimento, Documento, Fornecedor, then the figures
  for (const col of [6, 7, 9, 10]) sheet.getColumn(col).numFmt = '#,##0.00##';
  for (const col of [5, 8]) sheet.getColumn(col).numFmt = '#,##0.###';
  sheet.columns.forEach((column, index) => (column.width = index === 1 ? 40 : 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const COLUMNS: readonly Column[] = [
  { title: 'Data', width: 58, align: 'left' },
  { title: 'Movimento', width: 220, align: 'left' },
  { title: 'Quantidade', width: 70, align: 'right' },
  { title: 'Custo unit.', width: 70, align: 'right' },
  { title: 'Custo total', width: 80, align: 'right' },
  { title: 'Saldo', width: 70, align: 'right' },
  { title: 'Custo médio', width: 80, align: 'right' },
  { title: 'Valor', width: 90, align: 'right' },
];
const MARGIN = 36;

function positionCells(label: string, p: TKardex['opening']): string[] {
  return [
    label,
    '',
    '',
    '',
    '',
    quantityLabel(qty(p.quantity)),
    formatMoney(money(p.averageCost)),
    formatMoney(money(p.totalValue), { cents: true }),
  ];
}

function rowCells(row: TKardexRow): string[] {
  return [
    dateLabel(row.occurredOn),
    describe(row) + (row.supplier ? ` · ${row.supplier.name}` : ''),
    `${row.direction === 'in' ? '' : '−'}${quantityLabel(qty(row.quantity))}`,
    formatMoney(money(row.unitCost)),
    formatMoney(money(row.totalCost), { cents: true }),
    quantityLabel(qty(row.balanceQuantity)),
    formatMoney(money(row.averageCost)),
    formatMoney(money(row.balanceValue), { cents: true }),
  ];
}

/**
 * A4 landscape: the business, title and period, the table (header on every page, cells wrap), and at the foot who
 * generated it, when, and "Página X de Y".
 */
function kardexPdf(kardex: TKardex, { settings, user, at }: KardexSignature): Promise<Buffer> {
  const pdf = landscapePdf(MARGIN);
  const { doc, regular, bold } = pdf;
  const table = tableOf(pdf, COLUMNS, { line: 10, gap: 3, size: 8, newPage: () => (doc.y = MARGIN) });
  const business = [
    settings.businessName,
    settings.businessDocument ? documentLine(settings.businessDocument) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  drawTexts(doc, regular, 9, [[business, MARGIN, MARGIN]]);
  const top = MARGIN + 14;
  const title = `Kardex · ${kardex.product.sku} · ${kardex.product.name}`;
  const titleLines = wrap(bold, 13, title, doc.page.width - 2 * MARGIN);
  drawTexts(
    doc,
    bold,
    13,
    titleLines.map((text, index) => [text, MARGIN, top + index * 16]),
  );
  const period = `Período: ${dateLabel(kardex.from)} a ${dateLabel(kardex.to)} · quantidades em ${kardex.unity.code}`;
  drawTexts(doc, regular, 9, [[period, MARGIN, top + titleLines.length * 16 + 2]]);
  doc.y = top + titleLines.length * 16 + 20;
  table.header();
  table.row(positionCells('Saldo anterior', kardex.opening), true);
  for (const row of kardex.data) table.row(rowCells(row));
  table.row(positionCells('Saldo final', kardex.closing), true);
  pageFooters(doc, regular, 8, MARGIN, generatedLine(settings.timeZone, at, user));
  doc.end();
  return pdf.done;
}
