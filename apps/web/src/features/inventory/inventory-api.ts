import type { TInventory } from '@armazem/contracts/inventory';
import { api } from '../../lib/api.ts';

const base = `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/stock/inventory/v1`;
/** Whose inventory: an establishment (absent: the first, the matriz), as the API takes it. */
const whose = (establishmentId: number | null) =>
  establishmentId ? `&establishmentId=${establishmentId}` : '';
export const inventoryUrls = {
  book: (date: string, format: 'pdf' | 'xlsx', establishmentId: number | null = null) =>
    `${base}/book?date=${date}&format=${format}${whose(establishmentId)}`,
  /** layout `block` (only block H) or `efd` (the complete file of `period`, YYYY-MM) */
  sped: (
    date: string,
    reason: string,
    establishmentId: number | null,
    layout: 'block' | 'efd',
    period: string,
  ) =>
    `${base}/sped?date=${date}&reason=${reason}${whose(establishmentId)}` +
    (layout === 'efd' ? `&layout=efd&period=${period}` : ''),
};

export const inventoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    inventory: build.query<
      TInventory,
      { date: string; establishmentId: number | null; reason?: string | undefined }
    >({
      query: ({ date, establishmentId, reason }) => ({
        url: '/stock/inventory/v1',
        params: { date, ...(establishmentId ? { establishmentId } : {}), ...(reason ? { reason } : {}) },
      }),
      providesTags: ['Inventory', 'Stock'],
    }),
  }),
});

export const { useInventoryQuery } = inventoryApi;
