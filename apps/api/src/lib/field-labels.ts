import { withFieldName } from '@armazem/contracts/field-message';
/** Portuguese names of request fields, so validation messages read naturally on screen. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  email: 'E-mail',
  password: 'Senha',
  currentPassword: 'Senha atual',
  newPassword: 'Nova senha',
  token: 'Link',
  status: 'Situação',
  role: 'Perfil',
  page: 'Página',
  pageSize: 'Tamanho da página',
  per_page: 'Tamanho da página',
  order: 'Ordem',
  sort: 'Ordenação',
  q: 'Busca',
  sku: 'Código (SKU)',
  description: 'Descrição',
  categoryId: 'Categoria',
  baseUnityId: 'Unidade base',
  minStock: 'Estoque mínimo',
  barcode: 'Código de barras',
  unityId: 'Unidade',
  unityBatchId: 'Embalagem',
  quantity: 'Quantidade',
  costPrice: 'Preço de custo',
  salePrice: 'Preço de venda',
  productUnityId: 'Unidade do produto',
  effectiveFrom: 'Vigência',
  tradeName: 'Nome fantasia',
  document: 'Documento',
  phone: 'Telefone',
  productId: 'Produto',
  supplierId: 'Fornecedor',
  leadTimeDays: 'Prazo de entrega',
  unitCost: 'Custo unitário',
  occurredOn: 'Data',
  reason: 'Motivo',
  notes: 'Observação',
  from: 'Data inicial',
  to: 'Data final',
  days: 'Dias',
  year: 'Ano',
  month: 'Mês',
  businessName: 'Nome da empresa',
  businessDocument: 'CNPJ ou CPF',
  businessStateRegistration: 'Inscrição estadual',
  businessAddress: 'Endereço',
  taxRegime: 'Regime tributário',
  timeZone: 'Fuso horário',
  id: 'Identificador',
  entryId: 'Movimento',
  countId: 'Balanço',
  date: 'Data',
  format: 'Formato',
  code: 'Código',
  fractional: 'Aceita frações',
  items: 'Itens',
  item: 'Item da nota',
  countedQuantity: 'Quantidade contada',
  countedOn: 'Data do balanço',
  uncountedAsZero: 'Não contados como zero',
  acceptUnauthorized: 'Aceitar nota não autorizada',
  differences: 'Só diferenças',
  address: 'Endereço',
  street: 'Logradouro',
  number: 'Número',
  district: 'Bairro',
  city: 'Cidade',
  state: 'UF',
  zip: 'CEP',
  stateRegistration: 'Inscrição estadual',
  itemType: 'Tipo do item',
  ncm: 'NCM',
  cest: 'CEST',
  stockMovementId: 'Importação da planilha',
};

/** The Portuguese name of the field at a path ("address.state" → "UF"; list positions skipped). */
export function labelOf(path: string): string {
  const leaf =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? '';
  return FIELD_LABELS[leaf] ?? leaf;
}

/** One readable message for a request's issues: each prefixed by its field's name unless it already names it. */
export function issuesMessage(issues: ReadonlyArray<{ path: string; message: string }>): string {
  // "Selecione a categoria.", "Para cada item, …" and "A data inicial deve…" already name their field
  const messages = issues.map((issue) => withFieldName(issue.path ? labelOf(issue.path) : '', issue.message));
  // one message once, even when two checks of a field say the same
  return [...new Set(messages)].join(' ') || 'Dados inválidos.';
}
