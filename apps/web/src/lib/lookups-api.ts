import type {
  TProductSelectItem,
  TProductUnitySelectItem,
  TSupplierSelectItem,
} from '@armazem/contracts/catalog';
import type { TCategory, TUnity, TUnityBatch } from '@armazem/contracts/reference';
import type { TStockRow, TStockSummary } from '@armazem/contracts/stock';
import { api } from './api.ts';

type ActiveOnly = { status: 'active' } | void;

/** Where a link or unlink started: that side's list reloads (seed §4). */
export type LinkOrigin = 'product' | 'supplier';

/** Reference data, select lists and the supplier–product link: shared by several features. */
export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // every row for the reference screens; `{ status: 'active' }` for pickers
    categories: build.query<TCategory[], ActiveOnly>({
      query: (params) => ({ url: '/categories/v1', params: params ?? {} }),
      providesTags: ['Reference'],
    }),
    unities: build.query<TUnity[], ActiveOnly>({
      query: (params) => ({ url: '/unities/v1', params: params ?? {} }),
      providesTags: ['Reference'],
    }),
    unityBatches: build.query<TUnityBatch[], ActiveOnly>({
      query: (params) => ({ url: '/unity-batches/v1', params: params ?? {} }),
      providesTags: ['Reference'],
    }),
    productsSelect: build.query<TProductSelectItem[], { q?: string; limit?: number }>({
      query: (params) => ({ url: '/products/v1/select', params }),
      providesTags: ['Product'],
    }),
    productsUnitySelect: build.query<TProductUnitySelectItem[], number>({
      query: (productId) => `/products/v1/${productId}/unity/v1/select`,
      providesTags: ['Product'],
    }),
    suppliersSelect: build.query<TSupplierSelectItem[], void>({
      query: () => '/suppliers/v1/select',
      providesTags: ['Supplier'],
    }),
    /** One product's balance row, now or at the end of a past date (the movement form's "available" line). */
    productBalance: build.query<TStockRow | null, { sku: string; date?: string | undefined }>({
      query: ({ sku, date }) => ({
        url: '/stock/v1',
        params: { q: sku, pageSize: 5, ...(date ? { date } : {}) },
      }),
      transformResponse: (page: { data: TStockRow[] }, _meta, { sku }) =>
        page.data.find((row) => row.product.sku === sku) ?? null,
      providesTags: ['Stock'],
    }),
    stockSummary: build.query<TStockSummary, void>({
      query: () => '/stock/v1/summary',
      providesTags: ['Stock', 'StockIn', 'StockOut'],
    }),
    belowMinimum: build.query<TStockRow[], void>({
      query: () => '/stock/v1/below-minimum',
      providesTags: ['Stock'],
    }),
    linkSupplierProduct: build.mutation<
      void,
      { supplierId: number; productId: number; linked: boolean; origin: LinkOrigin }
    >({
      query: ({ supplierId, productId, linked }) => ({
        url: `/suppliers/v1/${supplierId}/products/v1/${productId}`,
        method: linked ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_result, _error, { origin }) =>
        origin === 'product' ? ['Product', 'SupplierProduct'] : ['Supplier', 'SupplierProduct'],
    }),
  }),
});

export const {
  useCategoriesQuery,
  useUnitiesQuery,
  useUnityBatchesQuery,
  useProductsSelectQuery,
  useProductsUnitySelectQuery,
  useSuppliersSelectQuery,
  useLinkSupplierProductMutation,
  useProductBalanceQuery,
  useStockSummaryQuery,
  useBelowMinimumQuery,
} = lookupsApi;
