import type { TUpdateUserRequest, TUserListItem, TUsersQuery, TUsersResponse } from '@armazem/contracts/auth';
import { api } from './api.ts';

/** The user list: the Usuários screen pages it, and the bell counts the sign-ups waiting for approval. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<TUsersResponse, TUsersQuery>({
      query: (params) => ({ url: '/users', params }),
      providesTags: ['User'],
    }),
    updateUser: build.mutation<TUserListItem, { userId: number; data: TUpdateUserRequest }>({
      extraOptions: { refusalInDialog: true },
      query: ({ userId, data }) => ({ url: `/users/${userId}`, method: 'PATCH', body: data }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUsersQuery, useUpdateUserMutation } = usersApi;
