import type { TCount, TCountDetail, TCountItem, TCountList, TNewCount } from '@armazem/contracts/counts';
import { api } from '../../lib/api.ts';

const base = `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/stock/counts/v1`;
export const countUrls = {
  sheet: (id: number) => `${base}/${id}/sheet`,
};

type SavedItems = TCount & { items: TCountItem[]; totals: TCountDetail['totals'] };

/** Inventory counts (balanço): list, start, count, sheet, post, discard or undo. */
export const countsApi = api.injectEndpoints({
  endpoints: (build) => ({
    counts: build.query<TCountList, { page: number; status?: string }>({
      query: (params) => ({ url: '/stock/counts/v1', params: { ...params, pageSize: 20, order: 'desc' } }),
      providesTags: ['Count'],
    }),
    count: build.query<TCountDetail, { id: number; differences: boolean }>({
      query: ({ id, differences }) => ({ url: `/stock/counts/v1/${id}`, params: { differences } }),
      providesTags: ['Count'],
    }),
    startCount: build.mutation<TCount, TNewCount>({
      query: (body) => ({ url: '/stock/counts/v1', method: 'POST', body }),
      invalidatesTags: ['Count'],
    }),
    saveCountItems: build.mutation<
      SavedItems,
      { id: number; items: Array<{ productId: number; countedQuantity: string | null }> }
    >({
      extraOptions: { refusalInDialog: true },
      query: ({ id, items }) => ({ url: `/stock/counts/v1/${id}/items`, method: 'PUT', body: { items } }),
    }),
    uploadCountSheet: build.mutation<TCountDetail, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('sheet', file);
        return { url: `/stock/counts/v1/${id}/sheet`, method: 'POST', body };
      },
      invalidatesTags: ['Count'],
    }),
    postCount: build.mutation<TCount, { id: number; uncountedAsZero: boolean }>({
      extraOptions: { refusalInDialog: true },
      query: ({ id, uncountedAsZero }) => ({
        url: `/stock/counts/v1/${id}/post`,
        method: 'POST',
        body: { uncountedAsZero },
      }),
      invalidatesTags: ['Count', 'Stock', 'StockIn', 'StockOut', 'Product'],
    }),
    removeCount: build.mutation<void, number>({
      extraOptions: { refusalInDialog: true },
      query: (id) => ({ url: `/stock/counts/v1/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Count', 'Stock', 'StockIn', 'StockOut', 'Product'],
    }),
  }),
});

export const {
  useCountsQuery,
  useCountQuery,
  useStartCountMutation,
  useSaveCountItemsMutation,
  useUploadCountSheetMutation,
  usePostCountMutation,
  useRemoveCountMutation,
} = countsApi;
