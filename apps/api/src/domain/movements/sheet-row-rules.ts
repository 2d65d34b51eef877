import {
  MONEY_SCALE,
  QUANTITY_SCALE,
  formatMoneyBR,
  formatQuantityBR,
  formatScaled,
} from '@armazem/contracts/decimal';
import { documentKind, normalizeDocument } from '@armazem/contracts/documents';
import { LIMITS } from '@armazem/contracts/common';
import { MAX_QUANTITY, MAX_UNIT_COST } from '@armazem/contracts/numbers';
import { STOCK_REASONS, type TStockReason } from '@armazem/contracts/stock';
import type { TSheetRow } from '@armazem/contracts/movements';
import { countLabel } from '../../lib/numbers.ts';
import { foldText } from '../../lib/text.ts';
import { baseQuantityOf } from '../shared/stock-rules.ts';
import {
  excerpt,
  parseDate,
  parseNumber,
  parseType,
  text,
  type NumberCell,
} from '../../lib/uploads/sheet-cells.ts';
import type { CellValue } from '../../lib/uploads/sheet-reader.ts';
import { COLUMNS, type ColumnKey, type MovementRow as RawRow } from './sheet-columns.ts';

// The checks of one sheet row against the catalog and the chosen month: pure, the catalog is handed in.

/** A row ready for the ledger, once every check passed. */
export interface ResolvedRow {
  line: number;
  productId: number;
  productUnityId: number;
  direction: 'in' | 'out';
  quantity: bigint;
  baseQuantity: bigint;
  /** the product's base unit code, for messages */
  baseUnit: string;
  /** an entry's cost per package; an exit's cost is derived by the posting pipeline */
  unitCost: bigint | null;
  supplierId: number | null;
  reason: TStockReason | null;
  occurredOn: string;
  document: string | null;
  notes: string | null;
}

export interface CheckedRow {
  view: TSheetRow;
  resolved: ResolvedRow | null;
}

export interface SheetUnity {
  id: number;
  label: string;
  code: string;
  quantity: bigint;
  fractional: boolean;
  isDefault: boolean;
  status: string;
  barcode: string | null;
}

export interface SheetProduct {
  id: number;
  sku: string;
  name: string;
  status: string;
  baseCode: string;
  baseFractional: boolean;
  unities: SheetUnity[];
}

export interface SheetSupplier {
  id: number;
  status: string;
  name: string;
}

/** What the rows name, looked up once: products by SKU or barcode, suppliers by document. */
export interface SheetCatalog {
  products: Map<string, SheetProduct>;
  suppliers: Map<string, SheetSupplier>;
}

type Fail = (column: ColumnKey, message: string) => void;

/**
 * The package a row is in: the one its Unidade names (by label, barcode or unit code), or, without one, the package
 * whose barcode is the row's Código (a scanned box is a box), else the base unit. A unit code that several active
 * packages share names none of them ('ambiguous').
 */
function findUnity(product: SheetProduct, value: string | null, code: string | null) {
  if (!value) {
    return (
      product.unities.find((unity) => code !== null && unity.barcode === code) ??
      product.unities.find((unity) => unity.isDefault)
    );
  }
  const wanted = foldText(value).replace(/\s+/g, ' ');
  const named = product.unities.find((unity) => foldText(unity.label) === wanted || unity.barcode === value);
  if (named) return named;
  const byCode = product.unities.filter((unity) => foldText(unity.code) === wanted);
  const base = byCode.find((unity) => unity.isDefault);
  if (base || byCode.length <= 1) return base ?? byCode[0];
  const active = byCode.filter((unity) => unity.status === 'active');
  return active.length === 1 ? active[0] : ('ambiguous' as const);
}

export const OUT_OF_MONTH = 'Fora do mês escolhido.';

function checkDate(value: CellValue | undefined, monthPrefix: string, today: string, fail: Fail) {
  const occurredOn = parseDate(value);
  if (value === undefined) fail('date', 'Informe a data.');
  else if (!occurredOn) fail('date', 'Data inválida: use dd/mm/aaaa.');
  else if (!occurredOn.startsWith(monthPrefix))
    fail('date', OUT_OF_MONTH); // the preview says once which month the dates are in (monthNotice)
  else if (occurredOn > today) fail('date', 'A data não pode ser futura.');
  return occurredOn;
}

function checkProduct(value: CellValue | undefined, products: SheetCatalog['products'], fail: Fail) {
  const code = text(value)?.toUpperCase() ?? null;
  const product = code ? products.get(code) : undefined;
  if (!code) fail('sku', 'Informe o código do produto.');
  else if (!product) fail('sku', `Produto ${excerpt(code)} não encontrado.`);
  else if (product.status !== 'active') fail('sku', `O produto ${product.sku} está inativo.`);
  return { code, product };
}

function checkType(value: CellValue | undefined, fail: Fail) {
  const direction = parseType(value);
  if (!direction)
    fail(
      'type',
      value === undefined
        ? 'Informe o tipo (Entrada ou Saída).'
        : 'Tipo inválido: use Entrada ou Saída (E ou S).',
    );
  return direction;
}

function checkUnity(
  product: SheetProduct | undefined,
  unityText: string | null,
  code: string | null,
  fail: Fail,
): SheetUnity | undefined {
  const found = product ? findUnity(product, unityText, code) : undefined;
  if (product && found === 'ambiguous') {
    const shared = product.unities.filter(
      (u) => u.status === 'active' && foldText(u.code) === foldText(unityText ?? ''),
    );
    fail(
      'unity',
      `A unidade "${excerpt(unityText)}" é de mais de uma embalagem de ${product.sku} (${shared.map((u) => u.label).join(', ')}): escreva qual, como está no produto.`,
    );
    return undefined;
  }
  const unity = found === 'ambiguous' ? undefined : found;
  if (product && !unity)
    fail(
      'unity',
      `Unidade "${excerpt(unityText)}" não existe para ${product.sku}. Use ${product.unities.map((u) => u.label).join(', ')}.`,
    );
  else if (unity && unity.status !== 'active') fail('unity', `A embalagem ${unity.label} está inativa.`);
  return unity;
}

function checkQuantity(
  value: CellValue | undefined,
  product: SheetProduct | undefined,
  unity: SheetUnity | undefined,
  fail: Fail,
) {
  const quantity = parseNumber(value, QUANTITY_SCALE);
  let baseQuantity: bigint | null = null;
  if (quantity === null) fail('quantity', 'Informe a quantidade.');
  else if ('error' in quantity) fail('quantity', quantity.error);
  else if (quantity.value <= 0n) fail('quantity', 'A quantidade deve ser maior que zero.');
  else if (quantity.value > MAX_QUANTITY)
    fail('quantity', `A quantidade deve ser no máximo ${formatQuantityBR(MAX_QUANTITY)}.`);
  else if (unity && product) {
    const base = baseQuantityOf(
      {
        unitsPerPackage: unity.quantity,
        packageFractional: unity.isDefault ? product.baseFractional : unity.fractional,
        baseFractional: product.baseFractional,
        baseCode: product.baseCode,
        label: unity.label,
      },
      quantity.value,
    );
    if (base.ok) baseQuantity = base.baseQuantity;
    else fail('quantity', base.message);
  }
  return { quantity, baseQuantity };
}

function checkCost(value: CellValue | undefined, direction: 'in' | 'out' | null, fail: Fail) {
  const cost = parseNumber(value, MONEY_SCALE);
  if (direction === 'in') {
    if (cost === null) fail('unitCost', 'Informe o custo unitário da entrada.');
    else if ('error' in cost) fail('unitCost', cost.error);
    else if (cost.value < 0n) fail('unitCost', 'O custo unitário não pode ser negativo.');
    else if (cost.value > MAX_UNIT_COST)
      fail('unitCost', `O custo unitário deve ser no máximo ${formatMoneyBR(MAX_UNIT_COST)}.`);
  } else if (cost && 'error' in cost) fail('unitCost', cost.error);
  return cost;
}

function checkSupplier(
  supplierText: string | null,
  suppliers: SheetCatalog['suppliers'],
  direction: 'in' | 'out' | null,
  fail: Fail,
): number | null {
  if (!supplierText) return null;
  const document = normalizeDocument(supplierText);
  const supplier = suppliers.get(document);
  if (!documentKind(document)) fail('supplier', 'CNPJ ou CPF do fornecedor inválido.');
  else if (!supplier) fail('supplier', 'Fornecedor não cadastrado com este CNPJ/CPF.');
  else if (supplier.status !== 'active') fail('supplier', `O fornecedor ${supplier.name} está inativo.`);
  else if (direction === 'out') fail('supplier', 'Fornecedor só se informa nas entradas.');
  else return supplier.id;
  return null;
}

/** The reason (exits only; blank is a sale) and the free-text columns, each within its limit. */
function checkTexts(values: RawRow['values'], direction: 'in' | 'out' | null, fail: Fail) {
  const reasonText = text(values.reason);
  const reason = direction === 'out' ? ((reasonText ? foldText(reasonText) : 'venda') as TStockReason) : null;
  if (direction === 'out' && !STOCK_REASONS.includes(reason as TStockReason)) {
    fail('reason', `Motivo inválido: use ${STOCK_REASONS.join(', ')}.`);
  }
  const document = text(values.document);
  if (document && document.length > LIMITS.document)
    fail('document', `Máximo de ${countLabel(LIMITS.document)} caracteres.`);
  const notes = text(values.notes);
  if (notes && notes.length > LIMITS.notes)
    fail('notes', `Máximo de ${countLabel(LIMITS.notes)} caracteres.`);
  return { reasonText, reason, document, notes };
}

const scaled = (cell: NumberCell, scale: number, raw: CellValue | undefined) =>
  cell && 'value' in cell ? formatScaled(cell.value, scale) : excerpt(text(raw));

/** Checks one row: every problem it has, each under its column, and the ledger row when there is none. */
export function checkRow(
  row: RawRow,
  catalog: SheetCatalog,
  period: { year: number; month: number; today: string },
): CheckedRow {
  const errors: TSheetRow['errors'] = [];
  const fail: Fail = (column, message) => errors.push({ column: COLUMNS[column].label, message });
  const v = row.values;
  const monthPrefix = `${period.year}-${String(period.month).padStart(2, '0')}-`;

  const occurredOn = checkDate(v.date, monthPrefix, period.today, fail);
  const { code, product } = checkProduct(v.sku, catalog.products, fail);
  const direction = checkType(v.type, fail);
  const unityText = text(v.unity);
  const unity = checkUnity(product, unityText, code, fail);
  const { quantity, baseQuantity } = checkQuantity(v.quantity, product, unity, fail);
  const cost = checkCost(v.unitCost, direction, fail);
  const supplierText = text(v.supplier);
  const supplierId = checkSupplier(supplierText, catalog.suppliers, direction, fail);
  const { reasonText, reason, document, notes } = checkTexts(v, direction, fail);

  const resolved: ResolvedRow | null =
    errors.length === 0 &&
    product &&
    unity &&
    direction &&
    occurredOn &&
    quantity &&
    'value' in quantity &&
    baseQuantity !== null
      ? {
          line: row.line,
          baseUnit: product.baseCode,
          productId: product.id,
          productUnityId: unity.id,
          direction,
          quantity: quantity.value,
          baseQuantity,
          unitCost: direction === 'in' ? (cost && 'value' in cost ? cost.value : 0n) : null,
          supplierId,
          reason,
          occurredOn,
          document,
          notes,
        }
      : null;

  return {
    resolved,
    view: {
      line: row.line,
      occurredOn: occurredOn ?? excerpt(text(v.date)),
      sku: excerpt(code),
      product: product?.name ?? null,
      type: direction === 'in' ? 'Entrada' : direction === 'out' ? 'Saída' : null,
      quantity: scaled(quantity, QUANTITY_SCALE, v.quantity),
      unity: unity?.label ?? excerpt(unityText),
      unitCost: scaled(cost, MONEY_SCALE, v.unitCost),
      supplier: excerpt(supplierText),
      document: excerpt(document, LIMITS.document),
      notes: excerpt(notes, LIMITS.notes),
      reason: direction === 'out' ? (excerpt(reasonText) ?? 'venda') : null,
      errors,
    },
  };
}

const CHECK_SLICE = 500;

/**
 * Checks every row against the catalog and the chosen month. Whether the stock is there on each row's date is
 * the posting pipeline's call (see `markShortages`), the same as for every other source of movements.
 */
export async function checkRows(
  rows: RawRow[],
  catalog: SheetCatalog,
  period: { year: number; month: number; today: string },
): Promise<CheckedRow[]> {
  // 50,000 rows take a while: hand the event loop back every few hundred, so other requests are not kept waiting
  const checked: CheckedRow[] = [];
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % CHECK_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    checked.push(checkRow(row, catalog, period));
  }
  return checked;
}
