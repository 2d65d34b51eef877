import type { TPaged } from '@armazem/contracts/common';
import type {
  TLedgerEntry,
  TLedgerQuery,
  TNewStockIn,
  TNewStockOut,
  TNewTransfer,
  TStockPage,
  TStockQuery,
  TTransfer,
} from '@armazem/contracts/stock';
import type { TCancelEntry } from '@armazem/contracts/stock-history';
import { api } from '../../lib/api.ts';

export const stockApi = api.injectEndpoints({
  endpoints: (build) => ({
    stock: build.query<TStockPage, TStockQuery>({
      query: (params) => ({ url: '/stock/v1', params }),
      providesTags: ['Stock'],
    }),
    stockIn: build.query<TPaged<TLedgerEntry>, TLedgerQuery>({
      query: (params) => ({ url: '/stock/in/v1', params }),
      providesTags: ['StockIn'],
    }),
    stockOut: build.query<TPaged<TLedgerEntry>, TLedgerQuery>({
      query: (params) => ({ url: '/stock/out/v1', params }),
      providesTags: ['StockOut'],
    }),
    addStockIn: build.mutation<TLedgerEntry, TNewStockIn>({
      query: (newStockInObj) => ({ url: '/stock/in/v1', method: 'POST', body: newStockInObj }),
      invalidatesTags: ['StockIn', 'Stock', 'Product'],
    }),
    cancelStockEntry: build.mutation<
      TLedgerEntry,
      { direction: 'in' | 'out'; entryId: number; data: TCancelEntry }
    >({
      extraOptions: { refusalInDialog: true },
      query: ({ direction, entryId, data }) => ({
        url: `/stock/${direction}/v1/${entryId}/cancel`,
        method: 'POST',
        body: data,
      }),
      // the ledger, the balances, the dashboard, the product screen and its kardex all change
      invalidatesTags: ['StockIn', 'StockOut', 'Stock', 'Product'],
    }),
    addStockOut: build.mutation<TLedgerEntry, TNewStockOut>({
      query: (newStockOutObj) => ({ url: '/stock/out/v1', method: 'POST', body: newStockOutObj }),
      invalidatesTags: ['StockOut', 'Stock', 'Product'],
    }),
    addTransfer: build.mutation<TTransfer, TNewTransfer>({
      query: (body) => ({ url: '/stock/transfers/v1', method: 'POST', body }),
      invalidatesTags: ['StockIn', 'StockOut', 'Stock', 'Product'],
    }),
    /** Both rows of a transfer at once: one side alone is refused (409). */
    cancelTransfer: build.mutation<TTransfer, { transferId: number; data: TCancelEntry }>({
      extraOptions: { refusalInDialog: true },
      query: ({ transferId, data }) => ({
        url: `/stock/transfers/v1/${transferId}/cancel`,
        method: 'POST',
        body: data,
      }),
      invalidatesTags: ['StockIn', 'StockOut', 'Stock', 'Product'],
    }),
  }),
});

export const {
  useStockQuery,
  useStockInQuery,
  useStockOutQuery,
  useAddStockInMutation,
  useAddStockOutMutation,
  useCancelStockEntryMutation,
  useAddTransferMutation,
  useCancelTransferMutation,
} = stockApi;
