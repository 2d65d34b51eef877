import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value.ts';

export type SortOrder = 'asc' | 'desc';

export interface ListDefaults<S extends string> {
  sort: S;
  order: SortOrder;
  /** the sorts this list accepts; anything else in the URL falls back to the default */
  sorts: readonly S[];
}

/**
 * A list's page, sort, order and filters, kept in the URL so Back, reload and a shared link show the same list.
 * Values equal to their default are left out of the URL. Changing a filter or the sort goes back to page 1.
 * Every change is a new history entry except typing in the search box (replaced, so Back skips keystrokes).
 */
export function useListParams<S extends string>(defaults: ListDefaults<S>) {
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
  const rawSort = params.get('sort') as S | null;
  const sort = rawSort && defaults.sorts.includes(rawSort) ? rawSort : defaults.sort;
  const rawOrder = params.get('order');
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaults.order;

  const update = useCallback(
    (patch: Record<string, string | number | null | undefined>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!('page' in patch)) next.delete('page');
          for (const [key, value] of Object.entries(patch)) {
            const text = value === null || value === undefined ? '' : String(value);
            const isDefault =
              text === '' ||
              (key === 'page' && text === '1') ||
              (key === 'sort' && text === defaults.sort) ||
              (key === 'order' && text === defaults.order);
            if (isDefault) next.delete(key);
            else next.set(key, text);
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams, defaults.sort, defaults.order],
  );

  /** A header click: the same column flips the order; another column starts ascending (dates: newest first). */
  const toggleSort = useCallback(
    (column: S, firstOrder: SortOrder = 'asc') => {
      if (column === sort) update({ sort: column, order: order === 'asc' ? 'desc' : 'asc' });
      else update({ sort: column, order: firstOrder });
    },
    [sort, order, update],
  );

  return {
    page,
    sort,
    order,
    /** a filter's value from the URL ('' when absent) */
    get: (name: string) => params.get(name) ?? '',
    setPage: (next: number) => update({ page: next }),
    setFilter: (name: string, value: string | number | null) => update({ [name]: value }),
    update,
    toggleSort,
  };
}

type ListParams = ReturnType<typeof useListParams>;

/**
 * The search box of a list: what is typed shows at once, reaches the URL (`q`) debounced, and follows the URL
 * when Back or a link changes it.
 */
export function useSearchText(list: Pick<ListParams, 'get' | 'update'>, name = 'q') {
  const inUrl = list.get(name);
  const [text, setText] = useState(inUrl);
  const debounced = useDebouncedValue(text.trim());
  const lastSent = useRef(inUrl);
  // The latest `update`, read when the typed text settles: Back changes `update` (a new location), and running the
  // effect for that would write the text typed before Back over the search Back brought.
  const update = useRef(list.update);
  useEffect(() => {
    update.current = list.update;
  }, [list.update]);

  useEffect(() => {
    if (inUrl !== lastSent.current) {
      lastSent.current = inUrl;
      setText(inUrl);
    }
  }, [inUrl]);

  useEffect(() => {
    if (debounced === lastSent.current) return;
    lastSent.current = debounced;
    update.current({ [name]: debounced }, { replace: true });
  }, [debounced, name]);

  return useMemo(() => ({ text, setText, q: inUrl }), [text, inUrl]);
}

/** Rows per page of every paged list. */
export const PAGE_SIZE = 20;

/**
 * The API query of one page: page, size, sort and order from the URL, plus the filters that are set (empty ones are
 * left out, so they neither reach the URL of the call nor split the cache).
 */
export function pageQuery<S extends string, F extends Record<string, string | number | undefined>>(
  list: { page: number; sort: S; order: SortOrder },
  filters: F,
) {
  const set: Partial<F> = {};
  for (const key of Object.keys(filters) as Array<keyof F>) {
    if (filters[key] !== undefined && filters[key] !== '') set[key] = filters[key];
  }
  return { page: list.page, pageSize: PAGE_SIZE, sort: list.sort, order: list.order, ...set };
}
