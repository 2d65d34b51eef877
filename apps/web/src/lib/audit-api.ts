import type { TAuditEntry, TAuditQuery } from '@armazem/contracts/audit';
import type { TPaged } from '@armazem/contracts/common';
import { api } from './api.ts';

type Tag =
  | 'Product'
  | 'Supplier'
  | 'NfeReceipt'
  | 'Count'
  | 'MonthClosing'
  | 'User'
  | 'StockMovement'
  | 'StockIn'
  | 'StockOut';

/** The list whose changes also change a record's history: when one reloads, so does the other. */
const TAG_OF_ENTITY: Record<string, Tag> = {
  product: 'Product',
  product_unity: 'Product',
  price: 'Product',
  supplier: 'Supplier',
  nfe_receipt: 'NfeReceipt',
  inventory_count: 'Count',
  stock_period: 'MonthClosing',
  user: 'User',
  stock_movement: 'StockMovement',
  stock_in: 'StockIn',
  stock_out: 'StockOut',
};
const EVERY_TAG = [...new Set(Object.values(TAG_OF_ENTITY))];

/** The audit trail (GET /api/audit/v1): a record's history on its screen, everything on Auditoria. */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    auditTrail: build.query<TPaged<TAuditEntry>, TAuditQuery>({
      query: (params) => ({ url: '/audit/v1', params }),
      providesTags: (_result, _error, query) => {
        const tag = query.entity ? TAG_OF_ENTITY[query.entity] : undefined;
        return tag ? [tag] : EVERY_TAG;
      },
    }),
  }),
});

export const { useAuditTrailQuery } = auditApi;
