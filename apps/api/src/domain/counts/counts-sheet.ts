import { QUANTITY_SCALE } from '@armazem/contracts/decimal';
import type { Db } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { packageRows, PACKAGE_LABEL_COLUMNS, packageLabel } from '../products/products-public-service.ts';
import { baseQuantityOf, type UnityRule } from '../shared/stock-rules.ts';
import { AppError } from '../../lib/errors.ts';
import { parseNumber, text } from '../../lib/uploads/sheet-cells.ts';
import { readSheetOf, type RawRow } from '../../lib/uploads/sheet-reader.ts';
import { type PositionRow } from '../inventory/inventory-public-service.ts';
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

/** A package barcode of a product in scope: the product, and how a quantity counted in that package becomes base units. */
export interface PackageBarcode {
  productId: number;
  rule: UnityRule;
}

/** Active package barcodes of the products in scope (the product's own barcode is on its position). */
export async function barcodesOf(db: Db, productIds: ReadonlySet<number>) {
  const rows = await packageRows(db)
    .select([...PACKAGE_LABEL_COLUMNS, 'pu.product_id', 'pu.barcode', 'u.fractional'])
    .select('base.fractional as base_fractional')
    .where('pu.barcode', 'is not', null)
    .where('pu.status', '=', 'active')
    .execute();
  const found = new Map<string, PackageBarcode>();
  for (const row of rows) {
    if (!row.barcode || !productIds.has(row.product_id)) continue;
    const isDefault = row.is_default === 1;
    found.set(row.barcode, {
      productId: row.product_id,
      rule: {
        unitsPerPackage: toBigInt(row.quantity),
        packageFractional: (isDefault ? row.base_fractional : row.fractional) === 1,
        baseFractional: row.base_fractional === 1,
        baseCode: row.base_code,
        label: packageLabel(row),
      },
    });
  }
  return found;
}

interface Lookup {
  bySku: ReadonlyMap<string, PositionRow>;
  byBarcode: ReadonlyMap<string, PositionRow>;
  packages: ReadonlyMap<string, PackageBarcode>;
  byId: ReadonlyMap<number, PositionRow>;
}

/**
 * The product a row names and the package its quantity is in. With a Código, the quantity is in the product's base
 * unit (the sheet's Unidade column), and a barcode beside it must be the same product's. With only a barcode, a
 * package's barcode means the quantity counts packages (a scanner's list: 2 boxes of 12 are 24 UN).
 */
function productOf(
  sku: string | null,
  barcode: string | null,
  lookup: Lookup,
): { position: PositionRow; rule: UnityRule | null } | { error: string } {
  const pack = barcode ? lookup.packages.get(barcode) : undefined;
  const byBarcode = barcode
    ? (lookup.byBarcode.get(barcode) ?? lookup.byId.get(pack?.productId ?? 0))
    : undefined;
  if (!sku) {
    if (!byBarcode)
      return { error: `Produto ${barcode} não encontrado entre os produtos ativos deste balanço.` };
    return { position: byBarcode, rule: lookup.byBarcode.has(barcode ?? '') ? null : (pack?.rule ?? null) };
  }
  const position = lookup.bySku.get(sku.toUpperCase());
  if (!position) return { error: `Produto ${sku} não encontrado entre os produtos ativos deste balanço.` };
  if (barcode && byBarcode?.productId !== position.productId) {
    return {
      error: `O Código ${sku} e o Código de barras ${barcode} não são do mesmo produto deste balanço.`,
    };
  }
  return { position, rule: null };
}

function resolveRow(
  row: Row,
  lookup: Lookup,
): { position: PositionRow; quantity: bigint } | { error: string } | null {
  const sku = text(row.values.sku);
  const barcode = text(row.values.barcode);
  const cell = parseNumber(row.values.quantity, QUANTITY_SCALE);
  if (cell === null) return null; // not counted: left as it is
  if (!sku && !barcode) return { error: 'Informe o Código ou o Código de barras do produto.' };
  const named = productOf(sku, barcode, lookup);
  if ('error' in named) return { error: named.error };
  if ('error' in cell) return { error: `Quantidade contada: ${cell.error}` };
  const { position, rule } = named;
  let quantity = cell.value;
  if (rule) {
    const base = baseQuantityOf(rule, quantity);
    if (!base.ok) return { error: base.message };
    quantity = base.baseQuantity;
  }
  const problem = countedQuantityProblem(position.fractional, quantity, position.unityCode);
  return problem ? { error: problem } : { position, quantity };
}

/** A row of the upload that says something: the product and base quantity it names, or why it cannot be used. */
export type SheetRow =
  | { line: number; position: PositionRow; quantity: bigint; error: null }
  | { line: number; position: null; quantity: null; error: string };

/** Reads the upload (the monthly sheet's reader, in its worker) and resolves each row with a quantity. */
export async function resolveCountSheet(
  bytes: Uint8Array,
  positions: readonly PositionRow[],
  packageBarcodes: ReadonlyMap<string, PackageBarcode>,
): Promise<SheetRow[]> {
  const sheet = await readSheetOf(bytes, COUNT_COLUMNS);
  if (!sheet.columns.includes('sku') && !sheet.columns.includes('barcode')) {
    throw new AppError(
      'UNPROCESSABLE',
      'A planilha precisa da coluna Código ou Código de barras (baixe a planilha do balanço).',
    );
  }
  const byBarcode = new Map<string, PositionRow>();
  for (const p of positions) if (p.barcode) byBarcode.set(p.barcode, p);
  const lookup: Lookup = {
    bySku: new Map(positions.map((p) => [p.sku.toUpperCase(), p])),
    byBarcode,
    packages: packageBarcodes,
    byId: new Map(positions.map((p) => [p.productId, p])),
  };
  const rows: SheetRow[] = [];
  const seen = new Map<number, number>();
  for (const row of sheet.rows) {
    const resolved = resolveRow(row, lookup);
    if (resolved === null) continue;
    const line = row.line;
    if ('error' in resolved) {
      rows.push({ line, position: null, quantity: null, error: resolved.error });
      continue;
    }
    const earlier = seen.get(resolved.position.productId);
    if (earlier !== undefined) {
      const error = `O produto ${resolved.position.sku} já foi contado na linha ${earlier}.`;
      rows.push({ line, position: null, quantity: null, error });
      continue;
    }
    seen.set(resolved.position.productId, line);
    rows.push({ line, position: resolved.position, quantity: resolved.quantity, error: null });
  }
  return rows;
}

/** The rows to merge; 422 lists every bad row (nothing merged), or says that nothing was counted. */
export function countSheetItems(rows: readonly SheetRow[]) {
  const errors: SheetRowError[] = rows.flatMap((row) =>
    row.error === null ? [] : [{ line: row.line, message: row.error }],
  );
  if (errors.length > 0) {
    throw new AppError(
      'UNPROCESSABLE',
      `${errors.length === 1 ? 'Uma linha da planilha tem erro' : `${errors.length.toLocaleString('pt-BR')} linhas da planilha têm erros`}: nada foi registrado. Corrija e envie de novo.`,
      { details: { rows: errors } },
    );
  }
  const items = rows.flatMap((row) =>
    row.position ? [{ productId: row.position.productId, countedQuantity: row.quantity }] : [],
  );
  if (items.length === 0) {
    throw new AppError(
      'UNPROCESSABLE',
      'Nenhuma quantidade contada na planilha: preencha a coluna Quantidade contada.',
    );
  }
  return items;
}
