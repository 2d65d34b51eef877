import type { TPermissionAction, TPermissions, TUpdatePermissions } from '@armazem/contracts/permissions';
import { useAppSelector } from '../app/hooks.ts';
import { api } from './api.ts';

// What operators may do (DESIGN.md §6.7): read by every screen that hides an action, saved in Configurações.
// Tagged 'Settings' (no tag of its own: the tag list sits in the /login bundle, decision 0075).
export const permissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    permissions: build.query<TPermissions, void>({
      query: () => '/settings/v1/permissions',
      providesTags: ['Settings'],
    }),
    updatePermissions: build.mutation<TPermissions, TUpdatePermissions>({
      query: (body) => ({ url: '/settings/v1/permissions', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const { usePermissionsQuery, useUpdatePermissionsMutation } = permissionsApi;

/** Whether the signed-in user may do `action`: admins always; operators as the admins chose (false until known). */
export function usePermitted(action: TPermissionAction): boolean {
  const role = useAppSelector((state) => state.auth.user?.role);
  const { data } = usePermissionsQuery(undefined, { skip: role === 'admin' });
  return role === 'admin' || data?.operator[action] === true;
}

/** The tooltip of a button an operator may not use. */
export const NOT_PERMITTED = 'Seu perfil não tem esta permissão. Peça a um administrador.';
