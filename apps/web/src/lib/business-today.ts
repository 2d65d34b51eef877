import type { TSettings } from '@armazem/contracts/settings';
import { api } from './api.ts';

/** The business's time zone until the server says otherwise (the server's BUSINESS_TIME_ZONE default). */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

const timeZoneApi = api.injectEndpoints({
  endpoints: (build) => ({
    businessTimeZone: build.query<string, void>({
      query: () => '/settings/v1',
      transformResponse: (settings: TSettings) => settings.timeZone,
      providesTags: ['Settings'],
    }),
  }),
});

/** YYYY-MM-DD of `now` in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
  } catch {
    return new Intl.DateTimeFormat('en-CA', { timeZone: DEFAULT_TIME_ZONE }).format(now);
  }
}

/**
 * "Today" where the business is, not where the browser is: the server dates movements in the business's time
 * zone and refuses a future date, so near midnight the browser's own date could be refused.
 */
export function useBusinessToday(): string {
  const { data: timeZone = DEFAULT_TIME_ZONE } = timeZoneApi.useBusinessTimeZoneQuery();
  return todayIn(timeZone);
}
