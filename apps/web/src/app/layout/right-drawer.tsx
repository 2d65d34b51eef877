import { Suspense, lazy } from 'react';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { closeRightDrawer } from '../../stores/right-drawer-slice.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { RIGHT_DRAWER_TYPES } from './body-types.ts';

const NotificationsPanel = lazy(() => import('../../features/notifications/notifications-panel.tsx'));

/** The shared right-side drawer: header, body type and extra data. */
export function RightDrawer() {
  const dispatch = useAppDispatch();
  const { isOpen, header, bodyType } = useAppSelector((state) => state.rightDrawer);
  const close = () => dispatch(closeRightDrawer());
  return (
    <div
      className={`fixed inset-0 z-30 transition ${isOpen ? 'visible bg-black/30' : 'invisible'}`}
      onClick={close}
      aria-hidden={!isOpen}
    >
      <aside
        className={`bg-base-100 absolute top-0 right-0 h-full w-full max-w-md overflow-y-auto shadow-xl transition-transform ${isOpen ? 'translate-x-0' : 'translate-x-full'}`}
        onClick={(event) => event.stopPropagation()}
        aria-label={header}
        role="dialog"
      >
        <div className="flex items-center justify-between border-b border-base-300 p-4">
          <h2 className="text-lg font-semibold">{header}</h2>
          <button
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
      </aside>
    </div>
  );
}
