import { countLabel } from '@armazem/contracts/plural';
import {
  DEFAULT_BATCH_CODE,
  REFERENCE_NAMES as NAMES,
  type ReferenceTable,
} from '../shared/catalog-rules.ts';

export {
  assertReferenceExists,
  assertReferenceUsable,
  inactiveReferenceMessage,
  referenceUsable,
  type ReferenceTable,
} from '../shared/catalog-rules.ts';

/**
 * The reference data rules with no database: what each table is called to the user, how a stored unity reads, and
 * the refusals of the business's own categories, units and packaging types (decision 0024).
 */

/** The lower-case noun and the audit entity of each table. */
export const REFERENCE_KINDS: Record<ReferenceTable, { noun: string; entity: string }> = {
  categories: { noun: 'categoria', entity: 'category' },
  unities: { noun: 'unidade', entity: 'unity' },
  unity_batches: { noun: 'embalagem', entity: 'unity_batch' },
};

/**
 * The package kind every product's own unit is written with (Avulsa): it stays active, since every new product
 * (form, NF-e, catalog sheet) gets its default package of that kind.
 */
export const isDefaultPackageKind = (table: ReferenceTable, code: string) =>
  table === 'unity_batches' && code === DEFAULT_BATCH_CODE;

export const defaultPackageKindMessage = (name: string) =>
  `O tipo de embalagem ${name} é o da unidade base de todo produto e não pode ser desativado.`;

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
