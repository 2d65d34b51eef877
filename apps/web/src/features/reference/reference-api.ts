import type { TStatus } from '@armazem/contracts/common';
import { api } from '../../lib/api.ts';

/** Which list a write goes to: /categories/v1, /unities/v1 or /unity-batches/v1. */
export type ReferenceKind = 'categories' | 'unities' | 'unity-batches';

export interface ReferenceBody {
  code?: string;
  name?: string;
  fractional?: boolean;
  status?: TStatus;
}

/** The business's own categories, units and packaging types (admins); the lists themselves are in lib/lookups-api. */
export const referenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    // the add and edit dialog shows a refusal at its field; a notification behind it would say it twice
    createReference: build.mutation<{ id: number }, { kind: ReferenceKind; body: ReferenceBody }>({
      extraOptions: { refusalInDialog: true },
      query: ({ kind, body }) => ({ url: `/${kind}/v1`, method: 'POST', body }),
      invalidatesTags: ['Reference'],
    }),
    updateReference: build.mutation<{ id: number }, { kind: ReferenceKind; id: number; body: ReferenceBody }>(
      {
        extraOptions: { refusalInDialog: true },
        query: ({ kind, id, body }) => ({ url: `/${kind}/v1/${id}`, method: 'PATCH', body }),
        invalidatesTags: ['Reference', 'Product'],
      },
    ),
    // activating or deactivating from the list: no dialog, so a refusal is a notification
    setReferenceStatus: build.mutation<{ id: number }, { kind: ReferenceKind; id: number; status: TStatus }>({
      query: ({ kind, id, status }) => ({ url: `/${kind}/v1/${id}`, method: 'PATCH', body: { status } }),
      invalidatesTags: ['Reference', 'Product'],
    }),
    deleteReference: build.mutation<void, { kind: ReferenceKind; id: number }>({
      extraOptions: { refusalInDialog: true },
      query: ({ kind, id }) => ({ url: `/${kind}/v1/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Reference'],
    }),
  }),
});

export const {
  useCreateReferenceMutation,
  useUpdateReferenceMutation,
  useSetReferenceStatusMutation,
  useDeleteReferenceMutation,
} = referenceApi;
