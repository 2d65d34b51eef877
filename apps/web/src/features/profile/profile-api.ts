import type { TMe, TUpdateProfileRequest } from '@armazem/contracts/auth';
import { api } from '../../lib/api.ts';
import { sessionStarted } from '../../stores/auth-slice.ts';

/** The signed-in user's own name and password; the session keeps the saved name. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<TMe, TUpdateProfileRequest>({
      query: (body) => ({ url: '/auth/v1/me', method: 'PATCH', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sessionStarted(data));
      },
    }),
  }),
});

export const { useUpdateProfileMutation } = profileApi;
