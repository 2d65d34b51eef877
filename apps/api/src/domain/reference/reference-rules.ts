import { badRequest } from '../../lib/errors.ts';

/**
 * The reference data rules with no database: what each table is called to the user and how a stored unity reads.
 */

export type ReferenceTable = 'categories' | 'unities' | 'unity_batches';

const NAMES: Record<ReferenceTable, string> = {
  categories: 'Categoria',
  unities: 'Unidade',
  unity_batches: 'Embalagem',
};

/** A request that names a category, unity or package kind that does not exist is bad input on that field. */
export function assertReferenceExists(table: ReferenceTable, exists: boolean, field: string): void {
  if (!exists) throw badRequest(`${NAMES[table]} não encontrada.`, field);
}

/** Stored as 0/1 (SQLite has no boolean); a unity takes fractions (KG, L) or only whole numbers (UN, CX). */
export const isFractional = (fractional: number) => fractional === 1;
