import { Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader.tsx';
import { Sidebar } from '../../components/layout/sidebar.tsx';
import { trapTab } from '../../lib/trap-focus.ts';
import { useLiveEvents } from '../../lib/use-live-events.ts';
import { Header, MENU_BUTTON_ID } from './header.tsx';
import { ModalLayout } from './modal-layout.tsx';
import { RightDrawer } from './right-drawer.tsx';

/** From this width the main menu is always on screen beside the content (the drawer's large-screen layout). */
const WIDE_SCREEN = '(min-width: 64rem)';

/**
 * The main menu on a narrow screen, opened by "Abrir menu", behaves as a modal dialog: focus moves to its first
 * link and stays inside, the page behind is inert, Escape, the overlay or a chosen link closes it, and focus goes
 * back to "Abrir menu". DaisyUI's hidden checkbox still draws it open or closed.
 */
function useMenuDrawer() {
  const toggle = useRef<HTMLInputElement>(null);
  const side = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const wasOpen = useRef(false);

  const setMenu = (value: boolean) => {
    if (toggle.current) toggle.current.checked = value;
    setOpen(value);
  };

  useEffect(() => {
    if (open) side.current?.querySelector<HTMLElement>('nav a')?.focus();
    else if (wasOpen.current) document.getElementById(MENU_BUTTON_ID)?.focus();
    wasOpen.current = open;
  }, [open]);

  // grown to a wide screen while open, the menu is simply part of the page again
  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN);
    const onChange = () => {
      if (wide.matches) setMenu(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      setMenu(false);
    } else trapTab(event);
  };

  return { toggle, side, open, setMenu, onKeyDown };
}

export default function AppLayout() {
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const { toggle, side, open, setMenu, onKeyDown } = useMenuDrawer();
  useLiveEvents();
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
          onChange={(event) => setMenu(event.target.checked)}
        />
        <div className="drawer-content bg-base-200 flex min-h-screen min-w-0 flex-col" inert={open}>
          <Header />
          <main id="conteudo" ref={main} tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none md:p-6">
            <Suspense key={location.pathname} fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        <div
          ref={side}
          className="drawer-side z-20"
          role={open ? 'dialog' : undefined}
          aria-modal={open ? true : undefined}
          aria-label={open ? 'Menu' : undefined}
          // shown at once when opened (DaisyUI fades its visibility in), so its first link can take the focus
          style={open ? { transitionProperty: 'opacity' } : undefined}
          onKeyDown={onKeyDown}
        >
          <label htmlFor="left-sidebar" className="drawer-overlay">
            <span className="sr-only">Fechar menu</span>
          </label>
          <Sidebar onClose={() => setMenu(false)} />
        </div>
      </div>
      <RightDrawer />
      <ModalLayout />
    </>
  );
}
