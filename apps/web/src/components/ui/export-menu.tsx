import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { messages } from '../../config/messages.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { ITEM_FOCUS_RING } from '../layout/sidebar.tsx';
import { Icon } from './icon.tsx';

const ITEMS = 'a[href], button:not([disabled])';

/**
 * A button that opens a few choices (the user's, "Exportar"). The choices are drawn only while open, so a
 * closed one has no Tab stops; opening puts the focus on its first item and the arrows move between items; Escape
 * closes it and gives the focus back to the button; a click or the focus going elsewhere closes it too. It lives
 * here, beside "Exportar", so the header reuses this chunk: a module of its own would be one more chunk, and the
 * /login entry names every chunk (its bytes must not grow).
 */
export function usePopupList() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (open) list.current?.querySelector<HTMLElement>(ITEMS)?.focus();
  }, [open]);

  /** Closes; `refocus` puts the focus back on the button (Escape, a choice made). */
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) trigger.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!open) {
      if (event.key === 'ArrowDown' && event.target === trigger.current) {
        event.preventDefault();
        setOpen(true);
      }
      return;
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
      return;
    }
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const items = [...(list.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    items[(index + step + items.length) % items.length]?.focus();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return {
    open,
    close,
    /** On the element that holds the button and the choices. */
    root: { onKeyDown, onBlur },
    trigger: {
      ref: trigger,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      onClick: () => setOpen((current) => !current),
    },
    list: { ref: list, role: 'menu' },
  };
}

type Params = Record<string, string | number | boolean | null | undefined>;

const FORMATS = [
  { format: 'xlsx', label: 'Planilha Excel (.xlsx)' },
  { format: 'csv', label: 'Texto CSV (.csv)' },
] as const;

/** The file name the server chose (Content-Disposition, UTF-8 form first). */
function fileNameOf(header: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/** `url?…&format=xlsx` with the list's current filters; paging is left out (the file has every matching row). */
export function exportUrl(path: string, params: Params, format: string): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' || key === 'page' || key === 'pageSize')
      continue;
    query.set(key, String(value));
  }
  query.set('format', format);
  return `${import.meta.env.VITE_API_BASE_URL ?? ''}/api${path}?${query.toString()}`;
}

/**
 * "Exportar" on every paged list: XLSX or CSV of every row that matches the list's current filters. The file comes
 * with the session cookie; a refusal (e.g. more than 100.000 rows) is shown as the server's message.
 */
export function ExportMenu({
  path,
  params,
  label = 'Exportar',
}: {
  path: string;
  params: Params;
  label?: string;
}) {
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const popup = usePopupList();

  const download = async (format: string) => {
    // the focus goes back to "Exportar", which stays focusable (not disabled) while the file comes
    popup.close(true);
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(exportUrl(path, params, format), { credentials: 'include' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        dispatch(showNotification({ message: body?.message ?? messages.unexpectedError, status: 0 }));
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response.headers.get('content-disposition'), `lista.${format}`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      dispatch(showNotification({ message: messages.networkError, status: 0 }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={`dropdown dropdown-end ${popup.open ? 'dropdown-open' : ''}`} {...popup.root}>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        {...popup.trigger}
        onClick={busy ? undefined : popup.trigger.onClick}
        aria-disabled={busy || undefined}
      >
        {busy ? (
          <span className="loading loading-spinner loading-xs" />
        ) : (
          <Icon name="download" className="h-4 w-4" />
        )}
        {label}
      </button>
      {popup.open ? (
        <ul
          {...popup.list}
          className="dropdown-content menu bg-base-100 rounded-box z-20 mt-1 w-56 p-2 shadow"
        >
          {FORMATS.map(({ format, label: text }) => (
            <li key={format} role="none">
              <button
                type="button"
                role="menuitem"
                className={ITEM_FOCUS_RING}
                onClick={() => void download(format)}
              >
                {text}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
