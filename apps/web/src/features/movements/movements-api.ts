import type { TMonthQuery, TStockMovement } from '@armazem/contracts/movements';
import { api } from '../../lib/api.ts';

const AFFECTED = ['StockMovement', 'Stock', 'StockIn', 'StockOut', 'Product'] as const;

export const movementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    stockMovement: build.query<{ data: TStockMovement[] }, TMonthQuery>({
      query: (params) => ({ url: '/stock/movement/v1', params }),
      providesTags: ['StockMovement'],
    }),
    addStockMovement: build.mutation<
      TStockMovement,
      { sheet: File; year: number; month: number; description: string }
    >({
      query: ({ sheet, year, month, description }) => {
        const body = new FormData();
        body.append('sheet', sheet, sheet.name);
        body.append('data', JSON.stringify({ description: description || null }));
        body.append('year', String(year));
        body.append('month', String(month));
        return { url: '/stock/movement/v1', method: 'POST', body };
      },
      invalidatesTags: [...AFFECTED],
    }),
    deleteStockMovement: build.mutation<void, number>({
      extraOptions: { refusalInDialog: true },
      query: (stockMovementId) => ({ url: `/stock/movement/v1/${stockMovementId}`, method: 'DELETE' }),
      invalidatesTags: [...AFFECTED],
    }),
  }),
});

export const { useStockMovementQuery, useAddStockMovementMutation, useDeleteStockMovementMutation } =
  movementsApi;

export const movementUrls = {
  base: `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/stock/movement/v1`,
  template: () => `${movementUrls.base}/template`,
  original: (id: number) => `${movementUrls.base}/${id}/sheet`,
  report: (year: number, month: number) => `${movementUrls.base}/report?year=${year}&month=${month}`,
};
