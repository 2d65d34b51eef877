import { z } from 'zod/mini';

/**
 * The actions an admin may open to operators (DESIGN.md §6.7), named once here: the API checks them, the web shows
 * them. Admins may always. What is not here (recording entries and exits, starting counts and scanning, importing
 * sheets, NF-e and document batches) every signed-in user may do.
 */
export const PERMISSION_ACTIONS = [
  'nfe.undo',
  'batch.undo',
  'sheet.delete',
  'movement.cancel',
  'count.post',
  'count.undo',
  'count.discard',
  'month.close',
  'month.reopen',
  'reference.create',
  'catalog.import',
  'locations.manage',
] as const;
export type TPermissionAction = (typeof PERMISSION_ACTIONS)[number];

export const PERMISSION_GROUPS = [
  'Documentos',
  'Movimentação',
  'Balanço',
  'Fechamento',
  'Cadastros',
] as const;

export interface PermissionInfo {
  /** what the screen shows and a refusal names */
  label: string;
  group: (typeof PERMISSION_GROUPS)[number];
  /** whether an operator may, until an admin says otherwise */
  operatorDefault: boolean;
}

export const PERMISSIONS: Record<TPermissionAction, PermissionInfo> = {
  'nfe.undo': { label: 'Desfazer importação de NF-e', group: 'Documentos', operatorDefault: false },
  'batch.undo': { label: 'Desfazer lote de documentos', group: 'Documentos', operatorDefault: false },
  'sheet.delete': { label: 'Excluir planilha importada', group: 'Movimentação', operatorDefault: false },
  'movement.cancel': {
    label: 'Cancelar entrada, saída ou transferência',
    group: 'Movimentação',
    operatorDefault: false,
  },
  'count.post': { label: 'Efetivar balanço', group: 'Balanço', operatorDefault: false },
  'count.undo': { label: 'Desfazer balanço efetivado', group: 'Balanço', operatorDefault: false },
  'count.discard': { label: 'Descartar balanço aberto', group: 'Balanço', operatorDefault: false },
  'month.close': { label: 'Fechar mês', group: 'Fechamento', operatorDefault: false },
  'month.reopen': { label: 'Reabrir mês', group: 'Fechamento', operatorDefault: false },
  'reference.create': {
    label: 'Criar categorias, unidades e embalagens',
    group: 'Cadastros',
    operatorDefault: false,
  },
  'catalog.import': {
    label: 'Importar a planilha de produtos',
    group: 'Cadastros',
    operatorDefault: true,
  },
  'locations.manage': { label: 'Gerenciar locais de estoque', group: 'Cadastros', operatorDefault: false },
};

export type TOperatorPermissions = Record<TPermissionAction, boolean>;

/** What operators may when no admin has chosen. */
export const DEFAULT_OPERATOR_PERMISSIONS = Object.fromEntries(
  PERMISSION_ACTIONS.map((action) => [action, PERMISSIONS[action].operatorDefault]),
) as TOperatorPermissions;

const ZAllowed = z.boolean({ error: 'Use true ou false.' });

export const ZPermissions = z.object({
  operator: z.object(
    Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, z.boolean()])) as Record<
      TPermissionAction,
      z.ZodMiniBoolean
    >,
  ),
});
export type TPermissions = z.infer<typeof ZPermissions>;

/** Some or all actions; an action this release does not know is a 400 (a typo must not pass for "saved"). */
export const ZUpdatePermissions = z.strictObject({
  operator: z.strictObject(
    Object.fromEntries(PERMISSION_ACTIONS.map((action) => [action, z.optional(ZAllowed)])) as Record<
      TPermissionAction,
      z.ZodMiniOptional<z.ZodMiniBoolean>
    >,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Permissão desconhecida: ${issue.keys.join(', ')}.` : undefined,
    },
  ),
});
export type TUpdatePermissions = z.infer<typeof ZUpdatePermissions>;

/** The refusal that names the permission an operator lacks (`what`: what was refused, as "criar categorias"). */
export const permissionRefusal = (action: TPermissionAction, what = 'fazer isto') =>
  `Seu perfil não pode ${what} (permissão "${PERMISSIONS[action].label}"). Peça a um administrador.`;
