import type { TCloseMonth, TClosings, TReopenMonth } from '@armazem/contracts/stock-history';
import { api } from './api.ts';

export const closingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    closings: build.query<TClosings, void>({
      query: () => '/stock/closings/v1',
      providesTags: ['MonthClosing'],
    }),
    closeMonth: build.mutation<{ closedThrough: string | null }, TCloseMonth>({
      extraOptions: { refusalInDialog: true },
      query: (body) => ({ url: '/stock/closings/v1', method: 'POST', body }),
      invalidatesTags: ['MonthClosing'],
    }),
    reopenMonth: build.mutation<{ closedThrough: string | null }, TReopenMonth>({
      extraOptions: { refusalInDialog: true },
      query: (body) => ({ url: '/stock/closings/v1/reopen', method: 'POST', body }),
      invalidatesTags: ['MonthClosing'],
    }),
  }),
});

export const { useClosingsQuery, useCloseMonthMutation, useReopenMonthMutation } = closingsApi;
