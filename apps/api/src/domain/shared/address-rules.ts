import type { ZUpdateSupplier } from '@armazem/contracts/catalog';
import type { z } from 'zod/mini';

/**
 * Postal addresses as stored (street, street_number, district, city, state, zip columns): suppliers and establishments
 * (places) keep theirs in the same columns and answer them in the same shape.
 */

type AddressInput = NonNullable<z.output<typeof ZUpdateSupplier>['address']>;

/** The address columns a supplier or an establishment row has. */
export interface AddressFields {
  street: string | null;
  street_number: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}
const ADDRESS_COLUMNS = [
  ['street', 'street'],
  ['number', 'street_number'],
  ['district', 'district'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip', 'zip'],
] as const satisfies ReadonlyArray<readonly [keyof AddressInput, keyof AddressFields]>;

type AddressColumns = Pick<AddressFields, (typeof ADDRESS_COLUMNS)[number][1]>;

/** A stored address (a supplier's, an establishment's) as the API answers it. */
export const addressFromColumns = (row: AddressColumns): { [K in keyof AddressInput]-?: string | null } =>
  Object.fromEntries(ADDRESS_COLUMNS.map(([field, column]) => [field, row[column]])) as {
    [K in keyof AddressInput]-?: string | null;
  };

/** The stored address columns of a row, for an edit over it. */
export const addressColumnsOf = (row: AddressColumns): AddressColumns =>
  Object.fromEntries(ADDRESS_COLUMNS.map(([, column]) => [column, row[column]])) as AddressColumns;

/** The address columns of a new supplier, or of an edit over `before` (absent keeps, null clears). */
export function addressColumns(input: AddressInput | undefined, before?: Partial<AddressFields>) {
  const columns = {} as Record<(typeof ADDRESS_COLUMNS)[number][1], string | null>;
  for (const [field, column] of ADDRESS_COLUMNS) {
    const value = input?.[field];
    columns[column] = value === undefined ? (before?.[column] ?? null) : value;
  }
  return columns;
}
