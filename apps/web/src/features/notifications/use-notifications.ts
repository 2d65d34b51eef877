import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { setNotificationCount } from '../../stores/header-slice.ts';
import { useUsersQuery } from '../users/users-api.ts';

/** What the bell counts: things waiting for the signed-in user (for admins, sign-ups to approve). */
export function useNotifications() {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'admin');
  const pending = useUsersQuery(
    { page: 1, per_page: 20, status: 'pending' },
    { skip: !isAdmin, pollingInterval: 60_000 },
  );
  const count = isAdmin ? pending.data?.total : 0;
  useEffect(() => {
    if (count !== undefined) dispatch(setNotificationCount(count));
  }, [count, dispatch]);
  return { loaded: count !== undefined, pendingUsers: pending.data?.data ?? [] };
}
