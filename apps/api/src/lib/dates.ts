/** Today's date (YYYY-MM-DD) in the business time zone, which decides what "today" and a month are. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** What "today" is for the business; injected so services and tests agree on it. */
export interface Clock {
  today(): string;
}

/** One formatter per time zone, built once (not on every request). */
export function businessClock(timeZone: string): Clock {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return { today: () => format.format(new Date()) };
}
