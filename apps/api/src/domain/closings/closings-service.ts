import type { ServiceDeps } from '../../lib/service-deps.ts';
import type { TClosings } from '@armazem/contracts/stock-history';
import { nowIso } from '../../db/database.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { monthLabel, monthOf, previousMonth, yearMonth } from '../shared/stock-rules.ts';
import { closingHistory, insertClosing, readClosedThrough } from './closings-repository.ts';

/**
 * Month close: an admin closes a month (and so every earlier one) once it is over; nothing dated in a closed
 * month can then be written, cancelled or undone. Reopening (with a reason) opens that month and every later
 * one. The period lock makes a close wait for writers in flight, and writers wait for a close.
 */
/** The earliest month the calls take (their year starts at 2000). */
const FIRST_NAMED_MONTH = yearMonth(2000, 1);

export function createClosingsService({ db, dialect, clock, events }: ServiceDeps) {
  return {
    async list(): Promise<TClosings> {
      const rows = await closingHistory(db);
      return {
        closedThrough: rows[0]?.closed_through ?? null,
        data: rows.map((row) => ({
          year: row.year,
          month: row.month,
          action: row.action,
          reason: row.reason,
          by: { id: row.user_id, name: row.user_name },
          at: row.created_at,
        })),
      };
    },

    async close(userId: number, year: number, month: number) {
      const target = yearMonth(year, month);
      if (target >= monthOf(clock.today())) {
        throw badRequest('Só é possível fechar um mês que já terminou.', 'month');
      }
      const closed = await db.transaction().execute(async (tx) => {
        const closedThrough = await readClosedThrough(tx, dialect, 'exclusive');
        if (closedThrough !== null && target <= closedThrough) {
          throw conflict(`O mês ${monthLabel(target)} já está fechado.`);
        }
        const at = nowIso();
        await insertClosing(tx, {
          year,
          month,
          action: 'close',
          reason: null,
          closedThrough: target,
          userId,
          at,
        });
        await audit(tx, {
          userId,
          action: 'close',
          entity: 'stock_period',
          entityId: target,
          before: { closedThrough },
          after: { closedThrough: target },
        });
        return { closedThrough: target };
      });
      events.publish('closings');
      return closed;
    },

    async reopen(userId: number, year: number, month: number, reason: string) {
      const target = yearMonth(year, month);
      const reopened = await db.transaction().execute(async (tx) => {
        const closedThrough = await readClosedThrough(tx, dialect, 'exclusive');
        if (closedThrough === null || target > closedThrough) {
          throw conflict(`O mês ${monthLabel(target)} não está fechado.`);
        }
        // reopening the first month a close can name (01/2000) opens every month: nothing is closed any more
        const after = target <= FIRST_NAMED_MONTH ? null : previousMonth(target);
        const at = nowIso();
        await insertClosing(tx, { year, month, action: 'reopen', reason, closedThrough: after, userId, at });
        await audit(tx, {
          userId,
          action: 'reopen',
          entity: 'stock_period',
          entityId: target,
          before: { closedThrough },
          after: { closedThrough: after, reason },
        });
        return { closedThrough: after };
      });
      events.publish('closings');
      return reopened;
    },
  };
}

export type ClosingsService = ReturnType<typeof createClosingsService>;
