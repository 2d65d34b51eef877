import type { TSettings, TUpdateSettingsRequest } from '@armazem/contracts/settings';
import { api } from '../../lib/api.ts';

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    settings: build.query<TSettings, void>({ query: () => '/settings/v1', providesTags: ['Settings'] }),
    updateSettings: build.mutation<TSettings, TUpdateSettingsRequest>({
      query: (body) => ({ url: '/settings/v1', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { useSettingsQuery, useUpdateSettingsMutation } = settingsApi;
