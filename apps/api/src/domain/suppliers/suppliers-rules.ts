import type { ZUpdateSupplier } from '@armazem/contracts/catalog';
import { formatDocument } from '@armazem/contracts/documents';
import type { z } from 'zod/mini';
import { foldText, sortKey } from '../../lib/text.ts';

type UpdateSupplier = z.output<typeof ZUpdateSupplier>;

/** The columns a person edits; documents arrive normalised by the contract (digits and letters, no mask). */
export interface SupplierFields {
  name: string;
  trade_name: string | null;
  document: string;
  email: string | null;
  phone: string | null;
  state_registration: string | null;
  street: string | null;
  street_number: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** absent on a new supplier from an NF-e: the column's default, 0 */
  lead_time_days?: number;
}

type AddressInput = NonNullable<UpdateSupplier['address']>;
const ADDRESS_COLUMNS = [
  ['street', 'street'],
  ['number', 'street_number'],
  ['district', 'district'],
  ['city', 'city'],
  ['state', 'state'],
  ['zip', 'zip'],
] as const satisfies ReadonlyArray<readonly [keyof AddressInput, keyof SupplierFields]>;

type AddressColumns = Pick<SupplierFields, (typeof ADDRESS_COLUMNS)[number][1]>;

/** A stored address (a supplier's, an establishment's) as the API answers it. */
export const addressFromColumns = (row: AddressColumns): { [K in keyof AddressInput]-?: string | null } =>
  Object.fromEntries(ADDRESS_COLUMNS.map(([field, column]) => [field, row[column]])) as {
    [K in keyof AddressInput]-?: string | null;
  };

/** The stored address columns of a row, for an edit over it. */
export const addressColumnsOf = (row: AddressColumns): AddressColumns =>
  Object.fromEntries(ADDRESS_COLUMNS.map(([, column]) => [column, row[column]])) as AddressColumns;

/** The address columns of a new supplier, or of an edit over `before` (absent keeps, null clears). */
export function addressColumns(input: AddressInput | undefined, before?: Partial<SupplierFields>) {
  const columns = {} as Record<(typeof ADDRESS_COLUMNS)[number][1], string | null>;
  for (const [field, column] of ADDRESS_COLUMNS) {
    const value = input?.[field];
    columns[column] = value === undefined ? (before?.[column] ?? null) : value;
  }
  return columns;
}

export const SUPPLIER_NOT_FOUND = 'Fornecedor não encontrado.';
export const SUPPLIER_HAS_MOVEMENTS =
  'O fornecedor já tem movimentações de estoque e não pode ser excluído. Desative-o para que não apareça nos cadastros.';

/** Two suppliers never share a CNPJ or CPF; the refusal names the document the way people write it. */
export function duplicateDocumentMessage(document: string): string {
  return `Já existe um fornecedor com o ${document.length === 11 ? 'CPF' : 'CNPJ'} ${formatDocument(document)}.`;
}

/** What the search box matches: both names and the document with and without its mask. */
export function supplierSearchText(supplier: Pick<SupplierFields, 'name' | 'trade_name' | 'document'>) {
  return foldText(supplier.name, supplier.trade_name, supplier.document, formatDocument(supplier.document));
}

export function supplierSortKeys(supplier: Pick<SupplierFields, 'name' | 'trade_name'>) {
  return { name_sort: sortKey(supplier.name), trade_name_sort: sortKey(supplier.trade_name) };
}

/** An edit changes what it names: absent keeps the value, null clears an optional one. */
export function mergeSupplierEdit<T extends SupplierFields & { status: 'active' | 'inactive' }>(
  before: T,
  input: UpdateSupplier,
) {
  return {
    name: input.name ?? before.name,
    trade_name: input.tradeName === undefined ? before.trade_name : input.tradeName,
    document: input.document ?? before.document,
    email: input.email === undefined ? before.email : input.email,
    phone: input.phone === undefined ? before.phone : input.phone,
    state_registration:
      input.stateRegistration === undefined ? before.state_registration : input.stateRegistration,
    ...addressColumns(input.address, before),
    lead_time_days: input.leadTimeDays ?? before.lead_time_days,
    status: input.status ?? before.status,
  };
}
