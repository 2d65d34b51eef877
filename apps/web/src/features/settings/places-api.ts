import type {
  TEstablishment,
  TLocation,
  TNewEstablishment,
  TNewLocation,
  TUpdateEstablishment,
  TUpdateLocation,
} from '@armazem/contracts/places';
import { api } from '../../lib/api.ts';

/** Establishments and their locations (DESIGN.md §6.3): kept by admins; the lists are read in lib/places-api.ts. */
export const placesApi = api.injectEndpoints({
  endpoints: (build) => ({
    createEstablishment: build.mutation<TEstablishment, TNewEstablishment>({
      query: (body) => ({ url: '/establishments/v1', method: 'POST', body }),
      invalidatesTags: ['Settings'],
    }),
    updateEstablishment: build.mutation<TEstablishment, { id: number; body: TUpdateEstablishment }>({
      query: ({ id, body }) => ({ url: `/establishments/v1/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Settings'],
    }),
    createLocation: build.mutation<TLocation, TNewLocation>({
      query: (body) => ({ url: '/locations/v1', method: 'POST', body }),
      invalidatesTags: ['Settings'],
    }),
    updateLocation: build.mutation<TLocation, { id: number; body: TUpdateLocation }>({
      query: ({ id, body }) => ({ url: `/locations/v1/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Settings'],
    }),
    deleteLocation: build.mutation<void, number>({
      query: (id) => ({ url: `/locations/v1/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const {
  useCreateEstablishmentMutation,
  useUpdateEstablishmentMutation,
  useCreateLocationMutation,
  useUpdateLocationMutation,
  useDeleteLocationMutation,
} = placesApi;
