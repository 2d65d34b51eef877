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
  const main = useRef<HTMLElement>(null);
  return (
    <>
      {/* the first Tab stop: straight to the screen's content past the header and the sidebar; seen when focused */}
      <a
        href="#conteudo"
        className="btn btn-primary fixed top-2 left-2 z-50 not-focus:sr-only"
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        Pular para o conteúdo
      </a>
      <div className="drawer lg:drawer-open">
        {/* DaisyUI's drawer state; people use the header's "Abrir menu" button, so the checkbox itself stays hidden. */}
        <input
          id="left-sidebar"
          type="checkbox"
          className="drawer-toggle"
          ref={toggle}
          tabIndex={-1}
          aria-hidden="true"
        />
        <div className="drawer-content bg-base-200 flex min-h-screen min-w-0 flex-col">
          <Header />
          <main id="conteudo" ref={main} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
            <Suspense key={location.pathname} fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <div className="drawer-side z-20">
          <label htmlFor="left-sidebar" className="drawer-overlay">
            <span className="sr-only">Fechar menu</span>
          </label>
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
