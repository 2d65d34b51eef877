import { useEffect } from 'react';
import { removeNotificationMessage } from '../../stores/header-slice.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';

/** Shows the latest notification: status 1 in green (success), 0 in red with the server's message. */
export function NotificationToast() {
  const dispatch = useAppDispatch();
  const { newNotificationMessage, newNotificationStatus, notificationSeq } = useAppSelector(
    (state) => state.header,
  );

  useEffect(() => {
    if (!newNotificationMessage) return;
    const timer = setTimeout(
      () => dispatch(removeNotificationMessage()),
      newNotificationStatus === 1 ? 3500 : 6000,
    );
    return () => clearTimeout(timer);
  }, [dispatch, newNotificationMessage, newNotificationStatus, notificationSeq]);

  if (!newNotificationMessage) return null;
  return (
    <div className="toast toast-top toast-end z-50">
      <div
        role={newNotificationStatus === 1 ? 'status' : 'alert'}
        data-testid="notification"
        data-status={newNotificationStatus}
        className={`alert ${newNotificationStatus === 1 ? 'alert-success' : 'alert-error'} max-w-md whitespace-normal`}
      >
        <span>{newNotificationMessage}</span>
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          onClick={() => dispatch(removeNotificationMessage())}
          aria-label="Fechar"
        >
          ✕
        </button>
      </div>
    </div>
  );
}
