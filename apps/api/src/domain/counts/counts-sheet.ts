import { QUANTITY_SCALE } from '@armazem/contracts/decimal';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import { parseNumber, text } from '../movements/sheet-cells.ts';
import { readSheetOf, type RawRow } from '../movements/sheet-reader.ts';
import type { PositionRow } from '../inventory/inventory-repository.ts';
import { countedQuantityProblem } from './counts-rules.ts';

/** The count sheet: download to count on paper or in a spreadsheet, upload to merge what was counted. */

export const COUNT_COLUMNS = {
  sku: { label: 'Código', required: false, aliases: ['codigo', 'sku', 'codigo do produto', 'cod'] },
  barcode: {
    label: 'Código de barras',
    required: false,
    aliases: ['codigo de barras', 'ean', 'gtin', 'barras', 'cod barras'],
  },
  quantity: {
    label: 'Quantidade contada',
    required: true,
    aliases: ['quantidade contada', 'contagem', 'contado', 'quantidade', 'qtd', 'qtde'],
  },
} as const;

/** The sheet to count on. exceljs loads here, on the first download, not at start-up (the reader does not need it). */
export async function countSheet(positions: readonly PositionRow[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Contagem');
  sheet.addRow(['Código', 'Código de barras', 'Produto', 'Unidade', 'Quantidade contada']).font = {
    bold: true,
  };
  for (const p of positions) sheet.addRow([p.sku, p.barcode ?? '', p.name, p.unityCode, null]);
  sheet.getColumn(1).numFmt = '@';
  sheet.getColumn(2).numFmt = '@';
  sheet.columns.forEach((column, index) => (column.width = index === 2 ? 48 : 18));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export interface SheetRowError {
  line: number;
  message: string;
}

type Row = RawRow<keyof typeof COUNT_COLUMNS>;

/** Product and package barcodes of the products in scope (a package's barcode names its product). */
export async function barcodesOf(db: Db, productIds: ReadonlySet<number>) {
  const rows = await db
    .selectFrom('product_unities')
    .select(['product_id', 'barcode'])
    .where('barcode', 'is not', null)
    .where('status', '=', 'active')
    .execute();
  return new Map(
    rows.filter((r) => r.barcode && productIds.has(r.product_id)).map((r) => [r.barcode ?? '', r.product_id]),
  );
}

function resolveRow(
  row: Row,
  bySku: ReadonlyMap<string, PositionRow>,
  byBarcode: ReadonlyMap<string, PositionRow>,
): { position: PositionRow; quantity: bigint } | { error: string } | null {
  const sku = text(row.values.sku);
  const barcode = text(row.values.barcode);
  const cell = parseNumber(row.values.quantity, QUANTITY_SCALE);
  if (cell === null) return null; // not counted: left as it is
  if (!sku && !barcode) return { error: 'Informe o Código ou o Código de barras do produto.' };
  const position =
    (sku ? bySku.get(sku.toUpperCase()) : undefined) ?? (barcode ? byBarcode.get(barcode) : undefined);
  if (!position) {
    return { error: `Produto ${sku ?? barcode} não encontrado entre os produtos ativos deste balanço.` };
  }
  if ('error' in cell) return { error: `Quantidade contada: ${cell.error}` };
  const problem = countedQuantityProblem(position.fractional, cell.value, position.unityCode);
  return problem ? { error: problem } : { position, quantity: cell.value };
}

/** Reads the upload (the monthly sheet's reader, in its worker) and resolves each row; 422 lists every bad row. */
export async function readCountSheet(
  bytes: Uint8Array,
  positions: readonly PositionRow[],
  packageBarcodes: ReadonlyMap<string, number>,
) {
  const sheet = await readSheetOf(bytes, COUNT_COLUMNS);
  if (!sheet.columns.includes('sku') && !sheet.columns.includes('barcode')) {
    throw new AppError(
      'UNPROCESSABLE',
      'A planilha precisa da coluna Código ou Código de barras (baixe a planilha do balanço).',
    );
  }
  const bySku = new Map(positions.map((p) => [p.sku.toUpperCase(), p]));
  const byId = new Map(positions.map((p) => [p.productId, p]));
  const byBarcode = new Map<string, PositionRow>();
  for (const [barcode, productId] of packageBarcodes) {
    const position = byId.get(productId);
    if (position) byBarcode.set(barcode, position);
  }
  for (const p of positions) if (p.barcode) byBarcode.set(p.barcode, p);
  const errors: SheetRowError[] = [];
  const items: Array<{ productId: number; countedQuantity: bigint }> = [];
  const seen = new Map<number, number>();
  for (const row of sheet.rows) {
    const resolved = resolveRow(row, bySku, byBarcode);
    if (resolved === null) continue;
    if ('error' in resolved) {
      errors.push({ line: row.line, message: resolved.error });
      continue;
    }
    const earlier = seen.get(resolved.position.productId);
    if (earlier !== undefined) {
      errors.push({
        line: row.line,
        message: `O produto ${resolved.position.sku} já foi contado na linha ${earlier}.`,
      });
      continue;
    }
    seen.set(resolved.position.productId, row.line);
    items.push({ productId: resolved.position.productId, countedQuantity: resolved.quantity });
  }
  if (errors.length > 0) {
    throw new AppError(
      'UNPROCESSABLE',
      `${errors.length === 1 ? 'Uma linha da planilha tem erro' : `${errors.length} linhas da planilha têm erros`}: nada foi registrado. Corrija e envie de novo.`,
      { details: { rows: errors } },
    );
  }
  if (items.length === 0) {
    throw new AppError(
      'UNPROCESSABLE',
      'Nenhuma quantidade contada na planilha: preencha a coluna Quantidade contada.',
    );
  }
  return items;
}
