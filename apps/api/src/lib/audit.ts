import type { Db, Tx } from '../db/database.ts';
import { nowIso } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';

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
  const row = auditRow(entry);
  await insertAudit(
    db,
    row.user_id,
    row.action,
    row.entity,
    row.entity_id,
    row.before_data,
    row.after_data,
    row.created_at,
  );
}

type Row = ReturnType<typeof auditRow>;
const insertAudit = prepared(
  (
    db,
    userId: Row['user_id'],
    action: Row['action'],
    entity: Row['entity'],
    entityId: Row['entity_id'],
    before: Row['before_data'],
    after: Row['after_data'],
    createdAt: Row['created_at'],
  ) =>
    db.insertInto('audit_log').values({
      user_id: userId,
      action,
      entity,
      entity_id: entityId,
      before_data: before,
      after_data: after,
      created_at: createdAt,
    }),
);
