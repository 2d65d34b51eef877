import type { TAuditEntry, TAuditFilters } from '@armazem/contracts/audit';
import { AUDIT_ADMIN_ONLY } from '@armazem/contracts/audit';
import { forbidden } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';
import { auditPage, type AuditRow } from './audit-repository.ts';
import { auditChanges, auditQueryAllowed, dayStartUtc, nextDay } from './audit-rules.ts';

function toEntry(row: AuditRow): TAuditEntry {
  return {
    id: Number(row.id),
    at: new Date(row.created_at).toISOString(),
    user: row.user_id === null ? null : { id: Number(row.user_id), name: row.user_name ?? '' },
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    changes: auditChanges(row.before_data, row.after_data),
  };
}

type Viewer = { role: 'admin' | 'operator' };
type Query = Pick<
  TAuditFilters,
  'entity' | 'entityId' | 'userId' | 'from' | 'to' | 'page' | 'pageSize' | 'order'
>;

export function createAuditService(deps: ServiceDeps & { timeZone: string }) {
  return {
    /** The audit trail, paged: a record's history for anyone signed in, everything (and by user) for admins. */
    async list(viewer: Viewer, query: Query): Promise<{ data: TAuditEntry[]; total: number }> {
      if (!auditQueryAllowed(query, viewer.role)) throw forbidden(AUDIT_ADMIN_ONLY);
      const { rows, total } = await auditPage(
        deps.db,
        {
          entity: query.entity,
          entityId: query.entityId,
          userId: query.userId,
          fromAt: query.from ? dayStartUtc(query.from, deps.timeZone) : undefined,
          toAt: query.to ? dayStartUtc(nextDay(query.to), deps.timeZone) : undefined,
        },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize, order: query.order },
      );
      return { data: rows.map(toEntry), total };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
