import { selectIsLoading, useAppSelector } from '../hooks.ts';

export function LoadingBar() {
  const isLoading = useAppSelector(selectIsLoading);
  if (!isLoading) return null;
  return (
    <progress
      className="progress progress-primary fixed top-0 left-0 z-50 h-1 w-full rounded-none"
      aria-label="Carregando"
      data-testid="global-loading"
    />
  );
}
