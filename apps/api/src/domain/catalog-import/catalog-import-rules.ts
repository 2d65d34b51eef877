import { ZBarcodeInput, ZCestInput, ZItemType, ZNcmInput, ZSku } from '@armazem/contracts/catalog';
import type { TCatalogAction, TCatalogPreview, TCatalogRow } from '@armazem/contracts/catalog-import';
import { LIMITS, ZName, zOptionalText } from '@armazem/contracts/common';
import { z } from 'zod/mini';
import { countLabel } from '../../lib/numbers.ts';
import { foldText, sortKey } from '../../lib/text.ts';
import { excerpt, text } from '../../lib/uploads/sheet-cells.ts';
import type { RawRow } from '../../lib/uploads/sheet-reader.ts';
import { bySchema, fiscalText, readMinStock, readPackage, readPrice, type Read } from './catalog-cells.ts';
import { CATALOG_COLUMNS, type CatalogColumn } from './catalog-columns.ts';
import { inactiveReferenceMessage, referenceUsable } from '../shared/catalog-rules.ts';

// The checks of the catalog sheet's rows against the catalog: pure, the catalog is handed in.

export interface ExistingPackage {
  id: number;
  batchId: number;
  quantity: bigint;
  barcode: string | null;
}
/** The product's own fields that a sheet row sets (its category aside: by id, or by a new name). */
interface ProductFields {
  name: string;
  description: string | null;
  unityId: number;
  minStock: bigint;
  barcode: string | null;
  ncm: string | null;
  cest: string | null;
  itemType: string;
}
export interface ExistingProduct extends ProductFields {
  id: number;
  sku: string;
  categoryId: number;
  price: { cost: bigint; sale: bigint } | null;
  packages: ExistingPackage[];
}
interface Named {
  id: number;
  name: string;
  status: string;
}
/** What the rows name, read once: products by SKU, reference data by folded name or code, barcodes by owner. */
export interface CatalogLookups {
  products: Map<string, ExistingProduct>;
  categories: Map<string, Named>;
  unities: Map<string, Named & { code: string; fractional: boolean }>;
  /** packaging types by folded name and by folded code */
  batches: Map<string, Named>;
  barcodes: Map<string, { productId: number; packageId: number | null }>;
}

/** The product as the row wants it; `categoryId` null means the category `categoryName` is new. */
export interface ProductState extends ProductFields {
  categoryId: number | null;
  categoryName: string;
}
export interface CatalogPlan {
  line: number;
  sku: string;
  action: TCatalogAction;
  existing: ExistingProduct | null;
  state: ProductState;
  productChanged: boolean;
  price: { cost: bigint; sale: bigint } | null;
  package: { batchId: number; quantity: bigint; barcode: string | null } | null;
  /** the existing package whose barcode changes, when the package exists */
  packageBarcodeOf: number | null;
}
export interface CheckedCatalogRow {
  view: TCatalogRow;
  plan: CatalogPlan | null;
}

export type Fail = (column: CatalogColumn, message: string) => void;
export type Values = RawRow<CatalogColumn>['values'];
const ZDescription = zOptionalText(LIMITS.description);
const ZCategoryName = z.string().check(z.maxLength(LIMITS.name, { error: 'Use no máximo 200 caracteres.' }));

export function read<T>(result: Read<T>, column: CatalogColumn, failAt: Fail): T | undefined {
  if (result.ok) return result.value;
  failAt(column, result.message);
  return undefined;
}

export function category(
  values: Values,
  lookups: CatalogLookups,
  existing: ExistingProduct | null,
  failAt: Fail,
) {
  const raw = text(values.category);
  if (raw === null) {
    if (!existing) failAt('category', 'Informe a categoria (uma categoria nova é criada).');
    return existing ? { id: existing.categoryId, name: '' } : undefined;
  }
  if (!read(bySchema(ZCategoryName, raw), 'category', failAt)) return undefined;
  const found = lookups.categories.get(sortKey(raw));
  // a product keeps the category it has even once deactivated (an exported catalog imports back as it was)
  if (found && !referenceUsable(found, existing?.categoryId)) {
    failAt('category', inactiveReferenceMessage.categories(found.name));
    return undefined;
  }
  return found ? { id: found.id, name: found.name } : { id: null, name: raw.replace(/\s+/g, ' ') };
}

export function unity(
  values: Values,
  lookups: CatalogLookups,
  existing: ExistingProduct | null,
  failAt: Fail,
) {
  const raw = text(values.unity)?.toUpperCase() ?? null;
  if (raw === null) {
    if (!existing) failAt('unity', 'Informe a unidade (código, como UN ou KG).');
    return existing ? [...lookups.unities.values()].find((u) => u.id === existing.unityId) : undefined;
  }
  const found = lookups.unities.get(raw);
  if (!found)
    failAt(
      'unity',
      `Unidade ${excerpt(raw, 20)} não cadastrada: use o código de uma unidade, como UN ou KG, ou cadastre-a em Unidades.`,
    );
  else if (existing && existing.unityId !== found.id)
    failAt('unity', 'A unidade de um produto cadastrado não muda pela planilha.');
  else if (!referenceUsable(found, existing?.unityId))
    failAt('unity', inactiveReferenceMessage.unities(found.code));
  else return found;
  return undefined;
}

/** A barcode belongs to nobody else: not another product or package, nor another row of this file. */
export function barcodeFree(
  code: string | null,
  owner: { productId: number | null; packageId: number | null },
  lookups: CatalogLookups,
  seen: Map<string, number>,
  line: number,
): string | null {
  if (!code) return null;
  const earlier = seen.get(code);
  if (earlier !== undefined && earlier !== line)
    return `O código de barras ${code} aparece também na linha ${earlier}.`;
  seen.set(code, line);
  const holder = lookups.barcodes.get(code);
  if (!holder) return null;
  const same =
    holder.productId === owner.productId && (holder.packageId === owner.packageId || owner.packageId === -1);
  return same ? null : `O código de barras ${code} já está em uso por outro produto ou embalagem.`;
}

/** The sheet's rows that name the same SKU again: each later one is an error naming the first. */
export function duplicateSkus(rows: readonly RawRow<CatalogColumn>[]): Map<number, string> {
  const first = new Map<string, number>();
  const errors = new Map<number, string>();
  for (const row of rows) {
    const sku = text(row.values.sku)?.toUpperCase();
    if (!sku) continue;
    const line = first.get(sku);
    if (line === undefined) first.set(sku, row.line);
    else errors.set(row.line, `O código ${excerpt(sku, 60)} aparece também na linha ${line}.`);
  }
  return errors;
}

export const fieldsOf = {
  sku: (values: Values) => bySchema(ZSku, values.sku),
  name: (values: Values) => bySchema(ZName, values.name),
  description: (values: Values) => bySchema(ZDescription, values.description),
  barcode: (values: Values) => bySchema(ZBarcodeInput, values.barcode),
  packageBarcode: (values: Values) => bySchema(ZBarcodeInput, values.packageBarcode),
  ncm: (values: Values) => bySchema(ZNcmInput, fiscalText(values.ncm, 8)),
  cest: (values: Values) => bySchema(ZCestInput, fiscalText(values.cest, 7)),
  itemType: (values: Values): Read<string | null> =>
    text(values.itemType) === null
      ? { ok: true, value: null }
      : bySchema(ZItemType, fiscalText(values.itemType, 2)),
  minStock: (values: Values) => readMinStock(values.minStock),
  costPrice: (values: Values) => readPrice(values.costPrice),
  salePrice: (values: Values) => readPrice(values.salePrice),
  package: (values: Values) => readPackage(values.package),
};

export const columnLabel = (column: CatalogColumn) => CATALOG_COLUMNS[column].label;

/**
 * The preview's figures, gathered a chunk of checked rows at a time (the sheet is checked in chunks, so its plans
 * never sit in memory all at once): the counts, the categories the import would create and the rows to show (every
 * row for the preview; the rows with errors only, for an import's refusal).
 */
export function catalogTally(keep: 'all' | 'invalid') {
  const rows: TCatalogRow[] = [];
  const counts = { rows: 0, valid: 0, create: 0, update: 0, unchanged: 0 };
  const newCategories = new Map<string, string>();
  return {
    add(checked: readonly CheckedCatalogRow[]) {
      for (const { view, plan } of checked) {
        counts.rows += 1;
        if (keep === 'all' || !plan) rows.push(view);
        if (!plan) continue;
        counts.valid += 1;
        counts[plan.action] += 1;
        const { categoryId, categoryName } = plan.state;
        if (categoryId === null && !newCategories.has(sortKey(categoryName)))
          newCategories.set(sortKey(categoryName), categoryName);
      }
    },
    preview(fileName: string): TCatalogPreview {
      return {
        fileName,
        rows,
        summary: {
          ...counts,
          invalid: counts.rows - counts.valid,
          newCategories: [...newCategories.values()].sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
        },
      };
    },
  };
}

export const invalidCatalogMessage = (invalid: number) =>
  invalid === 1
    ? 'A planilha tem 1 linha com erro: corrija-a e envie de novo. Nada foi gravado.'
    : `A planilha tem ${countLabel(invalid)} linhas com erro: corrija-as e envie de novo. Nada foi gravado.`;

export const emptyCatalogMessage = 'A planilha não tem nenhum produto.';
export const foldKey = (value: string) => foldText(value).trim();
