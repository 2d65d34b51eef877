import { Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { Sidebar } from '../../components/layout/sidebar.tsx';
import { Header } from './header.tsx';
import { ModalLayout } from './modal-layout.tsx';
import { RightDrawer } from './right-drawer.tsx';

export default function AppLayout() {
  const toggle = useRef<HTMLInputElement>(null);
  const location = useLocation();
  return (
    <>
      <div className="drawer lg:drawer-open">
        <input id="left-sidebar" type="checkbox" className="drawer-toggle" ref={toggle} />
        <div className="drawer-content bg-base-200 flex min-h-screen flex-col">
          <Header />
          <main className="flex-1 p-4 md:p-6">
            <Suspense key={location.pathname} fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <div className="drawer-side z-20">
          <label htmlFor="left-sidebar" aria-label="Fechar menu" className="drawer-overlay" />
          <Sidebar
            onNavigate={() => {
              if (toggle.current) toggle.current.checked = false;
            }}
          />
        </div>
      </div>
      <RightDrawer />
      <ModalLayout />
    </>
  );
}
