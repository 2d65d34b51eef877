import { monthClosingOf, type TClosings } from '@armazem/contracts/stock-history';
import { yearMonth } from '../../lib/dates.ts';

/** Who closed a month and when, or null while it is open: the same reading as the monthly report's header. */
export function monthClosing(closings: TClosings, year: number, month: number) {
  const { closed } = monthClosingOf(closings.data, yearMonth(year, month));
  return closed ? { at: closed.at, by: closed.by } : null;
}
