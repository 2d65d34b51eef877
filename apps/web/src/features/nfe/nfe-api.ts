import type { TPaged } from '@armazem/contracts/common';
import type { TNfeImportData, TNfePreview, TNfeReceipt, TNfeReceiptDetail } from '@armazem/contracts/nfe';
import type { TBatch, TBatchDetail } from '@armazem/contracts/document-batches';
import { api } from '../../lib/api.ts';

/** What an import or an undo changes: the lists that show it reload. */
export const AFFECTED = ['NfeReceipt', 'Stock', 'StockIn', 'Product', 'Supplier', 'SupplierProduct'] as const;

export interface NfeListParams {
  page: number;
  pageSize: number;
  sort: 'createdAt';
  order: 'asc' | 'desc';
  q?: string;
  from?: string;
  to?: string;
  supplierId?: number;
}

const xmlForm = (file: File, data?: TNfeImportData) => {
  const body = new FormData();
  body.append('xml', file, file.name);
  if (data) body.append('data', JSON.stringify(data));
  return body;
};

export const nfeApi = api.injectEndpoints({
  endpoints: (build) => ({
    nfeReceipts: build.query<TPaged<TNfeReceipt>, NfeListParams>({
      query: (params) => ({ url: '/stock/nfe/v1', params }),
      providesTags: ['NfeReceipt'],
    }),
    nfeReceipt: build.query<TNfeReceiptDetail, number>({
      query: (id) => `/stock/nfe/v1/${id}`,
      providesTags: ['NfeReceipt'],
    }),
    /** Nothing is stored: a mutation so each file is read fresh. */
    previewNfe: build.mutation<TNfePreview, File>({
      query: (file) => ({ url: '/stock/nfe/v1/preview', method: 'POST', body: xmlForm(file) }),
    }),
    importNfe: build.mutation<TNfeReceipt, { file: File; data: TNfeImportData }>({
      query: ({ file, data }) => ({ url: '/stock/nfe/v1', method: 'POST', body: xmlForm(file, data) }),
      invalidatesTags: [...AFFECTED],
    }),
    undoNfe: build.mutation<void, number>({
      query: (id) => ({ url: `/stock/nfe/v1/${id}`, method: 'DELETE' }),
      // a refusal (a date would go negative, a closed month) stays in the undo dialog
      extraOptions: { refusalInDialog: true },
      invalidatesTags: [...AFFECTED],
    }),
    // A batch's documents become NF-e receipts: its list shares their tag (no tag of its own in the app's first
    // bundle), so importing or undoing either reloads both.
    documentBatches: build.query<TPaged<TBatch>, { page: number; pageSize: number }>({
      query: (params) => ({ url: '/stock/documents/v1', params }),
      providesTags: ['NfeReceipt'],
    }),
    documentBatch: build.query<TBatchDetail, number>({
      query: (id) => `/stock/documents/v1/${id}`,
      providesTags: ['NfeReceipt'],
    }),
    undoDocumentBatch: build.mutation<void, number>({
      query: (id) => ({ url: `/stock/documents/v1/${id}`, method: 'DELETE' }),
      extraOptions: { refusalInDialog: true },
      invalidatesTags: [...AFFECTED],
    }),
  }),
});

export const {
  useNfeReceiptsQuery,
  useNfeReceiptQuery,
  usePreviewNfeMutation,
  useImportNfeMutation,
  useUndoNfeMutation,
  useDocumentBatchesQuery,
  useDocumentBatchQuery,
  useUndoDocumentBatchMutation,
} = nfeApi;

export const nfeUrls = {
  base: `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/stock/nfe/v1`,
  xml: (id: number) => `${nfeUrls.base}/${id}/xml`,
  documents: `${import.meta.env.VITE_API_BASE_URL ?? ''}/api/stock/documents/v1`,
};

/** The id of the "Lotes importados" heading: where focus goes when a row's "Desfazer lote" is gone after the undo. */
export const BATCHES_HEADING = 'document-batches-title';
