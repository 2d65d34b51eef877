import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { messages } from '../../config/messages.ts';
import { showNotification } from '../../stores/header-slice.ts';
import { Icon } from './icon.tsx';

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

  const download = async (format: string) => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
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
    <div className="dropdown dropdown-end">
      <button
        type="button"
        tabIndex={0}
        className="btn btn-ghost btn-sm"
        aria-haspopup="menu"
        disabled={busy}
      >
        {busy ? (
          <span className="loading loading-spinner loading-xs" />
        ) : (
          <Icon name="download" className="h-4 w-4" />
        )}
        {label}
      </button>
      <ul
        tabIndex={0}
        role="menu"
        className="dropdown-content menu bg-base-100 rounded-box z-20 w-56 p-2 shadow"
      >
        {FORMATS.map(({ format, label: text }) => (
          <li key={format} role="none">
            <button type="button" role="menuitem" onClick={() => void download(format)}>
              {text}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
