import { badRequest, notFound } from '../../lib/errors.ts';
import { quantityLabel } from '../../lib/numbers.ts';

/**
 * Catalog rules several features apply when they create or read a product — the product form (products), the catalog
 * sheet (catalog-import), the NF-e (nfe) and the ledger's labels (stock): the default package, how a package is named
 * and whether a category, unity or package kind may be given to a product. products-rules.ts and reference-rules.ts
 * re-export them for their own feature.
 */

/** The package every product starts with: one base unit, sold loose. */
export const DEFAULT_BATCH_CODE = 'AVULSA';
/** One base unit, in thousandths. */
export const ONE = 1000n;

export const productNotFound = () => notFound('Produto não encontrado.');

/** 'Caixa c/ 12 UN' for a package; 'Unidade (UN)' for the product's own base unit. */
export function productUnityLabel(row: {
  isDefault: boolean;
  batchName: string;
  quantity: string | number | bigint;
  baseCode: string;
  baseName: string;
}): string {
  if (row.isDefault) return `${row.baseName} (${row.baseCode})`;
  return `${row.batchName} c/ ${quantityLabel(row.quantity)} ${row.baseCode}`;
}

export type ReferenceTable = 'categories' | 'unities' | 'unity_batches';

export const REFERENCE_NAMES: Record<ReferenceTable, string> = {
  categories: 'Categoria',
  unities: 'Unidade',
  unity_batches: 'Embalagem',
};

/** A request that names a category, unity or package kind that does not exist is bad input on that field. */
export function assertReferenceExists(table: ReferenceTable, exists: boolean, field: string): void {
  if (!exists) throw badRequest(`${REFERENCE_NAMES[table]} não encontrada.`, field);
}

/**
 * Why a deactivated category, unity or package kind cannot be given to a product (a new one, or one moved to it); a
 * product that already has it keeps it. One wording for the product form and the catalog sheet.
 */
export const inactiveReferenceMessage: Record<ReferenceTable, (label: string) => string> = {
  categories: (name) => `A categoria ${name} está desativada: reative-a em Categorias ou use outra.`,
  unities: (code) => `A unidade ${code} está desativada: reative-a em Unidades ou use outra.`,
  unity_batches: (name) =>
    `O tipo de embalagem ${name} está desativado: reative-o em Embalagens ou use outro.`,
};

/** Whether a product may have this category, unity or package kind: an active one, or the one it already has. */
export function referenceUsable(
  found: { id: number; status: string },
  currentId: number | null | undefined,
): boolean {
  return found.status === 'active' || found.id === currentId;
}

/**
 * The category, unity or package kind a request gives a product: it must exist and be usable (`referenceUsable`:
 * active, or the product's own, `currentId`); otherwise a 400 on `field`.
 */
export function assertReferenceUsable(
  table: ReferenceTable,
  found: { id: number; label: string; status: 'active' | 'inactive' } | undefined,
  field: string,
  currentId?: number | null,
): void {
  assertReferenceExists(table, found !== undefined, field);
  if (found && !referenceUsable(found, currentId))
    throw badRequest(inactiveReferenceMessage[table](found.label), field);
}
