import type { TUpdateUserRequest, TUserListItem, TUsersQuery, TUsersResponse } from '@armazem/contracts/auth';
import { api } from '../../lib/api.ts';

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<TUsersResponse, TUsersQuery>({
      query: (params) => ({ url: '/users', params }),
      providesTags: ['User'],
    }),
    updateUser: build.mutation<TUserListItem, { userId: number; data: TUpdateUserRequest }>({
      query: ({ userId, data }) => ({ url: `/users/${userId}`, method: 'PATCH', body: data }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUsersQuery, useUpdateUserMutation } = usersApi;
