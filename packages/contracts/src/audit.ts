import { z } from 'zod/mini';
import { ZDate, ZId, ZPageQuery, dateRangeInOrder, orRequired, zText } from './common.ts';
import { ZExportFormat } from './exports.ts';

/**
 * The entity names the server writes in the audit trail (apps/api/src/lib/audit.ts callers), and how a screen names
 * them. A record's history is asked for with one of these and the record's id.
 */
export const AUDIT_ENTITY_LABELS = {
  product: 'Produto',
  product_unity: 'Embalagem do produto',
  price: 'Preço',
  supplier: 'Fornecedor',
  supplier_product: 'Produto do fornecedor',
  category: 'Categoria',
  unity: 'Unidade',
  unity_batch: 'Tipo de embalagem',
  stock_in: 'Entrada',
  stock_out: 'Saída',
  stock_movement: 'Movimentação (planilha)',
  nfe_receipt: 'NF-e',
  inventory_count: 'Balanço',
  stock_period: 'Fechamento de mês',
  catalog_sheet: 'Planilha de produtos',
  user: 'Usuário',
  settings: 'Configurações',
  permissions: 'Permissões',
  establishment: 'Estabelecimento',
  location: 'Depósito',
} as const;
export type TAuditEntity = keyof typeof AUDIT_ENTITY_LABELS;

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Criou',
  update: 'Alterou',
  delete: 'Excluiu',
  link: 'Vinculou',
  unlink: 'Desvinculou',
  cancel: 'Cancelou',
  import: 'Importou',
  post: 'Lançou',
  undo: 'Desfez',
  discard: 'Descartou',
  count: 'Contou',
  close: 'Fechou',
  reopen: 'Reabriu',
  register: 'Cadastrou-se',
  password_reset: 'Redefiniu a senha',
  login: 'Entrou',
  logout: 'Saiu',
};

export const ZAuditQuery = z
  .extend(ZPageQuery, {
    entity: z.optional(zText(60)),
    entityId: z.optional(z.string().check(z.regex(/^[\w.:-]{1,60}$/, { error: 'Registro inválido.' }))),
    userId: z.optional(ZId),
    from: z.optional(ZDate),
    to: z.optional(ZDate),
    // newest first unless asked otherwise
    order: z._default(z.enum(['asc', 'desc'], { error: orRequired('Ordem inválida.') }), 'desc'),
    format: ZExportFormat,
  })
  .check(dateRangeInOrder());
export type TAuditQuery = z.input<typeof ZAuditQuery>;
export type TAuditFilters = z.output<typeof ZAuditQuery>;

/** One field that changed: `before` is absent (null) on a creation, `after` on a deletion. */
export const ZAuditChange = z.object({
  field: z.string(),
  before: z.nullable(z.unknown()),
  after: z.nullable(z.unknown()),
});
export type TAuditChange = z.infer<typeof ZAuditChange>;

export const ZAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  user: z.nullable(z.object({ id: z.number(), name: z.string() })),
  action: z.string(),
  entity: z.string(),
  entityId: z.nullable(z.string()),
  changes: z.array(ZAuditChange),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const AUDIT_ADMIN_ONLY = 'Apenas administradores podem fazer isto.';

/** How the history names a field (the raw name when not listed). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  email: 'E-mail',
  status: 'Situação',
  role: 'Perfil',
  sku: 'Código',
  description: 'Descrição',
  categoryId: 'Categoria',
  baseUnityId: 'Unidade base',
  minStock: 'Estoque mínimo',
  barcode: 'Código de barras',
  ncm: 'NCM',
  cest: 'CEST',
  itemType: 'Tipo do item',
  quantity: 'Quantidade',
  costPrice: 'Preço de custo',
  salePrice: 'Preço de venda',
  effectiveFrom: 'Vigência',
  tradeName: 'Nome fantasia',
  document: 'Documento',
  phone: 'Telefone',
  stateRegistration: 'Inscrição estadual',
  productId: 'Produto',
  supplierId: 'Fornecedor',
  occurredOn: 'Data',
  reason: 'Motivo',
  month: 'Mês',
  year: 'Ano',
  closedThrough: 'Fechado até',
  fileName: 'Arquivo',
  accessKey: 'Chave de acesso',
  totalCost: 'Custo total',
  items: 'Itens',
  countedOn: 'Data do balanço',
  passwordChanged: 'Senha alterada',
  fractional: 'Fracionada',
  code: 'Sigla',
};

export function auditFieldLabel(field: string): string {
  return AUDIT_FIELD_LABELS[field] ?? field;
}

/** A stored value as text: '—' for none, 'sim'/'não', objects as compact JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const text = JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** One line per change, as the export writes it: "Nome: Antigo → Novo". */
export function auditChangesText(changes: readonly TAuditChange[]): string {
  return changes
    .map((c) => `${auditFieldLabel(c.field)}: ${auditValueText(c.before)} → ${auditValueText(c.after)}`)
    .join('; ');
}

export function auditEntityLabel(entity: string): string {
  return (AUDIT_ENTITY_LABELS as Record<string, string>)[entity] ?? entity;
}
