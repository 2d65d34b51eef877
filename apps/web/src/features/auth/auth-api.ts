import type {
  TForgotPasswordRequest,
  TLoginRequest,
  TLoginResponse,
  TMe,
  TRegisterRequest,
  TRegisterResponse,
  TResetPasswordRequest,
} from '@armazem/contracts/auth';
import { api } from '../../lib/api.ts';
import { sessionEnded, sessionStarted } from '../../stores/auth-slice.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<TMe, void>({
      query: () => '/auth/v1/me',
      providesTags: ['Me'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(sessionStarted(data));
        } catch {
          dispatch(sessionEnded());
        }
      },
    }),
    login: build.mutation<TLoginResponse, TLoginRequest>({
      query: (loginObj) => ({ url: '/auth/v1/login', method: 'POST', body: loginObj }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) {
          dispatch(api.util.resetApiState());
          // the answer is who signed in: /me is not asked again
          dispatch(authApi.util.upsertQueryData('me', undefined, data.user));
          dispatch(sessionStarted(data.user));
        }
      },
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/auth/v1/logout', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        await queryFulfilled.catch(() => undefined);
        dispatch(sessionEnded());
        dispatch(api.util.resetApiState());
      },
    }),
    register: build.mutation<TRegisterResponse, TRegisterRequest>({
      query: (body) => ({ url: '/auth/v1/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<{ message: string }, TForgotPasswordRequest>({
      query: (body) => ({ url: '/auth/v1/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<void, TResetPasswordRequest>({
      query: (body) => ({ url: '/auth/v1/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useMeQuery,
  useLoginMutation,
  useLogoutMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
