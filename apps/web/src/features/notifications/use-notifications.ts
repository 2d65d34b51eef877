import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useBelowMinimumQuery } from '../../lib/lookups-api.ts';
import { setNotificationCount } from '../../stores/header-slice.ts';
import { useUsersQuery } from '../../lib/users-api.ts';

/** What the bell counts: products below their minimum, and for admins the sign-ups waiting for approval. */
export function useNotifications() {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'admin');
  const pending = useUsersQuery(
    { page: 1, per_page: 20, status: 'pending' },
    { skip: !isAdmin, pollingInterval: 60_000 },
  );
  const below = useBelowMinimumQuery(undefined, { pollingInterval: 60_000 });
  const pendingCount = isAdmin ? pending.data?.total : 0;
  const count =
    pendingCount === undefined || below.data === undefined ? undefined : pendingCount + below.data.length;
  useEffect(() => {
    if (count !== undefined) dispatch(setNotificationCount(count));
  }, [count, dispatch]);
  return {
    loaded: count !== undefined,
    pendingUsers: pending.data?.data ?? [],
    belowMinimum: below.data ?? [],
  };
}
