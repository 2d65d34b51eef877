import type {
  TNewPrice,
  TNewProduct,
  TNewProductUnity,
  TPrice,
  TProduct,
  TProductDetail,
  TProductListQuery,
  TProductUnity,
  TUpdateProduct,
  TUpdateProductUnity,
} from '@armazem/contracts/catalog';
import type { TPaged } from '@armazem/contracts/common';
import { api } from '../../lib/api.ts';

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    products: build.query<TPaged<TProduct>, TProductListQuery>({
      query: (params) => ({ url: '/products/v1', params }),
      providesTags: ['Product'],
    }),
    product: build.query<TProductDetail, number>({
      query: (productId) => `/products/v1/${productId}`,
      providesTags: ['Product'],
    }),
    addProduct: build.mutation<TProduct, TNewProduct>({
      query: (newProductObj) => ({ url: '/products/v1', method: 'POST', body: newProductObj }),
      invalidatesTags: ['Product'],
    }),
    updateProduct: build.mutation<TProduct, { productId: number; data: TUpdateProduct }>({
      query: ({ productId, data }) => ({ url: `/products/v1/${productId}`, method: 'PATCH', body: data }),
      invalidatesTags: ['Product', 'Stock'],
    }),
    deleteProduct: build.mutation<void, number>({
      extraOptions: { refusalInDialog: true },
      query: (productId) => ({ url: `/products/v1/${productId}`, method: 'DELETE' }),
      invalidatesTags: ['Product', 'Supplier', 'SupplierProduct'],
    }),
    addProductUnity: build.mutation<TProductUnity, { productId: number; data: TNewProductUnity }>({
      query: ({ productId, data }) => ({
        url: `/products/v1/${productId}/unity/v1`,
        method: 'POST',
        body: data,
      }),
      invalidatesTags: ['Product'],
    }),
    updateProductUnity: build.mutation<
      TProductUnity,
      { productId: number; unityId: number; data: TUpdateProductUnity }
    >({
      query: ({ productId, unityId, data }) => ({
        url: `/products/v1/${productId}/unity/v1/${unityId}`,
        method: 'PATCH',
        body: data,
      }),
      invalidatesTags: ['Product'],
    }),
    deleteProductUnity: build.mutation<void, { productId: number; unityId: number }>({
      extraOptions: { refusalInDialog: true },
      query: ({ productId, unityId }) => ({
        url: `/products/v1/${productId}/unity/v1/${unityId}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Product'],
    }),
    addPrice: build.mutation<TPrice, { productId: number; data: TNewPrice }>({
      query: ({ productId, data }) => ({
        url: `/products/v1/${productId}/price/v1`,
        method: 'POST',
        body: data,
      }),
      invalidatesTags: ['Product'],
    }),
  }),
});

export const {
  useProductsQuery,
  useProductQuery,
  useAddProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useAddProductUnityMutation,
  useUpdateProductUnityMutation,
  useDeleteProductUnityMutation,
  useAddPriceMutation,
} = productsApi;
