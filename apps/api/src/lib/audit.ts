import type { Db, Tx } from '../db/database.ts';
import { nowIso } from '../db/database.ts';

export interface AuditEntry {
  userId: number | null;
  action: 'create' | 'update' | 'delete' | 'link' | 'unlink' | 'login' | 'logout' | 'password_reset' | string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

const serialize = (value: unknown) =>
  value === undefined || value === null
    ? null
    : JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));

/** The audit_log row of an entry (for a caller that writes it inside a larger statement). */
export function auditRow(entry: AuditEntry) {
  return {
    user_id: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId === null ? null : String(entry.entityId),
    before_data: serialize(entry.before),
    after_data: serialize(entry.after),
    created_at: nowIso(),
  };
}

/** Records who changed what, inside the same transaction as the change itself. */
export async function audit(db: Db | Tx, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(entry)).execute();
}
