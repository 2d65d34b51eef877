import type { Db, Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { lastClosing, periodLock } from '../stock/posting-repository.ts';

/** SQL of month closing; the closed period is the `closed_through` of the latest action. */

export async function closingHistory(db: Db) {
  return db
    .selectFrom('stock_closings as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.year',
      'c.month',
      'c.action',
      'c.reason',
      'c.closed_through',
      'c.created_at',
      'u.id as user_id',
      'u.name as user_name',
    ])
    .orderBy('c.id', 'desc')
    .execute();
}

export async function insertClosing(
  tx: Tx,
  row: {
    year: number;
    month: number;
    action: 'close' | 'reopen';
    reason: string | null;
    closedThrough: string | null;
    userId: number;
    at: string;
  },
) {
  await tx
    .insertInto('stock_closings')
    .values({
      year: row.year,
      month: row.month,
      action: row.action,
      reason: row.reason,
      closed_through: row.closedThrough,
      user_id: row.userId,
      created_at: row.at,
    })
    .execute();
}

/** The latest close that covers `yearMonth`: who closed it and when (null while the month is open). */
export async function closingOf(db: Db, yearMonth: string) {
  const rows = await closingHistory(db);
  const current = rows[0]?.closed_through ?? null;
  if (current === null || yearMonth > current) return null;
  const close = rows.find(
    (row) => row.action === 'close' && `${row.year}-${String(row.month).padStart(2, '0')}` >= yearMonth,
  );
  return close ? { at: close.created_at, by: { id: close.user_id, name: close.user_name } } : null;
}

/** The last closed month ("YYYY-MM") or null; writers hold the period lock shared until they commit. */
export async function readClosedThrough(
  tx: Tx,
  dialect: Dialect,
  lock: 'shared' | 'exclusive',
): Promise<string | null> {
  await periodLock(tx, dialect, lock);
  return (await lastClosing(tx).executeTakeFirst())?.closed_through ?? null;
}
