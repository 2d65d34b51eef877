import type { TClosings } from '@armazem/contracts/stock-history';
import { yearMonth } from '../../lib/dates.ts';

/**
 * Who closed a month and when, or null while it is open. Same reading as the monthly report's header: the month
 * is closed when it is not after closedThrough, and the latest close that reached it says by whom.
 */
export function monthClosing(closings: TClosings, year: number, month: number) {
  const target = yearMonth(year, month);
  if (closings.closedThrough === null || target > closings.closedThrough) return null;
  const close = closings.data.find(
    (row) => row.action === 'close' && yearMonth(row.year, row.month) >= target,
  );
  return close ? { at: close.at, by: close.by } : { at: null, by: null };
}
