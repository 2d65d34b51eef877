import type { TInventory } from '@armazem/contracts/inventory';
import { api } from '../../lib/api.ts';

const base = `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/stock/inventory/v1`;
/** Whose inventory: an establishment (absent: the first, the matriz), as the API takes it. */
const whose = (establishmentId: number | null) =>
  establishmentId ? `&establishmentId=${establishmentId}` : '';
export const inventoryUrls = {
  book: (date: string, format: 'pdf' | 'xlsx', establishmentId: number | null = null) =>
    `${base}/book?date=${date}&format=${format}${whose(establishmentId)}`,
  sped: (date: string, reason: string, establishmentId: number | null = null) =>
    `${base}/sped?date=${date}&reason=${reason}${whose(establishmentId)}`,
};

export const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    inventory: build.query<TInventory, { date: string; establishmentId: number | null }>({
      query: ({ date, establishmentId }) => ({
        url: '/stock/inventory/v1',
        params: establishmentId ? { date, establishmentId } : { date },
      }),
      providesTags: ['Inventory', 'Stock'],
    }),
  }),
});

export const { useInventoryQuery } = inventoryApi;
