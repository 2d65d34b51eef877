import {
  AUDIT_ACTION_LABELS,
  auditChangesText,
  auditEntityLabel,
  type TAuditEntry,
} from '@armazem/contracts/audit';
import type { ExportColumn } from '../lib/exports.ts';

/** The audit list's export file (lib/exports.ts writes it). */
export const AUDIT_COLUMNS: ExportColumn<TAuditEntry>[] = [
  { title: 'Quando', type: 'datetime', value: (e) => e.at },
  { title: 'Usuário', width: 24, value: (e) => e.user?.name ?? 'Sistema' },
  { title: 'Ação', width: 14, value: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action },
  { title: 'Registro', width: 22, value: (e) => auditEntityLabel(e.entity) },
  { title: 'Nº', width: 10, value: (e) => e.entityId },
  { title: 'Alterações', width: 80, value: (e) => auditChangesText(e.changes) },
];
