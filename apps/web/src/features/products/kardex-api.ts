import type { TKardex } from '@armazem/contracts/stock-history';
import { api } from '../../lib/api.ts';

export interface KardexRange {
  productId: number;
  from: string;
  to: string;
  /** whose figures: an establishment's (the API's default: the first) or one location's */
  establishmentId?: number | undefined;
  locationId?: number | undefined;
}

export const kardexApi = api.injectEndpoints({
  endpoints: (build) => ({
    kardex: build.query<TKardex, KardexRange>({
      query: ({ productId, ...params }) => ({ url: `/products/v1/${productId}/kardex`, params }),
      // every write to the ledger invalidates Stock, so the kardex follows entries, exits, sheets and cancellations
      providesTags: ['Stock'],
    }),
  }),
});

export const { useKardexQuery } = kardexApi;

/** The same range as a file (the API answers with content-disposition: attachment). */
export function kardexFileUrl(
  { productId, from, to, establishmentId, locationId }: KardexRange,
  format: 'xlsx' | 'pdf',
): string {
  const params = new URLSearchParams({ from, to, format });
  if (establishmentId) params.set('establishmentId', String(establishmentId));
  if (locationId) params.set('locationId', String(locationId));
  return `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/products/v1/${productId}/kardex?${params}`;
}
