import {
  MONEY_SCALE,
  QUANTITY_SCALE,
  formatMoneyBR,
  formatQuantityBR,
  formatScaled,
  parseScaled,
  parseTypedScaled,
  type DecimalParseResult,
} from '@armazem/contracts/decimal';
import { documentKind, normalizeDocument } from '@armazem/contracts/documents';
import { LIMITS, isValidDate } from '@armazem/contracts/common';
import { INVALID_NUMBER_MESSAGE, MAX_QUANTITY, MAX_UNIT_COST } from '@armazem/contracts/numbers';
import { STOCK_REASONS, type TStockReason } from '@armazem/contracts/stock';
import type { TSheetRow } from '@armazem/contracts/movements';
import type { Db, Tx } from '../../db/database.ts';
import { toBigInt } from '../../db/database.ts';
import { countLabel, quantityLabel } from '../../lib/numbers.ts';
import { foldText } from '../../lib/text.ts';
import { productUnityLabel } from '../products/products-rules.ts';
import { baseQuantityOf } from '../stock/stock-rules.ts';
import { COLUMNS, type CellValue, type ColumnKey, type RawRow, type RawSheet } from './sheet-reader.ts';

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

interface ProductInfo {
  id: number;
  sku: string;
  name: string;
  status: string;
  baseCode: string;
  baseFractional: boolean;
  unities: Array<{
    id: number;
    label: string;
    code: string;
    quantity: bigint;
    fractional: boolean;
    isDefault: boolean;
    status: string;
    barcode: string | null;
  }>;
}

const text = (value: CellValue | undefined): string | null => {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim() || null;
};

/** What an answer may show of a cell: a wrong value is echoed only as a short excerpt. */
export function excerpt(value: string | null, max = 80): string | null {
  return value !== null && value.length > max ? `${value.slice(0, max)}…` : value;
}

export function parseDate(value: CellValue | undefined): string | null {
  if (value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    // a spreadsheet serial date (days since 1899-12-30) in a cell without date formatting
    if (value < 1 || value > 2958465) return null;
    return new Date(Date.UTC(1899, 11, 30) + Math.floor(value) * 86_400_000).toISOString().slice(0, 10);
  }
  const raw = value.trim();
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const candidate = br ? `${br[3]}-${br[2]?.padStart(2, '0')}-${br[1]?.padStart(2, '0')}` : iso ? raw : null;
  return candidate && isValidDate(candidate) ? candidate : null;
}

/**
 * A real number cell as it is (float noise from spreadsheets tolerated), or text read by the one Brazilian
 * rule of DESIGN.md §4 ("1.500" is one thousand five hundred, "1.234,56"), exact at `scale`.
 */
function parseNumber(
  value: CellValue | undefined,
  scale: number,
): { value: bigint } | { error: string } | null {
  if (value === undefined) return null;
  if (value instanceof Date) return { error: 'Número inválido.' };
  const tooManyDecimals = { error: `Use no máximo ${scale} casas decimais.` };
  let parsed: DecimalParseResult;
  if (typeof value === 'number') {
    const fixed = value.toFixed(scale);
    if (Math.abs(Number(fixed) - value) > 1e-9) return tooManyDecimals;
    parsed = parseScaled(fixed, scale);
  } else {
    parsed = parseTypedScaled(value, scale);
  }
  if (parsed.ok) return { value: parsed.value };
  return parsed.reason === 'scale' ? tooManyDecimals : { error: INVALID_NUMBER_MESSAGE };
}

function parseType(value: CellValue | undefined): 'in' | 'out' | null {
  const folded = foldText(text(value) ?? '');
  if (['entrada', 'e', 'ent'].includes(folded)) return 'in';
  if (['saida', 's', 'sai'].includes(folded)) return 'out';
  return null;
}

async function loadProducts(db: Db | Tx, rows: RawRow[]): Promise<Map<string, ProductInfo>> {
  const codes = [
    ...new Set(
      rows.map((row) => text(row.values.sku)?.toUpperCase()).filter((code): code is string => Boolean(code)),
    ),
  ];
  const byCode = new Map<string, ProductInfo>();
  const byId = new Map<number, ProductInfo>();
  for (let start = 0; start < codes.length; start += 500) {
    const chunk = codes.slice(start, start + 500);
    const [products, viaBarcode] = await Promise.all([
      db
        .selectFrom('products as p')
        .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
        .select(['p.id', 'p.sku', 'p.name', 'p.status', 'u.code', 'u.name as unity_name', 'u.fractional'])
        .where('p.sku', 'in', chunk)
        .execute(),
      db
        .selectFrom('product_unities as pu')
        .innerJoin('products as p', 'p.id', 'pu.product_id')
        .innerJoin('unities as u', 'u.id', 'p.base_unity_id')
        .select([
          'pu.barcode',
          'p.id',
          'p.sku',
          'p.name',
          'p.status',
          'u.code',
          'u.name as unity_name',
          'u.fractional',
        ])
        .where('pu.barcode', 'in', chunk)
        .execute(),
    ]);
    const remember = (product: (typeof products)[number], key: string) => {
      const info: ProductInfo = byId.get(product.id) ?? {
        id: product.id,
        sku: product.sku,
        name: product.name,
        status: product.status,
        baseCode: product.code,
        baseFractional: product.fractional === 1,
        unities: [],
      };
      byId.set(product.id, info);
      byCode.set(key, info);
    };
    for (const product of products) remember(product, product.sku);
    for (const product of viaBarcode) if (product.barcode) remember(product, product.barcode);
  }
  const ids = [...byId.keys()];
  for (let start = 0; start < ids.length; start += 500) {
    const unities = await db
      .selectFrom('product_unities as pu')
      .innerJoin('products as p', 'p.id', 'pu.product_id')
      .innerJoin('unities as base', 'base.id', 'p.base_unity_id')
      .innerJoin('unities as u', 'u.id', 'pu.unity_id')
      .innerJoin('unity_batches as ub', 'ub.id', 'pu.unity_batch_id')
      .select([
        'pu.id',
        'pu.product_id',
        'pu.quantity',
        'pu.is_default',
        'pu.status',
        'pu.barcode',
        'u.code',
        'u.fractional',
        'ub.name as batch_name',
        'base.code as base_code',
        'base.name as base_name',
      ])
      .where('pu.product_id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const unity of unities) {
      byId.get(unity.product_id)?.unities.push({
        id: unity.id,
        label: productUnityLabel({
          isDefault: unity.is_default === 1,
          batchName: unity.batch_name,
          quantity: unity.quantity,
          baseCode: unity.base_code,
          baseName: unity.base_name,
        }),
        code: unity.code,
        quantity: toBigInt(unity.quantity),
        fractional: unity.fractional === 1,
        isDefault: unity.is_default === 1,
        status: unity.status,
        barcode: unity.barcode,
      });
    }
  }
  return byCode;
}

async function loadSuppliers(db: Db | Tx, rows: RawRow[]) {
  const documents = [
    ...new Set(
      rows
        .map((row) => text(row.values.supplier))
        .filter((value): value is string => Boolean(value))
        .map(normalizeDocument),
    ),
  ];
  const map = new Map<string, { id: number; status: string; name: string }>();
  for (let start = 0; start < documents.length; start += 500) {
    const found = await db
      .selectFrom('suppliers')
      .select(['id', 'document', 'status', 'name'])
      .where('document', 'in', documents.slice(start, start + 500))
      .execute();
    for (const supplier of found) map.set(supplier.document, supplier);
  }
  return map;
}

function findUnity(product: ProductInfo, value: string | null) {
  if (!value) return product.unities.find((unity) => unity.isDefault);
  const wanted = foldText(value).replace(/\s+/g, ' ');
  const matches = product.unities.filter(
    (unity) => foldText(unity.label) === wanted || foldText(unity.code) === wanted || unity.barcode === value,
  );
  return matches.find((unity) => unity.isDefault) ?? matches[0];
}

/**
 * Checks every row against the catalog and the chosen month. Whether the stock is there on each row's date is
 * the posting pipeline's call (see `markShortages`), the same as for every other source of movements.
 */
export async function checkRows(
  db: Db | Tx,
  { rows }: Pick<RawSheet, 'rows'>,
  period: { year: number; month: number; today: string },
): Promise<CheckedRow[]> {
  const [products, suppliers] = await Promise.all([loadProducts(db, rows), loadSuppliers(db, rows)]);
  const monthPrefix = `${period.year}-${String(period.month).padStart(2, '0')}-`;

  const checkRow = (row: RawRow): CheckedRow => {
    const errors: Array<{ column: string; message: string }> = [];
    const fail = (column: ColumnKey, message: string) =>
      errors.push({ column: COLUMNS[column].label, message });
    const v = row.values;

    const occurredOn = parseDate(v.date);
    if (v.date === undefined) fail('date', 'Informe a data.');
    else if (!occurredOn) fail('date', 'Data inválida: use dd/mm/aaaa.');
    else if (!occurredOn.startsWith(monthPrefix))
      fail('date', `A data ${occurredOn.split('-').reverse().join('/')} está fora do mês escolhido.`);
    else if (occurredOn > period.today) fail('date', 'A data não pode ser futura.');

    const code = text(v.sku)?.toUpperCase() ?? null;
    const product = code ? products.get(code) : undefined;
    if (!code) fail('sku', 'Informe o código do produto.');
    else if (!product) fail('sku', `Produto ${excerpt(code)} não encontrado.`);
    else if (product.status !== 'active') fail('sku', `O produto ${product.sku} está inativo.`);

    const direction = parseType(v.type);
    if (!direction)
      fail(
        'type',
        v.type === undefined
          ? 'Informe o tipo (Entrada ou Saída).'
          : 'Tipo inválido: use Entrada ou Saída (E ou S).',
      );

    const unityText = text(v.unity);
    const unity = product ? findUnity(product, unityText) : undefined;
    if (product && !unity)
      fail(
        'unity',
        `Unidade "${excerpt(unityText)}" não existe para ${product.sku}. Use ${product.unities.map((u) => u.label).join(', ')}.`,
      );
    else if (unity && unity.status !== 'active') fail('unity', `A embalagem ${unity.label} está inativa.`);

    const quantity = parseNumber(v.quantity, QUANTITY_SCALE);
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

    const cost = parseNumber(v.unitCost, MONEY_SCALE);
    if (direction === 'in') {
      if (cost === null) fail('unitCost', 'Informe o custo unitário da entrada.');
      else if ('error' in cost) fail('unitCost', cost.error);
      else if (cost.value < 0n) fail('unitCost', 'O custo unitário não pode ser negativo.');
      else if (cost.value > MAX_UNIT_COST)
        fail('unitCost', `O custo unitário deve ser no máximo ${formatMoneyBR(MAX_UNIT_COST)}.`);
    } else if (cost && 'error' in cost) fail('unitCost', cost.error);

    const supplierText = text(v.supplier);
    let supplierId: number | null = null;
    if (supplierText) {
      const document = normalizeDocument(supplierText);
      const supplier = suppliers.get(document);
      if (!documentKind(document)) fail('supplier', 'CNPJ ou CPF do fornecedor inválido.');
      else if (!supplier) fail('supplier', 'Fornecedor não cadastrado com este CNPJ/CPF.');
      else if (supplier.status !== 'active') fail('supplier', `O fornecedor ${supplier.name} está inativo.`);
      else if (direction === 'out') fail('supplier', 'Fornecedor só se informa nas entradas.');
      else supplierId = supplier.id;
    }

    const reasonText = text(v.reason);
    const reason =
      direction === 'out' ? ((reasonText ? foldText(reasonText) : 'venda') as TStockReason) : null;
    if (direction === 'out' && !STOCK_REASONS.includes(reason as TStockReason)) {
      fail('reason', `Motivo inválido: use ${STOCK_REASONS.join(', ')}.`);
    }
    const document = text(v.document);
    if (document && document.length > LIMITS.document)
      fail('document', `Máximo de ${countLabel(LIMITS.document)} caracteres.`);
    const notes = text(v.notes);
    if (notes && notes.length > LIMITS.notes)
      fail('notes', `Máximo de ${countLabel(LIMITS.notes)} caracteres.`);

    let resolved: ResolvedRow | null = null;
    if (
      errors.length === 0 &&
      product &&
      unity &&
      direction &&
      occurredOn &&
      quantity &&
      'value' in quantity &&
      baseQuantity !== null
    ) {
      const unitCost = direction === 'in' ? (cost && 'value' in cost ? cost.value : 0n) : null;
      if (errors.length === 0) {
        resolved = {
          line: row.line,
          baseUnit: product.baseCode,
          productId: product.id,
          productUnityId: unity.id,
          direction,
          quantity: quantity.value,
          baseQuantity,
          unitCost,
          supplierId,
          reason,
          occurredOn,
          document,
          notes,
        };
      }
    }

    return {
      resolved,
      view: {
        line: row.line,
        occurredOn: occurredOn ?? excerpt(text(v.date)),
        sku: excerpt(code),
        product: product?.name ?? null,
        type: direction === 'in' ? 'Entrada' : direction === 'out' ? 'Saída' : null,
        quantity:
          quantity && 'value' in quantity
            ? formatScaled(quantity.value, QUANTITY_SCALE)
            : excerpt(text(v.quantity)),
        unity: unity?.label ?? excerpt(unityText),
        unitCost: cost && 'value' in cost ? formatScaled(cost.value, MONEY_SCALE) : excerpt(text(v.unitCost)),
        supplier: excerpt(supplierText),
        document: excerpt(document, LIMITS.document),
        notes: excerpt(notes, LIMITS.notes),
        reason: direction === 'out' ? (excerpt(reasonText) ?? 'venda') : null,
        errors,
      },
    };
  };

  // 50,000 rows take a while: hand the event loop back every few hundred, so other requests are not kept waiting
  const checked: CheckedRow[] = [];
  for (const [index, row] of rows.entries()) {
    if (index > 0 && index % CHECK_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    checked.push(checkRow(row));
  }
  return checked;
}

const CHECK_SLICE = 500;

export function summarize(rows: CheckedRow[]) {
  const valid = rows.filter((row) => row.resolved !== null);
  return {
    rows: rows.length,
    valid: valid.length,
    invalid: rows.length - valid.length,
    entries: rows.filter((row) => row.view.type === 'Entrada').length,
    exits: rows.filter((row) => row.view.type === 'Saída').length,
  };
}

/** Adds the pipeline's verdict to the rows it would take below zero on their date. */
export function markShortages(
  checked: CheckedRow[],
  resolved: ResolvedRow[],
  shortages: ReadonlyArray<{
    addIndex: number | null;
    occurredOn: string;
    available: bigint;
    requested: bigint;
    limit?: { limit: 'quantity' | 'value'; message: string };
  }>,
): void {
  const byLine = new Map(checked.map((row) => [row.view.line, row]));
  for (const shortage of shortages) {
    const row = shortage.addIndex === null ? undefined : resolved[shortage.addIndex];
    const target = row ? byLine.get(row.line) : undefined;
    if (!row || !target) continue;
    target.resolved = null;
    if (shortage.limit) {
      const column = shortage.limit.limit === 'quantity' ? COLUMNS.quantity : COLUMNS.unitCost;
      target.view.errors.push({ column: column.label, message: shortage.limit.message });
      continue;
    }
    const unit = row.baseUnit;
    const when =
      shortage.occurredOn === row.occurredOn
        ? ''
        : ` em ${shortage.occurredOn.split('-').reverse().join('/')}`;
    target.view.errors.push({
      column: COLUMNS.quantity.label,
      message: `Estoque insuficiente${when}: disponível ${quantityLabel(shortage.available)} ${unit}, solicitado ${quantityLabel(shortage.requested)} ${unit}.`,
    });
    target.resolved = null;
  }
}
