import { cnpjRoot, type TEstablishment, type TLocation } from '@armazem/contracts/places';
import { formatDocument } from '@armazem/contracts/documents';
import { addressFromColumns, type AddressFields } from '../shared/address-rules.ts';

/** Pure rules of establishments and locations (DESIGN.md §6.3, decision 0067): messages and what each row shows. */

export const ESTABLISHMENT_NOT_FOUND = 'Estabelecimento não encontrado.';
export const LOCATION_NOT_FOUND = 'Depósito não encontrado.';
export const MATRIZ_WITHOUT_DOCUMENT =
  'Informe primeiro o CNPJ da empresa em Configurações: os estabelecimentos dela têm a mesma raiz de CNPJ.';
export const MATRIZ_STAYS_ACTIVE = 'O primeiro estabelecimento (a matriz) não pode ser desativado.';
export const DEFAULT_LOCATION_STAYS =
  'Este é o depósito padrão do estabelecimento: escolha outro depósito padrão antes de desativá-lo ou excluí-lo.';
export const LOCATION_HAS_MOVEMENTS =
  'O depósito já tem movimentações de estoque e não pode ser excluído. Desative-o para que não apareça nas escolhas.';
export const LOCATION_NAME_TAKEN = 'Já existe um depósito com este nome neste estabelecimento.';
export const DEFAULT_LOCATION_ELSEWHERE =
  'O depósito padrão precisa ser um depósito ativo deste estabelecimento.';
export const INACTIVE_ESTABLISHMENT =
  'O estabelecimento está inativo: ative-o antes de criar depósitos nele.';

export const documentTakenMessage = (document: string) =>
  `Já existe um estabelecimento com o CNPJ ${formatDocument(document)}.`;

export const otherRootMessage = (root: string) =>
  `O CNPJ precisa ter a mesma raiz (${root.slice(0, 2)}.${root.slice(2, 5)}.${root.slice(5, 8)}) dos outros estabelecimentos da empresa.`;

export const ROOT_LOCKED =
  'A raiz do CNPJ não pode mudar enquanto a empresa tem outros estabelecimentos: ela é a mesma em todos.';

/** The root a new or changed CNPJ must keep, or null when nothing constrains it. */
export function rootProblem(document: string, others: readonly (string | null)[]): string | null {
  const roots = new Set(others.filter((other): other is string => !!other).map(cnpjRoot));
  if (roots.size === 0) return null;
  const [root] = [...roots];
  return root && cnpjRoot(document) !== root ? otherRootMessage(root) : null;
}

export interface EstablishmentRow extends AddressFields {
  id: number;
  name: string;
  document: string | null;
  state_registration: string | null;
  city_code: string | null;
  default_location_id: number | null;
  status: 'active' | 'inactive';
}

export const toEstablishment = (row: EstablishmentRow): TEstablishment => ({
  id: row.id,
  name: row.name,
  document: row.document ?? '',
  stateRegistration: row.state_registration,
  address: { ...addressFromColumns(row), cityCode: row.city_code },
  defaultLocationId: row.default_location_id ?? 0,
  status: row.status,
});

export const toLocation = (row: {
  id: number;
  establishment_id: number;
  name: string;
  status: 'active' | 'inactive';
  default_location_id: number | null;
}): TLocation => ({
  id: row.id,
  establishmentId: row.establishment_id,
  name: row.name,
  isDefault: row.default_location_id === row.id,
  status: row.status,
});

export interface AddressRow {
  street: string | null;
  street_number: string | null;
  district: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** "Rua X, 12 — Centro — Cidade/UF — CEP 01234-567" from what is recorded. */
export function addressLine(row: AddressRow): string {
  const street = [row.street, row.street_number].filter(Boolean).join(', ');
  const city = [row.city, row.state].filter(Boolean).join('/');
  const zip = row.zip ? `CEP ${row.zip}` : '';
  return [street, row.district, city, zip].filter(Boolean).join(' — ');
}
