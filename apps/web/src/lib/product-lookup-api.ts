import type { TProductLookup } from '@armazem/contracts/catalog';
import { api } from './api.ts';

/** Exact SKU or barcode → product and package; what a barcode scanner types before its Enter. */
const productLookupApi = api.injectEndpoints({
  endpoints: (build) => ({
    productLookup: build.query<TProductLookup, string>({
      query: (code) => ({ url: '/products/v1/lookup', params: { code } }),
      providesTags: ['Product'],
    }),
  }),
});

export const { useLazyProductLookupQuery, useProductLookupQuery } = productLookupApi;
