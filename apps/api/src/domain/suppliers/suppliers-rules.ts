import type { ZUpdateSupplier } from '@armazem/contracts/catalog';
import { formatDocument } from '@armazem/contracts/documents';
import type { z } from 'zod/mini';
import { foldText, sortKey } from '../../lib/text.ts';
import { addressColumns, type AddressFields } from '../shared/address-rules.ts';

export { addressColumns, addressColumnsOf, addressFromColumns } from '../shared/address-rules.ts';

type UpdateSupplier = z.output<typeof ZUpdateSupplier>;

/** The columns a person edits; documents arrive normalised by the contract (digits and letters, no mask). */
export interface SupplierFields extends AddressFields {
  name: string;
  trade_name: string | null;
  document: string;
  email: string | null;
  phone: string | null;
  state_registration: string | null;
  /** absent on a new supplier from an NF-e: the column's default, 0 */
  lead_time_days?: number;
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
