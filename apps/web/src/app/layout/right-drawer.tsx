import { Suspense, lazy, useEffect, useRef } from 'react';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { trapTab } from '../../lib/trap-focus.ts';
import { closeRightDrawer } from '../../stores/right-drawer-slice.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { RIGHT_DRAWER_TYPES } from './body-types.ts';

const NotificationsPanel = lazy(() => import('../../features/notifications/notifications-panel.tsx'));

/**
 * The shared right-side drawer: header, body type and extra data. A modal <dialog> like the shared modal: the page
 * behind is inert, focus moves in and stays in, Escape or a click outside closes it, and focus goes back to what
 * opened it. Closed, it is not rendered for assistive technology at all.
 */
export function RightDrawer() {
  const dispatch = useAppDispatch();
  const { isOpen, header, bodyType } = useAppSelector((state) => state.rightDrawer);
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      closeButton.current?.focus();
    }
    if (!isOpen && element.open) element.close();
  }, [isOpen]);

  const close = () => dispatch(closeRightDrawer());
  const onClose = () => {
    close();
    opener.current?.focus();
    opener.current = null;
  };

  return (
    <dialog
      ref={dialog}
      className="bg-base-100 text-base-content m-0 ms-auto h-dvh max-h-none w-full max-w-md p-0 shadow-xl backdrop:bg-black/30"
      aria-labelledby="right-drawer-title"
      onClose={onClose}
      onKeyDown={trapTab}
      // A click on the backdrop lands on the <dialog> itself; the panel inside covers all of the dialog's box.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="flex h-full flex-col overflow-y-auto">
        <div className="border-base-300 flex items-center justify-between border-b p-4">
          <h2 id="right-drawer-title" className="text-lg font-semibold">
            {header}
          </h2>
          <button
            ref={closeButton}
            type="button"
            className="btn btn-ghost btn-circle btn-sm"
            onClick={close}
            aria-label="Fechar"
          >
            <Icon name="close" />
          </button>
        </div>
        <div className="p-4">
          {isOpen ? (
            <Suspense fallback={<PageLoader />}>
              {bodyType === RIGHT_DRAWER_TYPES.NOTIFICATION ? (
                <NotificationsPanel onNavigate={close} />
              ) : null}
            </Suspense>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
