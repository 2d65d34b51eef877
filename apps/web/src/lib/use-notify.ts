import { useAppDispatch } from '../app/hooks.ts';
import { showNotification } from '../stores/header-slice.ts';

/** Success notification (status 1); failures are already shown by the API layer with the server's message. */
export function useNotifySuccess() {
  const dispatch = useAppDispatch();
  return (message: string) => dispatch(showNotification({ message, status: 1 }));
}
