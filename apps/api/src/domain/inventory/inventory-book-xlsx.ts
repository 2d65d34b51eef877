import ExcelJS from 'exceljs';
import { formatScaled } from '@armazem/contracts/decimal';
import type { TSettings } from '@armazem/contracts/settings';
import { dateLabel } from '../shared/stock-rules.ts';
import type { InventoryData } from './inventory-rules.ts';
import { bookLines, bookSections, grandTotalLabel, type BookSection } from './inventory-book-figures.ts';

// Cells hold numbers exact at their scale (at most 15 significant digits), formatted as the book prints them.
const quantity = (value: bigint) => Number(formatScaled(value, 3));
const money = (value: bigint) => Number(formatScaled(value, 4));
const cents = (value: bigint) => Number(formatScaled(value, 2));

function list(sheet: ExcelJS.Worksheet, section: BookSection) {
  sheet.addRow(['', '', section.title]).font = { bold: true };
  for (const group of section.groups) {
    const ncm = group.ncm ?? 'Sem NCM';
    for (const item of group.items) {
      for (const line of bookLines(item)) {
        sheet.addRow([
          ncm,
          item.sku,
          item.name,
          quantity(line.quantity),
          item.unityCode,
          Number(formatScaled(line.unitValue, line.decimals)),
          cents(line.partialValue),
          null,
          line.note,
        ]);
      }
    }
    const total = ['', '', `Total da classificação ${ncm}`, null, '', null, null, money(group.totalValue)];
    sheet.addRow(total).font = { bold: true };
  }
  sheet.addRow(['', '', section.totalTitle, null, '', null, null, money(section.total)]).font = {
    bold: true,
  };
}

/**
 * The Registro de Inventário (modelo 7) as a spreadsheet: the same lists, lines and totals as the PDF (the lines
 * that multiply, docs/decisions/0072); the terms and the folhas are the PDF's.
 */
export async function inventoryBookXlsx(data: InventoryData, settings: TSettings): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Registro de Inventário');
  sheet.addRow(['REGISTRO DE INVENTÁRIO — Modelo 7']).font = { bold: true };
  sheet.addRow([settings.businessName]);
  sheet.addRow([
    `CNPJ ${settings.businessDocument || 'não informado'} · Inscrição estadual ${settings.businessStateRegistration || 'não informada'}`,
  ]);
  sheet.addRow([`Estoques existentes em ${dateLabel(data.date)}`]);
  sheet.addRow([]);
  sheet.addRow([
    'Classificação fiscal',
    'Código',
    'Discriminação',
    'Quantidade',
    'Unidade',
    'Valor unitário',
    'Valor parcial',
    'Valor total',
    'Observações',
  ]).font = { bold: true };
  let totalled = false;
  const grandTotal = () => {
    sheet.addRow(['', '', grandTotalLabel(data), null, '', null, null, money(data.totalValue)]).font = {
      bold: true,
    };
    totalled = true;
  };
  for (const section of bookSections(data)) {
    if (section.position === 'held' && !totalled) grandTotal();
    list(sheet, section);
  }
  if (!totalled) grandTotal();
  sheet.getColumn(4).numFmt = '#,##0.###';
  sheet.getColumn(6).numFmt = '#,##0.00####';
  for (const col of [7, 8]) sheet.getColumn(col).numFmt = '#,##0.00';
  sheet.columns.forEach((column, index) => (column.width = index === 2 || index === 8 ? 48 : 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
