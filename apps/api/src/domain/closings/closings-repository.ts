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

/**
 * What the month's report header says of its period: who closed it and when (null while it is open), and the latest
 * reopening of it with its reason (null if it was never reopened). Closing a month closes every earlier one and
 * reopening one opens every later one, so each action is read against the closed period just before it.
 */
export async function closingOf(db: Db, yearMonth: string) {
  const covers = (closedThrough: string | null) => closedThrough !== null && closedThrough >= yearMonth;
  type Action = { at: string; by: { id: number; name: string } };
  let closed: Action | null = null;
  let reopened: (Action & { reason: string | null }) | null = null;
  let before: string | null = null;
  for (const row of (await closingHistory(db)).reverse()) {
    const action = { at: row.created_at, by: { id: row.user_id, name: row.user_name } };
    if (!covers(before) && covers(row.closed_through)) closed = action;
    if (covers(before) && !covers(row.closed_through)) reopened = { ...action, reason: row.reason };
    before = row.closed_through;
  }
  return { closed: covers(before) ? closed : null, reopened };
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
