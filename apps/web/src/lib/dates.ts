/** Calendar dates as the API writes them (YYYY-MM-DD), in the browser's time zone. */

export const localToday = () => new Intl.DateTimeFormat('en-CA').format(new Date());

/** "2026-11-21" → "2026-11-01" */
export const firstOfMonth = (date: string) => `${date.slice(0, 8)}01`;

/** (2026, 3) → "03/2026" */
export const monthLabel = (year: number, month: number) => `${String(month).padStart(2, '0')}/${year}`;

/** (2026, 3) → "2026-03", comparable as text with the API's closedThrough. */
export const yearMonth = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** An instant ("2026-11-22T02:10:00.000Z") → its calendar date here ("2026-11-21"), for formatDate. */
export const localDateOf = (iso: string) => new Intl.DateTimeFormat('en-CA').format(new Date(iso));
