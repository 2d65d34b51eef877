import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { ONE } from '../shared/catalog-rules.ts';
import { foldText, sortKey } from '../../lib/text.ts';

export { DEFAULT_BATCH_CODE, ONE, productNotFound, productUnityLabel } from '../shared/catalog-rules.ts';

/**
 * The product rules with no database: what a product's default package is, how a package is named, which
 * quantities a unity accepts and what may change once stock has moved. The service checks facts it read from the
 * repository against these.
 */

export const productUnityNotFound = () => notFound('Embalagem não encontrada para este produto.');

/** The folded text the product search matches and the key names sort by. */
export function productSearchColumns(product: { sku: string; name: string; barcode?: string | null }) {
  return {
    search_text: foldText(product.sku, product.name, product.barcode),
    name_sort: sortKey(product.name),
  };
}

const isWhole = (quantity: bigint) => quantity % ONE === 0n;

/** A base unity that does not take fractions (UN, CX) takes a whole minimum stock. */
export function assertMinStockFits(unity: { fractional: boolean }, minStock: bigint): void {
  if (!unity.fractional && !isWhole(minStock)) {
    throw badRequest('O estoque mínimo deve ser um número inteiro para esta unidade.', 'minStock');
  }
}

/** A package holds a whole number of base units when the base unity does not take fractions. */
export function assertPackageQuantityFits(
  base: { fractional: boolean; code: string },
  quantity: bigint,
): void {
  if (!base.fractional && !isWhole(quantity)) {
    throw badRequest(
      `A quantidade deve ser um número inteiro: a unidade base (${base.code}) não aceita frações.`,
      'quantity',
    );
  }
}

export function assertSkuFree(sku: string, taken: boolean): void {
  if (taken) throw conflict(`Já existe um produto com o código (SKU) ${sku}.`);
}

/** One barcode names one product or one package, across both. */
export function assertBarcodeFree(barcode: string | null | undefined, taken: boolean): void {
  if (barcode && taken) {
    throw conflict(`O código de barras ${barcode} já está em uso por outro produto ou embalagem.`);
  }
}

/** Stock history keeps what it names: a product that moved stock is deactivated, never deleted. */
export function assertProductDeletable(hasMovements: boolean): void {
  if (hasMovements) {
    throw conflict(
      'O produto já tem movimentações de estoque e não pode ser excluído. Desative-o para que não apareça nos cadastros.',
    );
  }
}

export function assertNotDuplicatePackage(duplicate: boolean): void {
  if (duplicate) throw conflict('Esta embalagem já está cadastrada para o produto.');
}

/** The default package is the base unit itself: it is always worth 1 and stays active. */
export function assertDefaultPackageChange(
  before: { isDefault: boolean },
  change: { quantity?: bigint; status?: 'active' | 'inactive' },
): void {
  if (before.isDefault && change.quantity !== undefined && change.quantity !== ONE) {
    throw conflict('A unidade base do produto vale sempre 1 e não pode ser alterada.');
  }
  if (before.isDefault && change.status === 'inactive') {
    throw conflict('A unidade base do produto não pode ser desativada.');
  }
}

/** Whether a change would alter a package's quantity (only then do its movements matter). */
export const changesPackageQuantity = (before: { quantity: bigint }, change: { quantity?: bigint }) =>
  change.quantity !== undefined && change.quantity !== before.quantity;

/** A package already used in movements keeps its quantity, or the history it converted would change meaning. */
export function assertPackageQuantityUnlocked(usedInMovements: boolean): void {
  if (usedInMovements) {
    throw conflict(
      'Esta embalagem já foi usada em movimentações; a quantidade não pode mudar. Cadastre uma nova embalagem.',
    );
  }
}

export function assertPackageDeletable(
  before: { isDefault: boolean },
  used: { movements: boolean; prices: boolean },
): void {
  if (before.isDefault) throw conflict('A unidade base do produto não pode ser excluída.');
  if (used.movements) {
    throw conflict('Esta embalagem já tem movimentações de estoque e não pode ser excluída. Desative-a.');
  }
  // prices are never edited nor removed, only added: the history keeps the package it names
  if (used.prices) {
    throw conflict('Esta embalagem tem preços no histórico do produto e não pode ser excluída. Desative-a.');
  }
}

/** A price names a package of its own product, or the product itself (no package). */
export function assertPricePackageBelongs(belongs: boolean): void {
  if (!belongs) throw badRequest('A embalagem informada não pertence a este produto.', 'productUnityId');
}

/** A new price takes effect on the day given, or today. */
export function priceEffectiveFrom(input: { effectiveFrom?: string }, today: string): string {
  return input.effectiveFrom ?? today;
}
