import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { EmptyState } from './empty-state.tsx';
import { Pagination } from './pagination.tsx';
import { TitleCard } from './title-card.tsx';
import type { SortOrder } from '../../lib/use-list-params.ts';

/** One page of a list as the API sends it. */
export interface ListPageData<T> {
  data: T[];
  page: number;
  totalPages: number;
  total: number;
}

/** What the scaffold needs from `useListParams`: the sort of the table and the page of the pagination. */
interface ListState<S extends string> {
  sort: S;
  order: SortOrder;
  toggleSort: (sort: S, firstOrder?: SortOrder) => void;
  setPage: (page: number) => void;
}

type TableProps<T, S extends string> = Omit<
  DataTableProps<T, S>,
  'rows' | 'sort' | 'order' | 'onSort' | 'label' | 'busy'
>;

export interface ListPageProps<T, S extends string> {
  /** The card's heading; also names the table for assistive technology. */
  title: string;
  /** Search box and filter selects, in the card's header (left of the toolbar). */
  filters?: ReactNode;
  /** The page's actions, last in the card's header: "Adicionar", "Registrar saída", an "Exportar" menu. */
  toolbar?: ReactNode;
  /** Filters that need room (date ranges, pickers) and their messages, between the header and the table. */
  above?: ReactNode;
  /** The current page; undefined while the first one loads or when the call failed (no stale rows). */
  data: ListPageData<T> | undefined;
  /** True while the next page or sort loads: the table dims and says it is busy. */
  busy: boolean;
  /** The URL state of the list (`useListParams`). */
  list: ListState<S>;
  /** What an empty list says (different when filters are on); nothing when absent. */
  empty?: ReactNode;
  /** Columns, row keys and test ids of the table. */
  table: TableProps<T, S>;
  /** What opens under the list (the detail of a row), after the pagination. */
  below?: ReactNode;
  /** An id for the card's heading, so focus can be sent there (`TitleCard`). */
  headingId?: string;
}

/**
 * Every list screen: a title card with filters and a toolbar, then the table (sorting by header, state in the URL
 * through `useListParams`) and its pagination, or the empty message. No list page writes its own `<table>`.
 */
export function ListPage<T, S extends string>(props: ListPageProps<T, S>) {
  const { title, filters, toolbar, above, data, busy, list, empty, table, below, headingId } = props;
  const actions =
    filters || toolbar ? (
      <>
        {filters}
        {toolbar}
      </>
    ) : undefined;
  return (
    <TitleCard title={title} actions={actions} headingId={headingId}>
      {above}
      {data && data.total === 0 && empty ? <EmptyState>{empty}</EmptyState> : null}
      {data && data.total > 0 ? (
        <>
          <DataTable
            {...table}
            label={title}
            rows={data.data}
            sort={list.sort}
            order={list.order}
            onSort={list.toggleSort}
            busy={busy}
          />
          <Pagination
            page={data.page}
            totalPages={data.totalPages}
            total={data.total}
            onChange={list.setPage}
          />
        </>
      ) : null}
      {below}
    </TitleCard>
  );
}
