import { MONEY_SCALE, formatQuantityBR, formatScaled } from '@armazem/contracts/decimal';
import type { RawRow } from '../../lib/uploads/sheet-reader.ts';
import { text } from '../../lib/uploads/sheet-cells.ts';
import type { CatalogColumn } from './catalog-columns.ts';
import { inactiveReferenceMessage, referenceUsable } from '../shared/catalog-rules.ts';
import {
  barcodeFree,
  category,
  columnLabel,
  duplicateSkus,
  fieldsOf,
  read,
  unity,
  type CatalogLookups,
  type CatalogPlan,
  type CheckedCatalogRow,
  type ExistingProduct,
  type Fail,
  type ProductState,
  type Values,
} from './catalog-import-rules.ts';

// One row of the catalog sheet becomes a plan (create, update or unchanged) or a list of errors.

/** Columns the file has: an absent column leaves an existing product's field as it is. */
type Present = ReadonlySet<CatalogColumn>;

/** A present column's value, or the existing product's when the column is absent or the cell blank-and-kept. */
function pick<T>(
  present: Present,
  column: CatalogColumn,
  value: T | undefined,
  kept: T | undefined,
): T | undefined {
  return present.has(column) ? value : kept;
}

function productState(
  values: Values,
  present: Present,
  existing: ExistingProduct | null,
  lookups: CatalogLookups,
  failAt: Fail,
): ProductState | null {
  const name = read(fieldsOf.name(values), 'name', failAt);
  const description = read(fieldsOf.description(values), 'description', failAt);
  const cat = category(values, lookups, existing, failAt);
  const unit = unity(values, lookups, existing, failAt);
  const barcode = read(fieldsOf.barcode(values), 'barcode', failAt);
  const ncm = read(fieldsOf.ncm(values), 'ncm', failAt);
  const cest = read(fieldsOf.cest(values), 'cest', failAt);
  const itemType = read(fieldsOf.itemType(values), 'itemType', failAt);
  const minStock = read(fieldsOf.minStock(values), 'minStock', failAt);
  if (minStock && unit && !unit.fractional && minStock % 1000n !== 0n)
    failAt(
      'minStock',
      `O estoque mínimo deve ser um número inteiro: a unidade ${unit.code} não aceita frações.`,
    );
  if (name === undefined || description === undefined || !cat || !unit) return null;
  if (barcode === undefined || ncm === undefined || cest === undefined) return null;
  if (itemType === undefined || minStock === undefined) return null;
  return {
    name,
    description: pick(present, 'description', description, existing?.description) ?? null,
    categoryId: cat.id,
    categoryName: cat.name,
    unityId: unit.id,
    minStock: minStock ?? existing?.minStock ?? 0n,
    barcode: pick(present, 'barcode', barcode, existing?.barcode) ?? null,
    ncm: pick(present, 'ncm', ncm, existing?.ncm) ?? null,
    cest: pick(present, 'cest', cest, existing?.cest) ?? null,
    itemType: itemType ?? existing?.itemType ?? '00',
  };
}

function sameProduct(state: ProductState, existing: ExistingProduct): boolean {
  return (
    state.name === existing.name &&
    state.description === existing.description &&
    state.categoryId === existing.categoryId &&
    state.minStock === existing.minStock &&
    state.barcode === existing.barcode &&
    state.ncm === existing.ncm &&
    state.cest === existing.cest &&
    state.itemType === existing.itemType
  );
}

/** A new price row only when the sheet's price differs from the current one; a missing half keeps its value. */
function newPrice(values: Values, existing: ExistingProduct | null, failAt: Fail) {
  const cost = read(fieldsOf.costPrice(values), 'costPrice', failAt);
  const sale = read(fieldsOf.salePrice(values), 'salePrice', failAt);
  if (cost === undefined || sale === undefined || (cost === null && sale === null)) return null;
  const price = { cost: cost ?? existing?.price?.cost ?? 0n, sale: sale ?? existing?.price?.sale ?? 0n };
  const current = existing?.price;
  return current && current.cost === price.cost && current.sale === price.sale ? null : price;
}

function packagePlan(
  values: Values,
  existing: ExistingProduct | null,
  unit: { code: string; fractional: boolean } | undefined,
  lookups: CatalogLookups,
  failAt: Fail,
) {
  const written = read(fieldsOf.package(values), 'package', failAt);
  const barcode = read(fieldsOf.packageBarcode(values), 'packageBarcode', failAt);
  if (!written) {
    if (barcode) failAt('packageBarcode', 'Informe a embalagem (ex.: Caixa c/ 12) deste código de barras.');
    return null;
  }
  const batch = lookups.batches.get(written.batchKey);
  if (!batch)
    return failAt('package', `Tipo de embalagem ${written.batchText} não cadastrado (veja Embalagens).`);
  if (unit && written.unitCode && written.unitCode !== unit.code)
    return failAt('package', `A embalagem conta na unidade base do produto (${unit.code}).`);
  if (unit && !unit.fractional && written.quantity % 1000n !== 0n)
    return failAt(
      'package',
      `A quantidade da embalagem deve ser inteira: a unidade ${unit.code} não aceita frações.`,
    );
  if (barcode === undefined) return null;
  const same = existing?.packages.find((p) => p.batchId === batch.id && p.quantity === written.quantity);
  // a package the product has stays, its kind deactivated or not; a new one needs an active kind
  if (!referenceUsable(batch, same?.batchId))
    return failAt('package', inactiveReferenceMessage.unity_batches(batch.name));
  return { batchId: batch.id, name: batch.name, quantity: written.quantity, barcode, existing: same ?? null };
}

function checkRow(
  row: RawRow<CatalogColumn>,
  present: Present,
  lookups: CatalogLookups,
  seenBarcodes: Map<string, number>,
  duplicate: string | undefined,
): CheckedCatalogRow {
  const errors: CheckedCatalogRow['view']['errors'] = [];
  const failAt: Fail = (column, message) => void errors.push({ column: columnLabel(column), message });
  const values = row.values;
  const sku = read(fieldsOf.sku(values), 'sku', failAt);
  if (duplicate) failAt('sku', duplicate);
  const existing = sku ? (lookups.products.get(sku) ?? null) : null;
  const state = productState(values, present, existing, lookups, failAt);
  const unit = state ? [...lookups.unities.values()].find((u) => u.id === state.unityId) : undefined;
  const price = newPrice(values, existing, failAt);
  const pack = packagePlan(values, existing, unit, lookups, failAt);
  const owner = { productId: existing?.id ?? null, packageId: -1 };
  const productCode = barcodeFree(state?.barcode ?? null, owner, lookups, seenBarcodes, row.line);
  if (productCode) failAt('barcode', productCode);
  const packOwner = { productId: existing?.id ?? null, packageId: pack?.existing?.id ?? null };
  const packCode = barcodeFree(pack?.barcode ?? null, packOwner, lookups, seenBarcodes, row.line);
  if (packCode) failAt('packageBarcode', packCode);
  const packageChange =
    pack && (!pack.existing || (present.has('packageBarcode') && pack.existing.barcode !== pack.barcode));
  const productChanged = state !== null && (!existing || !sameProduct(state, existing));
  const action = !existing ? 'create' : productChanged || price || packageChange ? 'update' : 'unchanged';
  const view = {
    line: row.line,
    sku: sku ?? text(values.sku),
    name: text(values.name),
    action,
    // what was read, so the preview shows the prices and the package it will record (issue 33)
    costPrice: price ? formatScaled(price.cost, MONEY_SCALE) : null,
    salePrice: price ? formatScaled(price.sale, MONEY_SCALE) : null,
    package: pack ? `${pack.name} c/ ${formatQuantityBR(pack.quantity)} ${unit?.code ?? ''}`.trim() : null,
    errors,
  } as const;
  if (errors.length > 0 || !sku || !state) return { view: { ...view, errors }, plan: null };
  const plan: CatalogPlan = {
    line: row.line,
    sku,
    action,
    existing,
    state,
    productChanged,
    price,
    package:
      pack && !pack.existing
        ? { batchId: pack.batchId, quantity: pack.quantity, barcode: pack.barcode }
        : null,
    packageBarcodeOf: pack?.existing && packageChange ? pack.existing.id : null,
  };
  return { view, plan };
}

/**
 * The sheet's checker: each call checks a part of the rows against the catalog it names (`lookups`) and against
 * every row of the sheet (the same SKU or barcode twice), so the sheet can be checked a chunk at a time.
 */
export function catalogChecker(rows: readonly RawRow<CatalogColumn>[], columns: CatalogColumn[]) {
  const present = new Set(columns);
  const duplicates = duplicateSkus(rows);
  const seenBarcodes = new Map<string, number>();
  return (part: readonly RawRow<CatalogColumn>[], lookups: CatalogLookups): CheckedCatalogRow[] =>
    part.map((row) => checkRow(row, present, lookups, seenBarcodes, duplicates.get(row.line)));
}
