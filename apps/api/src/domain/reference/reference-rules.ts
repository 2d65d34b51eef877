import { countLabel } from '@armazem/contracts/plural';
import { badRequest } from '../../lib/errors.ts';

/**
 * The reference data rules with no database: what each table is called to the user, how a stored unity reads, and
 * the refusals of the business's own categories, units and packaging types (decision 0024).
 */

export type ReferenceTable = 'categories' | 'unities' | 'unity_batches';

const NAMES: Record<ReferenceTable, string> = {
  categories: 'Categoria',
  unities: 'Unidade',
  unity_batches: 'Embalagem',
};

/** The lower-case noun and the audit entity of each table. */
export const REFERENCE_KINDS: Record<ReferenceTable, { noun: string; entity: string }> = {
  categories: { noun: 'categoria', entity: 'category' },
  unities: { noun: 'unidade', entity: 'unity' },
  unity_batches: { noun: 'embalagem', entity: 'unity_batch' },
};

/** A request that names a category, unity or package kind that does not exist is bad input on that field. */
export function assertReferenceExists(table: ReferenceTable, exists: boolean, field: string): void {
  if (!exists) throw badRequest(`${NAMES[table]} não encontrada.`, field);
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

/** The category or unity a request gives a product: it must exist and, unless the product already has it, be active. */
export function assertReferenceUsable(
  table: ReferenceTable,
  found: { label: string; status: 'active' | 'inactive' } | undefined,
  field: string,
): void {
  assertReferenceExists(table, found !== undefined, field);
  if (found?.status === 'inactive') throw badRequest(inactiveReferenceMessage[table](found.label), field);
}

/** Stored as 0/1 (SQLite has no boolean); a unity takes fractions (KG, L) or only whole numbers (UN, CX). */
export const isFractional = (fractional: number) => fractional === 1;

export const referenceNotFound = (table: ReferenceTable) => `${NAMES[table]} não encontrada.`;

export const duplicateNameMessage = (table: ReferenceTable, name: string) =>
  `Já existe uma ${REFERENCE_KINDS[table].noun} chamada "${name}" (maiúsculas e acentos não contam).`;

export const duplicateCodeMessage = (table: ReferenceTable, code: string) =>
  `Já existe uma ${REFERENCE_KINDS[table].noun} com o código "${code}".`;

/** DELETE of a row that products use: the message suggests deactivating instead. */
export const inUseMessage = (table: ReferenceTable, label: string, products: number) =>
  `A ${REFERENCE_KINDS[table].noun} "${label}" é usada por ${countLabel(products, 'produto', 'produtos')}: ` +
  'desative-a em vez de excluir.';

export const fractionalLockedMessage = (code: string, products: number) =>
  `A unidade "${code}" já é usada por ${countLabel(products, 'produto', 'produtos')}: não é possível mudar se ` +
  'ela aceita frações.';

/** Whether a PATCH of a unit asks to change `fractional` while products use it. */
export function fractionalChangeRefused(
  stored: boolean,
  asked: boolean | undefined,
  products: number,
): boolean {
  return asked !== undefined && asked !== stored && products > 0;
}
