/** Today in the business's time zone (the reports' clock), YYYY-MM-DD. */
export const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** The month `back` months before today's, as YYYY-MM, a day of it, and its last day (today for the current one). */
export function monthBack(back: number) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 1 - back, 1));
  const key = start.toISOString().slice(0, 7);
  const last = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0))
    .toISOString()
    .slice(0, 10);
  return {
    key,
    day: (d: number) => `${key}-${String(d).padStart(2, '0')}`,
    last: last > today ? today : last,
  };
}
