import type { TInventory } from '@armazem/contracts/inventory';
import { api } from '../../lib/api.ts';

const base = `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/stock/inventory/v1`;
export const inventoryUrls = {
  book: (date: string, format: 'pdf' | 'xlsx') => `${base}/book?date=${date}&format=${format}`,
  sped: (date: string, reason: string) => `${base}/sped?date=${date}&reason=${reason}`,
};

export const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    inventory: build.query<TInventory, string>({
      query: (date) => ({ url: '/stock/inventory/v1', params: { date } }),
      providesTags: ['Inventory', 'Stock'],
    }),
  }),
});

export const { useInventoryQuery } = inventoryApi;
