import ExcelJS from 'exceljs';
import { formatScaled } from '@armazem/contracts/decimal';
import type { TSettings } from '@armazem/contracts/settings';
import { dateLabel } from '../stock/stock-rules.ts';
import { bookItemName, HELD_TOTAL, sectionOpenedBy, type InventoryData } from './inventory-rules.ts';

// Cells hold numbers exact at their scale (at most 15 significant digits), formatted as the book prints them.
const quantity = (value: bigint) => Number(formatScaled(value, 3));
const money = (value: bigint) => Number(formatScaled(value, 4));

/** The Registro de Inventário (modelo 7) as a spreadsheet: the same lines and totals as the PDF. */
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
  ]).font = { bold: true };
  for (const [index, group] of data.groups.entries()) {
    const ncm = group.ncm ?? 'Sem NCM';
    const section = sectionOpenedBy(data.groups, index);
    if (section) sheet.addRow(['', '', section]).font = { bold: true };
    for (const item of group.items) {
      sheet.addRow([
        ncm,
        item.sku,
        bookItemName(item),
        quantity(item.quantity),
        item.unityCode,
        money(item.unitCost),
        money(item.itemValue),
        null,
      ]);
    }
    sheet.addRow([
      '',
      '',
      `Total da classificação ${ncm}`,
      null,
      '',
      null,
      null,
      money(group.totalValue),
    ]).font = { bold: true };
  }
  sheet.addRow(['', '', 'Total geral', null, '', null, null, money(data.totalValue)]).font = { bold: true };
  if (data.heldValue > 0n) {
    sheet.addRow(['', '', HELD_TOTAL, null, '', null, null, money(data.heldValue)]).font = { bold: true };
  }
  sheet.getColumn(4).numFmt = '#,##0.###';
  sheet.getColumn(6).numFmt = '#,##0.00##';
  for (const col of [7, 8]) sheet.getColumn(col).numFmt = '#,##0.00';
  sheet.columns.forEach((column, index) => (column.width = index === 2 ? 48 : 16));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
