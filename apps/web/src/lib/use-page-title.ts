import { useEffect } from 'react';
import { useAppDispatch } from '../app/hooks.ts';
import { setPageTitle } from '../stores/header-slice.ts';

export function usePageTitle(title: string) {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(setPageTitle({ title }));
    document.title = `${title} · Armazém`;
  }, [dispatch, title]);
}
