import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { Icon } from '../../components/ui/icon.tsx';
import { usePopupList } from '../../components/ui/export-menu.tsx';
import { ITEM_FOCUS_RING } from '../../components/layout/sidebar.tsx';
import { useLogoutMutation } from '../../features/auth/auth-api.ts';
import { useNotifications } from '../../features/notifications/use-notifications.ts';
import { applyTheme, currentTheme, type Theme } from '../../lib/theme.ts';
import { openRightDrawer } from '../../stores/right-drawer-slice.ts';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { RIGHT_DRAWER_TYPES } from './body-types.ts';

/** The narrow screen's "Abrir menu" button: focus comes back to it when the main menu closes. */
export const MENU_BUTTON_ID = 'abrir-menu';

export function Header() {
  const pageTitle = useAppSelector((state) => state.header.pageTitle);

  return (
    <header className="navbar bg-base-100 sticky top-0 z-10 gap-2 border-b border-base-300 px-4 shadow-sm">
      <button
        id={MENU_BUTTON_ID}
        type="button"
        className="btn btn-ghost btn-square lg:hidden"
        aria-label="Abrir menu"
        onClick={() => document.getElementById('left-sidebar')?.click()}
      >
        <Icon name="menu" />
      </button>
      <h1 className="min-w-0 flex-1 truncate text-xl font-semibold" data-testid="page-title">
        {pageTitle}
      </h1>
      <ThemeToggle />
      <NotificationsButton />
      <UserMenu />
    </header>
  );
}

function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(currentTheme);

  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    setTheme(next);
  };

  return (
    <button
      type="button"
      className="btn btn-ghost btn-circle"
      onClick={toggleTheme}
      aria-label={theme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro'}
      data-testid="theme-toggle"
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}

function NotificationsButton() {
  const dispatch = useAppDispatch();
  const noOfNotifications = useAppSelector((state) => state.header.noOfNotifications);
  const { loaded } = useNotifications();
  const showCount = loaded && noOfNotifications > 0;

  return (
    <button
      type="button"
      className="btn btn-ghost btn-circle"
      // The visible count is part of the name, so what is read matches what is seen.
      aria-label={showCount ? `Notificações: ${noOfNotifications}` : 'Notificações'}
      onClick={() =>
        dispatch(openRightDrawer({ header: 'Notificações', bodyType: RIGHT_DRAWER_TYPES.NOTIFICATION }))
      }
    >
      <div className="indicator">
        <Icon name="bell" />
        {showCount ? (
          <span className="badge badge-secondary badge-xs indicator-item" data-testid="notification-count">
            {noOfNotifications}
          </span>
        ) : null}
      </div>
    </button>
  );
}

function UserMenu() {
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const [logout] = useLogoutMutation();
  // the same open and close by keyboard as "Exportar"
  const popup = usePopupList();

  const signOut = async () => {
    await logout();
    void navigate(paths.login, { replace: true });
  };

  return (
    <div className={`dropdown dropdown-end ${popup.open ? 'dropdown-open' : ''}`} {...popup.root}>
      <button type="button" className="btn btn-ghost gap-2" {...popup.trigger}>
        {/* Named by its content, so the spoken name always includes the name shown. */}
        <span className="sr-only">Menu do usuário:</span>
        <span
          aria-hidden="true"
          className="bg-primary text-primary-content flex h-8 w-8 items-center justify-center rounded-full text-sm font-bold"
        >
          {(user?.name ?? '?').slice(0, 1).toUpperCase()}
        </span>
        <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate">{user?.name}</span>
      </button>
      {/* drawn only while open; Sair is set apart by a rule above it */}
      {popup.open ? (
        <ul
          {...popup.list}
          className="menu dropdown-content bg-base-100 rounded-box z-20 mt-3 w-52 p-2 shadow"
        >
          <li role="none">
            <Link
              to={paths.profile}
              role="menuitem"
              className={ITEM_FOCUS_RING}
              onClick={() => popup.close(false)}
            >
              Meu perfil
            </Link>
          </li>
          <li role="none">
            <Link
              to={paths.settings}
              role="menuitem"
              className={ITEM_FOCUS_RING}
              onClick={() => popup.close(false)}
            >
              Configurações
            </Link>
          </li>
          <li role="none" className="border-base-300 mt-1 border-t pt-1">
            <button type="button" role="menuitem" className={ITEM_FOCUS_RING} onClick={() => void signOut()}>
              <Icon name="logout" className="h-4 w-4" />
              Sair
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
