import type { TUserListItem } from '@armazem/contracts/auth';
import { formatZip, type TSupplier } from '@armazem/contracts/suppliers';
import { formatStateRegistration } from '@armazem/contracts/state-registration';
import type { TLedgerEntry, TStockRow } from '@armazem/contracts/stock';
import { LEDGER_SOURCE_LABELS, STOCK_REASON_LABELS } from '@armazem/contracts/stock';
import type { TStockMovement } from '@armazem/contracts/movements';
import { formatDocument, formatPhone } from '@armazem/contracts/documents';
import type { ExportColumn } from '../lib/exports.ts';

// The columns of each list's export file (lib/exports.ts writes them): Portuguese titles, typed cells.

const STATUS = { active: 'Ativo', inactive: 'Inativo' } as const;
const USER_STATUS = { pending: 'Aguardando aprovação', active: 'Ativo', disabled: 'Desativado' } as const;
const ROLE = { admin: 'Administrador', operator: 'Operador' } as const;

export const SUPPLIER_COLUMNS: ExportColumn<TSupplier>[] = [
  { title: 'Razão social', value: (s) => s.name },
  { title: 'Nome fantasia', value: (s) => s.tradeName },
  { title: 'CNPJ/CPF', width: 20, value: (s) => formatDocument(s.document) },
  { title: 'E-mail', value: (s) => s.email },
  { title: 'Telefone', width: 16, value: (s) => (s.phone ? formatPhone(s.phone) : null) },
  {
    title: 'IE',
    width: 18,
    value: (s) => formatStateRegistration(s.stateRegistration, s.address.state) || null,
  },
  {
    title: 'Endereço',
    width: 36,
    value: (s) => [s.address.street, s.address.number].filter(Boolean).join(', ') || null,
  },
  { title: 'Bairro', width: 20, value: (s) => s.address.district },
  { title: 'Cidade', width: 20, value: (s) => s.address.city },
  { title: 'UF', width: 5, value: (s) => s.address.state },
  { title: 'CEP', width: 10, value: (s) => (s.address.zip ? formatZip(s.address.zip) : null) },
  { title: 'Situação', width: 10, value: (s) => STATUS[s.status] },
  { title: 'Produtos', type: 'number', value: (s) => s.productsCount },
  { title: 'Cadastrado em', type: 'datetime', value: (s) => s.createdAt },
];

export const STOCK_COLUMNS: ExportColumn<TStockRow>[] = [
  { title: 'Código', width: 16, value: (r) => r.product.sku },
  { title: 'Produto', width: 40, value: (r) => r.product.name },
  { title: 'Categoria', width: 20, value: (r) => r.category.name },
  { title: 'Unidade', width: 9, value: (r) => r.unity.code },
  { title: 'Quantidade', type: 'number', value: (r) => r.quantity },
  { title: 'Estoque mínimo', type: 'number', value: (r) => r.minStock },
  { title: 'Custo médio', type: 'money', value: (r) => r.averageCost },
  { title: 'Valor total', type: 'money', value: (r) => r.totalValue },
  { title: 'Abaixo do mínimo', width: 10, value: (r) => r.belowMinimum },
  { title: 'Última movimentação', type: 'date', value: (r) => r.lastMovementOn },
  // goods apart from own stock, last: the columns before keep their places in spreadsheets built on them
  { title: 'Nosso em poder de terceiros', type: 'number', value: (r) => r.sentQuantity },
  { title: 'De terceiros em nosso poder', type: 'number', value: (r) => r.heldQuantity },
];

function ledgerColumns(direction: 'in' | 'out'): ExportColumn<TLedgerEntry>[] {
  return [
    { title: 'Data', type: 'date', value: (e) => e.occurredOn },
    { title: 'Código', width: 16, value: (e) => e.product.sku },
    { title: 'Produto', width: 40, value: (e) => e.product.name },
    { title: 'Embalagem', width: 20, value: (e) => e.productUnity.label },
    { title: 'Quantidade', type: 'number', value: (e) => e.quantity },
    { title: 'Quantidade na unidade base', type: 'number', value: (e) => e.baseQuantity },
    { title: 'Unidade base', width: 9, value: (e) => e.baseUnity },
    { title: 'Custo unitário', type: 'money', value: (e) => e.unitCost },
    { title: 'Custo total', type: 'money', value: (e) => e.totalCost },
    direction === 'in'
      ? { title: 'Fornecedor', value: (e) => e.supplier?.name }
      : { title: 'Motivo', width: 14, value: (e) => (e.reason ? STOCK_REASON_LABELS[e.reason] : null) },
    { title: 'Documento', width: 18, value: (e) => e.document },
    { title: 'Observação', width: 40, value: (e) => e.notes },
    { title: 'Origem', width: 10, value: (e) => LEDGER_SOURCE_LABELS[e.source] },
    { title: 'Registrado por', width: 20, value: (e) => e.createdBy.name },
    { title: 'Registrado em', type: 'datetime', value: (e) => e.createdAt },
    { title: 'Cancelado em', type: 'datetime', value: (e) => e.cancelledAt },
    { title: 'Motivo do cancelamento', value: (e) => e.cancelReason },
  ];
}
export const ENTRY_COLUMNS = ledgerColumns('in');
export const EXIT_COLUMNS = ledgerColumns('out');

export const USER_COLUMNS: ExportColumn<TUserListItem>[] = [
  { title: 'Nome', value: (u) => `${u.first_name} ${u.last_name}`.trim() },
  { title: 'E-mail', value: (u) => u.email },
  { title: 'Perfil', width: 14, value: (u) => ROLE[u.role] },
  { title: 'Situação', width: 20, value: (u) => USER_STATUS[u.status] },
];

export const MOVEMENT_COLUMNS: ExportColumn<TStockMovement>[] = [
  { title: 'Arquivo', value: (m) => m.fileName },
  { title: 'Descrição', width: 40, value: (m) => m.description },
  { title: 'Linhas', type: 'number', value: (m) => m.rows },
  { title: 'Entradas', type: 'number', value: (m) => m.entries },
  { title: 'Saídas', type: 'number', value: (m) => m.exits },
  { title: 'Importado por', width: 20, value: (m) => m.createdBy.name },
  { title: 'Importado em', type: 'datetime', value: (m) => m.createdAt },
];
