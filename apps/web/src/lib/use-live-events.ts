import { useEffect } from 'react';
import { LIVE_EVENT_TYPES, type TLiveEventType } from '@armazem/contracts/events';
import { useAppDispatch } from '../app/hooks.ts';
import { api } from './api.ts';

type Tag = Parameters<typeof api.util.invalidateTags>[0][number];

/** What each kind of change makes stale on screen. */
const TAGS_BY_TYPE: Record<TLiveEventType, Tag[]> = {
  count: ['Count'],
  // a balance changes the stock lists and the bell (below minimum), the ledger and kardex, the products' figures, the
  // inventory, the NF-e and batch lists (an undo's state) and an open count's expected
  stock: ['Stock', 'StockIn', 'StockOut', 'StockMovement', 'Product', 'Inventory', 'NfeReceipt', 'Count'],
  // a product's name, minimum, packages or prices: its screens, the pickers, the stock lists and the bell, and the
  // supplier's list of its products
  products: ['Product', 'ProductUnity', 'Reference', 'Stock', 'SupplierProduct'],
  // a supplier's name or links: its lists and the product's list of its suppliers
  suppliers: ['Supplier', 'SupplierProduct', 'Product'],
  // the admins' half of the bell: the sign-ups waiting for approval
  notifications: ['User'],
  // categories, units and packaging types: every picker and the product and stock lists that show them; places
  // (establishments and locations) are published as reference too and their queries provide Settings
  reference: ['Reference', 'Product', 'Stock', 'Settings'],
  closings: ['MonthClosing'],
  // the business's settings, and its first establishment (whose document and registration they keep)
  settings: ['Settings'],
};

/** A burst of events (a sheet, a dozen scans) is one refetch per screen, this long after the first of them. */
const COALESCE_MS = 300;

/**
 * Keeps what is on screen current (DESIGN.md §6.1): one EventSource on /api/events/v1 for the signed-in layout;
 * every event marks its RTK Query tags stale, so the queries on screen refetch (others' counts show within about
 * half a second). The browser reconnects by itself after a drop (the server asks for 2 s).
 */
export function useLiveEvents() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const base = import.meta.env.VITE_API_BASE_URL ?? '';
    const source = new EventSource(`${base}/api/events/v1`, { withCredentials: true });
    const pending = new Set<TLiveEventType>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      const tags = new Set([...pending].flatMap((type) => TAGS_BY_TYPE[type]));
      pending.clear();
      dispatch(api.util.invalidateTags([...tags]));
    };
    source.onmessage = (message: MessageEvent<string>) => {
      let type: unknown;
      try {
        type = (JSON.parse(message.data) as { type?: unknown }).type;
      } catch {
        return;
      }
      if (!LIVE_EVENT_TYPES.includes(type as TLiveEventType)) return;
      pending.add(type as TLiveEventType);
      timer ??= setTimeout(flush, COALESCE_MS);
    };
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [dispatch]);
}
