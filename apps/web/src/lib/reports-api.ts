import type { TAbc, TStockValue } from '@armazem/contracts/reports';
import type { TCoverageRow, TDeadStockRow, TReorderRow } from '@armazem/contracts/reports';
import type { TPaged } from '@armazem/contracts/common';
import { api } from './api.ts';

/** Whose figures (decision 0078): absent, the first establishment (ABC: the whole business). */
export interface ReportPlace {
  establishmentId?: number | undefined;
  locationId?: number | undefined;
}

type Paged<T> = TPaged<T>;

type PageArgs = ReportPlace & { page?: number; pageSize?: number };

/** Only the params that are set reach the URL (and the cache key). */
const params = (args: object) =>
  Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== ''));

/** The owner's reports (DESIGN.md §6.6), read by Início and Análises; every figure follows the ledger. */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stockValue: build.query<TStockValue, ReportPlace & { from: string; to: string }>({
      query: (args) => ({ url: '/reports/v1/stock-value', params: params(args) }),
      providesTags: ['Stock', 'Inventory'],
    }),
    abc: build.query<TAbc, PageArgs & { from: string; to: string }>({
      query: (args) => ({ url: '/reports/v1/abc', params: params(args) }),
      providesTags: ['Stock'],
    }),
    coverage: build.query<Paged<TCoverageRow> & { days: number }, PageArgs & { days: number }>({
      query: (args) => ({ url: '/reports/v1/coverage', params: params(args) }),
      providesTags: ['Stock'],
    }),
    deadStock: build.query<
      Paged<TDeadStockRow> & { days: number; from: string; totalValue: string },
      PageArgs & { days: number }
    >({
      query: (args) => ({ url: '/reports/v1/dead-stock', params: params(args) }),
      providesTags: ['Stock'],
    }),
    reorder: build.query<
      Paged<TReorderRow> & { days: number },
      PageArgs & { days: number; supplierId?: number | undefined }
    >({
      query: (args) => ({ url: '/reports/v1/reorder', params: params(args) }),
      providesTags: ['Stock', 'Supplier'],
    }),
  }),
});

export const { useStockValueQuery, useAbcQuery, useCoverageQuery, useDeadStockQuery, useReorderQuery } =
  reportsApi;

/** "2026-02" → "fev/2026", as the charts' axis and summaries say a month. */
const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
export const monthName = (yearMonth: string) =>
  `${MONTHS[Number(yearMonth.slice(5, 7)) - 1] ?? ''}/${yearMonth.slice(0, 4)}`;

/** The month `back` months before the ISO date's, as AAAA-MM. */
export function monthsBack(today: string, back: number): string {
  const date = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - back, 1));
  return date.toISOString().slice(0, 7);
}

/** The ISO date `days` days before the ISO date. */
export function daysBack(today: string, days: number): string {
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}
