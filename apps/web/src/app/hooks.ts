import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** True while any server call is in flight: drives the global loading bar. */
export const selectIsLoading = (state: RootState) =>
  Object.values(state.api.queries).some((query) => query?.status === 'pending') ||
  Object.values(state.api.mutations).some((mutation) => mutation?.status === 'pending');
