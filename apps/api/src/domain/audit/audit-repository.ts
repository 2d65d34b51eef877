import type { Db } from '../../db/database.ts';
import { toNumber } from '../../db/database.ts';

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  userId?: number;
  /** UTC instants: created_at >= fromAt and < toAt */
  fromAt?: string;
  toAt?: string;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log as a');
  if (filter.entity !== undefined) query = query.where('a.entity', '=', filter.entity);
  if (filter.entityId !== undefined) query = query.where('a.entity_id', '=', filter.entityId);
  if (filter.userId !== undefined) query = query.where('a.user_id', '=', filter.userId);
  if (filter.fromAt !== undefined) query = query.where('a.created_at', '>=', filter.fromAt);
  if (filter.toAt !== undefined) query = query.where('a.created_at', '<', filter.toAt);
  return query;
}

/** One page of the audit trail, newest first by default (the id follows the time of writing). */
export async function auditPage(
  db: Db,
  filter: AuditFilter,
  page: { offset: number; limit: number; order: 'asc' | 'desc' },
) {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .leftJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'a.id',
        'a.created_at',
        'a.user_id',
        'u.name as user_name',
        'a.action',
        'a.entity',
        'a.entity_id',
        'a.before_data',
        'a.after_data',
      ])
      .orderBy('a.id', page.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: toNumber(count.total) };
}
export type AuditRow = Awaited<ReturnType<typeof auditPage>>['rows'][number];
