import { NavLink } from 'react-router';
import { useAppSelector } from '../../app/hooks.ts';
import { menu } from '../../config/menu.ts';
import { Icon } from '../ui/icon.tsx';

// DaisyUI marks a focused item only with a faint tint (1.2:1): keyboard focus is drawn as a 2 px line in the text
// colour around the item, clear on the page in both themes (the style DaisyUI turns off is turned back on)
export const ITEM_FOCUS_RING =
  'focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-base-content';

/** `onClose` closes the menu on a narrow screen: a chosen link or its "Fechar menu" button. */
export function Sidebar({ onClose }: { onClose: () => void }) {
  const role = useAppSelector((state) => state.auth.user?.role);
  return (
    <aside className="bg-base-100 min-h-full w-64 border-r border-base-300">
      <div className="flex items-center gap-2 px-5 py-4 text-xl font-bold">
        <img src="/favicon.svg" alt="" className="h-8 w-8" />
        Armazém
        <button
          type="button"
          className="btn btn-ghost btn-square btn-sm ms-auto lg:hidden"
          aria-label="Fechar menu"
          onClick={onClose}
        >
          <Icon name="close" />
        </button>
      </div>
      <nav aria-label="Menu principal">
        {menu.map((section) => (
          <ul key={section.title || 'main'} className="menu w-full px-3">
            {section.title ? <li className="menu-title text-base-content/70">{section.title}</li> : null}
            {section.items
              .filter((item) => !item.adminOnly || role === 'admin')
              .map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    onClick={onClose}
                    className={({ isActive }) =>
                      `${ITEM_FOCUS_RING} ${isActive ? 'menu-active font-semibold' : ''}`
                    }
                  >
                    <Icon name={item.icon} />
                    {item.name}
                  </NavLink>
                </li>
              ))}
          </ul>
        ))}
      </nav>
    </aside>
  );
}
