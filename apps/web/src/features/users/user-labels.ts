import type { TRole, TUserStatus } from '@armazem/contracts/auth';

export const ROLE_LABELS: Record<TRole, string> = { admin: 'Administrador', operator: 'Operador' };
export const STATUS_LABELS: Record<TUserStatus, string> = {
  pending: 'Aguardando aprovação',
  active: 'Ativo',
  disabled: 'Desativado',
};
export const STATUS_BADGES: Record<TUserStatus, string> = {
  pending: 'badge-warning',
  active: 'badge-success',
  disabled: 'badge-ghost',
};
