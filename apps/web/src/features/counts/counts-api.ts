import type {
  TCount,
  TCountDetail,
  TCountItem,
  TCountList,
  TCountScanResult,
  TCountSheetMode,
  TCountSheetPreview,
  TNewCount,
  TUncountedItems,
} from '@armazem/contracts/counts';
import type { TEstablishment, TLocation } from '@armazem/contracts/places';
import { api } from '../../lib/api.ts';

const base = `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/stock/counts/v1`;
export const countUrls = {
  sheet: (id: number) => `${base}/${id}/sheet`,
};

type SavedItems = TCount & { items: TCountItem[]; totals: TCountDetail['totals'] };
type TypedItem = { productId: number; countedQuantity: string | null; seenQuantity?: string | null };

const sheetForm = (file: File, mode: TCountSheetMode) => {
  const body = new FormData();
  body.append('sheet', file);
  body.append('mode', mode);
  return body;
};

/** Inventory counts (balanço): list, start, count, sheet, post, discard or undo. */
export const countsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** where a count can be taken: the locations, and their establishments to name them by */
    countLocations: build.query<TLocation[], void>({
      query: () => '/locations/v1',
      providesTags: ['Settings'],
    }),
    countEstablishments: build.query<TEstablishment[], void>({
      query: () => '/establishments/v1',
      providesTags: ['Settings'],
    }),
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
    uncounted: build.query<TUncountedItems, number>({
      query: (id) => `/stock/counts/v1/${id}/uncounted`,
      providesTags: ['Count'],
    }),
    /** a scan adds on the server; the screen shows the answer, and the count refetches on the live event */
    scanCount: build.mutation<TCountScanResult, { id: number; code: string; quantity?: string }>({
      extraOptions: { refusalInDialog: true },
      query: ({ id, ...body }) => ({ url: `/stock/counts/v1/${id}/scans`, method: 'POST', body }),
    }),
    saveCountItems: build.mutation<SavedItems, { id: number; items: TypedItem[] }>({
      extraOptions: { refusalInDialog: true },
      query: ({ id, items }) => ({ url: `/stock/counts/v1/${id}/items`, method: 'PUT', body: { items } }),
      invalidatesTags: ['Count'],
    }),
    previewCountSheet: build.mutation<TCountSheetPreview, { id: number; file: File; mode: TCountSheetMode }>({
      extraOptions: { refusalInDialog: true },
      query: ({ id, file, mode }) => ({
        url: `/stock/counts/v1/${id}/sheet/preview`,
        method: 'POST',
        body: sheetForm(file, mode),
      }),
    }),
    uploadCountSheet: build.mutation<TCountDetail, { id: number; file: File; mode: TCountSheetMode }>({
      query: ({ id, file, mode }) => ({
        url: `/stock/counts/v1/${id}/sheet`,
        method: 'POST',
        body: sheetForm(file, mode),
      }),
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
  useCountLocationsQuery,
  useCountEstablishmentsQuery,
  useCountsQuery,
  useCountQuery,
  useStartCountMutation,
  useSaveCountItemsMutation,
  useUncountedQuery,
  useScanCountMutation,
  usePreviewCountSheetMutation,
  useUploadCountSheetMutation,
  usePostCountMutation,
  useRemoveCountMutation,
} = countsApi;
