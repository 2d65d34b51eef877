import { STOCK_VALUE_MAX_MONTHS } from '@armazem/contracts/reports';
import { badRequest } from '../../lib/errors.ts';

/** The rules of the owner's reports (DESIGN.md §6.6): pure, no database. */

export interface MonthEnd {
  /** YYYY-MM */
  month: string;
  /** the month's last day; the current month's is today */
  date: string;
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * Each month from `from` to `to` with the date its stock value is read at: its last day, or today for the current
 * month (a future day has no inventory). Refuses a reversed period, a future month and more than five years.
 */
export function monthEnds(from: string, to: string, today: string): MonthEnd[] {
  if (from > to) throw badRequest('O mês inicial não pode ser posterior ao final.', 'from');
  if (to > today.slice(0, 7)) throw badRequest('O mês final não pode ser futuro.', 'to');
  const count = monthIndex(to) - monthIndex(from) + 1;
  if (count > STOCK_VALUE_MAX_MONTHS) {
    throw badRequest(`O período aceita no máximo ${STOCK_VALUE_MAX_MONTHS} meses.`, 'to');
  }
  return Array.from({ length: count }, (_, offset) => {
    const index = monthIndex(from) + offset;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const key = `${year}-${String(month).padStart(2, '0')}`;
    const date = `${key}-${String(last).padStart(2, '0')}`;
    return { month: key, date: date > today ? today : date };
  });
}

/** The date `days` days after `date` (before, when negative), YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
