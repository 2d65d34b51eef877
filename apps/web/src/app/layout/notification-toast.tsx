import { useEffect } from 'react';
import { removeNotificationMessage } from '../../stores/header-slice.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';

/**
 * Shows the latest notification: status 1 in green (success), 0 in red with the server's message.
 * While the shared modal is open the page behind it is inert and dimmed, so the message shows inside the modal,
 * under its form (`inModal`); otherwise at the bottom of the screen, clear of the bell and the user menu.
 */
export function NotificationToast({ inModal = false }: { inModal?: boolean }) {
  const dispatch = useAppDispatch();
  const { newNotificationMessage, newNotificationStatus, notificationSeq } = useAppSelector(
    (state) => state.header,
  );
  const modalOpen = useAppSelector((state) => state.modal.isOpen);

  useEffect(() => {
    if (!newNotificationMessage) return;
    const timer = setTimeout(
      () => dispatch(removeNotificationMessage()),
      newNotificationStatus === 1 ? 3500 : 6000,
    );
    return () => clearTimeout(timer);
  }, [dispatch, newNotificationMessage, newNotificationStatus, notificationSeq]);

  if (!newNotificationMessage || modalOpen !== inModal) return null;
  const alert = (
    <div
      role={newNotificationStatus === 1 ? 'status' : 'alert'}
      data-testid="notification"
      data-status={newNotificationStatus}
      className={`alert ${newNotificationStatus === 1 ? 'alert-success' : 'alert-error'} whitespace-normal ${inModal ? 'mt-4' : 'max-w-md'}`}
    >
      <span>{newNotificationMessage}</span>
      <button
        type="button"
        className="btn btn-ghost btn-xs"
        onClick={() => dispatch(removeNotificationMessage())}
        aria-label="Fechar aviso"
      >
        ✕
      </button>
    </div>
  );
  if (inModal) return alert;
  return <div className="toast toast-bottom toast-end z-50">{alert}</div>;
}
