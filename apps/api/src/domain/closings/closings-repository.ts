import { monthClosingOf } from '@armazem/contracts/stock-history';
import type { Db, Tx } from '../../db/database.ts';
import type { Dialect } from '../../db/types.ts';
import { lastClosing, periodLock } from '../stock/stock-public-service.ts';

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

/** Who closed the month and when (null while it is open), and its latest reopening with the reason (report header). */
export async function closingOf(db: Db, yearMonth: string) {
  const { closed, reopened } = monthClosingOf(await closingHistory(db), yearMonth);
  const who = (row: { created_at: string; user_id: number; user_name: string }) => ({
    at: row.created_at,
    by: { id: row.user_id, name: row.user_name },
  });
  return {
    closed: closed && who(closed),
    reopened: reopened && { ...who(reopened), reason: reopened.reason },
  };
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
