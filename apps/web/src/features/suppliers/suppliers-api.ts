import type {
  TNewSupplier,
  TSupplier,
  TSupplierListQuery,
  TSupplierProduct,
  TUpdateSupplier,
} from '@armazem/contracts/catalog';
import type { TPaged } from '@armazem/contracts/common';
import { api } from '../../lib/api.ts';

export const suppliersApi = api.injectEndpoints({
  endpoints: (build) => ({
    suppliers: build.query<TPaged<TSupplier>, TSupplierListQuery>({
      query: (params) => ({ url: '/suppliers/v1', params }),
      providesTags: ['Supplier'],
    }),
    suppliersProductsSelect: build.query<TSupplierProduct[], number>({
      query: (supplierId) => `/suppliers/v1/${supplierId}/products/v1`,
      providesTags: ['SupplierProduct'],
    }),
    addSupplier: build.mutation<TSupplier, TNewSupplier>({
      query: (newSupplierObj) => ({ url: '/suppliers/v1', method: 'POST', body: newSupplierObj }),
      invalidatesTags: ['Supplier'],
    }),
    updateSupplier: build.mutation<TSupplier, { supplierId: number; data: TUpdateSupplier }>({
      query: ({ supplierId, data }) => ({ url: `/suppliers/v1/${supplierId}`, method: 'PATCH', body: data }),
      invalidatesTags: ['Supplier'],
    }),
    deleteSupplier: build.mutation<void, number>({
      extraOptions: { refusalInDialog: true },
      query: (supplierId) => ({ url: `/suppliers/v1/${supplierId}`, method: 'DELETE' }),
      invalidatesTags: ['Supplier', 'Product'],
    }),
  }),
});

export const {
  useSuppliersQuery,
  useSuppliersProductsSelectQuery,
  useAddSupplierMutation,
  useUpdateSupplierMutation,
  useDeleteSupplierMutation,
} = suppliersApi;
